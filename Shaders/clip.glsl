// clip.glsl: the clips of a draw, included only by the CLIPS variants (a
// uniform count that switches code off costs as much as running it on
// llvmpipe). Each clip has its own inverse matrix; coverages multiply.
// uClipInfo: x = kind (0 rounded rect, 1 convex), y = continuous corners,
// z = first plane, w = plane count (convex clips).

#define MAX_CLIPS 8
#define MAX_CLIP_PLANES 32

uniform int uClipCount;
uniform mat3 uClipInverse[MAX_CLIPS];
uniform vec4 uClipRect[MAX_CLIPS];
uniform vec4 uClipRadii[MAX_CLIPS];
uniform vec4 uClipInfo[MAX_CLIPS];
uniform vec3 uClipPlanes[MAX_CLIP_PLANES];

// A fragment of the 3D sort: 1 where the pixel centre is on the kept side
// (dot(xy, p) + z >= 0) of every plane, else 0. Cuts are not
// anti-aliased, so the fragments of one layer tile it without a seam (see
// LaminaCPU's ClipStage); a centre on a line goes to the side whose
// pixel-space normal points right, or down.
float convexCoverage(Local l, int first, int count) {
  for (int i = 0; i < count; i++) {
    vec3 plane = uClipPlanes[first + i];
    float d = dot(plane.xy, l.h.xy) + plane.z * l.h.z;
    vec2 g = vec2(dot(plane.xy, l.hx.xy) + plane.z * l.hx.z, dot(plane.xy, l.hy.xy) + plane.z * l.hy.z);
    // Within 1/4096 pixel of the line (Float32's reach here) is on it.
    if (abs(d) <= length(g) / 4096.0) {
      float nx = abs(g.x) <= abs(g.y) / 4096.0 ? 0.0 : g.x;
      if (!(nx > 0.0 || (nx == 0.0 && g.y > 0.0))) return 0.0;
    } else if (d < 0.0) {
      return 0.0;
    }
  }
  return 1.0;
}

float clipCoverage(vec2 pixel) {
  float cov = 1.0;
  for (int i = 0; i < uClipCount; i++) {
    Local l;
    if (!localPoint(uClipInverse[i], pixel, l)) return 0.0;
    vec4 info = uClipInfo[i];
    if (info.x < 0.5) {
      cov *= roundedRectCoverage(l, uClipRect[i], uClipRadii[i], info.y > 0.5);
    } else {
      cov *= convexCoverage(l, int(info.z), int(info.w));
    }
  }
  return cov;
}
