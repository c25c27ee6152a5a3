// CLaminaImageRows: LaminaCPU's bilinear reads under a translate-and-scale
// (ImageStage.spanAxisAligned) eight pixels at a time with AVX2, chosen at
// run time like the span blend (CLaminaBlend.h says why a C target): the
// same texel reads, lerps and source-over as the Swift loop, in the same
// order (ImageFastPathTests draws both). A bilinear read is a lerp across
// two source rows, then down between them; each source row is lerped
// across once and kept for the output rows that read it (an output row
// under a magnification shares both with the row above).
#ifndef CLAMINAIMAGEROWS_H
#define CLAMINAIMAGEROWS_H

#include <stdint.h>

/// One source row lerped across, the first half of a bilinear read:
/// planes[ch·stride + i] = a + (b − a)·tx[i] for channel ch of the texels a
/// and b at byte offsets row + col0[i] and row + col1[i] of `texels`
/// (RGBA8, premultiplied, rows of `rowBytes`), each × 1/255, for i below ⌈count / 8⌉ × 8 (the
/// caller pads the column arrays and planes to that). Returns that count.
/// Call only when `lamina_blend_has_avx2()` is 1.
long lamina_image_axis_across8(
    float *planes, long stride, const uint8_t *texels, long row, long rowBytes, const int32_t *col0,
    const int32_t *col1, const float *tx, long count);

/// The second half: blends the first ⌊count / 8⌋ × 8 pixels of one row,
/// pixel i the colour upper + (lower − upper)·ty of each channel's plane
/// (as `lamina_image_axis_across8` wrote them), source-over with coverage
/// coverage[i] (× clip[i] when `clip` is not null) × `opacity` where that
/// is above 0. Returns the number of pixels done. Call only when
/// `lamina_blend_has_avx2()` is 1.
long lamina_image_axis_down8(
    uint8_t *dst, const float *upper, const float *lower, long stride, float ty, const float *coverage,
    const float *clip, long count, float opacity);

#endif
