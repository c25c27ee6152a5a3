// See include/CLaminaGradient.h. The Swift it mirrors, operation for
// operation: GradientRow.shade (t at the centres, the stop segment, the
// interpolation and premultiplication), vectorAtan2, and GradientStage's
// loop (stored bytes where coverage and alpha are full, blendPixel
// elsewhere).
//
// Groups of eight pixels stay in vectors where a stop falls inside them or
// at an edge (two adjacent segments computed for all lanes and chosen per
// lane; blendPixel on eight lanes with masks), one call per tile region.
// Rejected: FMA and a colour table over t (neither gives the definition's
// bytes). What was measured and tried is in docs/architecture.md, "The
// gradient kernel's log".
//
// lamina_gradient_region takes a list of skipped rectangles (HiddenRects:
// every later opaque cross that meets the region, not the largest one):
// each row walks them, left to right, to the spans none covers; a row
// they cover whole costs the walk alone (S5: 1.98 → 1.67 Mpx shaded).
#include "CLaminaGradient.h"
#include "CLaminaBlend.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__)
#include <immintrin.h>

#ifdef LAMINA_GRADIENT_WIDE
// gradient_wide.c: this file again, for AVX-512 (F, DQ, VL, BW), its
// functions named with _wide.
#define AVX2 __attribute__((target("avx2,avx512f,avx512dq,avx512vl,avx512bw")))
#define NAME(name) name##_wide
#else
#define AVX2 __attribute__((target("avx2")))
#define NAME(name) name
// The rows compiled for AVX-512 (gradient_wide.c), where LaminaGradientRow.wide.
void lamina_gradient_row_wide(
    const LaminaGradientRow *g, long y, long x0, long count, const float *coverage, const float *clip, uint8_t *dst);
void lamina_gradient_conic_t_wide(const LaminaGradientRow *g, long y, long x0, long count, double *ts);
void lamina_gradient_region_wide(
    const LaminaGradientRow *g, long x0, long y0, long x1, long y1, const long *skips, long skipCount,
    const float *coverage, const float *clip, uint8_t *pixels, long width);
#endif
#define INLINE __attribute__((always_inline)) static inline

// Gradient.Evaluator.premultipliedColor(at:) for one t (not NaN).
static inline void premultiplied_at(const LaminaGradientRow *g, double t, float out[4]) {
  long lo = 0, hi = g->stops;
  while (lo < hi) {
    long mid = (lo + hi) / 2;
    if (g->locations[mid] <= t) lo = mid + 1; else hi = mid;
  }
  float c[4];
  if (lo == 0 || lo == g->stops) {
    const float *s = g->colors + 4 * (lo == 0 ? 0 : g->stops - 1);
    for (int i = 0; i < 4; i++) c[i] = s[i];
  } else {
    double a = g->locations[lo - 1], b = g->locations[lo];
    float f = (float)((t - a) / (b - a));
    const float *c0 = g->colors + 4 * (lo - 1), *c1 = c0 + 4;
    for (int i = 0; i < 4; i++) c[i] = c0[i] + (c1[i] - c0[i]) * f;
  }
  out[0] = c[0] * c[3];
  out[1] = c[1] * c[3];
  out[2] = c[2] * c[3];
  out[3] = c[3];
}

AVX2 INLINE __m256d select_pd(__m256d mask, __m256d a, __m256d b) { return _mm256_blendv_pd(b, a, mask); }

// t at the local point (x, y): Gradient.Evaluator.t of an axial or a
// radial gradient, four lanes (the conic's: conic_chunk).
AVX2 INLINE __m256d gradient_t(const LaminaGradientRow *g, __m256d x, __m256d y) {
  __m256d px = _mm256_sub_pd(x, _mm256_set1_pd(g->ox)), py = _mm256_sub_pd(y, _mm256_set1_pd(g->oy));
  __m256d vx = _mm256_set1_pd(g->vx), vy = _mm256_set1_pd(g->vy);
  if (g->type == 0) return _mm256_add_pd(_mm256_mul_pd(px, vx), _mm256_mul_pd(py, vy));
  __m256d qx = _mm256_mul_pd(px, vx), qy = _mm256_mul_pd(py, vy);
  return _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(qx, qx), _mm256_mul_pd(qy, qy)));
}

