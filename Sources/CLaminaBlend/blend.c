// See include/CLaminaBlend.h.
#include "CLaminaBlend.h"

#if defined(__x86_64__)
#include <immintrin.h>

int lamina_blend_has_avx2(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }

// One channel: byte `shift / 8` of each pixel of `d`, blended as
// blendPixel does: min(255, c·(k·255) + d·(1 − a·k) + ½), truncated.
// Clamping at 0 first gives the truncation toward zero of UInt8(_:) for
// the values blendPixel allows (above −1).
__attribute__((target("avx2"))) static inline __m256i channel(
    __m256i d, int shift, float c, __m256 scaled, __m256 inverse) {
  const __m256i byte = _mm256_set1_epi32(0xFF);
  __m256 dc = _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(d, shift), byte));
  __m256 v = _mm256_add_ps(
      _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(c), scaled), _mm256_mul_ps(dc, inverse)), _mm256_set1_ps(0.5f));
  v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
  return _mm256_slli_epi32(_mm256_cvttps_epi32(v), shift);
}

// Eight pixels `d` blended with coverages `k`, as blendPixel does each.
// Lanes with k ≥ 1 under an opaque colour (`opaque` all ones) take `solid`.
__attribute__((target("avx2"))) static inline __m256i blend8(
    __m256i d, __m256 k, const float color[4], __m256i solid, __m256i opaque) {
  const __m256 a = _mm256_set1_ps(color[3]);
  const __m256 v255 = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f), one = _mm256_set1_ps(1.0f);
  // NaN coverage draws nothing, as in blendPixel (k > 0 fails).
  k = _mm256_and_ps(k, _mm256_cmp_ps(k, k, _CMP_ORD_Q));
  // blendPixel's exact skip: a·k·255 < ½ leaves the pixel as it is.
  __m256 apply = _mm256_cmp_ps(_mm256_mul_ps(_mm256_mul_ps(a, k), v255), half, _CMP_GE_OQ);
  if (_mm256_testz_ps(apply, apply)) return d;
  // k ≥ 1 everywhere with an opaque colour: the colour itself.
  __m256i full = _mm256_and_si256(_mm256_castps_si256(_mm256_cmp_ps(k, one, _CMP_GE_OQ)), opaque);
  if (_mm256_movemask_epi8(full) == -1) return solid;
  __m256 scaled = _mm256_mul_ps(k, v255);
  __m256 inverse = _mm256_sub_ps(one, _mm256_mul_ps(a, k));
  __m256i out = channel(d, 0, color[0], scaled, inverse);
  out = _mm256_or_si256(out, channel(d, 8, color[1], scaled, inverse));
  out = _mm256_or_si256(out, channel(d, 16, color[2], scaled, inverse));
  out = _mm256_or_si256(out, channel(d, 24, color[3], scaled, inverse));
  __m256i applied = _mm256_castps_si256(apply);
  out = _mm256_or_si256(_mm256_and_si256(out, applied), _mm256_andnot_si256(applied, d));
  return _mm256_or_si256(_mm256_andnot_si256(full, out), _mm256_and_si256(full, solid));
}

__attribute__((target("avx2"))) long lamina_blend_span8(
    uint8_t *dst, const float *values, const float *clip, long count, const float color[4], uint32_t solid,
    int opaque) {
  const __m256i solidPixel = _mm256_set1_epi32((int)solid);
  const __m256i opaqueMask = _mm256_set1_epi32(opaque ? -1 : 0);
  long i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256 k = _mm256_loadu_ps(values + i);
    if (clip) k = _mm256_mul_ps(k, _mm256_loadu_ps(clip + i));
    __m256i *p = (__m256i *)(dst + i * 4);
    __m256i d = _mm256_loadu_si256(p);
    _mm256_storeu_si256(p, blend8(d, k, color, solidPixel, opaqueMask));
  }
  return i;
}

__attribute__((target("avx2"))) long lamina_blend_span8_preblended(
    uint8_t *dst, const float *values, long count, const float color[4], uint32_t solid, int opaque,
    const uint32_t *preblended, uint32_t backdrop) {
  const __m256i solidPixel = _mm256_set1_epi32((int)solid);
  const __m256i opaqueMask = _mm256_set1_epi32(opaque ? -1 : 0);
  const __m256i backdropPixel = _mm256_set1_epi32((int)backdrop);
  long i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i *p = (__m256i *)(dst + i * 4);
    __m256i d = _mm256_loadu_si256(p);
    // All eight still the backdrop: the blend computed in advance.
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(d, backdropPixel)) == -1) {
      _mm256_storeu_si256(p, _mm256_loadu_si256((const __m256i *)(preblended + i)));
      continue;
    }
    _mm256_storeu_si256(p, blend8(d, _mm256_loadu_ps(values + i), color, solidPixel, opaqueMask));
  }
  return i;
}

#else

int lamina_blend_has_avx2(void) { return 0; }

long lamina_blend_span8(
    uint8_t *dst, const float *values, const float *clip, long count, const float color[4], uint32_t solid,
    int opaque) {
  (void)dst; (void)values; (void)clip; (void)count; (void)color; (void)solid; (void)opaque;
  return 0;
}

long lamina_blend_span8_preblended(
    uint8_t *dst, const float *values, long count, const float color[4], uint32_t solid, int opaque,
    const uint32_t *preblended, uint32_t backdrop) {
  (void)dst; (void)values; (void)count; (void)color; (void)solid; (void)opaque; (void)preblended; (void)backdrop;
  return 0;
}

#endif
