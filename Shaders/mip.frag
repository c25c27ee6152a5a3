// mip.frag: one level of a surface's mip chain from the level above, by
// the shared rule (docs/scene-format.md "Mip chain"): each texel is the
// area-weighted average of its exact footprint in the level above (a 2×2
// box for even sizes, up to 3×3 texels with fractional weights for odd
// ones), stored in 8 bits. The renderer limits the input's base and max
// level to the level read, so rendering into the next is no feedback loop.
// Mirrors MipChain.swift (image textures, built on the CPU).

out vec4 fragColor;

uniform sampler2D uInput;
uniform vec2 uInputSize;
uniform vec2 uOutputSize;

void main() {
  vec2 ratio = uInputSize / uOutputSize;
  vec2 lo = floor(gl_FragCoord.xy) * ratio;
  vec2 hi = lo + ratio;
  vec4 sum = vec4(0.0);
  for (int j = 0; j < 3; j++) {
    float y0 = floor(lo.y) + float(j);
    float wy = min(hi.y, y0 + 1.0) - max(lo.y, y0);
    if (wy <= 0.0) continue;
    for (int i = 0; i < 3; i++) {
      float x0 = floor(lo.x) + float(i);
      float wx = min(hi.x, x0 + 1.0) - max(lo.x, x0);
      if (wx <= 0.0) continue;
      sum += wx * wy * texelFetch(uInput, ivec2(x0, y0), 0);
    }
  }
  fragColor = sum / (ratio.x * ratio.y);
}
