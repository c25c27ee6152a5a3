// SurfaceTarget: an RGBA8 texture with its framebuffer, the render target
// of one plan surface or one blur step. SurfacePool keeps them by size
// across frames, so a steady scene allocates nothing per frame.

import CGLES

final class SurfaceTarget {
  let texture: GLuint
  let framebuffer: GLuint
  let width: Int
  let height: Int
  /// True once glGenerateMipmap ran on the current content.
  var hasMips = false
  private let ledger: GLObjectLedger

  init(width: Int, height: Int, ledger: GLObjectLedger) throws(GLError) {
    self.width = width
    self.height = height
    self.ledger = ledger
    var texture: GLuint = 0
    glGenTextures(1, &texture)
    glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    glTexImage2D(
      GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
      GLenum(GL_UNSIGNED_BYTE), nil)
    setClampToEdge()
    var framebuffer: GLuint = 0
    glGenFramebuffers(1, &framebuffer)
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    glFramebufferTexture2D(
      GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
    self.texture = texture
    self.framebuffer = framebuffer
    ledger.created(.texture)
    ledger.created(.framebuffer)
    let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
    do throws(GLError) {
      try checkGL("allocating a \(width)×\(height) surface")
      guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else { throw .framebufferIncomplete(status: status) }
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

/// Targets by size, reused across frames.
final class SurfacePool {
  private struct Size: Hashable { var width, height: Int }
  private var free: [Size: [SurfaceTarget]] = [:]
  private let ledger: GLObjectLedger

  init(ledger: GLObjectLedger) { self.ledger = ledger }

  func acquire(width: Int, height: Int) throws(GLError) -> SurfaceTarget {
    let size = Size(width: width, height: height)
    if let target = free[size]?.popLast() { return target }
    return try SurfaceTarget(width: width, height: height, ledger: ledger)
  }

  func release(_ target: SurfaceTarget) {
    free[Size(width: target.width, height: target.height), default: []].append(target)
  }

  /// Deletes pooled targets beyond `keep` per size (called after a frame).
  func trim(keep: Int = 4) {
    for (size, targets) in free where targets.count > keep {
      for target in targets[keep...] { target.delete() }
      free[size] = Array(targets[..<keep])
    }
  }

  func deleteAll() {
    for targets in free.values { for target in targets { target.delete() } }
    free.removeAll()
  }
}
