// See include/CLaminaGauss.h.
#include "CLaminaGauss.h"

#include <math.h>

// Swift never fuses a multiply and an add; neither may this file.
#pragma STDC FP_CONTRACT OFF

// The Swift expressions, one Double at a time (and the AVX2 loops' tails).
static inline double cubic_at(const double *cubics, double a) {
  double u = a * 128.0;
  long k = (long)u;
  double f = u - (double)k;
  const double *c = cubics + 4 * k;
  return c[0] + f * (c[1] + f * (c[2] + f * c[3]));
}

static inline double erf_at(const double *cubics, double limit, double t) {
  double a = fabs(t);
  if (!(a < limit)) return isnan(a) ? a : (t < 0 ? -1.0 : 1.0);
  double v = cubic_at(cubics, a);
  return t < 0 ? -v : v;
}

static inline double exp_at(const double *cubics, double limit, double t) {
  double a = fabs(t);
  if (!(a < limit)) return isnan(a) ? a : 0.0;
  return cubic_at(cubics, a);
}

static inline void corner_column(
    const double *across, long stride, long n, const double *e, long i, double density, const double *sx, double sy,
    const double *b, double by, double *out) {
  double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (long m = 0; m < n; m += 4) {
    s0 += across[m * stride + i] * e[m];
    s1 += across[(m + 1) * stride + i] * e[m + 1];
    s2 += across[(m + 2) * stride + i] * e[m + 2];
    s3 += across[(m + 3) * stride + i] * e[m + 3];
  }
  if (!(b[i] * by < 1e-6)) {
    double curve = ((s0 + s1) + (s2 + s3)) * density;
    out[i] += curve - sx[i] * sy;
  }
}

#if defined(__x86_64__)
#include <immintrin.h>

static int has_avx2(void) { return __builtin_cpu_supports("avx2") ? 1 : 0; }

// The cubics of four lanes' intervals, transposed: c[j] holds coefficient j
// of each lane. `a` must be below the limit (lanes past it use interval 0).
__attribute__((target("avx2"))) static inline __m256d cubic4(const double *cubics, __m256d a) {
  __m256d u = _mm256_mul_pd(a, _mm256_set1_pd(128.0));
  __m128i k = _mm256_cvttpd_epi32(u);
  __m256d f = _mm256_sub_pd(u, _mm256_cvtepi32_pd(k));
  int k0 = _mm_extract_epi32(k, 0), k1 = _mm_extract_epi32(k, 1), k2 = _mm_extract_epi32(k, 2),
      k3 = _mm_extract_epi32(k, 3);
  __m256d r0 = _mm256_loadu_pd(cubics + 4 * k0), r1 = _mm256_loadu_pd(cubics + 4 * k1);
  __m256d r2 = _mm256_loadu_pd(cubics + 4 * k2), r3 = _mm256_loadu_pd(cubics + 4 * k3);
  __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
  __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
  __m256d c0 = _mm256_permute2f128_pd(t0, t2, 0x20), c2 = _mm256_permute2f128_pd(t0, t2, 0x31);
  __m256d c1 = _mm256_permute2f128_pd(t1, t3, 0x20), c3 = _mm256_permute2f128_pd(t1, t3, 0x31);
  // c0 + f·(c1 + f·(c2 + f·c3)), as cubic_at.
  __m256d v = _mm256_add_pd(c2, _mm256_mul_pd(f, c3));
  v = _mm256_add_pd(c1, _mm256_mul_pd(f, v));
  return _mm256_add_pd(c0, _mm256_mul_pd(f, v));
}

// Four lanes: their |t|, whether all are below the limit (else the caller
// takes them one at a time).
__attribute__((target("avx2"))) static inline int inside4(__m256d t, double limit, __m256d *a) {
  *a = _mm256_andnot_pd(_mm256_set1_pd(-0.0), t);
  return _mm256_movemask_pd(_mm256_cmp_pd(*a, _mm256_set1_pd(limit), _CMP_LT_OQ)) == 0xF;
}

