// shape.frag: a filled rounded rectangle, or the ring between two (a
// border): coverage(outer) − coverage(inner), × clips, × colour. Variants:
// ROUNDED (else plain rectangles), CONTINUOUS, RING, CLIPS, AXIS_ALIGNED
// (the matrix and every clip's only scale and translate).

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
  if (!localPoint(uInverse, gl_FragCoord.xy, l)) discard;
  float cov = SHAPE(l, uRect, uRadii);
#ifdef RING
  cov = max(0.0, cov - SHAPE(l, uInnerRect, uInnerRadii));
#endif
#ifdef CLIPS
  cov *= clipCoverage(gl_FragCoord.xy);
#endif
  fragColor = uColor * cov;
}
