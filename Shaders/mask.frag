// mask.frag: a cached coverage mask (ShadowMaskCache: the exact output of
// shadow.frag's coverage for one shadow shape at one sub-pixel phase,
// stored as 32-bit floats) times a colour, for every shadow that shares
// the shape. The product is the same float the shadow shader would have
// written, so reuse is exact; the mask is offset by whole pixels.

out vec4 fragColor;

uniform sampler2D uMask;
uniform ivec2 uMaskOrigin;  // target pixel of the mask's texel (0, 0)
uniform vec4 uColor;

void main() {
  ivec2 texel = ivec2(floor(gl_FragCoord.xy)) - uMaskOrigin;
  texel = clamp(texel, ivec2(0), textureSize(uMask, 0) - 1);
  fragColor = uColor * texelFetch(uMask, texel, 0).r;
}
