// CLaminaGradient: LaminaCPU's gradient rows (GradientStage) eight pixels
// at a time with AVX2, chosen at run time like the span blend
// (CLaminaBlend.h says why a C target). Every lane does the operations of
// `Gradient.Evaluator` for one pixel centre in the same order and the same
// precision as GradientRow.swift (IEEE operations are correctly rounded;
// no FMA: the function targets AVX2 alone and contraction is off), the
// conic's atan2 is the Cephes reduction of VectorAtan2.swift, and pixels
// are stored or blended exactly as GradientStage's Swift loop does: the
// same bytes (GradientFastPathTests draws both).
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
  /// The draw's opacity (0 < opacity ≤ 1).
  float opacity;
} LaminaGradientRow;

/// Shades pixels x0 ..< x0 + count of row y and blends them onto `dst`
/// (RGBA8 of pixel x0): coverage k = coverage[i] (1 when `coverage` is
/// null: every pixel wholly inside; × clip[i] when `clip` is not null)
/// × opacity, source-over as `blendPixel`, pixels of k ≤ 0
/// or of no t (behind the viewer) left alone. Call only when
/// `lamina_blend_has_avx2()` is 1.
void lamina_gradient_row(
    const LaminaGradientRow *g, long y, long x0, long count, const float *coverage, const float *clip, uint8_t *dst);

#endif