// t (axial, radial) at the centres of pixels X .. X + 3 of the row whose
// Y terms are given; NaN behind the viewer (w ≤ 0).
AVX2 INLINE __m256d centres_t(
    const LaminaGradientRow *g, long x, double ym3, double ym4, double ym5) {
  __m256d X = _mm256_add_pd(_mm256_set1_pd((double)x), _mm256_set_pd(3.5, 2.5, 1.5, 0.5));
  __m256d lx = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(X, _mm256_set1_pd(g->m[0])), _mm256_set1_pd(ym3)),
                             _mm256_set1_pd(g->m[6]));
  __m256d ly = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(X, _mm256_set1_pd(g->m[1])), _mm256_set1_pd(ym4)),
                             _mm256_set1_pd(g->m[7]));
  if (g->affine) return gradient_t(g, lx, ly);
  __m256d z = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(X, _mm256_set1_pd(g->m[2])), _mm256_set1_pd(ym5)),
                            _mm256_set1_pd(g->m[8]));
  __m256d t = gradient_t(g, _mm256_div_pd(lx, z), _mm256_div_pd(ly, z));
  return select_pd(_mm256_cmp_pd(z, _mm256_setzero_pd(), _CMP_GT_OQ), t, _mm256_set1_pd(__builtin_nan("")));
}

// Eight premultiplied colours as pixels: `unit` the opaque store of
// packedOpaquePixels, else packedPixels' clamps (as quantize).
AVX2 INLINE __m256i packed8(__m256 r, __m256 g, __m256 b, __m256 a, int unit) {
  const __m256 v255 = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f);
  __m256 x[4] = {r, g, b, a};
  __m256i out = _mm256_setzero_si256();
  for (int i = 0; i < (unit ? 3 : 4); i++) {
    __m256 v = _mm256_add_ps(_mm256_mul_ps(x[i], v255), half);
    if (!unit) v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), v255);
    out = _mm256_or_si256(out, _mm256_slli_epi32(_mm256_cvttps_epi32(v), 8 * i));
  }
  if (unit) out = _mm256_or_si256(out, _mm256_set1_epi32((int)0xFF000000u));
  return out;
}

// The conic's t at the centres of `groups` × 4 pixels from x (groups ≤
// 16) into ts: conic_chunk.h over four lanes a register.
#define CONIC_CHUNK conic_chunk
#define CONIC_TARGET AVX2
#define LANES 4
#define MAX_GROUPS 16
#define V __m256d
#define M __m256d
#define V_SET1 _mm256_set1_pd
#define V_ADD _mm256_add_pd
#define V_SUB _mm256_sub_pd
#define V_MUL _mm256_mul_pd
#define V_DIV _mm256_div_pd
#define V_ZERO _mm256_setzero_pd
#define V_LANES(x) _mm256_add_pd(_mm256_set1_pd(x), _mm256_set_pd(3.5, 2.5, 1.5, 0.5))
#define V_ABS(v) _mm256_andnot_pd(_mm256_set1_pd(-0.0), v)
#define V_FLIP_SIGN(v, s) _mm256_xor_pd(v, _mm256_and_pd(s, _mm256_set1_pd(-0.0)))
#define V_SELECT select_pd
#define V_ZERO_WHERE(m, v) _mm256_andnot_pd(m, v)
#define V_STORE _mm256_storeu_pd
#define M_GT(a, b) _mm256_cmp_pd(a, b, _CMP_GT_OQ)
#define M_LT(a, b) _mm256_cmp_pd(a, b, _CMP_LT_OQ)
#define M_EQ(a, b) _mm256_cmp_pd(a, b, _CMP_EQ_OQ)
#define M_AND _mm256_and_pd
#define M_ANDNOT _mm256_andnot_pd
#include "conic_chunk.h"

