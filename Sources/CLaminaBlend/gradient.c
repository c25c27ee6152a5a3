// See include/CLaminaGradient.h. The Swift it mirrors, operation for
// operation: GradientRow.shade (t at the centres, the stop segment, the
// interpolation and premultiplication), vectorAtan2, and GradientStage's
// loop (stored bytes where coverage and alpha are full, blendPixel
// elsewhere).
//
// Rejected: AVX-512 (this machine's Zen 4 splits a 512-bit operation into
// two 256-bit ones, and the divisions and square roots that bound the
// loop run at the same rate per lane), and FMA (one rounding instead of
// two: not the bytes of the definition).
#include "CLaminaGradient.h"
#include "CLaminaBlend.h"

#pragma STDC FP_CONTRACT OFF

#if defined(__x86_64__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
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

// Lamina's quantize: UInt8(min(255, max(0, v·255 + ½))).
static inline uint32_t quantize(float v) {
  float x = v * 255.0f + 0.5f;
  x = x >= 0.0f ? x : 0.0f;
  x = x < 255.0f ? x : 255.0f;
  return (uint32_t)(int)x;
}

// UInt8(min(255, v)) for v > −1.
static inline uint8_t truncated(float v) {
  float x = v < 255.0f ? v : 255.0f;
  return (uint8_t)(int)x;
}

