// gradient.frag: a gradient layer's gradient over its rounded bounds. The
// pixel centre's local point gives t; the colour is interpolated in
// straight alpha between the stops of the segment t falls in, then
// premultiplied; × the outline's coverage × clips × opacity. Mirrors
// Lamina's Gradient.Evaluator (the one definition of t and of the stops)
// and LaminaCPU's GradientStage, in Float32. Variants: RADIAL, CONIC (else
// axial), ROUNDED, CLIPS, AXIS_ALIGNED, PROJECTIVE (as in shape.frag).
//
// A draw takes MAX_STOPS stops. GradientPass draws a gradient with more
// in several draws over consecutive runs of stops (each run starts with
// the stop the one before ended with), and each draw keeps only the pixels
// whose t lies in its run, [uRange.x, uRange.y): every draw computes the
// same t, so each pixel is drawn once.

#define MAX_STOPS 16
#define TWO_PI 6.283185307179586

uniform mat3 uInverse;
uniform vec4 uRect;
uniform vec4 uRadii;
uniform vec2 uOrigin;  // the start point (axial), the centre (radial, conic)
uniform vec2 uVector;  // axial: (end − start) / |end − start|²; radial: 1 / half-axes; conic: unit direction
uniform int uStopCount;
uniform float uLocations[MAX_STOPS];
uniform vec4 uColors[MAX_STOPS];  // straight alpha
uniform vec2 uRange;
uniform float uOpacity;

#ifdef ROUNDED
#define SHAPE(l, rect, radii) roundedRectCoverage(l, rect, radii, CONTINUOUS_CORNERS)
#else
#define SHAPE(l, rect, radii) rectCoverage(l, rect)
#endif

// Where the local point p falls on the gradient (not clamped).
float gradientT(vec2 p) {
  vec2 d = p - uOrigin;
#if defined(CONIC)
  // The angle from uVector towards +y (clockwise on the y-down screen).
  float across = uVector.x * d.y - uVector.y * d.x;
  float along = uVector.x * d.x + uVector.y * d.y;
  if (across == 0.0 && along == 0.0) return 0.0;
  float angle = atan(across, along);
  if (angle < 0.0) angle += TWO_PI;
  return angle / TWO_PI;
#elif defined(RADIAL)
  vec2 q = d * uVector;
  return sqrt(q.x * q.x + q.y * q.y);
#else
  return d.x * uVector.x + d.y * uVector.y;
#endif
}

// The straight colour at t: clamped to the end stops, else interpolated in
// the segment after the last stop at or below t.
vec4 stopColor(float t) {
  int k = 0;
  for (int i = 0; i < MAX_STOPS; i++) {
    if (i >= uStopCount) break;
    if (uLocations[i] <= t) k++;
  }
  if (k == 0) return uColors[0];
  if (k >= uStopCount) return uColors[uStopCount - 1];
  float a = uLocations[k - 1];
  float b = uLocations[k];
  return uColors[k - 1] + (uColors[k] - uColors[k - 1]) * ((t - a) / (b - a));
}

void main() {
  Local l;
  if (!localPoint(uInverse, gl_FragCoord.xy, l)) discard;
  float t = gradientT(l.p);
  if (!(t >= uRange.x && t < uRange.y)) discard;
  float cov = SHAPE(l, uRect, uRadii);
#ifdef CLIPS
  cov *= clipCoverage(gl_FragCoord.xy);
#endif
  vec4 c = stopColor(t);
  fragColor = vec4(c.rgb * c.a, c.a) * (cov * uOpacity);
}
