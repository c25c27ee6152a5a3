// batch.vert: many screen-aligned quads in one instanced draw (QuadBatch),
// each instance with its own rectangle, up to 3 colours (a coverage stack's
// layers, bottom to top) and atlas region, read from a streamed vertex
// buffer (divisor 1). The corner comes from gl_VertexID (a 4-vertex
// triangle strip), as in quad.vert.

layout(location = 0) in vec4 aRect;    // x0, y0, x1, y1 in target pixels
layout(location = 1) in vec4 aColor0;  // premultiplied, the bottom layer
layout(location = 2) in vec4 aColor1;
layout(location = 3) in vec4 aColor2;
layout(location = 4) in vec4 aRegion;  // the coverage's texels in the atlas: x0, y0, x1, y1 (inclusive)
layout(location = 5) in vec2 aOffset;  // atlas texel = target pixel - offset

uniform vec2 uTargetSize;  // target width, height in pixels

flat out vec4 vColor0;
flat out vec4 vColor1;
flat out vec4 vColor2;
flat out ivec4 vRegion;
flat out ivec2 vOffset;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 pixel = mix(aRect.xy, aRect.zw, corner);
  vColor0 = aColor0;
  vColor1 = aColor1;
  vColor2 = aColor2;
  vRegion = ivec4(aRegion);
  vOffset = ivec2(aOffset);
  gl_Position = vec4(pixel / uTargetSize * 2.0 - 1.0, 0.0, 1.0);  // a literal z: see quad.vert
}
