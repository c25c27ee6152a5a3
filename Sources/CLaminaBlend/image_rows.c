// See include/CLaminaImageRows.h. Each lane is one pixel of
// ImageStage.spanAxisAligned: the same texel reads, the same lerps in the
// same order (across each source row, then down between two), and
// blendPixel's source-over (source_over8.h).
#include "CLaminaImageRows.h"
#include "CLaminaBlend.h"

#if defined(__x86_64__)
#include <immintrin.h>

#include "source_over8.h"

#define TARGET __attribute__((target("avx2")))

// a + (b − a) · t, each of four channels
#define LERP(a, b, t) _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), t))

// One source row lerped across (the rows' shared half of the bilinear
// read): planes[c] = a + (b − a)·tx[c], a and b the texels at col0[c] and
// col1[c] of `row`, each channel × 1/255, for ⌈count / 8⌉ × 8 columns.
// Eight texels that lie within the eight from byte `base` of the row (a
// magnification, or a minification under 8/7) are one load and two
// permutes; others are gathered.
TARGET long lamina_image_axis_across8(
    float *planes, long stride, const uint8_t *texels, long row, long rowBytes, const int32_t *col0,
    const int32_t *col1, const float *tx, long count) {
  const __m256 inv255 = _mm256_set1_ps(1.0f / 255.0f);
  const __m256i last = _mm256_set1_epi32(28), none = _mm256_set1_epi32(-1);
  const int *texelRow = (const int *)(texels + row);
  long i = 0;
  for (; i < count; i += 8) {
    __m256i c0 = _mm256_loadu_si256((const __m256i *)(col0 + i)), c1 = _mm256_loadu_si256((const __m256i *)(col1 + i));
    int base = col0[i];
    __m256i vbase = _mm256_set1_epi32(base);
    __m256i r0 = _mm256_sub_epi32(c0, vbase), r1 = _mm256_sub_epi32(c1, vbase);
    // every offset from base in 0 … 28 bytes
    __m256i outside = _mm256_or_si256(
        _mm256_or_si256(_mm256_cmpgt_epi32(r0, last), _mm256_cmpgt_epi32(r1, last)),
        _mm256_or_si256(_mm256_cmpgt_epi32(r0, none) ^ none, _mm256_cmpgt_epi32(r1, none) ^ none));
    __m256i pa, pb;
    if (_mm256_testz_si256(outside, outside) && base >= 0 && base + 32 <= rowBytes) {
      __m256i eight = _mm256_loadu_si256((const __m256i *)((const uint8_t *)texelRow + base));
      pa = _mm256_permutevar8x32_epi32(eight, _mm256_srli_epi32(r0, 2));
      pb = _mm256_permutevar8x32_epi32(eight, _mm256_srli_epi32(r1, 2));
    } else {
      pa = _mm256_i32gather_epi32(texelRow, c0, 1);
      pb = _mm256_i32gather_epi32(texelRow, c1, 1);
    }
    __m256 t = _mm256_loadu_ps(tx + i);
    for (int ch = 0; ch < 4; ch++) {
      int shift = ch * 8;
      __m256 a = _mm256_mul_ps(lamina_channel8(pa, shift), inv255), b = _mm256_mul_ps(lamina_channel8(pb, shift), inv255);
      _mm256_storeu_ps(planes + ch * stride + i, LERP(a, b, t));
    }
  }
  return i;
}

TARGET long lamina_image_axis_down8(
    uint8_t *dst, const float *upper, const float *lower, long stride, float ty, const float *coverage,
    const float *clip, long count, float opacity) {
  const __m256 zero = _mm256_setzero_ps();
  const __m256 vty = _mm256_set1_ps(ty), vopacity = _mm256_set1_ps(opacity);
  long i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256 k = _mm256_loadu_ps(coverage + i);
    if (clip) k = _mm256_mul_ps(k, _mm256_loadu_ps(clip + i));
    // guard k > 0 (NaN fails it too)
    __m256 draw = _mm256_cmp_ps(k, zero, _CMP_GT_OQ);
    if (_mm256_testz_ps(draw, draw)) continue;
    __m256 out[4];
    for (int ch = 0; ch < 4; ch++) {
      __m256 top = _mm256_loadu_ps(upper + ch * stride + i), bottom = _mm256_loadu_ps(lower + ch * stride + i);
      out[ch] = LERP(top, bottom, vty);
    }
    __m256i *p = (__m256i *)(dst + i * 4);
    __m256i d = _mm256_loadu_si256(p);
    __m256i blended = lamina_source_over8(d, out[0], out[1], out[2], out[3], _mm256_mul_ps(k, vopacity));
    _mm256_storeu_si256(p, _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(d), _mm256_castsi256_ps(blended), draw)));
  }
  return i;
}

#else

long lamina_image_axis_across8(
    float *planes, long stride, const uint8_t *texels, long row, long rowBytes, const int32_t *col0,
    const int32_t *col1, const float *tx, long count) {
  (void)planes; (void)stride; (void)texels; (void)row; (void)rowBytes; (void)col0; (void)col1; (void)tx;
  (void)count;
  return 0;
}

long lamina_image_axis_down8(
    uint8_t *dst, const float *upper, const float *lower, long stride, float ty, const float *coverage,
    const float *clip, long count, float opacity) {
  (void)dst; (void)upper; (void)lower; (void)stride; (void)ty; (void)coverage; (void)clip; (void)count;
  (void)opacity;
  return 0;
}

#endif
