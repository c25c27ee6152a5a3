// blend.glsl: compositingFilter's formulas for composite.frag's BLEND
// variant, line for line as Lamina's BlendMode.swift writes them (the one
// definition; LaminaCPU calls that): W3C Compositing and Blending Level 1,
// the separable modes per channel on un-premultiplied colour, the four
// non-separable ones through Lum, Sat, SetLum, SetSat and ClipColor, and
// the result composited by the spec's general formula on premultiplied
// values; `xor` is Porter-Duff XOR. The BLEND_* numbers are defined by
// ShaderSource from BlendMode.allCases.
//
// The backdrop is a copy of the target's pixels under the draw
// (uBackdrop, its texel (0, 0) at target pixel uBackdropOrigin), made by
// CompositePass just before; the draw replaces the target's pixels with
// the composite. Rejected: KHR_blend_equation_advanced alone (llvmpipe
// and many GLES drivers lack it, and it has no XOR).

uniform sampler2D uBackdrop;
uniform ivec2 uBackdropOrigin;
uniform int uBlendMode;

float hardLight(float cb, float cs) {
  if (cs <= 0.5) return cb * (2.0 * cs);
  float s = 2.0 * cs - 1.0;
  return cb + s - cb * s;
}

float blendChannel(int mode, float cb, float cs) {
  switch (mode) {
  case BLEND_MULTIPLY: return cb * cs;
  case BLEND_SCREEN: return cb + cs - cb * cs;
  case BLEND_OVERLAY: return hardLight(cs, cb);
  case BLEND_DARKEN: return min(cb, cs);
  case BLEND_LIGHTEN: return max(cb, cs);
  case BLEND_COLOR_DODGE:
    if (cb == 0.0) return 0.0;
    if (cs >= 1.0) return 1.0;
    return min(1.0, cb / (1.0 - cs));
  case BLEND_COLOR_BURN:
    if (cb >= 1.0) return 1.0;
    if (cs <= 0.0) return 0.0;
    return 1.0 - min(1.0, (1.0 - cb) / cs);
  case BLEND_HARD_LIGHT: return hardLight(cb, cs);
  case BLEND_SOFT_LIGHT: {
    if (cs <= 0.5) return cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
    float d = cb <= 0.25 ? ((16.0 * cb - 12.0) * cb + 4.0) * cb : sqrt(cb);
    return cb + (2.0 * cs - 1.0) * (d - cb);
  }
  case BLEND_DIFFERENCE: return abs(cb - cs);
  case BLEND_EXCLUSION: return cb + cs - 2.0 * cb * cs;
  default: return cs;
  }
}

float blendLum(vec3 c) { return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b; }

vec3 blendClipColor(vec3 c) {
  float l = blendLum(c);
  float n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
  if (n < 0.0) c = vec3(l) + (c - vec3(l)) * (l / (l - n));
  if (x > 1.0) c = vec3(l) + (c - vec3(l)) * ((1.0 - l) / (x - l));
  return c;
}

vec3 blendSetLum(vec3 c, float l) { return blendClipColor(c + vec3(l - blendLum(c))); }

float blendSat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }

vec3 blendSetSat(vec3 c, float s) {
  float n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
  if (!(x > n)) return vec3(0.0);
  return (c - vec3(n)) * (s / (x - n));
}

vec3 blended(int mode, vec3 cb, vec3 cs) {
  switch (mode) {
  case BLEND_HUE: return blendSetLum(blendSetSat(cs, blendSat(cb)), blendLum(cb));
  case BLEND_SATURATION: return blendSetLum(blendSetSat(cb, blendSat(cs)), blendLum(cb));
  case BLEND_COLOR: return blendSetLum(cs, blendLum(cb));
  case BLEND_LUMINOSITY: return blendSetLum(cb, blendLum(cs));
  default:
    return vec3(blendChannel(mode, cb.r, cs.r), blendChannel(mode, cb.g, cs.g), blendChannel(mode, cb.b, cs.b));
  }
}

// The premultiplied source `s` composited over the premultiplied backdrop
// `b` under uBlendMode (BlendMode.composite).
vec4 blendComposite(vec4 s, vec4 b) {
  float as = s.a, ab = b.a;
  if (!(as > 0.0)) return b;
  if (uBlendMode == BLEND_XOR) {
    return vec4(s.rgb * (1.0 - ab) + b.rgb * (1.0 - as), as * (1.0 - ab) + ab * (1.0 - as));
  }
  float a = as + ab - as * ab;
  if (ab <= 0.0) return vec4(s.rgb, a);
  vec3 cb = clamp(b.rgb / ab, 0.0, 1.0);
  vec3 cs = clamp(s.rgb / as, 0.0, 1.0);
  vec3 mixed = blended(uBlendMode, cb, cs);
  return vec4(s.rgb * (1.0 - ab) + b.rgb * (1.0 - as) + (as * ab) * mixed, a);
}
