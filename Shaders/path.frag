// path.frag: a shape layer's fill or stroke (Lamina's PathDraw): the exact
// area coverage Lamina computed on the CPU (PathDraw.coverage, the values
// LaminaCPU's PathStage blends), uploaded into a region of the coverage
// atlas, × colour × clips. Drawn for clipped paths and for those too large
// for the atlas (from a texture of their own); unclipped ones join the
// quad batch (batch.frag reads the same region). Variant: CLIPS.

uniform sampler2D uAtlas;
uniform vec4 uRegion;  // the region's first and last texel: x0, y0, x1, y1 (whole numbers)
uniform vec2 uOffset;  // target pixel − atlas texel (whole numbers)
uniform vec4 uColor;

void main() {
  ivec4 region = ivec4(uRegion);
  ivec2 texel = clamp(ivec2(floor(gl_FragCoord.xy)) - ivec2(uOffset), region.xy, region.zw);
  float cov = texelFetch(uAtlas, texel, 0).r;
#ifdef CLIPS
  cov *= clipCoverage(gl_FragCoord.xy);
#endif
  fragColor = uColor * cov;
}
