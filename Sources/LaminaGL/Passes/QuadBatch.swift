// QuadBatch: the screen-aligned quads of consecutive commands drawn as the
// instances of one draw (batch.vert, batch.frag), in the order they were
// added, so source-over blending gives what separate draws would. A quad
// is a rectangle of target pixels, a colour and a
// region of the coverage atlas (CoverageMaskCache; solid cells use its
// texel of 1). Cached masks, solid cells and shadows of unclipped,
// axis-aligned layers (nearly every card of a UI) take this path; a
// command that needs its own shader flushes the batch first. The instance
// buffer is streamed (orphaned) once per flush and its storage kept, so a
// steady frame allocates nothing.
//
// Rejected: one draw per command with uniforms (S1 made 4,000 draws and
// spent 40 % of the frame in the driver's per-draw work), and uniform
// arrays of quads (8 per draw at most, so still a draw per command).

import CGLES
import Lamina

final class QuadBatch {
  /// Floats per instance: rect 4, colour 4, region 4, offset 2.
  static let stride = 14
  private var instances: [Float] = []
  private var masked = false
  private var buffer: GLuint = 0
  private var vertexArray: GLuint = 0
  private let ledger: GLObjectLedger
  /// The target the pending quads belong to.
  var target: SurfaceTarget?
  /// The hidden tiles of the target's surface, and the command adding quads.
  var grid: OcclusionGrid?
  var command = 0

  init(ledger: GLObjectLedger) { self.ledger = ledger }

  var isEmpty: Bool { instances.isEmpty }
  /// Instances drawn since the renderer was made (for tests).
  private(set) var drawnInstances = 0
  /// Draw calls made since the renderer was made (for tests).
  private(set) var drawCalls = 0

  /// Adds a quad of `mask` × `color`.
  func add(_ quad: PixelRect, color: PremultipliedColor, mask: CoverageMaskCache.Mask) {
    let g = mask.region
    let dx = Float(mask.originX - g.x), dy = Float(mask.originY - g.y)
    for quad in visible(quad) {
      instances.append(contentsOf: [
        quad.0, quad.1, quad.2, quad.3, color.r, color.g, color.b, color.a,
        Float(g.x), Float(g.y), Float(g.x + g.width - 1), Float(g.y + g.height - 1), dx, dy,
      ])
    }
    masked = true
  }

  /// Pending instances after which `flushIfLong` draws them: llvmpipe's
  /// threads then rasterise the first quads of a long surface while the
  /// next ones are prepared (on a GPU, the queue starts early), and the
  /// instance buffer stays bounded (4096 × 56 bytes).
  static let flushAt = 4096

  /// Draws the pending quads and flushes GL when there are `flushAt`.
  func flushIfLong(_ r: GLResources) throws(GLError) {
    guard instances.count >= Self.flushAt * Self.stride else { return }
    try flush(r)
    glFlush()
  }

  /// Adds quads of one colour at full coverage.
  func addSolid(_ quads: [PixelRect], color: PremultipliedColor) {
    for quad in quads {
      for quad in visible(quad) {
        instances.append(contentsOf: [
          quad.0, quad.1, quad.2, quad.3, color.r, color.g, color.b, color.a, 0, 0, 0, 0, 0, 0,
        ])
      }
    }
  }

  /// The parts of `quad` that later opaque cells do not hide.
  private var pieces: [PixelRect] = []
  private func visible(_ quad: PixelRect) -> [PixelRect] {
    guard let grid else { return [quad] }
    pieces.removeAll(keepingCapacity: true)
    grid.visible(quad, command: command, into: &pieces)
    return pieces
  }

  /// Draws the pending quads into `target`, blended, and empties the batch.
  func flush(_ r: GLResources) throws(GLError) {
    guard !instances.isEmpty, let target else {
      instances.removeAll(keepingCapacity: true)
      return
    }
    let count = instances.count / Self.stride
    let atlas = masked ? try r.masks?.atlas() : nil
    let p = try r.programs.batch(solid: atlas == nil)
    target.bind()
    r.use(p.program)
    glUniform2f(p.targetSize, Float(target.width), Float(target.height))
    if let atlas {
      glActiveTexture(GLenum(GL_TEXTURE0))
      glBindTexture(GLenum(GL_TEXTURE_2D), atlas.texture)
      glUniform1i(p.atlas, 0)
    }
    bindBuffers()
    instances.withUnsafeBytes { bytes in
      glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
    }
    try checkAllocation("the instances of \(count) quads", bytes: instances.count * MemoryLayout<Float>.size)
    glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
    glBindVertexArray(r.vertexArray)
    drawnInstances += count
    drawCalls += 1
    instances.removeAll(keepingCapacity: true)
    masked = false
  }

  /// Binds the instance buffer and its vertex array, made on first use.
  private func bindBuffers() {
    if vertexArray != 0 {
      glBindVertexArray(vertexArray)
      glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
      return
    }
    glGenVertexArrays(1, &vertexArray)
    ledger.created(.vertexArray)
    glGenBuffers(1, &buffer)
    ledger.created(.buffer)
    glBindVertexArray(vertexArray)
    glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
    let stride = GLsizei(Self.stride * MemoryLayout<Float>.size)
    for (location, (size, offset)) in [(4, 0), (4, 4), (4, 8), (2, 12)].enumerated() {
      glEnableVertexAttribArray(GLuint(location))
      glVertexAttribPointer(
        GLuint(location), GLint(size), GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
        UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.size))
      glVertexAttribDivisor(GLuint(location), 1)
    }
  }

  func deleteAll() {
    instances.removeAll()
    target = nil
    grid = nil
    if vertexArray != 0 {
      glDeleteVertexArrays(1, &vertexArray)
      ledger.deleted(.vertexArray)
      glDeleteBuffers(1, &buffer)
      ledger.deleted(.buffer)
      vertexArray = 0
      buffer = 0
    }
  }
}
