// batch.frag: one instance of a QuadBatch. A cached stack of up to 3
// coverage weights from the coverage atlas (CoverageAtlas: the exact
// floats rounded_rect.frag or shadow.frag computed, weighed by the layers above)
// times the instance's colours: the layers blended one over the other.
// Solid cells read the atlas's texel (1, 0, 0, 1). SOLID: the bottom colour
// alone (a batch of solid cells only).

flat in vec4 vColor0;
flat in vec4 vColor1;
flat in vec4 vColor2;
flat in ivec4 vRegion;
flat in ivec2 vOffset;

out vec4 fragColor;

uniform sampler2D uAtlas;

void main() {
#ifdef SOLID
  fragColor = vColor0;
#else
  ivec2 texel = clamp(ivec2(floor(gl_FragCoord.xy)) - vOffset, vRegion.xy, vRegion.zw);
  vec3 w = texelFetch(uAtlas, texel, 0).rgb;
  fragColor = vColor0 * w.r + vColor1 * w.g + vColor2 * w.b;
#endif
}
