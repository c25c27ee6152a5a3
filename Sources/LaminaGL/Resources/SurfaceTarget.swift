// SurfaceTarget: an RGBA8 texture with its framebuffer, the render target
// of one plan surface or one blur step (drawn into through GLDevice, which
// binds it). SurfacePool keeps them by size
// across frames, so a steady scene allocates nothing per frame.

import CGLES

/// The storage of a target.
enum TargetFormat: Hashable {
  /// RGBA8 in the order llvmpipe blends fastest (BGRA, about twice as fast
  /// as RGBA here) when GL_EXT_texture_format_BGRA8888 is offered; the GL
  /// reads and samples it as RGBA either way.
  case color(bgra: Bool)
  /// Four 32-bit float channels (GL_EXT_color_buffer_float, blended with
  /// GL_EXT_float_blend): stacks of cached coverages, kept exact
  /// (CoverageAtlas).
  case coverage

  var glFormats: (internal: GLint, format: GLenum, type: GLenum) {
    switch self {
    case .color(let bgra):
      return bgra
        ? (GL_BGRA_EXT, GLenum(GL_BGRA_EXT), GLenum(GL_UNSIGNED_BYTE))
        : (GL_RGBA8, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE))
    case .coverage: return (GL_RGBA32F, GLenum(GL_RGBA), GLenum(GL_FLOAT))
    }
  }
}

final class SurfaceTarget {
  let texture: GLuint
  let framebuffer: GLuint
  let width: Int
  let height: Int
  /// True once MipPass built the chain of the current content.
  var hasMips = false
  /// True once levels 1… are allocated.
  var hasMipStorage = false
  private let device: GLDevice

  let format: TargetFormat

  init(width: Int, height: Int, format: TargetFormat, device: GLDevice) throws(GLError) {
    self.format = format
    self.width = width
    self.height = height
    self.device = device
    (texture, framebuffer) = device.changing {
      var texture: GLuint = 0
      glGenTextures(1, &texture)
      glBindTexture(GLenum(GL_TEXTURE_2D), texture)
      let f = format.glFormats
      glTexImage2D(GLenum(GL_TEXTURE_2D), 0, f.internal, GLsizei(width), GLsizei(height), 0, f.format, f.type, nil)
      // Complete without mips even where no sampler is bound (the default
      // minification filter wants them); draws read it through samplers.
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
      var framebuffer: GLuint = 0
      glGenFramebuffers(1, &framebuffer)
      glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
      glFramebufferTexture2D(
        GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
      return (texture, framebuffer)
    }
    device.ledger.created(.texture)
    device.ledger.created(.framebuffer)
    do throws(GLError) {
      try checkAllocation("a \(width)×\(height) surface", bytes: width * height * 4)
      try device.changing { () throws(GLError) in
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        try checkFramebuffer("a \(width)×\(height) surface")
      }
    } catch {
      delete()
      throw error
    }
  }

  func delete() {
    device.changing {
      var t = texture, f = framebuffer
      glDeleteFramebuffers(1, &f)
      glDeleteTextures(1, &t)
    }
    device.ledger.deleted(.texture)
    device.ledger.deleted(.framebuffer)
  }
}

/// Targets by size, reused across frames. A free target is kept while it
/// was used in the last `maxIdleFrames` frames and the free targets fit in
/// `budgetBytes`; past either, the longest unused go first. So a server
/// that cycles through a few scenes reuses their targets instead of
/// allocating and freeing megabytes every frame (that churn fragmented the
/// C heap under llvmpipe: the 1,000-iteration soak of the standard suite
/// grew by a quarter), and an animated group whose bounds change every
/// frame keeps a bounded number of stale sizes, not one per size it ever
/// had.
final class SurfacePool {
  private struct Size: Hashable { var width, height: Int }
  private struct Entry {
    let target: SurfaceTarget
    /// The frame it was released in.
    var since: Int
    var bytes: Int { target.width * target.height * 4 }
  }
  /// Frames a free target may stay unused.
  var maxIdleFrames = 120
  /// The most bytes of free targets kept.
  var budgetBytes = 96 << 20
  /// The most free targets kept of one size.
  var keepPerSize = 4
  /// Targets made so far (for tests).
  private(set) var made = 0
  private var free: [Size: [Entry]] = [:]
  private var frame = 0
  private let device: GLDevice
  /// The colour format of every pooled target.
  let format: TargetFormat

  init(device: GLDevice, bgra: Bool) {
    self.device = device
    format = .color(bgra: bgra)
  }

  func acquire(width: Int, height: Int) throws(GLError) -> SurfaceTarget {
    let size = Size(width: width, height: height)
    if let entry = free[size]?.popLast() { return entry.target }
    made += 1
    return try SurfaceTarget(width: width, height: height, format: format, device: device)
  }

  func release(_ target: SurfaceTarget) {
    free[Size(width: target.width, height: target.height), default: []].append(Entry(target: target, since: frame))
  }

  /// Free targets kept now, and their bytes (for tests).
  var kept: (count: Int, bytes: Int) {
    free.values.joined().reduce((0, 0)) { ($0.0 + 1, $0.1 + $1.bytes) }
  }

  /// Ends a frame: deletes free targets beyond `keepPerSize` of a size,
  /// unused for more than `maxIdleFrames`, or beyond `budgetBytes` (the
  /// longest unused first).
  func trim() {
    frame += 1
    var all: [(size: Size, entry: Entry)] = []
    for (size, entries) in free {
      // The most recently released last: those are acquired first.
      for (i, entry) in entries.enumerated() {
        if i < entries.count - keepPerSize || frame - entry.since > maxIdleFrames {
          entry.target.delete()
        } else {
          all.append((size, entry))
        }
      }
    }
    all.sort { $0.entry.since > $1.entry.since }
    free.removeAll(keepingCapacity: true)
    var bytes = 0
    for (size, entry) in all {
      bytes += entry.bytes
      if bytes > budgetBytes {
        entry.target.delete()
      } else {
        free[size, default: []].insert(entry, at: 0)
      }
    }
  }

  func deleteAll() {
    for entries in free.values { for entry in entries { entry.target.delete() } }
    free.removeAll()
  }
}
