// CommonUniforms: the uniforms every draw program has (quad.vert's quads,
// the target's size and the inverse matrix, clip.glsl's clips) and how a
// pass sets them and draws its quads. A draw sets every uniform it reads,
// so nothing leaks from one draw to the next.
//
// Rejected: setting them in each pass (every pass would repeat the clip
// packing), and keeping them beside GLResources in a "PassSupport" file
// named after no one thing.

import CGLES
import Lamina

/// Uniforms every draw program has: the quad, the target, the inverse
/// matrix and (in CLIPS variants) the clips.
struct CommonUniforms {
  let quads, targetSize, inverse: GLint
  let clipCount, clipInverse, clipRect, clipRadii, clipInfo, clipPlanes: GLint

  init(_ p: Program) {
    quads = p.location("quads")
    targetSize = p.location("targetSize")
    inverse = p.location("inverse")
    clipCount = p.location("clipCount")
    clipInverse = p.location("clipInverse")
    clipRect = p.location("clipRect")
    clipRadii = p.location("clipRadii")
    clipInfo = p.location("clipInfo")
    clipPlanes = p.location("clipPlanes")
  }
}

/// The most clips one draw may carry, and half-planes across its convex clips
/// (clip.glsl's MAX_CLIPS and MAX_CLIP_PLANES).
let maxClips = 8
let maxClipPlanes = 32

/// Sets the quads (the pixel box of `localBounds`, unless `quads` are
/// given), target and inverse matrix, and the clips of a CLIPS variant.
/// Returns how many quads to draw: 0 when nothing of the draw can show (a
/// singular matrix or clip, or a quad off the target).
func setCommon(
  _ u: CommonUniforms, matrix: Transform3D, localBounds: CGRect, quads: [PixelRect]? = nil, clips: [Clip],
  target: SurfaceTarget, name: String
) throws(GLError) -> Int {
  let homography = Homography(matrix)
  guard let inverse = homography.inverse else { return 0 }
  let list: [PixelRect]
  if let quads {
    list = quads
  } else {
    guard let quad = homography.pixelBounds(of: localBounds, width: target.width, height: target.height)
    else { return 0 }
    list = [quad]
  }
  guard !list.isEmpty else { return 0 }
  setQuads(u.quads, list)
  glUniform2f(u.targetSize, Float(target.width), Float(target.height))
  glUniformMatrix3fv(u.inverse, 1, GLboolean(GL_FALSE), inverse.uniform)
  if clips.isEmpty { return list.count }
  guard clips.count <= maxClips else {
    throw .unsupported(reason: "\(name): \(clips.count) clips on one draw (at most \(maxClips))")
  }
  var inverses: [Float] = [], rects: [Float] = [], radii: [Float] = [], infos: [Float] = [], planes: [Float] = []
  for clip in clips {
    guard let clipInverse = Homography(clip.matrix).inverse else { return 0 }
    inverses += clipInverse.uniform
    switch clip.shape {
    case .roundedRect(let r):
      rects += r.rect.edges
      radii += r.radiiUniform
      infos += [0, r.curve == .continuous && !r.isRect ? 1 : 0, 0, 0]
    case .convex(let halfPlanes):
      let first = planes.count / 3
      guard first + halfPlanes.count <= maxClipPlanes else {
        throw .unsupported(reason: "\(name): more than \(maxClipPlanes) clip half-planes on one draw")
      }
      for p in halfPlanes { planes += [Float(p.a), Float(p.b), Float(p.c)] }
      rects += [0, 0, 0, 0]
      radii += [0, 0, 0, 0]
      infos += [1, 0, Float(first), Float(halfPlanes.count)]
    }
  }
  glUniform1i(u.clipCount, GLint(clips.count))
  glUniformMatrix3fv(u.clipInverse, GLsizei(clips.count), GLboolean(GL_FALSE), inverses)
  glUniform4fv(u.clipRect, GLsizei(clips.count), rects)
  glUniform4fv(u.clipRadii, GLsizei(clips.count), radii)
  glUniform4fv(u.clipInfo, GLsizei(clips.count), infos)
  if !planes.isEmpty { glUniform3fv(u.clipPlanes, GLsizei(planes.count / 3), planes) }
  return list.count
}

/// Calls `draw` with `quads` in lists of at most 8 (one draw each), or
/// once with nil (the draw's pixel box); not at all for no quads.
func inDraws(_ quads: [PixelRect]?, _ draw: ([PixelRect]?) throws(GLError) -> Void) throws(GLError) {
  guard let quads else { return try draw(nil) }
  var start = 0
  while start < quads.count {
    try draw(Array(quads[start..<min(quads.count, start + 8)]))
    start += 8
  }
}

/// Uploads up to 8 quads to quad.vert's `uQuads`.
func setQuads(_ location: GLint, _ quads: [PixelRect]) {
  precondition(quads.count <= 8, "at most 8 quads a draw")
  let values = quads.flatMap { [$0.0, $0.1, $0.2, $0.3] }
  glUniform4fv(location, GLsizei(quads.count), values)
}

func setColor(_ location: GLint, _ c: PremultipliedColor) {
  glUniform4f(location, c.r, c.g, c.b, c.a)
}

/// Draws the `count` quads set by `setCommon` (4 vertices each, from
/// gl_VertexID and gl_InstanceID).
func drawQuads(_ count: Int = 1) {
  glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
}
