// What every pass shares: the renderer's GL resources, binding a program
// (skipped when already bound: programs change only between runs of
// different commands), the quad, the inverse matrix and the clips. A draw
// sets every uniform it reads, so nothing leaks from one draw to the next.

import CGLES
import Lamina

/// The GL objects of one renderer, alive while its context is.
final class GLResources {
  let ledger: GLObjectLedger
  let programs: ProgramCache
  let pool: SurfacePool
  let textures: TextureCache
  let masks: CoverageMaskCache?
  /// The quads waiting to be drawn into the surface being drawn.
  let batch: QuadBatch
  var rasters: [Int: (target: SurfaceTarget, frame: Int)] = [:]
  let vertexArray: GLuint
  /// A framebuffer for rendering into texture levels (MipPass).
  let scratchFramebuffer: GLuint
  var frame = 0
  private var boundProgram: GLuint = 0

  init(ledger: GLObjectLedger, extensions: Set<String>) {
    self.ledger = ledger
    programs = ProgramCache(ledger: ledger)
    pool = SurfacePool(ledger: ledger, bgra: extensions.contains("GL_EXT_texture_format_BGRA8888"))
    textures = TextureCache(ledger: ledger)
    masks =
      extensions.isSuperset(of: ["GL_EXT_color_buffer_float", "GL_EXT_float_blend"])
      ? CoverageMaskCache(ledger: ledger) : nil
    batch = QuadBatch(ledger: ledger)
    readsBGRA = extensions.contains("GL_EXT_read_format_bgra")
    var vao: GLuint = 0
    glGenVertexArrays(1, &vao)
    ledger.created(.vertexArray)
    vertexArray = vao
    var framebuffer: GLuint = 0
    glGenFramebuffers(1, &framebuffer)
    ledger.created(.framebuffer)
    scratchFramebuffer = framebuffer
  }

  /// Whether quads hidden by later opaque cells are left out (OcclusionGrid).
  var occlusion = true
  /// Whether glReadPixels takes GL_BGRA_EXT (GL_EXT_read_format_bgra).
  let readsBGRA: Bool
  /// Whether runs of commands are drawn as one MaskStack.
  var stacking = true
  /// The tiles of the last OcclusionGrid, reused by the next.
  var gridStorage: [Int32] = []
  func use(_ program: Program) {
    if boundProgram != program.id {
      glUseProgram(program.id)
      boundProgram = program.id
    }
  }

  /// Forget the bound program (after something else changed it).
  func resetBindings() { boundProgram = 0 }

  func deleteAll() {
    programs.deleteAll()
    pool.deleteAll()
    textures.deleteAll()
    masks?.deleteAll()
    batch.deleteAll()
    for raster in rasters.values { raster.target.delete() }
    rasters.removeAll()
    var vao = vertexArray
    glDeleteVertexArrays(1, &vao)
    ledger.deleted(.vertexArray)
    var framebuffer = scratchFramebuffer
    glDeleteFramebuffers(1, &framebuffer)
    ledger.deleted(.framebuffer)
    boundProgram = 0
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

/// Fills `cells` of the batch's target with one colour (QuadBatch).
func drawSolid(_ cells: [PixelRect], color: PremultipliedColor, _ r: GLResources) {
  r.batch.addSolid(cells, color: color)
}

/// Draws the pending batch before a draw of its own into `target` (a
/// draw into another target, such as the atlas, needs no flush).
func flushBatch(before target: SurfaceTarget, _ r: GLResources) throws(GLError) {
  if r.batch.target === target { try r.batch.flush(r) }
}

func setColor(_ location: GLint, _ c: PremultipliedColor) {
  glUniform4f(location, c.r, c.g, c.b, c.a)
}

/// Draws the `count` quads set by `setCommon` (4 vertices each, from
/// gl_VertexID and gl_InstanceID).
func drawQuads(_ count: Int = 1) {
  glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
}

/// The GL filter enums for a sampling.
func glFilters(_ s: Sampling) -> (min: GLint, mag: GLint) {
  let min: GLint
  switch s.minification {
  case .nearest: min = GL_NEAREST
  case .linear: min = GL_LINEAR
  case .trilinear: min = GL_LINEAR_MIPMAP_LINEAR
  }
  return (min, s.magnification == .nearest ? GL_NEAREST : GL_LINEAR)
}

/// Sets the filters on the bound texture.
func setFilters(_ s: Sampling) {
  let f = glFilters(s)
  glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), f.min)
  glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), f.mag)
}
