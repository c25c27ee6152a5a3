// See include/CLaminaBlendModes.h. Each helper is the Swift function of the
// same name in Shared/BlendMode.swift on eight lanes, its operations in the
// Swift expression's order. Swift's `min(x, y)` is `y < x ? y : x`, which
// is `_mm256_min_ps(y, x)`; its `max(x, y)` is `y >= x ? y : x`, which is
// `_mm256_max_ps(x, y)` (the same value for every pair, the sign of a zero
// included). A branch of the Swift code is both arms and a select here.
#include "CLaminaBlendModes.h"
#include "CLaminaBlend.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

#include "source_over8.h"

#define TARGET __attribute__((target("avx2")))

typedef struct { __m256 r, g, b; } rgb8;

TARGET static inline __m256 smin(__m256 x, __m256 y) { return _mm256_min_ps(y, x); }
TARGET static inline __m256 smax(__m256 x, __m256 y) { return _mm256_max_ps(x, y); }
TARGET static inline __m256 set1(float v) { return _mm256_set1_ps(v); }
TARGET static inline __m256 sel(__m256 mask, __m256 yes, __m256 no) { return _mm256_blendv_ps(no, yes, mask); }

// BlendMode.hardLight
TARGET static inline __m256 hard_light(__m256 cb, __m256 cs) {
  __m256 low = _mm256_mul_ps(cb, _mm256_mul_ps(set1(2), cs));
  __m256 s = _mm256_sub_ps(_mm256_mul_ps(set1(2), cs), set1(1));
  __m256 high = _mm256_sub_ps(_mm256_add_ps(cb, s), _mm256_mul_ps(cb, s));
  return sel(_mm256_cmp_ps(cs, set1(0.5f), _CMP_LE_OQ), low, high);
}

// BlendMode.colorDodge
TARGET static inline __m256 color_dodge(__m256 cb, __m256 cs) {
  __m256 q = smin(set1(1), _mm256_div_ps(cb, _mm256_sub_ps(set1(1), cs)));
  q = sel(_mm256_cmp_ps(cs, set1(1), _CMP_GE_OQ), set1(1), q);
  return sel(_mm256_cmp_ps(cb, _mm256_setzero_ps(), _CMP_EQ_OQ), _mm256_setzero_ps(), q);
}

// BlendMode.colorBurn
TARGET static inline __m256 color_burn(__m256 cb, __m256 cs) {
  __m256 q = _mm256_sub_ps(set1(1), smin(set1(1), _mm256_div_ps(_mm256_sub_ps(set1(1), cb), cs)));
  q = sel(_mm256_cmp_ps(cs, _mm256_setzero_ps(), _CMP_LE_OQ), _mm256_setzero_ps(), q);
  return sel(_mm256_cmp_ps(cb, set1(1), _CMP_GE_OQ), set1(1), q);
}

// BlendMode.softLight
TARGET static inline __m256 soft_light(__m256 cb, __m256 cs) {
  __m256 one = set1(1);
  __m256 low = _mm256_sub_ps(
      cb, _mm256_mul_ps(_mm256_mul_ps(_mm256_sub_ps(one, _mm256_mul_ps(set1(2), cs)), cb), _mm256_sub_ps(one, cb)));
  __m256 poly = _mm256_mul_ps(
      _mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(_mm256_mul_ps(set1(16), cb), set1(12)), cb), set1(4)), cb);
  __m256 d = sel(_mm256_cmp_ps(cb, set1(0.25f), _CMP_LE_OQ), poly, _mm256_sqrt_ps(cb));
  __m256 high = _mm256_add_ps(cb, _mm256_mul_ps(_mm256_sub_ps(_mm256_mul_ps(set1(2), cs), one), _mm256_sub_ps(d, cb)));
  return sel(_mm256_cmp_ps(cs, set1(0.5f), _CMP_LE_OQ), low, high);
}

