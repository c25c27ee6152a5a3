// gradient.frag: a gradient layer's gradient over its rounded bounds. The
// pixel centre's local point gives t; the colour is interpolated in
// straight alpha between the stops of the segment t falls in, then
// premultiplied; × the outline's coverage × clips × opacity. Mirrors
// Lamina's Gradient.Evaluator (the one definition of t and of the stops)
// and LaminaCPU's GradientStage, in Float32. Variants: RADIAL, CONIC (else
// axial), ROUNDED, CLIPS, AXIS_ALIGNED, PROJECTIVE (as in rounded_rect.frag).
//
// A draw takes MAX_STOPS stops as uniforms. A gradient with more has them
// in a texture (STOP_TEXTURE, GradientPass's StopTexture): stop i's colour
// at texel (i mod STOP_WIDTH, i / STOP_WIDTH), its location in the red of
// the texel uStopRows rows below; the segment is found by bisection, the
// search Gradient.Evaluator makes, in log₂(stops) fetches a pixel.

#define MAX_STOPS 16
#define TWO_PI 6.283185307179586

uniform mat3 uInverse;
uniform vec4 uRect;
uniform vec4 uRadii;
uniform vec2 uOrigin;  // the start point (axial), the centre (radial, conic)
uniform vec2 uVector;  // axial: (end − start) / |end − start|²; radial: 1 / half-axes; conic: unit direction
uniform int uStopCount;
#ifdef STOP_TEXTURE
#define STOP_WIDTH 2048
uniform sampler2D uStops;
uniform int uStopRows;
#else
uniform float uLocations[MAX_STOPS];
uniform vec4 uColors[MAX_STOPS];  // straight alpha
#endif
uniform vec2 uRange;  // t outside [x, y) (and NaN) draws nothing
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

#ifdef STOP_TEXTURE
float stopLocation(int i) { return texelFetch(uStops, ivec2(i % STOP_WIDTH, uStopRows + i / STOP_WIDTH), 0).r; }
vec4 stopColorAt(int i) { return texelFetch(uStops, ivec2(i % STOP_WIDTH, i / STOP_WIDTH), 0); }
#else
float stopLocation(int i) { return uLocations[i]; }
vec4 stopColorAt(int i) { return uColors[i]; }
#endif

// How many stops lie at or below t (the locations never decrease).
int stopsAtOrBelow(float t) {
#ifdef STOP_TEXTURE
  int lo = 0;
  int hi = uStopCount;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (stopLocation(mid) <= t) lo = mid + 1; else hi = mid;
  }
  return lo;
#else
  int k = 0;
  for (int i = 0; i < MAX_STOPS; i++) {
    if (i >= uStopCount) break;
    if (uLocations[i] <= t) k++;
  }
  return k;
#endif
}

// The straight colour at t: clamped to the end stops, else interpolated in
// the segment after the last stop at or below t.
vec4 stopColor(float t) {
  int k = stopsAtOrBelow(t);
  if (k == 0) return stopColorAt(0);
  if (k >= uStopCount) return stopColorAt(uStopCount - 1);
  float a = stopLocation(k - 1);
  float b = stopLocation(k);
  vec4 c0 = stopColorAt(k - 1);
  return c0 + (stopColorAt(k) - c0) * ((t - a) / (b - a));
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
