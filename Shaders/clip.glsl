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

float convexCoverage(Local l, int first, int count) {
  float cov = 1.0;
  for (int i = 0; i < count; i++) {
    // The plane keeps the side where dot(xy, p) + z >= 0.
    vec3 plane = uClipPlanes[first + i];
    cov *= halfPlaneCoverage(l, plane.xy, plane.z);
  }
  return cov;
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
