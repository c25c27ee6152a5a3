// quad.vert: screen-aligned quads made from gl_VertexID (a 4-vertex
// triangle strip) and gl_InstanceID (which of up to 8 quads of one draw,
// e.g. the corner and edge cells of a shape), so no vertex buffer is
// streamed at all. Pixel row j of a target is GL row j: y grows down the
// image and up the framebuffer, so glReadPixels returns top-down rows as
// they are. z is the literal 0: a z from a uniform or attribute made
// llvmpipe draw S3's 200 images 10 times slower (measured).

uniform vec4 uQuads[8];    // x0, y0, x1, y1 in target pixels
uniform vec2 uTargetSize;  // target width, height in pixels

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec4 quad = uQuads[gl_InstanceID];
  vec2 pixel = mix(quad.xy, quad.zw, corner);
  gl_Position = vec4(pixel / uTargetSize * 2.0 - 1.0, 0.0, 1.0);
}
