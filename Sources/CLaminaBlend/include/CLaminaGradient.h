// CLaminaGradient: LaminaCPU's gradient rows (GradientStage) eight pixels
// at a time with AVX2, chosen at run time like the span blend
// (CLaminaBlend.h says why a C target). Every lane does the operations of
// `Gradient.Evaluator` for one pixel centre in the same order and the same
// precision as GradientRow.swift (IEEE operations are correctly rounded;
// no FMA: the function targets AVX2 alone and contraction is off), the
// conic's atan2 is the Cephes reduction of VectorAtan2.swift, and pixels
// are stored or blended exactly as GradientStage's Swift loop does: the
// same bytes (GradientFastPathTests draws both), groups that straddle a
// stop or hold edge pixels included (vector lanes, not scalar ones).
#ifndef CLAMINAGRADIENT_H
#define CLAMINAGRADIENT_H

#include <stdint.h>

/// A gradient ready for `lamina_gradient_row`: GradientRow's constants.
typedef struct LaminaGradientRow {
  /// The inverse homography (target pixels → local points), Homography.m's order.
  double m[9];
  /// Gradient.Evaluator's origin and vector.
  double ox, oy, vx, vy;
  /// `stops` locations (ascending) and straight colours (r, g, b, a each).
  const double *locations;
  const float *colors;
  long stops;
  /// 0 axial, 1 radial, 2 conic.
  int type;
  /// w is exactly 1 at every pixel; every stop is opaque; every component lies in 0…1.
  int affine, opaque, unit;
  /// Draw with the rows compiled for AVX-512 (gradient_wide.c: the same
  /// operations; the conic's t eight lanes a register). Set only where
  /// `lamina_gradient_has_avx512()`.
  int wide;
  /// The draw's opacity (0 < opacity ≤ 1).
  float opacity;
} LaminaGradientRow;

/// 1 when this CPU has AVX-512 F, DQ, VL and BW (LaminaGradientRow.wide may be set), else 0.
int lamina_gradient_has_avx512(void);

/// The conic's t (type 2) at the centres of pixels x0 ..< x0 + count of
/// row y into `ts`, as the rows compute it (conic_chunk8 where `wide`,
/// else conic_chunk); for tests that compare them bit for bit.
void lamina_gradient_conic_t(const LaminaGradientRow *g, long y, long x0, long count, double *ts);

/// Shades pixels x0 ..< x0 + count of row y and blends them onto `dst`
/// (RGBA8 of pixel x0): coverage k = coverage[i] (1 when `coverage` is
/// null: every pixel wholly inside; × clip[i] when `clip` is not null)
/// × opacity, source-over as `blendPixel`, pixels of k ≤ 0
/// or of no t (behind the viewer) left alone. Call only when
/// `lamina_blend_has_avx2()` is 1.
void lamina_gradient_row(
    const LaminaGradientRow *g, long y, long x0, long count, const float *coverage, const float *clip, uint8_t *dst);

/// GradientStage's tile region: rows y0 ..< y1, columns x0 ..< x1, less
/// the `count` rectangles of `skips` (x0, y0, x1, y1 each, inside the
/// region, in any order, overlapping or not: pixels later opaque draws
/// overwrite), each remaining span drawn by `lamina_gradient_row` from its
/// first to its last pixel of coverage (× clip) above 0. `coverage` and
/// `clip` are planes over the region (row-major, x1 − x0 wide; `coverage`
/// null: every pixel wholly inside, no clip); `pixels` is the target's
/// first pixel, `width` pixels a row. One call per region instead of one
/// per row (S5: ~53,000 rows a frame). Call only when
/// `lamina_blend_has_avx2()` is 1.
void lamina_gradient_region(
    const LaminaGradientRow *g, long x0, long y0, long x1, long y1, const long *skips, long count,
    const float *coverage, const float *clip, uint8_t *pixels, long width);

#endif
