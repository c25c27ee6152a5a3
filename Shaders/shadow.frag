// shadow.frag: a rounded rectangle's Gaussian shadow in closed form. The
// rectangle's part is a product of erf differences (exact); each rounded
// corner subtracts what its corner square lacks (the square minus the
// quarter disc), integrated with erf along x and with a few exact Gaussian
// bins along y, only for pixels within reach of that corner. Multiplied by
// the coverage of the local extent, the clips and the colour.
// Variants: ROUNDED (only the corner of the pixel's quadrant can reach it:
// the renderer checks that corners are more than their reach apart),
// ROUNDED + NEAR_CORNERS (all four corners), CONTINUOUS (Apple's corners:
// each row's inset is read off the corner's half-planes), CLIPS.

uniform mat3 uInverse;
uniform vec4 uRect;
uniform vec4 uRadii;
uniform vec4 uExtent;
uniform float uSigma;
uniform vec4 uColor;

// erf with Abramowitz & Stegun 7.1.26 (|error| < 1.5e-7).
float erfApprox(float x) {
  float a = abs(x);
  float t = 1.0 / (1.0 + 0.3275911 * a);
  float y = 1.0 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * exp(-a * a);
  return sign(x) * y;
}

// ∫ from lo to hi of the 1D Gaussian centred at x.
float gaussianIntegral(float lo, float hi, float x, float sigma) {
  float k = 0.70710678 / sigma;
  return 0.5 * (erfApprox((hi - x) * k) - erfApprox((lo - x) * k));
}

#ifdef ROUNDED
// What the corner square (side r, at `corner`, inward `dir`) lacks against
// the rectangle, blurred, at p.
#ifdef CONTINUOUS
// How far the continuous corner (unit radius) is from the vertical edge at
// depth b below the horizontal one: the largest a any half-plane requires.
float continuousInset(float b) {
  float a = 0.0;
  for (int i = 0; i < CONTINUOUS_PLANES; i++) {
    vec3 plane = kContinuousCurve[i];
    if (plane.x < -1e-4) a = max(a, -(plane.y * b + plane.z) / plane.x);
  }
  return a;
}
#endif

float cornerDeficit(vec2 p, vec2 corner, vec2 dir, float r, float sigma) {
  vec2 q = (p - corner) * dir;
#ifdef CONTINUOUS
  float extent = CONTINUOUS_REACH * r;
#else
  float extent = r;
#endif
  float reach = extent + 3.0 * sigma;
  if (r <= 0.0 || q.x > reach || q.y > reach || q.x < -3.0 * sigma || q.y < -3.0 * sigma) return 0.0;
  int bins = int(clamp(ceil(2.0 * extent / sigma), 4.0, 24.0));
  // Bin edges at extent·(i/bins)²: the inset changes fastest where the
  // curve leaves the edge (like √b for an arc, b^⅓ for Apple's corner), so
  // bins are finest there; each bin's Gaussian weight is exact (erf).
  float k = 0.70710678 / sigma;
  float xStart = erfApprox(-q.x * k);
  float yLow = erfApprox(-q.y * k);
  float y0 = 0.0;
  float sum = 0.0;
  for (int i = 0; i < bins; i++) {
    float t = float(i + 1) / float(bins);
    float y1 = extent * t * t;
    float yHigh = erfApprox((y1 - q.y) * k);
    float ym = 0.5 * (y0 + y1);
#ifdef CONTINUOUS
    float inset = r * continuousInset(ym / r);
#else
    float dy = r - ym;
    float inset = r - sqrt(max(r * r - dy * dy, 0.0));
#endif
    sum += (yHigh - yLow) * (erfApprox((inset - q.x) * k) - xStart);
    yLow = yHigh;
    y0 = y1;
  }
  sum *= 0.25;
  return sum;
}
#endif

void main() {
  Local l;
  if (!localPoint(uInverse, gl_FragCoord.xy, l)) discard;
  vec2 p = l.p;
  float sigma = uSigma;
  float value = gaussianIntegral(uRect.x, uRect.z, p.x, sigma) * gaussianIntegral(uRect.y, uRect.w, p.y, sigma);
#if defined(ROUNDED) && defined(NEAR_CORNERS)
  value -= cornerDeficit(p, uRect.xy, vec2(1.0, 1.0), uRadii.x, sigma);
  value -= cornerDeficit(p, vec2(uRect.z, uRect.y), vec2(-1.0, 1.0), uRadii.y, sigma);
  value -= cornerDeficit(p, uRect.zw, vec2(-1.0, -1.0), uRadii.z, sigma);
  value -= cornerDeficit(p, vec2(uRect.x, uRect.w), vec2(1.0, -1.0), uRadii.w, sigma);
#elif defined(ROUNDED)
  vec2 centre = 0.5 * (uRect.xy + uRect.zw);
  bvec2 high = greaterThanEqual(p, centre);
  vec2 corner = vec2(high.x ? uRect.z : uRect.x, high.y ? uRect.w : uRect.y);
  vec2 dir = vec2(high.x ? -1.0 : 1.0, high.y ? -1.0 : 1.0);
  float radius = high.y ? (high.x ? uRadii.z : uRadii.w) : (high.x ? uRadii.y : uRadii.x);
  value -= cornerDeficit(p, corner, dir, radius, sigma);
#endif
  float cov = clamp(value, 0.0, 1.0) * rectCoverage(l, uExtent);
#ifdef CLIPS
  cov *= clipCoverage(gl_FragCoord.xy);
#endif
  fragColor = uColor * cov;
}
