// rounded_rect.frag: a filled rounded rectangle, or the ring between two (a
// border): coverage(outer) − coverage(inner), × clips, × colour. Variants:
// ROUNDED (else plain rectangles), CONTINUOUS, RING, CLIPS, AXIS_ALIGNED
// (the matrix and every clip's only scale and translate), PROJECTIVE
// (perspective: exact area of the projected rectangle in each pixel),
// BLEND (the shape blended with a copy of the target's pixels by its
// `blendMode`, blend.glsl, replacing them: RoundedRectPass.drawBlended).

uniform mat3 uInverse;
uniform vec4 uRect;
uniform vec4 uRadii;
uniform vec4 uInnerRect;
uniform vec4 uInnerRadii;
uniform vec4 uColor;

#ifdef ROUNDED
#define SHAPE(l, rect, radii) roundedRectCoverage(l, rect, radii, CONTINUOUS_CORNERS)
#else
#define SHAPE(l, rect, radii) rectCoverage(l, rect)
#endif

void main() {
  Local l;
  bool front = localPoint(uInverse, gl_FragCoord.xy, l);
#if defined(PROJECTIVE) && !defined(ROUNDED) && !defined(RING)
  // The centre may lie past the plane's vanishing line while the pixel
  // still holds a sliver of it: the exact area needs only the lines.
  if (!front && l.h.z == 0.0) discard;
#else
  if (!front) discard;
#endif
  float cov = SHAPE(l, uRect, uRadii);
#ifdef RING
  cov = max(0.0, cov - SHAPE(l, uInnerRect, uInnerRadii));
#endif
#ifdef CLIPS
  cov *= clipCoverage(gl_FragCoord.xy);
#endif
#ifdef BLEND
  vec4 backdrop = texelFetch(uBackdrop, ivec2(gl_FragCoord.xy) - uBackdropOrigin, 0);
  fragColor = blendComposite(uColor * cov, backdrop);
#else
  fragColor = uColor * cov;
#endif
}
