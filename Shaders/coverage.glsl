// coverage.glsl: the shared geometry of every fragment shader. A target
// pixel centre maps back through a draw's inverse homography to its local
// point; the local Jacobian (the local step of one pixel in x and in y)
// turns local distances into pixel distances and directions, so
// anti-aliasing is the area of a one-pixel box cut by the edge's tangent
// line (exact for straight edges of any direction under an affine map). Mirrors LaminaCPU's coverage functions by
// name. `kContinuousCurve` (the half-planes of Apple's continuous corner,
// unit radius) is prepended by ShaderSource.swift from the same points the
// CPU uses.

out vec4 fragColor;

// A local point and its derivatives per target pixel step; and the same
// point in homogeneous coordinates (h, with h.xy / h.z = p) with h's steps
// per pixel (hx, hy), which are exact: h is linear in the pixel.
struct Local {
  vec2 p;
  vec2 dx;
  vec2 dy;
  vec3 h;
  vec3 hx;
  vec3 hy;
};

// False where the back-projection has W <= 0 (behind the eye): not drawn.
// The homogeneous part (h, hx, hy) is filled in either way.
bool localPoint(mat3 inverse, vec2 pixel, out Local l) {
  vec3 h = inverse * vec3(pixel, 1.0);
  l.h = h;
  l.hx = inverse[0];
  l.hy = inverse[1];
  l.p = vec2(0.0);
  l.dx = vec2(0.0);
  l.dy = vec2(0.0);
  if (h.z <= 0.0) return false;
  l.p = h.xy / h.z;
  l.dx = (inverse[0].xy - l.p * inverse[0].z) / h.z;
  l.dy = (inverse[1].xy - l.p * inverse[1].z) / h.z;
  return true;
}

// A local point known only to first order (a Jacobian chained through two
// maps): its homogeneous form is the affine one.
Local affineLocal(vec2 p, vec2 dx, vec2 dy) {
  Local l;
  l.p = p;
  l.dx = dx;
  l.dy = dy;
  l.h = vec3(p, 1.0);
  l.hx = vec3(dx, 0.0);
  l.hy = vec3(dy, 0.0);
  return l;
}

// The share of a one-pixel square on the inner side of a straight edge
// whose pixel-space unit normal is `n`, at signed distance `t` (pixels,
// positive inside) from the pixel centre: exact for any direction. The
// square's projection on n is a trapezoid (uniform widths |n.x| and |n.y|
// convolved); this is its CDF.
float boxEdgeCoverage(float t, vec2 n) {
  vec2 m = abs(n);
  float a = max(m.x, m.y);
  float b = min(m.x, m.y);
  if (b < 0.01) return clamp(t / max(a, 1e-6) + 0.5, 0.0, 1.0);
  float s = 0.5 * (a + b);
  float d = 0.5 * (a - b);
  // Beyond ±s the square is wholly on one side. Clamping first keeps the
  // squares below ~2: far from the edge (t of hundreds of pixels) the four
  // squares cancel in Float32 to noise that 1/(a·b) magnifies into speckles.
  t = clamp(t, -s, s);
  vec4 x = max(vec4(t + s, t + d, t - d, t - s), 0.0);
  x = x * x;
  return clamp(0.5 * (x.x - x.y - x.z + x.w) / (a * b), 0.0, 1.0);
}

// Coverage of the one-pixel footprint by the side dot(n, p) + c >= 0 of a
// straight local line. A homography maps lines to lines, and
// L = dot(n, h.xy) + c·h.z is linear in the pixel with the sign of the
// side (h.z > 0), so L / |grad L| is the pixel's exact signed distance to
// the projected line. (Dividing by the local point's own gradient instead,
// a tangent-plane approximation taken at the pixel centre, under-covered
// a plane 0.1° from edge-on by 70–100 %: there one pixel spans so much of
// the plane that the centre's gradient is far from the edge's.)
float halfPlaneCoverage(Local l, vec2 n, float c) {
  float d = dot(n, l.h.xy) + c * l.h.z;
  vec2 g = vec2(dot(n, l.hx.xy) + c * l.hx.z, dot(n, l.hy.xy) + c * l.hy.z);
  float len = max(length(g), 1e-12);
  return boxEdgeCoverage(d / len, g / len);
}