// One channel of a separable mode (BlendMode.blended's cases).
TARGET static inline __attribute__((always_inline)) __m256 separable(int mode, __m256 cb, __m256 cs) {
  switch (mode) {
  case 1: return _mm256_mul_ps(cb, cs);
  case 2: return _mm256_sub_ps(_mm256_add_ps(cb, cs), _mm256_mul_ps(cb, cs));
  case 3: return hard_light(cs, cb);
  case 4: return smin(cb, cs);
  case 5: return smax(cb, cs);
  case 6: return color_dodge(cb, cs);
  case 7: return color_burn(cb, cs);
  case 8: return hard_light(cb, cs);
  case 9: return soft_light(cb, cs);
  case 10: return _mm256_andnot_ps(set1(-0.0f), _mm256_sub_ps(cb, cs));
  case 11: return _mm256_sub_ps(_mm256_add_ps(cb, cs), _mm256_mul_ps(_mm256_mul_ps(set1(2), cb), cs));
  default: return cs;
  }
}

// BlendMode.lum
TARGET static inline __m256 lum(rgb8 c) {
  return _mm256_add_ps(
      _mm256_add_ps(_mm256_mul_ps(set1(0.3f), c.r), _mm256_mul_ps(set1(0.59f), c.g)), _mm256_mul_ps(set1(0.11f), c.b));
}

TARGET static inline __m256 min3(rgb8 c) { return smin(c.r, smin(c.g, c.b)); }
TARGET static inline __m256 max3(rgb8 c) { return smax(c.r, smax(c.g, c.b)); }

// l + (c − l) · f, each channel
TARGET static inline rgb8 toward(rgb8 c, __m256 l, __m256 f) {
  rgb8 o = {_mm256_add_ps(l, _mm256_mul_ps(_mm256_sub_ps(c.r, l), f)),
            _mm256_add_ps(l, _mm256_mul_ps(_mm256_sub_ps(c.g, l), f)),
            _mm256_add_ps(l, _mm256_mul_ps(_mm256_sub_ps(c.b, l), f))};
  return o;
}

TARGET static inline rgb8 sel3(__m256 mask, rgb8 yes, rgb8 no) {
  rgb8 o = {sel(mask, yes.r, no.r), sel(mask, yes.g, no.g), sel(mask, yes.b, no.b)};
  return o;
}

// BlendMode.clipColor
TARGET static inline rgb8 clip_color(rgb8 c) {
  __m256 l = lum(c), n = min3(c), x = max3(c);
  c = sel3(_mm256_cmp_ps(n, _mm256_setzero_ps(), _CMP_LT_OQ), toward(c, l, _mm256_div_ps(l, _mm256_sub_ps(l, n))), c);
  __m256 f = _mm256_div_ps(_mm256_sub_ps(set1(1), l), _mm256_sub_ps(x, l));
  return sel3(_mm256_cmp_ps(x, set1(1), _CMP_GT_OQ), toward(c, l, f), c);
}

// BlendMode.setLum
TARGET static inline rgb8 set_lum(rgb8 c, __m256 l) {
  __m256 d = _mm256_sub_ps(l, lum(c));
  rgb8 o = {_mm256_add_ps(c.r, d), _mm256_add_ps(c.g, d), _mm256_add_ps(c.b, d)};
  return clip_color(o);
}

// BlendMode.sat
TARGET static inline __m256 sat(rgb8 c) { return _mm256_sub_ps(max3(c), min3(c)); }

// BlendMode.setSat
TARGET static inline rgb8 set_sat(rgb8 c, __m256 s) {
  __m256 n = min3(c), x = max3(c);
  __m256 f = _mm256_div_ps(s, _mm256_sub_ps(x, n));
  __m256 spread = _mm256_cmp_ps(x, n, _CMP_GT_OQ);
  rgb8 o = {_mm256_and_ps(spread, _mm256_mul_ps(_mm256_sub_ps(c.r, n), f)),
            _mm256_and_ps(spread, _mm256_mul_ps(_mm256_sub_ps(c.g, n), f)),
            _mm256_and_ps(spread, _mm256_mul_ps(_mm256_sub_ps(c.b, n), f))};
  return o;
}

// BlendMode.blended
TARGET static inline __attribute__((always_inline)) rgb8 blended(int mode, rgb8 cb, rgb8 cs) {
  switch (mode) {
  case 12: return set_lum(set_sat(cs, sat(cb)), lum(cb));
  case 13: return set_lum(set_sat(cb, sat(cs)), lum(cb));
  case 14: return set_lum(cs, lum(cb));
  case 15: return set_lum(cb, lum(cs));
  default: {
    rgb8 o = {separable(mode, cb.r, cs.r), separable(mode, cb.g, cs.g), separable(mode, cb.b, cs.b)};
    return o;
  }
  }
}

