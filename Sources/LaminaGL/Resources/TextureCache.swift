// TextureCache: one GL texture per `Image` identity, uploaded once and
// kept while frames keep using it (the entry holds the image, so its
// identity cannot be reused by another while cached). The mip chain is
// built (Lamina's shared MipChain) and uploaded on first trilinear use.

import CGLES
import Lamina

final class TextureCache {
  private final class Entry {
    let image: Image
    let texture: GLuint
    /// Every texel's alpha is 255.
    let isOpaque: Bool
    var hasMips = false
    var lastFrame: Int
    init(image: Image, texture: GLuint, frame: Int) {
      self.image = image
      self.texture = texture
      isOpaque = image.pixels.withUnsafeBufferPointer { p in
        stride(from: 3, to: p.count, by: 4).allSatisfy { p[$0] == 255 }
      }
      lastFrame = frame
    }
  }
  private var entries: [ObjectIdentifier: Entry] = [:]
  private let ledger: GLObjectLedger

  init(ledger: GLObjectLedger) { self.ledger = ledger }

  /// The texture of `image`, bound to GL_TEXTURE_2D on the active unit;
  /// returns whether the image is opaque (every alpha 255).
  @discardableResult
  func bind(_ image: Image, mipmapped: Bool, frame: Int) throws(GLError) -> Bool {
    let entry: Entry
    if let existing = entries[ObjectIdentifier(image)] {
      entry = existing
      glBindTexture(GLenum(GL_TEXTURE_2D), entry.texture)
    } else {
      var texture: GLuint = 0
      glGenTextures(1, &texture)
      ledger.created(.texture)
      glBindTexture(GLenum(GL_TEXTURE_2D), texture)
      glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
      image.pixels.withUnsafeBytes { bytes in
        glTexImage2D(
          GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
          GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
      }
      try checkAllocation("a \(image.width)×\(image.height) image", bytes: image.pixels.count) {
        glDeleteTextures(1, &texture)
        ledger.deleted(.texture)
      }
      setClampToEdge()
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), 0)
      entry = Entry(image: image, texture: texture, frame: frame)
      entries[ObjectIdentifier(image)] = entry
    }
    entry.lastFrame = frame
    if mipmapped && !entry.hasMips {
      let levels = MipChain(image).levels.dropFirst()
      for (index, level) in levels.enumerated() {
        level.pixels.withUnsafeBytes { bytes in
          glTexImage2D(
            GLenum(GL_TEXTURE_2D), GLint(index + 1), GL_RGBA8, GLsizei(level.width), GLsizei(level.height), 0,
            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
      }
      try checkAllocation(
        "the mip chain of a \(image.width)×\(image.height) image", bytes: image.pixels.count / 3)
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(levels.count))
      entry.hasMips = true
    }
    return entry.isOpaque
  }

  /// Deletes textures no frame has used since `frame`.
  func evict(olderThan frame: Int) {
    for (key, entry) in entries where entry.lastFrame < frame {
      var t = entry.texture
      glDeleteTextures(1, &t)
      ledger.deleted(.texture)
      entries[key] = nil
    }
  }

  var count: Int { entries.count }

  func deleteAll() { evict(olderThan: Int.max) }
}