// Coverage of the one-pixel footprint by the slab lo <= dot(axis, p) <= hi.
float slabCoverage(Local l, vec2 axis, float lo, float hi) {
#ifdef AXIS_ALIGNED
  // The draw and its clips only scale and translate: every slab edge is a
  // pixel row or column, whose box coverage is a clamp.
  float x = dot(axis, l.p);
  float scale = max(abs(dot(axis, l.dx)) + abs(dot(axis, l.dy)), 1e-12);
  return clamp((x - lo) / scale + 0.5, 0.0, 1.0) - clamp((x - hi) / scale + 0.5, 0.0, 1.0);
#endif
  return halfPlaneCoverage(l, axis, -lo) - halfPlaneCoverage(l, axis, -hi);
}

#ifdef PROJECTIVE
// The area of the pixel's square (offsets −½…½ from its centre) where
// every line c + dot(g, offset) >= 0 holds: the square cut by each in turn
// (Sutherland–Hodgman, at most 4 + 5 vertices), then the shoelace formula.
float cutSquareArea(vec3 lines[5]) {
  // Most pixels lie wholly inside every line (the interior) or wholly
  // outside one: area 1 or 0, the values the cut below computes for them,
  // found without it (byte-identical renders). The cut indexes its arrays
  // per pixel, which GPUs may spill to memory. llvmpipe runs both sides of
  // a branch under a mask, so there it saves less: 12 cards under
  // perspective (S7's) still take seconds a frame on llvmpipe (measured on
  // a loaded machine: 6.3 s before, 3.3 s after, not an A/B).
  bool inside = true;
  for (int k = 0; k < 5; k++) {
    float reach = 0.5 * (abs(lines[k].x) + abs(lines[k].y));
    if (lines[k].z + reach < 0.0) return 0.0;
    inside = inside && lines[k].z - reach >= 0.0;
  }
  if (inside) return 1.0;
  vec2 poly[9];
  poly[0] = vec2(-0.5, -0.5);
  poly[1] = vec2(0.5, -0.5);
  poly[2] = vec2(0.5, 0.5);
  poly[3] = vec2(-0.5, 0.5);
  int n = 4;
  for (int k = 0; k < 5; k++) {
    vec2 cut[9];
    int m = 0;
    for (int i = 0; i < 9; i++) {
      if (i >= n) break;
      vec2 p = poly[i];
      vec2 q = poly[i + 1 < n ? i + 1 : 0];
      float dp = lines[k].z + dot(lines[k].xy, p);
      float dq = lines[k].z + dot(lines[k].xy, q);
      if (dp >= 0.0 && m < 9) { cut[m] = p; m++; }
      if ((dp >= 0.0) != (dq >= 0.0) && m < 9) { cut[m] = p + (q - p) * (dp / (dp - dq)); m++; }
    }
    if (m < 3) return 0.0;
    for (int i = 0; i < 9; i++) poly[i] = cut[i];
    n = m;
  }
  float area = 0.0;
  for (int i = 0; i < 9; i++) {
    if (i >= n) break;
    vec2 p = poly[i];
    vec2 q = poly[i + 1 < n ? i + 1 : 0];
    area += p.x * q.y - q.x * p.y;
  }
  return clamp(0.5 * abs(area), 0.0, 1.0);
}

// The side dot(n, p) + c >= 0 of a local line as a line of pixel offsets,
// in pixel units (a homography maps lines to lines).
vec3 pixelLine(Local l, vec2 n, float c) {
  float d = dot(n, l.h.xy) + c * l.h.z;
  vec2 g = vec2(dot(n, l.hx.xy) + c * l.hx.z, dot(n, l.hy.xy) + c * l.hy.z);
  float len = max(length(g), 1e-20);
  return vec3(g, d) / len;
}
#endif