// BlendMode.unit
TARGET static inline __m256 unit(__m256 v) { return smin(smax(v, _mm256_setzero_ps()), set1(1)); }

// Eight pixels of blendAligned: the composite under `mode`, or where the
// backdrop is transparent blendPixel's source-over; lanes with k ≤ 0 or a
// source of alpha 0 keep their pixel.
// The source is the premultiplied colour (cr, cg, cbl, ca), scaled by k × opacity.
TARGET static inline __attribute__((always_inline)) __m256i blend8f(
    __m256i d, __m256 cr, __m256 cg, __m256 cbl, __m256 ca, __m256 k, float opacity, int mode) {
  const __m256 inv255 = set1(1.0f / 255.0f), one = set1(1), zero = _mm256_setzero_ps();
  __m256 kk = _mm256_mul_ps(k, set1(opacity));
  __m256 dr = lamina_channel8(d, 0), dg = lamina_channel8(d, 8), db = lamina_channel8(d, 16), da = lamina_channel8(d, 24);
  __m256 keep = _mm256_cmp_ps(k, zero, _CMP_LE_OQ);  // also NaN: guard k > 0 fails
  keep = _mm256_or_ps(keep, _mm256_cmp_ps(k, k, _CMP_UNORD_Q));
  __m256 clear = _mm256_cmp_ps(da, zero, _CMP_EQ_OQ);

  // blendPixel(p, color, kk) over a transparent backdrop (where there is one).
  __m256i over = _mm256_testz_ps(clear, clear) ? d : lamina_source_over8(d, cr, cg, cbl, ca, kk);

  // BlendMode.composite over an opaque-or-translucent backdrop.
  __m256i blended_pixels;
  {
    __m256 sr = _mm256_mul_ps(cr, kk), sg = _mm256_mul_ps(cg, kk), sb = _mm256_mul_ps(cbl, kk), as = _mm256_mul_ps(ca, kk);
    __m256 br = _mm256_mul_ps(dr, inv255), bg = _mm256_mul_ps(dg, inv255), bb = _mm256_mul_ps(db, inv255);
    __m256 ab = _mm256_mul_ps(da, inv255);
    __m256 nb = _mm256_sub_ps(one, ab), ns = _mm256_sub_ps(one, as);
    __m256 or_, og, ob, oa;
    if (mode == 16) {
      or_ = _mm256_add_ps(_mm256_mul_ps(sr, nb), _mm256_mul_ps(br, ns));
      og = _mm256_add_ps(_mm256_mul_ps(sg, nb), _mm256_mul_ps(bg, ns));
      ob = _mm256_add_ps(_mm256_mul_ps(sb, nb), _mm256_mul_ps(bb, ns));
      oa = _mm256_add_ps(_mm256_mul_ps(as, nb), _mm256_mul_ps(ab, ns));
    } else {
      oa = _mm256_sub_ps(_mm256_add_ps(as, ab), _mm256_mul_ps(as, ab));
      // x / 1 is x: where every lane is opaque the division is left out.
      rgb8 cb = {br, bg, bb}, cs = {sr, sg, sb};
      if (_mm256_movemask_ps(_mm256_cmp_ps(ab, one, _CMP_EQ_OQ)) != 0xFF) {
        cb.r = _mm256_div_ps(br, ab); cb.g = _mm256_div_ps(bg, ab); cb.b = _mm256_div_ps(bb, ab);
      }
      if (_mm256_movemask_ps(_mm256_cmp_ps(as, one, _CMP_EQ_OQ)) != 0xFF) {
        cs.r = _mm256_div_ps(sr, as); cs.g = _mm256_div_ps(sg, as); cs.b = _mm256_div_ps(sb, as);
      }
      cb.r = unit(cb.r); cb.g = unit(cb.g); cb.b = unit(cb.b);
      cs.r = unit(cs.r); cs.g = unit(cs.g); cs.b = unit(cs.b);
      rgb8 mx = blended(mode, cb, cs);
      __m256 both = _mm256_mul_ps(as, ab);
      or_ = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(sr, nb), _mm256_mul_ps(br, ns)), _mm256_mul_ps(both, mx.r));
      og = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(sg, nb), _mm256_mul_ps(bg, ns)), _mm256_mul_ps(both, mx.g));
      ob = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(sb, nb), _mm256_mul_ps(bb, ns)), _mm256_mul_ps(both, mx.b));
    }
    blended_pixels = _mm256_or_si256(
        _mm256_or_si256(lamina_quantize8(or_, 0), lamina_quantize8(og, 8)), _mm256_or_si256(lamina_quantize8(ob, 16), lamina_quantize8(oa, 24)));
    // guard s.w > 0
    __m256 none = _mm256_cmp_ps(as, zero, _CMP_LE_OQ);
    blended_pixels = _mm256_castps_si256(sel(none, _mm256_castsi256_ps(d), _mm256_castsi256_ps(blended_pixels)));
  }

  __m256i out = _mm256_castps_si256(sel(clear, _mm256_castsi256_ps(over), _mm256_castsi256_ps(blended_pixels)));
  return _mm256_castps_si256(sel(keep, _mm256_castsi256_ps(d), _mm256_castsi256_ps(out)));
}

