// CommonUniforms: the uniforms every draw program has (quad.vert's quads,
// the target's size and the inverse matrix, clip.glsl's clips), as the
// Uniform values a pass puts in its GLDraw. A draw carries every uniform
// its program reads, so nothing leaks from one draw to the next.
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

/// The common uniforms of a draw: the quads (the pixel box of
/// `localBounds`, unless `quads` are given), the target's size, the inverse
/// matrix, and the clips of a CLIPS variant; with how many quads to draw.
/// Nil when nothing of the draw can show (a singular matrix or clip, or a
/// quad off the target).
func commonUniforms(
  _ u: CommonUniforms, matrix: Transform3D, localBounds: CGRect, quads: [PixelRect]? = nil, clips: [Clip],
  target: (width: Int, height: Int), name: String
) throws(GLError) -> (uniforms: [Uniform], count: Int)? {
  let homography = Homography(matrix)
  guard let inverse = homography.inverse else { return nil }
  let list: [PixelRect]
  if let quads {
    list = quads
  } else {
    guard let quad = homography.pixelBounds(of: localBounds, width: target.width, height: target.height)
    else { return nil }
    list = [quad]
  }
  guard !list.isEmpty else { return nil }
  var uniforms = [
    quadsUniform(u.quads, list),
    Uniform(u.targetSize, .vec2(Float(target.width), Float(target.height))),
    Uniform(u.inverse, .mat3s(inverse.uniform)),
  ]
  if clips.isEmpty { return (uniforms, list.count) }
  guard clips.count <= maxClips else {
    throw .unsupported(reason: "\(name): \(clips.count) clips on one draw (at most \(maxClips))")
  }
  var inverses: [Float] = [], rects: [Float] = [], radii: [Float] = [], infos: [Float] = [], planes: [Float] = []
  for clip in clips {
    guard let clipInverse = Homography(clip.matrix).inverse else { return nil }
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
  uniforms += [
    Uniform(u.clipCount, .int(GLint(clips.count))),
    Uniform(u.clipInverse, .mat3s(inverses)),
    Uniform(u.clipRect, .vec4s(rects)),
    Uniform(u.clipRadii, .vec4s(radii)),
    Uniform(u.clipInfo, .vec4s(infos)),
  ]
  if !planes.isEmpty { uniforms.append(Uniform(u.clipPlanes, .vec3s(planes))) }
  return (uniforms, list.count)
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

/// Up to 8 quads for quad.vert's `uQuads`.
func quadsUniform(_ location: GLint, _ quads: [PixelRect]) -> Uniform {
  precondition(quads.count <= 8, "at most 8 quads a draw")
  return Uniform(location, .vec4s(quads.flatMap { [Float($0.x0), Float($0.y0), Float($0.x1), Float($0.y1)] }))
}

extension Uniform {
  /// A premultiplied colour as a `vec4`.
  static func color(_ location: GLint, _ c: PremultipliedColor) -> Uniform {
    Uniform(location, .vec4(c.r, c.g, c.b, c.a))
  }
}

extension SurfaceTarget {
  /// The target's size, as `commonUniforms` takes it.
  var size: (width: Int, height: Int) { (width, height) }
}
