// SurfaceTarget: an RGBA8 texture with its framebuffer, the render target
// of one plan surface or one blur step. SurfacePool keeps them by size
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
  /// (CoverageMaskCache).
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
  private let ledger: GLObjectLedger

  let format: TargetFormat

  init(width: Int, height: Int, format: TargetFormat, ledger: GLObjectLedger) throws(GLError) {
    self.format = format
    self.width = width
    self.height = height
    self.ledger = ledger
    var texture: GLuint = 0
    glGenTextures(1, &texture)
    glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    let f = format.glFormats
    glTexImage2D(GLenum(GL_TEXTURE_2D), 0, f.internal, GLsizei(width), GLsizei(height), 0, f.format, f.type, nil)
    setClampToEdge()
    // Complete without mips (the default minification filter wants them).
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
    var framebuffer: GLuint = 0
    glGenFramebuffers(1, &framebuffer)
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    glFramebufferTexture2D(
      GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
    self.texture = texture
    self.framebuffer = framebuffer
    ledger.created(.texture)
    ledger.created(.framebuffer)
    do throws(GLError) {
      try checkAllocation("a \(width)×\(height) surface", bytes: width * height * 4)
      try checkFramebuffer("a \(width)×\(height) surface")
    } catch {
      delete()
      throw error
    }
  }

  /// Binds the framebuffer and sets the viewport to the whole surface.
  func bind() {
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    glViewport(0, 0, GLsizei(width), GLsizei(height))
    hasMips = false
  }

  func delete() {
    var t = texture, f = framebuffer
    glDeleteFramebuffers(1, &f)
    glDeleteTextures(1, &t)
    ledger.deleted(.texture)
    ledger.deleted(.framebuffer)
  }
}

/// Sets clamp-to-edge wrapping on the bound 2D texture.
func setClampToEdge() {
  glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
  glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
}

/// Targets by size, reused across frames. A size not asked for in a frame
/// is freed after it (an animated group whose bounds change every frame
/// would otherwise keep one target per size it ever had).
final class SurfacePool {
  private struct Size: Hashable { var width, height: Int }
  private var free: [Size: [SurfaceTarget]] = [:]
  /// Sizes acquired since the last trim.
  private var used: Set<Size> = []
  private let ledger: GLObjectLedger
  /// The colour format of every pooled target.
  let format: TargetFormat

  init(ledger: GLObjectLedger, bgra: Bool) {
    self.ledger = ledger
    format = .color(bgra: bgra)
  }

  func acquire(width: Int, height: Int) throws(GLError) -> SurfaceTarget {
    let size = Size(width: width, height: height)
    used.insert(size)
    if let target = free[size]?.popLast() { return target }
    return try SurfaceTarget(width: width, height: height, format: format, ledger: ledger)
  }

  func release(_ target: SurfaceTarget) {
    free[Size(width: target.width, height: target.height), default: []].append(target)
  }

  /// Deletes pooled targets beyond `keep` per size, and those of sizes
  /// not acquired since the last trim (called after a frame).
  func trim(keep: Int = 4) {
    for (size, targets) in free {
      let kept = used.contains(size) ? keep : 0
      guard targets.count > kept else { continue }
      for target in targets[kept...] { target.delete() }
      free[size] = kept == 0 ? nil : Array(targets[..<kept])
    }
    used.removeAll(keepingCapacity: true)
  }

  func deleteAll() {
    for targets in free.values { for target in targets { target.delete() } }
    free.removeAll()
  }
}
