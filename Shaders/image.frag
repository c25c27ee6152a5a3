// image.frag: contents slices. Local points map to level-0 texel
// coordinates by a piecewise-linear map per axis (up to three pieces: a
// nine-slice grid is one mesh, so bilinear reads cross slice edges). The
// level of detail follows GLES 3.0 §3.8 exactly: ρ is the larger length
// of the texel-space steps of one pixel in x and in y, λ = log2 ρ + bias,
// and textureLod(λ) lets the sampler choose magnification (λ ≤ 0) or
// minification (λ > 0) with the filters the renderer set on the texture.
// Edges of the slices' union are anti-aliased by coverage. Variants: CLIPS;
// INTERIOR, for the whole pixels inside a one-slice draw under a scale and
// translation (most images): the texel map is affine in the pixel, λ is
// one number for the draw and coverage is 1, so all that is left is one
// texture read (the full shader costs several times that on llvmpipe);
// TINT, for a replicator copy's instance colour: the premultiplied red,
// green and blue are multiplied by uTint (a variant of its own, so the
// untinted draws, nearly all, pay nothing for it); BILINEAR, where the
// magnification filter is linear, for every magnified read: the four texels and their
// weights as LaminaCPU's TextureLevel.bilinear takes them, in Float,
// instead of the sampler's filter (llvmpipe weights texels in 1/256 steps:
// a level off a third of a stretched photo's pixels, which blend modes
// drawn over it amplified to 0.11 % of S8's pixels beyond 16 levels).

uniform mat3 uInverse;
uniform sampler2D uImage;
uniform vec2 uImageSize;
uniform vec4 uDestX;         // piece edges along x, local units
uniform vec3 uSourceStartX;  // texel coordinate where each piece starts
uniform vec3 uSourceEndX;    // and where it ends
uniform vec4 uDestY;
uniform vec3 uSourceStartY;
uniform vec3 uSourceEndY;
uniform vec4 uBounds;  // the union of the slices
uniform float uBias;
uniform float uOpacity;
uniform vec2 uNearestTie;  // added to a texel coordinate read by a nearest filter: (magnification, minification)
uniform float uEdgeTie;    // a point this close to a piece edge belongs to the piece after it (ImageSlice.edgeTie)
#ifdef TINT
uniform vec3 uTint;
#endif
#ifdef INTERIOR
uniform vec2 uPixelOrigin;  // a whole target pixel near the draw
uniform vec2 uUvOrigin;     // the normalized texture coordinate there
uniform vec2 uUvScale;      // and its change per pixel
uniform float uLod;         // λ, with the bias
#endif

// Texel coordinate of x and its derivative d(texel)/d(local).
vec2 pieceMap(float x, vec4 d, vec3 start, vec3 end) {
  int k = 0;
  if (x + uEdgeTie >= d.z && d.w > d.z) k = 2;
  else if (x + uEdgeTie >= d.y && d.z > d.y) k = 1;
  float d0 = k == 0 ? d.x : (k == 1 ? d.y : d.z);
  float d1 = k == 0 ? d.y : (k == 1 ? d.z : d.w);
  float s0 = start[k];
  float s1 = end[k];
  float scale = d1 > d0 ? (s1 - s0) / (d1 - d0) : 0.0;
  return vec2(s0 + (x - d0) * scale, scale);
}

#ifdef BILINEAR
// TextureLevel.bilinear at level-0 texel coordinates t.
vec4 exactBilinear(vec2 t) {
  vec2 c = clamp(t - 0.5, vec2(-2.0), vec2(1e9));
  vec2 f = floor(c);
  ivec2 i = ivec2(f), last = ivec2(uImageSize) - 1;
  vec2 w = c - f;
  vec4 a = texelFetch(uImage, clamp(i, ivec2(0), last), 0);
  vec4 b = texelFetch(uImage, clamp(i + ivec2(1, 0), ivec2(0), last), 0);
  vec4 d0 = texelFetch(uImage, clamp(i + ivec2(0, 1), ivec2(0), last), 0);
  vec4 d1 = texelFetch(uImage, clamp(i + ivec2(1, 1), ivec2(0), last), 0);
  vec4 top = a + (b - a) * w.x, bottom = d0 + (d1 - d0) * w.x;
  return top + (bottom - top) * w.y;
}
#endif

#ifdef INTERIOR
void main() {
  vec2 uv = (gl_FragCoord.xy - uPixelOrigin) * uUvScale + uUvOrigin;
#ifdef BILINEAR
  fragColor = exactBilinear(uv * uImageSize) * uOpacity;
#else
  fragColor = textureLod(uImage, uv, uLod) * uOpacity;
#endif
#ifdef TINT
  fragColor.rgb *= uTint;
#endif
}
#else
void main() {
  Local l;
  if (!localPoint(uInverse, gl_FragCoord.xy, l)) discard;
  vec2 mx = pieceMap(l.p.x, uDestX, uSourceStartX, uSourceEndX);
  vec2 my = pieceMap(l.p.y, uDestY, uSourceStartY, uSourceEndY);
  vec2 texel = vec2(mx.x, my.x);
  vec2 stepX = vec2(mx.y * l.dx.x, my.y * l.dx.y);
  vec2 stepY = vec2(mx.y * l.dy.x, my.y * l.dy.y);
  float rho = max(length(stepX), length(stepY));
  float lambda = log2(max(rho, 1e-20)) + uBias;
  // A centre on a texel edge reads the texel after it, whatever the last
  // bit of the arithmetic says (Lamina's Sampling.nearestTie).
  texel += lambda <= 0.0 ? uNearestTie.x : uNearestTie.y;
#ifdef BILINEAR
  vec4 colour = lambda <= 0.0 ? exactBilinear(texel) : textureLod(uImage, texel / uImageSize, lambda);
#else
  vec4 colour = textureLod(uImage, texel / uImageSize, lambda);
#endif
  float cov = rectCoverage(l, uBounds) * uOpacity;
#ifdef CLIPS
  cov *= clipCoverage(gl_FragCoord.xy);
#endif
  fragColor = colour * cov;
#ifdef TINT
  fragColor.rgb *= uTint;
#endif
}
#endif
