// blur.frag: the alpha of a surface, blurred for a surface shadow, into
// the red channel. DOWNSAMPLE halves the input with an exact 2×2 box
// (repeated until σ ≤ 4 texels, so the cost does not grow with σ);
// otherwise one separable Gaussian pass along uDirection with the weights
// LaminaCPU uses (Lamina's gaussianKernel: the Gaussian's mass over each
// texel, ±⌈4σ⌉, at most 33 for σ ≤ 4). Texels outside the input are
// transparent.
// ALPHA_INPUT reads the input's alpha (the first pass), else its red.

out vec4 fragColor;

uniform sampler2D uInput;
uniform vec2 uDirection;
uniform float uWeights[33];  // weight i is offset i − uRadius
uniform int uRadius;

float fetch(ivec2 texel) {
  ivec2 size = textureSize(uInput, 0);
  if (texel.x < 0 || texel.y < 0 || texel.x >= size.x || texel.y >= size.y) return 0.0;
  vec4 v = texelFetch(uInput, texel, 0);
#ifdef ALPHA_INPUT
  return v.a;
#else
  return v.r;
#endif
}

void main() {
  ivec2 pixel = ivec2(floor(gl_FragCoord.xy));
#ifdef DOWNSAMPLE
  ivec2 base = pixel * 2;
  float sum = fetch(base) + fetch(base + ivec2(1, 0)) + fetch(base + ivec2(0, 1)) + fetch(base + ivec2(1, 1));
  fragColor = vec4(0.25 * sum);
#else
  ivec2 dir = ivec2(uDirection);
  float sum = 0.0;
  for (int i = -uRadius; i <= uRadius; i++) {
    sum += uWeights[i + uRadius] * fetch(pixel + dir * i);
  }
  fragColor = vec4(sum);
#endif
}