// blendPixel on eight pixels `d` at once, lane by lane: k = the lanes'
// coverage × clip (`k0`, before the opacity; a lane of k0 ≤ 0 or NaN is
// left alone) × opacity (`k`); a lane of a·k·255 < ½ (or NaN alpha) is
// left alone; k ≥ 1 with alpha ≥ 1 stores the colour's bytes (packed8);
// otherwise every channel min(255, c·(k·255) + d·(1 − a·k) + ½), truncated.
AVX2 INLINE __m256i blend_lanes(
    __m256i d, __m256 k0, __m256 k, __m256 r, __m256 gr, __m256 b, __m256 a, int unit) {
  const __m256 v255 = _mm256_set1_ps(255.0f), half = _mm256_set1_ps(0.5f), one = _mm256_set1_ps(1.0f);
  const __m256 zero = _mm256_setzero_ps();
  __m256 apply = _mm256_and_ps(_mm256_cmp_ps(k0, zero, _CMP_GT_OQ),
                               _mm256_cmp_ps(_mm256_mul_ps(_mm256_mul_ps(a, k), v255), half, _CMP_GE_OQ));
  __m256 full = _mm256_and_ps(_mm256_cmp_ps(k, one, _CMP_GE_OQ), _mm256_cmp_ps(a, one, _CMP_GE_OQ));
  const __m256 s = _mm256_mul_ps(k, v255), inverse = _mm256_sub_ps(one, _mm256_mul_ps(a, k));
  const __m256i byte = _mm256_set1_epi32(0xFF);
  const __m256 x[4] = {r, gr, b, a};
  __m256i blended = _mm256_setzero_si256();
  for (int i = 0; i < 4; i++) {
    // Clamped at 0 as well: cvttps2dq truncates toward zero as UInt8(_:) does above −1.
    __m256 dc = _mm256_cvtepi32_ps(_mm256_and_si256(_mm256_srli_epi32(d, 8 * i), byte));
    __m256 v = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(x[i], s), _mm256_mul_ps(dc, inverse)), half);
    v = _mm256_min_ps(_mm256_max_ps(v, zero), v255);
    blended = _mm256_or_si256(blended, _mm256_slli_epi32(_mm256_cvttps_epi32(v), 8 * i));
  }
  __m256i out = _mm256_blendv_epi8(blended, packed8(r, gr, b, a, unit), _mm256_castps_si256(full));
  return _mm256_blendv_epi8(d, out, _mm256_castps_si256(apply));
}

// Whether the eight t (t0, t1) are numbers in at most two adjacent
// segments: then *lower is the lower one (how many locations lie at or
// below the least t: each lane's count is the binary search's answer,
// by n comparisons) and *upper the lanes in the next. n ≤ two_segments_max.
enum { two_segments_max = 16 };
AVX2 INLINE int two_segments(const double *locations, long n, __m256d t0, __m256d t1, long *lower, __m256 *upper) {
  __m256d nan = _mm256_or_pd(_mm256_cmp_pd(t0, t0, _CMP_UNORD_Q), _mm256_cmp_pd(t1, t1, _CMP_UNORD_Q));
  if (_mm256_movemask_pd(nan)) return 0;
  __m256i k0 = _mm256_setzero_si256(), k1 = _mm256_setzero_si256();
  for (long j = 0; j < n; j++) {
    const __m256d l = _mm256_set1_pd(locations[j]);
    k0 = _mm256_sub_epi64(k0, _mm256_castpd_si256(_mm256_cmp_pd(t0, l, _CMP_GE_OQ)));
    k1 = _mm256_sub_epi64(k1, _mm256_castpd_si256(_mm256_cmp_pd(t1, l, _CMP_GE_OQ)));
  }
  // The eight k as int32 (each at most n).
  const __m256i pick = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
  __m256i k = _mm256_permute2x128_si256(_mm256_permutevar8x32_epi32(k0, pick), _mm256_permutevar8x32_epi32(k1, pick), 0x20);
  __m128i m = _mm_min_epi32(_mm256_castsi256_si128(k), _mm256_extracti128_si256(k, 1));
  m = _mm_min_epi32(m, _mm_shuffle_epi32(m, 0x4E));
  m = _mm_min_epi32(m, _mm_shuffle_epi32(m, 0xB1));
  int least = _mm_cvtsi128_si32(m);
  __m256i base = _mm256_set1_epi32(least);
  __m256i up = _mm256_cmpeq_epi32(k, _mm256_add_epi32(base, _mm256_set1_epi32(1)));
  __m256i same = _mm256_or_si256(up, _mm256_cmpeq_epi32(k, base));
  if (_mm256_movemask_epi8(same) != -1) return 0;
  *lower = least;
  *upper = _mm256_castsi256_ps(up);
  return 1;
}

