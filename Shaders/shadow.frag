// shadow.frag: a rounded rectangle's Gaussian shadow in closed form. The
// rectangle's part is a product of erf differences (exact); each rounded
// corner subtracts what its corner square lacks (the square minus the
// quarter disc), integrated with erf along x and with a few exact Gaussian
// bins along y, only for pixels within reach of that corner. Multiplied by
// the coverage of the local extent, the clips and the colour.
// Variants: ROUNDED (only the corner of the pixel's quadrant can reach it:
// the renderer checks that corners are more than their reach apart),
// ROUNDED + NEAR_CORNERS (all four corners), CLIPS.

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
float cornerDeficit(vec2 p, vec2 corner, vec2 dir, float r, float sigma) {
  vec2 q = (p - corner) * dir;
  float reach = r + 3.0 * sigma;
  if (r <= 0.0 || q.x > reach || q.y > reach || q.x < -3.0 * sigma || q.y < -3.0 * sigma) return 0.0;
  int bins = int(clamp(ceil(2.0 * r / sigma), 4.0, 16.0));
  float step = r / float(bins);
  float k = 0.70710678 / sigma;
  // Bins share their edges, and every row's span starts at the edge
  // (x = 0): one erf per bin edge along y and one per inset along x.
  float xStart = erfApprox(-q.x * k);
  float yLow = erfApprox(-q.y * k);
  float sum = 0.0;
  for (int i = 0; i < bins; i++) {
    float y1 = float(i + 1) * step;
    float yHigh = erfApprox((y1 - q.y) * k);
    float dy = r - (y1 - 0.5 * step);
    float inset = r - sqrt(max(r * r - dy * dy, 0.0));
    sum += (yHigh - yLow) * (erfApprox((inset - q.x) * k) - xStart);
    yLow = yHigh;
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