// blend8f of eight texels of `src` (RGBA8, premultiplied) × the mask alpha `m`.
TARGET static inline __attribute__((always_inline)) __m256i blend8(__m256i d, __m256i src, __m256 m, __m256 k, float opacity, int mode) {
  const __m256 inv255 = set1(1.0f / 255.0f);
  __m256 cr = _mm256_mul_ps(lamina_channel8(src, 0), inv255), cg = _mm256_mul_ps(lamina_channel8(src, 8), inv255);
  __m256 cbl = _mm256_mul_ps(lamina_channel8(src, 16), inv255), ca = _mm256_mul_ps(lamina_channel8(src, 24), inv255);
  cr = _mm256_mul_ps(cr, m); cg = _mm256_mul_ps(cg, m); cbl = _mm256_mul_ps(cbl, m); ca = _mm256_mul_ps(ca, m);
  return blend8f(d, cr, cg, cbl, ca, k, opacity, mode);
}

// Eight pixels of `src`, `mask` and `clip` at `i` (k = 1 without a clip).
#define BLEND_STEP(MODE)                                                                               \
  do {                                                                                                 \
    __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i * 4));                                    \
    __m256i s = _mm256_loadu_si256((const __m256i *)(src + i * 4));                                    \
    __m256 m = set1(1);                                                                                \
    if (mask) m = _mm256_mul_ps(lamina_channel8(_mm256_loadu_si256((const __m256i *)(mask + i * 4)), 24), inv255); \
    __m256 k = clip ? _mm256_loadu_ps(clip + i) : set1(1);                                             \
    _mm256_storeu_si256((__m256i *)(dst + i * 4), blend8(d, s, m, k, opacity, MODE));                  \
  } while (0)

// The span under one mode, a constant: blend8's switch folds away.
// Whole groups of eight in place; the last 1…7 pixels through copies
// padded with k = 0 lanes (which keep their pixel), so no pixel of a row
// falls to the Swift loop.
#define BLEND_SPAN(MODE)                                                                                \
  TARGET static long blend_span_##MODE(                                                                 \
      uint8_t *dst, const uint8_t *src, const uint8_t *mask, const float *clip, long count, float opacity) { \
    const __m256 inv255 = set1(1.0f / 255.0f);                                                          \
    long i = 0;                                                                                         \
    for (; i + 8 <= count; i += 8) BLEND_STEP(MODE);                                                    \
    long n = count - i;                                                                                 \
    if (n > 0) {                                                                                        \
      uint8_t d8[32] = {0}, s8[32] = {0}, m8[32] = {0};                                                 \
      float k8[8] = {0};                                                                                \
      memcpy(d8, dst + i * 4, (size_t)n * 4);                                                           \
      memcpy(s8, src + i * 4, (size_t)n * 4);                                                           \
      if (mask) memcpy(m8, mask + i * 4, (size_t)n * 4);                                                \
      for (long j = 0; j < n; j++) k8[j] = clip ? clip[i + j] : 1.0f;                                   \
      __m256 m = set1(1);                                                                               \
      if (mask) m = _mm256_mul_ps(lamina_channel8(_mm256_loadu_si256((const __m256i *)m8), 24), inv255); \
      __m256i out = blend8(_mm256_loadu_si256((const __m256i *)d8), _mm256_loadu_si256((const __m256i *)s8), m, \
                           _mm256_loadu_ps(k8), opacity, MODE);                                         \
      _mm256_storeu_si256((__m256i *)d8, out);                                                          \
      memcpy(dst + i * 4, d8, (size_t)n * 4);                                                           \
    }                                                                                                   \
    return count;                                                                                       \
  }

