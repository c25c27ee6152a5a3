// batch.frag: one instance of a QuadBatch. A cached coverage from the mask
// atlas (CoverageMaskCache: the exact float shape.frag or shadow.frag
// computed) times the instance's colour, as mask.frag does for one draw;
// solid cells read the atlas's texel of 1. SOLID: the colour alone (a
// batch of solid cells only).

flat in vec4 vColor;
flat in ivec4 vRegion;
flat in ivec2 vOffset;

out vec4 fragColor;

uniform sampler2D uAtlas;

void main() {
#ifdef SOLID
  fragColor = vColor;
#else
  ivec2 texel = clamp(ivec2(floor(gl_FragCoord.xy)) - vOffset, vRegion.xy, vRegion.zw);
  fragColor = vColor * texelFetch(uAtlas, texel, 0).r;
#endif
}
