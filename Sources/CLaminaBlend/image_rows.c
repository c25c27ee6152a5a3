// See include/CLaminaImageRows.h. Each lane is one pixel of
// ImageStage.spanAxisAligned: the same four texel reads, the same lerps
// in the same order, and blendPixel's source-over (source_over8.h).
#include "CLaminaImageRows.h"
#include "CLaminaBlend.h"

#if defined(__x86_64__)
#include <immintrin.h>

#include "source_over8.h"

#define TARGET __attribute__((target("avx2")))

// a + (b − a) · t, each of four channels
#define LERP(a, b, t) _mm256_add_ps(a, _mm256_mul_ps(_mm256_sub_ps(b, a), t))

TARGET long lamina_image_axis_span8(
    uint8_t *dst, const uint8_t *texels, const int32_t *col0, const int32_t *col1, const float *tx, long row0,
    long row1, float ty, const float *coverage, const float *clip, long count, float opacity) {
  const __m256 inv255 = _mm256_set1_ps(1.0f / 255.0f), zero = _mm256_setzero_ps();
  const __m256 vty = _mm256_set1_ps(ty), vopacity = _mm256_set1_ps(opacity);
  const int *top = (const int *)(texels + row0), *bottom = (const int *)(texels + row1);
  long i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256 k = _mm256_loadu_ps(coverage + i);
    if (clip) k = _mm256_mul_ps(k, _mm256_loadu_ps(clip + i));
    // guard k > 0 (NaN fails it too)
    __m256 draw = _mm256_cmp_ps(k, zero, _CMP_GT_OQ);
    if (_mm256_testz_ps(draw, draw)) continue;
    __m256i c0 = _mm256_loadu_si256((const __m256i *)(col0 + i)), c1 = _mm256_loadu_si256((const __m256i *)(col1 + i));
    __m256i pa = _mm256_i32gather_epi32(top, c0, 1), pb = _mm256_i32gather_epi32(top, c1, 1);
    __m256i pc = _mm256_i32gather_epi32(bottom, c0, 1), pd = _mm256_i32gather_epi32(bottom, c1, 1);
    __m256 t = _mm256_loadu_ps(tx + i);
    __m256 out[4];
    for (int ch = 0; ch < 4; ch++) {
      int shift = ch * 8;
      __m256 a = _mm256_mul_ps(lamina_channel8(pa, shift), inv255), b = _mm256_mul_ps(lamina_channel8(pb, shift), inv255);
      __m256 c = _mm256_mul_ps(lamina_channel8(pc, shift), inv255), d = _mm256_mul_ps(lamina_channel8(pd, shift), inv255);
      __m256 upper = LERP(a, b, t), lower = LERP(c, d, t);
      out[ch] = LERP(upper, lower, vty);
    }
    __m256i *p = (__m256i *)(dst + i * 4);
    __m256i d = _mm256_loadu_si256(p);
    __m256i blended = lamina_source_over8(d, out[0], out[1], out[2], out[3], _mm256_mul_ps(k, vopacity));
    _mm256_storeu_si256(p, _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(d), _mm256_castsi256_ps(blended), draw)));
  }
  return i;
}

#else

long lamina_image_axis_span8(
    uint8_t *dst, const uint8_t *texels, const int32_t *col0, const int32_t *col1, const float *tx, long row0,
    long row1, float ty, const float *coverage, const float *clip, long count, float opacity) {
  (void)dst; (void)texels; (void)col0; (void)col1; (void)tx; (void)row0; (void)row1; (void)ty; (void)coverage;
  (void)clip; (void)count; (void)opacity;
  return 0;
}

#endif