// The colours of segment s (how many locations lie at or below t: 0 and
// n the clamped ends) at t0, t1: the definition's operations, premultiplied.
AVX2 INLINE void segment_colours(
    const double *locations, const float *stops, long n, long s, int opaque, __m256d t0, __m256d t1,
    __m256 *r, __m256 *gr, __m256 *b, __m256 *a) {
  if (s == 0 || s == n) {
    const float *c = stops + 4 * (s == 0 ? 0 : n - 1);
    *r = _mm256_set1_ps(c[0]), *gr = _mm256_set1_ps(c[1]), *b = _mm256_set1_ps(c[2]), *a = _mm256_set1_ps(c[3]);
  } else {
    const float *c0 = stops + 4 * (s - 1), *c1 = c0 + 4;
    const __m256d lo = _mm256_set1_pd(locations[s - 1]), span = _mm256_sub_pd(_mm256_set1_pd(locations[s]), lo);
    __m256 f = _mm256_set_m128(_mm256_cvtpd_ps(_mm256_div_pd(_mm256_sub_pd(t1, lo), span)),
                               _mm256_cvtpd_ps(_mm256_div_pd(_mm256_sub_pd(t0, lo), span)));
    *r = _mm256_add_ps(_mm256_set1_ps(c0[0]), _mm256_mul_ps(_mm256_set1_ps(c1[0] - c0[0]), f));
    *gr = _mm256_add_ps(_mm256_set1_ps(c0[1]), _mm256_mul_ps(_mm256_set1_ps(c1[1] - c0[1]), f));
    *b = _mm256_add_ps(_mm256_set1_ps(c0[2]), _mm256_mul_ps(_mm256_set1_ps(c1[2] - c0[2]), f));
    *a = opaque ? _mm256_set1_ps(1.0f) : _mm256_add_ps(_mm256_set1_ps(c0[3]), _mm256_mul_ps(_mm256_set1_ps(c1[3] - c0[3]), f));
  }
  if (!opaque) *r = _mm256_mul_ps(*r, *a), *gr = _mm256_mul_ps(*gr, *a), *b = _mm256_mul_ps(*b, *a);
}

#ifdef LAMINA_GRADIENT_WIDE
#define AVX512 AVX2
#else
int lamina_gradient_has_avx512(void) {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
                 __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw")
             ? 1
             : 0;
}
#endif

#ifdef LAMINA_GRADIENT_WIDE

AVX512 INLINE __m512d select8(__mmask8 mask, __m512d a, __m512d b) { return _mm512_mask_blend_pd(mask, b, a); }

