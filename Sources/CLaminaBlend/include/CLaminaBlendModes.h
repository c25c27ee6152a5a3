// CLaminaBlendModes: LaminaCPU's blended composite (CompositeStage's
// `blendAligned`) eight pixels at a time with AVX2, chosen at run time like
// the span blend (CLaminaBlend.h says why a C target). Every lane does the
// operations of Lamina's `BlendMode.composite` (Shared/BlendMode.swift, the
// one definition) for one pixel, in the same order and precision (IEEE
// operations are correctly rounded; the intrinsics are explicit, so
// nothing is contracted into FMA), and the lanes whose backdrop is
// transparent take `blendPixel`'s source-over, as the Swift loop does: the
// same bytes (BlendKernelTests compares the two on random rows of every
// mode).
#ifndef CLAMINABLENDMODES_H
#define CLAMINABLENDMODES_H

#include <stdint.h>

/// Composites the `count` pixels of `src` (RGBA8, premultiplied) onto
/// `dst` under `mode` (`BlendMode.shaderIndex`): each source texel × the
/// alpha of `mask`'s texel (when not null) is scaled by `clip[i]` (when not
/// null) × `opacity` and composited as `CompositeStage.blendAligned` does.
/// Returns the number of pixels done: `count`, or 0 for an unknown mode.
/// Call only when `lamina_blend_has_avx2()` is 1.
long lamina_blend_mode_span8(
    uint8_t *dst, const uint8_t *src, const uint8_t *mask, const float *clip, long count, float opacity, int mode);

/// `lamina_blend_mode_span8` for a composite with no blend mode:
/// `blendPixel`'s source-over of each texel × mask alpha, scaled by
/// `clip[i]` × `opacity` (CompositeStage's `compositeAligned`, the same
/// bytes as its general loop). Returns the number of pixels done.
/// Call only when `lamina_blend_has_avx2()` is 1.
long lamina_composite_span8(
    uint8_t *dst, const uint8_t *src, const uint8_t *mask, const float *clip, long count, float opacity);

/// One premultiplied colour (`color`: r, g, b, a in 0…1) scaled per pixel
/// by k = `values[i]` (× `clip[i]` when not null), composited onto the
/// `count` pixels of `dst` under `mode` as `blendPixel(p, color, k, mode:)`
/// does where k > 0 (RoundedRectStage's blended shapes). Returns the number
/// of pixels done: `count`, or 0 for an unknown mode. Call only when
/// `lamina_blend_has_avx2()` is 1.
long lamina_blend_color_span8(
    uint8_t *dst, const float *values, const float *clip, long count, const float *color, int mode);

#endif
