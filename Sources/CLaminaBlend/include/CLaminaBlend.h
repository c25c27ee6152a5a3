// CLaminaBlend: LaminaCPU's span blend (Raster/SpanBlend.swift) eight
// pixels at a time with AVX2, chosen at run time. Swift's SIMD types
// compile to 128-bit SSE for the baseline x86-64 target, and a Swift
// package cannot raise its target CPU without unsafe flags (which would
// forbid depending on Lamina); a C function may carry its own target
// attribute. The arithmetic is the same Float operations in the same
// order as `blendPixel` (no FMA: the function targets AVX2 alone), so every
// byte equals the scalar result; SpanBlendTests checks it.
#ifndef CLAMINABLEND_H
#define CLAMINABLEND_H

#include <stdint.h>

#include "CLaminaGradient.h"
#include "CLaminaBlendModes.h"
#include "CLaminaImageRows.h"

/// 1 when this CPU runs `lamina_blend_span8`, else 0.
int lamina_blend_has_avx2(void);

/// Blends `color` (r, g, b, a) × k onto the first ⌊count / 8⌋ × 8 pixels
/// of `dst` (RGBA8, memory order), k = values[i] (× clip[i] when `clip` is
/// not null), exactly as `blendPixel` does per pixel. `solid` is the packed
/// colour and `opaque` is nonzero when the colour's alpha is 1 (pixels of
/// k ≥ 1 then take `solid`). Returns the number of pixels done. Call only
/// when `lamina_blend_has_avx2()` is 1.
long lamina_blend_span8(
    uint8_t *dst, const float *values, const float *clip, long count, const float color[4], uint32_t solid,
    int opaque);

/// `lamina_blend_span8` without a clip, for a destination that is mostly
/// one colour: where eight pixels in a row all equal `backdrop`, their
/// result is read from `preblended` (the same blend of the same values
/// over `backdrop`, computed in advance) instead of being computed.
long lamina_blend_span8_preblended(
    uint8_t *dst, const float *values, long count, const float color[4], uint32_t solid, int opaque,
    const uint32_t *preblended, uint32_t backdrop);

#endif