// conic_chunk with eight lanes a register (AVX-512): the same operations
// on the same values, lane by lane, in half the instructions. `groups`
// counts groups of eight (≤ 8).
#define CONIC_CHUNK conic_chunk8
#define CONIC_TARGET AVX512
#define LANES 8
#define MAX_GROUPS 8
#define V __m512d
#define M __mmask8
#define V_SET1 _mm512_set1_pd
#define V_ADD _mm512_add_pd
#define V_SUB _mm512_sub_pd
#define V_MUL _mm512_mul_pd
#define V_DIV _mm512_div_pd
#define V_ZERO _mm512_setzero_pd
#define V_LANES(x) _mm512_add_pd(_mm512_set1_pd(x), _mm512_set_pd(7.5, 6.5, 5.5, 4.5, 3.5, 2.5, 1.5, 0.5))
#define SIGN8 _mm512_set1_epi64((long long)0x8000000000000000ull)
#define V_ABS(v) _mm512_castsi512_pd(_mm512_andnot_si512(SIGN8, _mm512_castpd_si512(v)))
#define V_FLIP_SIGN(v, s) \
  _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(v), _mm512_and_si512(_mm512_castpd_si512(s), SIGN8)))
#define V_SELECT select8
#define V_ZERO_WHERE(m, v) _mm512_mask_blend_pd(m, v, _mm512_setzero_pd())
#define V_STORE _mm512_storeu_pd
#define M_GT(a, b) _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ)
#define M_LT(a, b) _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ)
#define M_EQ(a, b) _mm512_cmp_pd_mask(a, b, _CMP_EQ_OQ)
#define M_AND(a, b) ((a) & (b))
#define M_ANDNOT(a, b) ((__mmask8)(~(a) & (b)))
#include "conic_chunk.h"
#undef SIGN8
#endif