// Coverage of the pixel by a local rectangle (minX, minY, maxX, maxY).
// Under perspective (PROJECTIVE) it is the exact area of the pixel's square
// inside the projected quadrilateral and in front of the viewer (w > 0), as
// LaminaCPU computes it: near a plane's vanishing line one pixel can hold
// several of its edges, where a product of slabs is far off (a plane 0.1°
// from edge-on lost 30–100 % of a pixel's coverage).
float rectCoverage(Local l, vec4 rect) {
#ifdef PROJECTIVE
  vec3 lines[5];
  lines[0] = pixelLine(l, vec2(1.0, 0.0), -rect.x);
  lines[1] = pixelLine(l, vec2(-1.0, 0.0), rect.z);
  lines[2] = pixelLine(l, vec2(0.0, 1.0), -rect.y);
  lines[3] = pixelLine(l, vec2(0.0, -1.0), rect.w);
  // w > 0: h.z, normalised the same way.
  float len = max(length(vec2(l.hx.z, l.hy.z)), 1e-20);
  lines[4] = vec3(l.hx.z, l.hy.z, l.h.z) / len;
  return cutSquareArea(lines);
#else
  return slabCoverage(l, vec2(1.0, 0.0), rect.x, rect.z) * slabCoverage(l, vec2(0.0, 1.0), rect.y, rect.w);
#endif
}

// Coverage of a signed local distance `d` (positive outside) whose local
// gradient is the unit vector `n`; q moves by qdx, qdy per pixel step.
float edgeCoverage(float d, vec2 n, vec2 qdx, vec2 qdy) {
  vec2 g = vec2(dot(n, qdx), dot(n, qdy));
  float len = max(length(g), 1e-12);
  return boxEdgeCoverage(-d / len, g / len);
}

// rect = (minX, minY, maxX, maxY); radii in the order minXminY, maxXminY,
// maxXmaxY, minXmaxY. Straight edges by exact slab area; in a corner
// square, the corner's own distance takes over where it is smaller.
float roundedRectCoverage(Local l, vec4 rect, vec4 radii, bool continuous) {
  float cov = rectCoverage(l, rect);
  vec2 centre = 0.5 * (rect.xy + rect.zw);
  float r;
  vec2 corner;
  vec2 dir;
  if (l.p.x < centre.x) {
    if (l.p.y < centre.y) { r = radii.x; corner = rect.xy; dir = vec2(1.0, 1.0); }
    else { r = radii.w; corner = vec2(rect.x, rect.w); dir = vec2(1.0, -1.0); }
  } else {
    if (l.p.y < centre.y) { r = radii.y; corner = vec2(rect.z, rect.y); dir = vec2(-1.0, 1.0); }
    else { r = radii.z; corner = rect.zw; dir = vec2(-1.0, -1.0); }
  }
  if (r <= 0.0) return cov;
  // q: distances from the corner's vertical and horizontal edges, inwards.
  vec2 q = (l.p - corner) * dir;
  vec2 qdx = l.dx * dir;
  vec2 qdy = l.dy * dir;
  if (continuous) {
    float reach = CONTINUOUS_REACH * r;
    if (q.x >= reach || q.y >= reach) return cov;
    vec2 s = q / r;
    float best = -1e9;
    vec2 n = vec2(0.0);
    for (int i = 0; i < CONTINUOUS_PLANES; i++) {
      vec3 plane = kContinuousCurve[i];
      float d = dot(plane.xy, s) + plane.z;
      if (d > best) { best = d; n = plane.xy; }
    }
    return min(cov, edgeCoverage(best * r, n, qdx, qdy));
  }
  if (q.x >= r || q.y >= r) return cov;
  vec2 v = vec2(r) - q;
  float len = length(v);
  if (len < 1e-6) return cov;
  return min(cov, edgeCoverage(len - r, v / len, -qdx, -qdy));
}
