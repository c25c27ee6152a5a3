// CLaminaGauss: Lamina's tabulated erf and Gaussian (Shared/GaussTable.swift)
// over rows of arguments, and the node sums of a shadow's rounded corner
// (Shared/RoundedRectShadow.swift), four Doubles at a time with AVX2 where
// the CPU has it (chosen at run time), else one at a time in plain C.
//
// Every result is the bits the Swift code gives: the same table, the same
// operations in the same order (Horner from the interval's four
// coefficients; sums in node order, node m into sum m mod 4), no FMA (the
// functions target AVX2 alone, and the file is compiled without floating
// contraction), so `RoundedRectShadow.values` stays `value(x:y:)` bit for
// bit. The Swift Doubles are 128-bit SSE vectors at best (a package cannot
// raise its target CPU without unsafe flags); these loops were half of a
// cold S1-frac's shadows.
#ifndef CLAMINAGAUSS_H
#define CLAMINAGAUSS_H

/// out[i] = erf(t[i]) from `cubics` (GaussTable's erf intervals: four
/// Doubles each, 128 a unit, `limit` past which erf is ±1), as
/// `GaussTable.erf` gives it; NaN for NaN. `out` may be `t`.
void lamina_gauss_erf_row(const double *cubics, double limit, const double *t, double *out, long count);

/// out[i] = e^(−t[i]²) from `cubics` (GaussTable's Gaussian intervals),
/// as `GaussTable.gauss` gives it (0 past `limit`); NaN for NaN.
void lamina_gauss_exp_row(const double *cubics, double limit, const double *t, double *out, long count);

/// One row of a corner's correction (RoundedRectShadow.add): for each of
/// `count` columns i, with n nodes (a multiple of 4) whose column factors
/// are across[m·stride + i] and row factors e[m],
///   s_q = Σ_{m ≡ q (mod 4), in order} across[m·stride + i]·e[m],
///   curve = ((s_0 + s_1) + (s_2 + s_3))·density,
/// and where !(b[i]·by < 1e-6): out[i] += curve − sx[i]·sy.
void lamina_shadow_corner_row(
    const double *across, long stride, long n, const double *e, long count, double density, const double *sx,
    double sy, const double *b, double by, double *out);

#endif