// blendPixel: source-over of the premultiplied colour scaled by k.
static inline void blend_pixel(uint8_t *p, const float c[4], float k) {
  if (c[3] * k * 255.0f < 0.5f) return;
  if (k >= 1.0f && c[3] >= 1.0f) {
    uint32_t v = quantize(c[0]) | quantize(c[1]) << 8 | quantize(c[2]) << 16 | quantize(c[3]) << 24;
    __builtin_memcpy(p, &v, 4);
    return;
  }
  float s = k * 255.0f, inverse = 1.0f - c[3] * k;
  for (int i = 0; i < 4; i++) p[i] = truncated(c[i] * s + (float)p[i] * inverse + 0.5f);
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
// 16) into ts: Gradient.Evaluator.t's operations with vectorAtan2's
// Cephes reduction (VectorAtan2.swift: the same operations in the same
// order, so GradientRow's bits), done stage by stage over the
// whole chunk (the local points and the reduction, then every quotient,
// the polynomials, every second quotient, the rest): one pixel's chain of
// three divisions and two polynomials is ~150 cycles long, and group by
// group the out-of-order window held barely two groups; stage by stage
// the divisions of sixteen groups are in flight together.
AVX2 static void conic_chunk(
    const LaminaGradientRow *g, long x, long groups, double ym3, double ym4, double ym5, double *ts) {
  __m256d cross[16], dot[16], a[16], b[16], w[16];
  const __m256d zero = _mm256_setzero_pd(), signBit = _mm256_set1_pd(-0.0);
  const __m256d vx = _mm256_set1_pd(g->vx), vy = _mm256_set1_pd(g->vy);
  const __m256d ox = _mm256_set1_pd(g->ox), oy = _mm256_set1_pd(g->oy);
  const __m256d tan3pi8 = _mm256_set1_pd(2.41421356237309504880), limit = _mm256_set1_pd(0.66);
  // The local point (x / w, y / w under perspective; w kept in `w`), cross
  // and dot, and firstQuadrantAtan2's numerator (a) and denominator (b).
  for (long k = 0; k < groups; k++) {
    __m256d X = _mm256_add_pd(_mm256_set1_pd((double)(x + 4 * k)), _mm256_set_pd(3.5, 2.5, 1.5, 0.5));
    __m256d lx = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(X, _mm256_set1_pd(g->m[0])), _mm256_set1_pd(ym3)),
                               _mm256_set1_pd(g->m[6]));
    __m256d ly = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(X, _mm256_set1_pd(g->m[1])), _mm256_set1_pd(ym4)),
                               _mm256_set1_pd(g->m[7]));
    if (!g->affine) {
      __m256d z = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(X, _mm256_set1_pd(g->m[2])), _mm256_set1_pd(ym5)),
                                _mm256_set1_pd(g->m[8]));
      lx = _mm256_div_pd(lx, z), ly = _mm256_div_pd(ly, z);
      w[k] = z;
    }
    __m256d px = _mm256_sub_pd(lx, ox), py = _mm256_sub_pd(ly, oy);
    __m256d c = _mm256_sub_pd(_mm256_mul_pd(vx, py), _mm256_mul_pd(vy, px));
    __m256d d = _mm256_add_pd(_mm256_mul_pd(vx, px), _mm256_mul_pd(vy, py));
    cross[k] = c, dot[k] = d;
    __m256d ay = _mm256_andnot_pd(signBit, c), ax = _mm256_andnot_pd(signBit, d);
    __m256d big = _mm256_cmp_pd(ay, _mm256_mul_pd(tan3pi8, ax), _CMP_GT_OQ);
    __m256d mid = _mm256_andnot_pd(big, _mm256_cmp_pd(ay, _mm256_mul_pd(limit, ax), _CMP_GT_OQ));
    a[k] = select_pd(big, _mm256_sub_pd(zero, ax), select_pd(mid, _mm256_sub_pd(ay, ax), ay));
    b[k] = select_pd(big, ay, select_pd(mid, _mm256_add_pd(ay, ax), ax));
  }
  // r.
  for (long k = 0; k < groups; k++) a[k] = _mm256_div_pd(a[k], b[k]);
  // z·P(z) (into b, free now) and Q(z).
  __m256d q[16];
  for (long k = 0; k < groups; k++) {
    __m256d r = a[k], z = _mm256_mul_pd(r, r);
    __m256d p = _mm256_sub_pd(_mm256_mul_pd(_mm256_set1_pd(-8.750608600031904122785e-1), z),
                              _mm256_set1_pd(1.615753718733365076637e1));
    p = _mm256_sub_pd(_mm256_mul_pd(p, z), _mm256_set1_pd(7.500855792314704667340e1));
    p = _mm256_sub_pd(_mm256_mul_pd(p, z), _mm256_set1_pd(1.228866684490136173410e2));
    p = _mm256_sub_pd(_mm256_mul_pd(p, z), _mm256_set1_pd(6.485021904942025371773e1));
    __m256d qq = _mm256_add_pd(z, _mm256_set1_pd(2.485846490142306297962e1));
    qq = _mm256_add_pd(_mm256_mul_pd(qq, z), _mm256_set1_pd(1.650270098316988542046e2));
    qq = _mm256_add_pd(_mm256_mul_pd(qq, z), _mm256_set1_pd(4.328810604912902668951e2));
    qq = _mm256_add_pd(_mm256_mul_pd(qq, z), _mm256_set1_pd(4.853903996359136964868e2));
    qq = _mm256_add_pd(_mm256_mul_pd(qq, z), _mm256_set1_pd(1.945506571482613964425e2));
    b[k] = _mm256_mul_pd(z, p), q[k] = qq;
  }
  // z·P(z) / Q(z).
  for (long k = 0; k < groups; k++) b[k] = _mm256_div_pd(b[k], q[k]);
  // The rest of atan2, the turn, t = angle / 2π, the centre; NaN behind the viewer.
  const double moreBits = 6.123233995736765886130e-17;
  const __m256d turn = _mm256_set1_pd(2 * 3.14159265358979323846);
  for (long k = 0; k < groups; k++) {
    __m256d c = cross[k], d = dot[k], r = a[k];
    __m256d ay = _mm256_andnot_pd(signBit, c), ax = _mm256_andnot_pd(signBit, d);
    __m256d big = _mm256_cmp_pd(ay, _mm256_mul_pd(tan3pi8, ax), _CMP_GT_OQ);
    __m256d mid = _mm256_andnot_pd(big, _mm256_cmp_pd(ay, _mm256_mul_pd(limit, ax), _CMP_GT_OQ));
    __m256d base = select_pd(
        big, _mm256_set1_pd(3.14159265358979323846 / 2), select_pd(mid, _mm256_set1_pd(3.14159265358979323846 / 4), zero));
    __m256d more = select_pd(big, _mm256_set1_pd(moreBits), select_pd(mid, _mm256_set1_pd(0.5 * moreBits), zero));
    __m256d v = _mm256_add_pd(_mm256_mul_pd(r, b[k]), r);
    v = _mm256_add_pd(v, more);
    __m256d first = _mm256_add_pd(base, v);
    __m256d angle = select_pd(_mm256_cmp_pd(d, zero, _CMP_LT_OQ),
                              _mm256_sub_pd(_mm256_set1_pd(3.14159265358979323846), first), first);
    angle = _mm256_xor_pd(angle, _mm256_and_pd(c, signBit));
    angle = select_pd(_mm256_cmp_pd(angle, zero, _CMP_LT_OQ), _mm256_add_pd(angle, turn), angle);
    __m256d t = _mm256_div_pd(angle, turn);
    __m256d centre = _mm256_and_pd(_mm256_cmp_pd(c, zero, _CMP_EQ_OQ), _mm256_cmp_pd(d, zero, _CMP_EQ_OQ));
    t = _mm256_andnot_pd(centre, t);
    if (!g->affine) t = select_pd(_mm256_cmp_pd(w[k], zero, _CMP_GT_OQ), t, _mm256_set1_pd(__builtin_nan("")));
    _mm256_storeu_pd(ts + 4 * k, t);
  }
}