AVX2 INLINE void gradient_row(
    const LaminaGradientRow *g, long y, long x0, long count, const float *coverage, const float *clip, uint8_t *dst) {
  const double Y = (double)y + 0.5;
  const double ym3 = Y * g->m[3], ym4 = Y * g->m[4], ym5 = Y * g->m[5];
  const long n = g->stops;
  const double *locations = g->locations;
  const float *stops = g->colors;
  const __m256 opacity = _mm256_set1_ps(g->opacity), one = _mm256_set1_ps(1.0f);
  long s = 0;  // how many locations lie at or below the group's first t
  // t first, for a chunk of the row (its groups are independent: their
  // divisions and square roots overlap), then the colours and pixels.
  enum { chunk = 64 };
  double ts[chunk];
  for (long i = 0; i < count; i += 8) {
    if (i % chunk == 0) {
      long end = count - i < chunk ? count - i : chunk;
      if (g->type == 2) {
#ifdef LAMINA_GRADIENT_WIDE
        conic_chunk8(g, x0 + i, (end + 7) / 8, ym3, ym4, ym5, ts);
#else
        conic_chunk(g, x0 + i, (end + 7) / 8 * 2, ym3, ym4, ym5, ts);
#endif
      }
      else for (long c = 0; c < end; c += 8) {
        _mm256_storeu_pd(ts + c, centres_t(g, x0 + i + c, ym3, ym4, ym5));
        _mm256_storeu_pd(ts + c + 4, centres_t(g, x0 + i + c + 4, ym3, ym4, ym5));
      }
    }
    __m256d t0 = _mm256_loadu_pd(ts + i % chunk), t1 = _mm256_loadu_pd(ts + i % chunk + 4);
    double first = _mm_cvtsd_f64(_mm256_castpd256_pd128(t0));
    if (first == first) {
      while (s < n && locations[s] <= first) s++;
      while (s > 0 && locations[s - 1] > first) s--;
    }
    const __m256d lo = _mm256_set1_pd(s > 0 ? locations[s - 1] : -__builtin_inf());
    const __m256d hi = _mm256_set1_pd(s < n ? locations[s] : __builtin_inf());
    int inside = _mm256_movemask_pd(_mm256_and_pd(_mm256_cmp_pd(t0, lo, _CMP_GE_OQ), _mm256_cmp_pd(t0, hi, _CMP_LT_OQ)))
        & _mm256_movemask_pd(_mm256_and_pd(_mm256_cmp_pd(t1, lo, _CMP_GE_OQ), _mm256_cmp_pd(t1, hi, _CMP_LT_OQ)));
    __m256 r, gr, b, a;
    long s0;
    __m256 upper;
    if (first == first && inside == 0xF) {
      segment_colours(locations, stops, n, s, g->opaque, t0, t1, &r, &gr, &b, &a);
    } else if (n <= two_segments_max && two_segments(locations, n, t0, t1, &s0, &upper)) {
      __m256 r1, g1, b1, a1;
      segment_colours(locations, stops, n, s0, g->opaque, t0, t1, &r, &gr, &b, &a);
      segment_colours(locations, stops, n, s0 + 1, g->opaque, t0, t1, &r1, &g1, &b1, &a1);
      r = _mm256_blendv_ps(r, r1, upper), gr = _mm256_blendv_ps(gr, g1, upper);
      b = _mm256_blendv_ps(b, b1, upper), a = _mm256_blendv_ps(a, a1, upper);
    } else {
      // Lane by lane: the definition itself (NaN alpha: nothing drawn).
      const double *lt = ts + i % chunk;
      float lanes[4][8];
      for (int l = 0; l < 8; l++) {
        float c[4] = {0, 0, 0, __builtin_nanf("")};
        if (lt[l] == lt[l]) premultiplied_at(g, lt[l], c);
        for (int k = 0; k < 4; k++) lanes[k][l] = c[k];
      }
      r = _mm256_loadu_ps(lanes[0]), gr = _mm256_loadu_ps(lanes[1]), b = _mm256_loadu_ps(lanes[2]);
      a = _mm256_loadu_ps(lanes[3]);
    }
    uint8_t *p = dst + 4 * i;
    if (i + 8 <= count) {
      // k = coverage × clip (blendPixel's skip reads it), × opacity.
      __m256 k0 = coverage ? _mm256_loadu_ps(coverage + i) : one;
      if (clip) k0 = _mm256_mul_ps(k0, _mm256_loadu_ps(clip + i));
      __m256 k = _mm256_mul_ps(k0, opacity);
      __m256 full = _mm256_and_ps(_mm256_cmp_ps(k, one, _CMP_GE_OQ), _mm256_cmp_ps(a, one, _CMP_GE_OQ));
      if (_mm256_movemask_ps(full) == 0xFF) {
        _mm256_storeu_si256((__m256i *)p, packed8(r, gr, b, a, g->unit));
      } else {
        __m256i d = _mm256_loadu_si256((const __m256i *)p);
        _mm256_storeu_si256((__m256i *)p, blend_lanes(d, k0, k, r, gr, b, a, g->unit));
      }
    } else {
      // The row's last pixels (fewer than eight): masked loads and stores
      // (the pixels after them may be another worker's).
      const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
      __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(count - i)), lane);
      __m256 k0 = coverage ? _mm256_maskload_ps(coverage + i, mask) : _mm256_and_ps(one, _mm256_castsi256_ps(mask));
      if (clip) k0 = _mm256_mul_ps(k0, _mm256_maskload_ps(clip + i, mask));
      __m256i d = _mm256_maskload_epi32((const int *)p, mask);
      __m256i out = blend_lanes(d, k0, _mm256_mul_ps(k0, opacity), r, gr, b, a, g->unit);
      _mm256_maskstore_epi32((int *)p, mask, out);
    }
  }
}

AVX2 void NAME(lamina_gradient_row)(
    const LaminaGradientRow *g, long y, long x0, long count, const float *coverage, const float *clip, uint8_t *dst) {
#ifndef LAMINA_GRADIENT_WIDE
  if (g->wide) {
    lamina_gradient_row_wide(g, y, x0, count, coverage, clip, dst);
    return;
  }
#endif
  gradient_row(g, y, x0, count, coverage, clip, dst);
}