BLEND_SPAN(0) BLEND_SPAN(1) BLEND_SPAN(2) BLEND_SPAN(3) BLEND_SPAN(4) BLEND_SPAN(5) BLEND_SPAN(6) BLEND_SPAN(7)
BLEND_SPAN(8) BLEND_SPAN(9) BLEND_SPAN(10) BLEND_SPAN(11) BLEND_SPAN(12) BLEND_SPAN(13) BLEND_SPAN(14)
BLEND_SPAN(15) BLEND_SPAN(16)

// One premultiplied colour × values[i] (× clip[i]) under one mode, a
// constant: RoundedRectStage's blended rows (blendPixel with the mode, for
// k = values[i] × clip[i] > 0). Whole groups of eight in place, the last
// 1…7 pixels through copies padded with k = 0 lanes.
#define BLEND_COLOR_SPAN(MODE)                                                                          \
  TARGET static long blend_color_span_##MODE(                                                           \
      uint8_t *dst, const float *values, const float *clip, long count, const float *color) {           \
    const __m256 r = set1(color[0]), g = set1(color[1]), b = set1(color[2]), a = set1(color[3]);        \
    long i = 0;                                                                                         \
    for (; i + 8 <= count; i += 8) {                                                                    \
      __m256 k = _mm256_loadu_ps(values + i);                                                           \
      if (clip) k = _mm256_mul_ps(k, _mm256_loadu_ps(clip + i));                                        \
      __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i * 4));                                   \
      _mm256_storeu_si256((__m256i *)(dst + i * 4), blend8f(d, r, g, b, a, k, 1.0f, MODE));              \
    }                                                                                                   \
    long n = count - i;                                                                                 \
    if (n > 0) {                                                                                        \
      uint8_t d8[32] = {0};                                                                             \
      float k8[8] = {0};                                                                                \
      memcpy(d8, dst + i * 4, (size_t)n * 4);                                                           \
      for (long j = 0; j < n; j++) k8[j] = clip ? values[i + j] * clip[i + j] : values[i + j];          \
      __m256i out = blend8f(_mm256_loadu_si256((const __m256i *)d8), r, g, b, a, _mm256_loadu_ps(k8), 1.0f, MODE); \
      _mm256_storeu_si256((__m256i *)d8, out);                                                          \
      memcpy(dst + i * 4, d8, (size_t)n * 4);                                                           \
    }                                                                                                   \
    return count;                                                                                       \
  }

BLEND_COLOR_SPAN(0) BLEND_COLOR_SPAN(1) BLEND_COLOR_SPAN(2) BLEND_COLOR_SPAN(3) BLEND_COLOR_SPAN(4)
BLEND_COLOR_SPAN(5) BLEND_COLOR_SPAN(6) BLEND_COLOR_SPAN(7) BLEND_COLOR_SPAN(8) BLEND_COLOR_SPAN(9)
BLEND_COLOR_SPAN(10) BLEND_COLOR_SPAN(11) BLEND_COLOR_SPAN(12) BLEND_COLOR_SPAN(13) BLEND_COLOR_SPAN(14)
BLEND_COLOR_SPAN(15) BLEND_COLOR_SPAN(16)

typedef long (*blend_color_span_fn)(uint8_t *, const float *, const float *, long, const float *);

static const blend_color_span_fn blend_color_spans[17] = {
    blend_color_span_0, blend_color_span_1, blend_color_span_2, blend_color_span_3, blend_color_span_4,
    blend_color_span_5, blend_color_span_6, blend_color_span_7, blend_color_span_8, blend_color_span_9,
    blend_color_span_10, blend_color_span_11, blend_color_span_12, blend_color_span_13, blend_color_span_14,
    blend_color_span_15, blend_color_span_16};