AVX2 void lamina_gradient_row(
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
      if (g->type == 2) conic_chunk(g, x0 + i, (end + 7) / 8 * 2, ym3, ym4, ym5, ts);
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
    if (first == first && inside == 0xF) {
      if (s == 0 || s == n) {
        const float *c = stops + 4 * (s == 0 ? 0 : n - 1);
        r = _mm256_set1_ps(c[0]), gr = _mm256_set1_ps(c[1]), b = _mm256_set1_ps(c[2]), a = _mm256_set1_ps(c[3]);
      } else {
        const float *c0 = stops + 4 * (s - 1), *c1 = c0 + 4;
        const __m256d span = _mm256_sub_pd(hi, lo);
        __m256 f = _mm256_set_m128(_mm256_cvtpd_ps(_mm256_div_pd(_mm256_sub_pd(t1, lo), span)),
                                   _mm256_cvtpd_ps(_mm256_div_pd(_mm256_sub_pd(t0, lo), span)));
        r = _mm256_add_ps(_mm256_set1_ps(c0[0]), _mm256_mul_ps(_mm256_set1_ps(c1[0] - c0[0]), f));
        gr = _mm256_add_ps(_mm256_set1_ps(c0[1]), _mm256_mul_ps(_mm256_set1_ps(c1[1] - c0[1]), f));
        b = _mm256_add_ps(_mm256_set1_ps(c0[2]), _mm256_mul_ps(_mm256_set1_ps(c1[2] - c0[2]), f));
        a = g->opaque ? one : _mm256_add_ps(_mm256_set1_ps(c0[3]), _mm256_mul_ps(_mm256_set1_ps(c1[3] - c0[3]), f));
      }
      if (!g->opaque) r = _mm256_mul_ps(r, a), gr = _mm256_mul_ps(gr, a), b = _mm256_mul_ps(b, a);
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
    if (i + 8 <= count) {
      __m256 k = coverage ? _mm256_loadu_ps(coverage + i) : one;
      if (clip) k = _mm256_mul_ps(k, _mm256_loadu_ps(clip + i));
      k = _mm256_mul_ps(k, opacity);
      __m256 full = _mm256_and_ps(_mm256_cmp_ps(k, one, _CMP_GE_OQ), _mm256_cmp_ps(a, one, _CMP_GE_OQ));
      if (_mm256_movemask_ps(full) == 0xFF) {
        _mm256_storeu_si256((__m256i *)(dst + 4 * i), packed8(r, gr, b, a, g->unit));
        continue;
      }
    }
    float lanes[4][8];
    _mm256_storeu_ps(lanes[0], r);
    _mm256_storeu_ps(lanes[1], gr);
    _mm256_storeu_ps(lanes[2], b);
    _mm256_storeu_ps(lanes[3], a);
    long end = count - i < 8 ? count - i : 8;
    for (long l = 0; l < end; l++) {
      float kx = coverage ? coverage[i + l] : 1.0f;
      if (clip) kx *= clip[i + l];
      float c[4] = {lanes[0][l], lanes[1][l], lanes[2][l], lanes[3][l]};
      if (!(kx > 0) || c[3] != c[3]) continue;
      blend_pixel(dst + 4 * (i + l), c, kx * g->opacity);
    }
  }
}

#else

void lamina_gradient_row(
    const LaminaGradientRow *g, long y, long x0, long count, const float *coverage, const float *clip, uint8_t *dst) {
  (void)g; (void)y; (void)x0; (void)count; (void)coverage; (void)clip; (void)dst;
}

#endif