AVX2 void NAME(lamina_gradient_conic_t)(const LaminaGradientRow *g, long y, long x0, long count, double *ts) {
#ifndef LAMINA_GRADIENT_WIDE
  if (g->wide) {
    lamina_gradient_conic_t_wide(g, y, x0, count, ts);
    return;
  }
#endif
  const double Y = (double)y + 0.5;
  double chunk[64];
  for (long i = 0; i < count; i += 64) {
    long end = count - i < 64 ? count - i : 64;
#ifdef LAMINA_GRADIENT_WIDE
    conic_chunk8(g, x0 + i, (end + 7) / 8, Y * g->m[3], Y * g->m[4], Y * g->m[5], chunk);
#else
    conic_chunk(g, x0 + i, (end + 7) / 8 * 2, Y * g->m[3], Y * g->m[4], Y * g->m[5], chunk);
#endif
    for (long c = 0; c < end; c++) ts[i + c] = chunk[c];
  }
}

AVX2 void NAME(lamina_gradient_region)(
    const LaminaGradientRow *g, long x0, long y0, long x1, long y1, const long *skips, long skipCount,
    const float *coverage, const float *clip, uint8_t *pixels, long width) {
#ifndef LAMINA_GRADIENT_WIDE
  if (g->wide) {
    lamina_gradient_region_wide(g, x0, y0, x1, y1, skips, skipCount, coverage, clip, pixels, width);
    return;
  }
#endif
  const long w = x1 - x0;
  for (long y = y0; y < y1; y++) {
    // HiddenRects.forEachSpan: the row less the skipped pixels, left to right.
    for (long x = x0; x < x1;) {
      // The rectangle on this row that covers x and reaches furthest.
      long end = x;
      for (long i = 0; i < skipCount; i++) {
        const long *r = skips + 4 * i;
        if (r[1] <= y && y < r[3] && r[0] <= x && r[2] > end) end = r[2];
      }
      if (end > x) {
        x = end;
        continue;
      }
      // Uncovered from x to the nearest rectangle starting after it.
      long next = x1;
      for (long i = 0; i < skipCount; i++) {
        const long *r = skips + 4 * i;
        if (r[1] <= y && y < r[3] && r[0] > x && r[0] < next) next = r[0];
      }
      long a = x, b = next;
      x = next;
      if (!coverage) {
        gradient_row(g, y, a, b - a, 0, 0, pixels + 4 * (y * width + a));
        continue;
      }
      // Only the pixels from the first to the last one covered.
      const long row = (y - y0) * w - x0;
      while (a < b && !((clip ? coverage[row + a] * clip[row + a] : coverage[row + a]) > 0)) a++;
      while (b > a && !((clip ? coverage[row + b - 1] * clip[row + b - 1] : coverage[row + b - 1]) > 0)) b--;
      if (a < b)
        gradient_row(g, y, a, b - a, coverage + row + a, clip ? clip + row + a : 0, pixels + 4 * (y * width + a));
    }
  }
}

#elif !defined(LAMINA_GRADIENT_WIDE)

void lamina_gradient_row(
    const LaminaGradientRow *g, long y, long x0, long count, const float *coverage, const float *clip, uint8_t *dst) {
  (void)g; (void)y; (void)x0; (void)count; (void)coverage; (void)clip; (void)dst;
}

int lamina_gradient_has_avx512(void) { return 0; }

void lamina_gradient_conic_t(const LaminaGradientRow *g, long y, long x0, long count, double *ts) {
  (void)g; (void)y; (void)x0; (void)count; (void)ts;
}

void lamina_gradient_region(
    const LaminaGradientRow *g, long x0, long y0, long x1, long y1, const long *skips, long skipCount,
    const float *coverage, const float *clip, uint8_t *pixels, long width) {
  (void)g; (void)x0; (void)y0; (void)x1; (void)y1; (void)skips; (void)skipCount; (void)coverage; (void)clip; (void)pixels; (void)width;
}

#endif