TARGET long lamina_blend_color_span8(
    uint8_t *dst, const float *values, const float *clip, long count, const float *color, int mode) {
  if (mode < 0 || mode > 16) return 0;
  return blend_color_spans[mode](dst, values, clip, count, color);
}

typedef long (*blend_span_fn)(uint8_t *, const uint8_t *, const uint8_t *, const float *, long, float);

static const blend_span_fn blend_spans[17] = {
    blend_span_0, blend_span_1, blend_span_2, blend_span_3, blend_span_4, blend_span_5,
    blend_span_6, blend_span_7, blend_span_8, blend_span_9, blend_span_10, blend_span_11,
    blend_span_12, blend_span_13, blend_span_14, blend_span_15, blend_span_16};

TARGET long lamina_blend_mode_span8(
    uint8_t *dst, const uint8_t *src, const uint8_t *mask, const float *clip, long count, float opacity, int mode) {
  if (mode < 0 || mode > 16) return 0;
  return blend_spans[mode](dst, src, mask, clip, count, opacity);
}

// Eight pixels of CompositeStage.compositeAligned: blendPixel's
// source-over of each texel × mask alpha, scaled by clip × opacity.
TARGET long lamina_composite_span8(
    uint8_t *dst, const uint8_t *src, const uint8_t *mask, const float *clip, long count, float opacity) {
  const __m256 inv255 = set1(1.0f / 255.0f);
  long i = 0;
  const __m256i alphaBytes = _mm256_set1_epi32((int)0xFF000000);
  for (; i + 8 <= count; i += 8) {
    __m256i s = _mm256_loadu_si256((const __m256i *)(src + i * 4));
    // Eight transparent texels leave their pixels as they are (each lane
    // of lamina_source_over8 would skip): the empty parts of a group.
    if (_mm256_testz_si256(s, alphaBytes)) continue;
    __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i * 4));
    __m256 cr = _mm256_mul_ps(lamina_channel8(s, 0), inv255), cg = _mm256_mul_ps(lamina_channel8(s, 8), inv255);
    __m256 cb = _mm256_mul_ps(lamina_channel8(s, 16), inv255), ca = _mm256_mul_ps(lamina_channel8(s, 24), inv255);
    if (mask) {
      __m256 m = _mm256_mul_ps(lamina_channel8(_mm256_loadu_si256((const __m256i *)(mask + i * 4)), 24), inv255);
      cr = _mm256_mul_ps(cr, m); cg = _mm256_mul_ps(cg, m); cb = _mm256_mul_ps(cb, m); ca = _mm256_mul_ps(ca, m);
    }
    __m256 k = clip ? _mm256_loadu_ps(clip + i) : set1(1);
    __m256 kk = _mm256_mul_ps(k, set1(opacity));
    // Every lane skipped by lamina_source_over8's own test (outside a mask):
    // nothing to store.
    __m256 skip = _mm256_cmp_ps(_mm256_mul_ps(_mm256_mul_ps(ca, kk), set1(255)), set1(0.5f), _CMP_LT_OQ);
    if (_mm256_movemask_ps(skip) == 0xFF) continue;
    _mm256_storeu_si256((__m256i *)(dst + i * 4), lamina_source_over8(d, cr, cg, cb, ca, kk));
  }
  return i;
}

#else

long lamina_composite_span8(
    uint8_t *dst, const uint8_t *src, const uint8_t *mask, const float *clip, long count, float opacity) {
  (void)dst; (void)src; (void)mask; (void)clip; (void)count; (void)opacity;
  return 0;
}

long lamina_blend_mode_span8(
    uint8_t *dst, const uint8_t *src, const uint8_t *mask, const float *clip, long count, float opacity, int mode) {
  (void)dst; (void)src; (void)mask; (void)clip; (void)count; (void)opacity; (void)mode;
  return 0;
}

long lamina_blend_color_span8(
    uint8_t *dst, const float *values, const float *clip, long count, const float *color, int mode) {
  (void)dst; (void)values; (void)clip; (void)count; (void)color; (void)mode;
  return 0;
}

#endif
