// composite.frag: another surface drawn into this one. A target pixel maps
// back to source pixels; NEAREST reads the texel under it (pixel-aligned
// copies reproduce the source exactly), else textureLod with λ from the
// Jacobian as image.frag. MASK multiplies by the mask surface's alpha at
// the same source point. SHADOW draws a blurred copy of the source alpha
// (from blur.frag, possibly at a reduced resolution) under the content, at
// the source point minus the offset, tinted, within SHADOW_CLIP if set;
// SHADOW_ONLY drops the content. Then × opacity × clips, with the source
// rectangle's edges anti-aliased. BLEND composites that with a copy of
// the target's pixels by the draw's compositing filter (blend.glsl), and
// the draw replaces the target's pixels. Variants: NEAREST, MASK, SHADOW,
// SHADOW_ONLY, SHADOW_CLIP, CLIPS, BLEND.

uniform mat3 uInverse;
uniform sampler2D uSource;
uniform vec2 uSourceSize;
uniform float uBias;
uniform float uOpacity;
#ifdef MASK
uniform sampler2D uMask;
#endif
#ifdef SHADOW
uniform sampler2D uShadow;
uniform vec2 uShadowOffset;
uniform vec2 uShadowScale;   // source pixels → blurred texture coordinates
uniform vec4 uShadowColor;
#endif
#ifdef SHADOW_CLIP
uniform mat3 uShadowClipInverse; // source pixels → clip-local
uniform vec4 uShadowClipRect;
uniform vec4 uShadowClipRadii;
uniform float uShadowClipContinuous;
#endif

vec4 sampleSurface(sampler2D surface, Local l) {
#ifdef NEAREST
  ivec2 texel = clamp(ivec2(floor(l.p)), ivec2(0), ivec2(uSourceSize) - 1);
  return texelFetch(surface, texel, 0);
#else
  float rho = max(length(l.dx), length(l.dy));
  return textureLod(surface, l.p / uSourceSize, log2(max(rho, 1e-20)) + uBias);
#endif
}

void main() {
  Local l;
  if (!localPoint(uInverse, gl_FragCoord.xy, l)) discard;
  vec4 colour = vec4(0.0);
#ifndef SHADOW_ONLY
  colour = sampleSurface(uSource, l);
#endif
#ifdef SHADOW
  float s = texture(uShadow, (l.p - uShadowOffset) * uShadowScale).r;
#ifdef SHADOW_CLIP
  Local c;
  if (localPoint(uShadowClipInverse, l.p, c)) {
    // Chain the clip's Jacobian (per source pixel) with the source's (per target pixel).
    Local t = affineLocal(c.p, c.dx * l.dx.x + c.dy * l.dx.y, c.dx * l.dy.x + c.dy * l.dy.y);
    s *= roundedRectCoverage(t, uShadowClipRect, uShadowClipRadii, uShadowClipContinuous > 0.5);
  } else {
    s = 0.0;
  }
#endif
  colour += uShadowColor * s * (1.0 - colour.a);
#endif
#ifdef MASK
  colour *= sampleSurface(uMask, l).a;
#endif
  float cov = rectCoverage(l, vec4(0.0, 0.0, uSourceSize)) * uOpacity;
#ifdef CLIPS
  cov *= clipCoverage(gl_FragCoord.xy);
#endif
#ifdef BLEND
  vec4 backdrop = texelFetch(uBackdrop, ivec2(gl_FragCoord.xy) - uBackdropOrigin, 0);
  fragColor = blendComposite(colour * cov, backdrop);
#else
  fragColor = colour * cov;
#endif
}
