// source_over8.h: `blendPixel` (LaminaCPU, Raster.swift) on eight lanes,
// each with its own colour and coverage, for the AVX2 kernels of this
// target (blend_modes.c, image_rows.c). Not part of the module's headers.
#ifndef LAMINA_SOURCE_OVER8_H
#define LAMINA_SOURCE_OVER8_H
#if defined(__x86_64__)
#include <immintrin.h>

// Byte `shift / 8` of each pixel as floats.
__attribute__((target("avx2"))) static inline __m256 lamina_channel8(__m256i p, int shift) {
  return _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(p, shift), _mm256_set1_epi32(0xFF)));
}

// `quantize`: min(255, max(0, v·255 + ½)), truncated, into byte `shift / 8`.
__attribute__((target("avx2"))) static inline __m256i lamina_quantize8(__m256 v, int shift) {
  __m256 t = _mm256_add_ps(_mm256_mul_ps(v, _mm256_set1_ps(255)), _mm256_set1_ps(0.5f));
  t = _mm256_min_ps(_mm256_max_ps(_mm256_setzero_ps(), t), _mm256_set1_ps(255));
  return _mm256_slli_epi32(_mm256_cvttps_epi32(t), shift);
}

// blendPixel(p, (r, g, b, a), kk) on each lane of `d`: a lane whose
// a·kk·255 < ½ keeps its pixel; kk ≥ 1 with a ≥ 1 stores the colour;
// else min(255, c·(kk·255) + p·(1 − a·kk) + ½), truncated.
__attribute__((target("avx2"))) static inline __m256i lamina_source_over8(
    __m256i d, __m256 r, __m256 g, __m256 b, __m256 a, __m256 kk) {
  const __m256 one = _mm256_set1_ps(1), v255 = _mm256_set1_ps(255), half = _mm256_set1_ps(0.5f);
  __m256 skip = _mm256_cmp_ps(_mm256_mul_ps(_mm256_mul_ps(a, kk), v255), half, _CMP_LT_OQ);
  __m256 solid = _mm256_and_ps(_mm256_cmp_ps(kk, one, _CMP_GE_OQ), _mm256_cmp_ps(a, one, _CMP_GE_OQ));
  __m256 scale = _mm256_mul_ps(kk, v255);
  __m256 inverse = _mm256_sub_ps(one, _mm256_mul_ps(a, kk));
#define LAMINA_MIXED(c, shift)                                                                                   \
  _mm256_slli_epi32(                                                                                            \
      _mm256_cvttps_epi32(_mm256_min_ps(                                                                        \
          _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(c, scale), _mm256_mul_ps(lamina_channel8(d, shift), inverse)), \
                        half),                                                                                  \
          v255)),                                                                                               \
      shift)
  __m256i mixed = _mm256_or_si256(_mm256_or_si256(LAMINA_MIXED(r, 0), LAMINA_MIXED(g, 8)),
                                  _mm256_or_si256(LAMINA_MIXED(b, 16), LAMINA_MIXED(a, 24)));
#undef LAMINA_MIXED
  __m256i packed = _mm256_or_si256(_mm256_or_si256(lamina_quantize8(r, 0), lamina_quantize8(g, 8)),
                                   _mm256_or_si256(lamina_quantize8(b, 16), lamina_quantize8(a, 24)));
  __m256 out = _mm256_blendv_ps(_mm256_castsi256_ps(mixed), _mm256_castsi256_ps(packed), solid);
  return _mm256_castps_si256(_mm256_blendv_ps(out, _mm256_castsi256_ps(d), skip));
}

#endif
#endif