// A row of erf (`odd`: the sign of t, ±1 past the limit) or of e^(−t²)
// (0 past it), four lanes at a time; a group with a lane past the limit (or
// NaN) and the tail one at a time, as the Swift code.
__attribute__((target("avx2"))) static void row_avx2(
    const double *cubics, double limit, const double *t, double *out, long count, int odd) {
  long i = 0;
  for (; i + 4 <= count; i += 4) {
    __m256d x = _mm256_loadu_pd(t + i), a;
    if (!inside4(x, limit, &a)) {
      for (long j = i; j < i + 4; j++) out[j] = odd ? erf_at(cubics, limit, t[j]) : exp_at(cubics, limit, t[j]);
      continue;
    }
    __m256d v = cubic4(cubics, a);
    if (odd) {
      // −v where t < 0 (−0 keeps v, as `t < 0 ? -v : v`).
      __m256d negative = _mm256_cmp_pd(x, _mm256_setzero_pd(), _CMP_LT_OQ);
      v = _mm256_xor_pd(v, _mm256_and_pd(negative, _mm256_set1_pd(-0.0)));
    }
    _mm256_storeu_pd(out + i, v);
  }
  for (; i < count; i++) out[i] = odd ? erf_at(cubics, limit, t[i]) : exp_at(cubics, limit, t[i]);
}

__attribute__((target("avx2"))) static void corner_row_avx2(
    const double *across, long stride, long n, const double *e, long count, double density, const double *sx,
    double sy, const double *b, double by, double *out) {
  long i = 0;
  const __m256d d = _mm256_set1_pd(density), y = _mm256_set1_pd(sy), byv = _mm256_set1_pd(by);
  const __m256d bound = _mm256_set1_pd(1e-6);
  for (; i + 4 <= count; i += 4) {
    __m256d s0 = _mm256_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
    for (long m = 0; m < n; m += 4) {
      s0 = _mm256_add_pd(s0, _mm256_mul_pd(_mm256_loadu_pd(across + m * stride + i), _mm256_set1_pd(e[m])));
      s1 = _mm256_add_pd(s1, _mm256_mul_pd(_mm256_loadu_pd(across + (m + 1) * stride + i), _mm256_set1_pd(e[m + 1])));
      s2 = _mm256_add_pd(s2, _mm256_mul_pd(_mm256_loadu_pd(across + (m + 2) * stride + i), _mm256_set1_pd(e[m + 2])));
      s3 = _mm256_add_pd(s3, _mm256_mul_pd(_mm256_loadu_pd(across + (m + 3) * stride + i), _mm256_set1_pd(e[m + 3])));
    }
    __m256d curve = _mm256_mul_pd(_mm256_add_pd(_mm256_add_pd(s0, s1), _mm256_add_pd(s2, s3)), d);
    __m256d o = _mm256_loadu_pd(out + i);
    __m256d added = _mm256_add_pd(o, _mm256_sub_pd(curve, _mm256_mul_pd(_mm256_loadu_pd(sx + i), y)));
    // Kept where the bound passes: !(b·by < 1e-6), NaN included.
    __m256d skipped = _mm256_cmp_pd(_mm256_mul_pd(_mm256_loadu_pd(b + i), byv), bound, _CMP_LT_OQ);
    _mm256_storeu_pd(out + i, _mm256_blendv_pd(added, o, skipped));
  }
  for (; i < count; i++) corner_column(across, stride, n, e, i, density, sx, sy, b, by, out);
}
#else
static int has_avx2(void) { return 0; }
#endif

void lamina_gauss_erf_row(const double *cubics, double limit, const double *t, double *out, long count) {
#if defined(__x86_64__)
  if (has_avx2()) return row_avx2(cubics, limit, t, out, count, 1);
#endif
  for (long i = 0; i < count; i++) out[i] = erf_at(cubics, limit, t[i]);
}

void lamina_gauss_exp_row(const double *cubics, double limit, const double *t, double *out, long count) {
#if defined(__x86_64__)
  if (has_avx2()) return row_avx2(cubics, limit, t, out, count, 0);
#endif
  for (long i = 0; i < count; i++) out[i] = exp_at(cubics, limit, t[i]);
}

void lamina_shadow_corner_row(
    const double *across, long stride, long n, const double *e, long count, double density, const double *sx,
    double sy, const double *b, double by, double *out) {
#if defined(__x86_64__)
  if (has_avx2()) return corner_row_avx2(across, stride, n, e, count, density, sx, sy, b, by, out);
#endif
  for (long i = 0; i < count; i++) corner_column(across, stride, n, e, i, density, sx, sy, b, by, out);
}
