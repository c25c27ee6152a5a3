// CLaminaImageRows: LaminaCPU's bilinear reads under a translate-and-scale
// (ImageStage.spanAxisAligned) eight pixels at a time with AVX2, chosen at
// run time like the span blend (CLaminaBlend.h says why a C target): the
// same texel reads, lerps and source-over as the Swift loop, in the same
// order (ImageFastPathTests draws both).
#ifndef CLAMINAIMAGEROWS_H
#define CLAMINAIMAGEROWS_H

#include <stdint.h>

/// Blends the first ⌊count / 8⌋ × 8 pixels of one row: pixel i reads the
/// texels at byte offsets row0 + col0[i], row0 + col1[i], row1 + col0[i]
/// and row1 + col1[i] of `texels` (RGBA8, premultiplied), lerps them by
/// tx[i] then `ty`, and blends the colour source-over with coverage
/// coverage[i] (× clip[i] when `clip` is not null) × `opacity` where that
/// is above 0. Returns the number of pixels done. Call only when
/// `lamina_blend_has_avx2()` is 1.
long lamina_image_axis_span8(
    uint8_t *dst, const uint8_t *texels, const int32_t *col0, const int32_t *col1, const float *tx, long row0,
    long row1, float ty, const float *coverage, const float *clip, long count, float opacity);

#endif
