// shadow.frag: a rounded rectangle's Gaussian shadow in closed form. The
// rectangle's part is a product of erf differences (exact); each rounded
// corner subtracts what its corner square lacks (the square minus the
// quarter disc), integrated with erf along x and with a few exact Gaussian
// bins along y, only for pixels within reach of that corner. Multiplied by
// the coverage of the local extent, the clips and the colour.
// Variants: ROUNDED, CLIPS.

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
  float sum = 0.0;
  for (int i = 0; i < bins; i++) {
    float y0 = float(i) * step;
    float ym = y0 + 0.5 * step;
    float dy = r - ym;
    float inset = r - sqrt(max(r * r - dy * dy, 0.0));
    sum += gaussianIntegral(y0, y0 + step, q.y, sigma) * gaussianIntegral(0.0, inset, q.x, sigma);
  }
  return sum;
}
#endif

void main() {
  Local l;
  if (!localPoint(uInverse, gl_FragCoord.xy, l)) discard;
  vec2 p = l.p;
  float sigma = uSigma;
  float value = gaussianIntegral(uRect.x, uRect.z, p.x, sigma) * gaussianIntegral(uRect.y, uRect.w, p.y, sigma);
#ifdef ROUNDED
  value -= cornerDeficit(p, uRect.xy, vec2(1.0, 1.0), uRadii.x, sigma);
  value -= cornerDeficit(p, vec2(uRect.z, uRect.y), vec2(-1.0, 1.0), uRadii.y, sigma);
  value -= cornerDeficit(p, uRect.zw, vec2(-1.0, -1.0), uRadii.z, sigma);
  value -= cornerDeficit(p, vec2(uRect.x, uRect.w), vec2(1.0, -1.0), uRadii.w, sigma);
#endif
  float cov = clamp(value, 0.0, 1.0) * rectCoverage(l, uExtent);
#ifdef CLIPS
  cov *= clipCoverage(gl_FragCoord.xy);
#endif
  fragColor = uColor * cov;
}
