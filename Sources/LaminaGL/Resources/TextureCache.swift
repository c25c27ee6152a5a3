// TextureCache: one GL texture per `Image` identity, uploaded once and
// kept while frames keep using it. The entry holds the image weakly: a
// texture whose image is gone is deleted after the frame (and an identity
// reused by a new image is not mistaken for the old one). The mip chain is
// built (Lamina's shared MipChain) and uploaded on first trilinear use.
// A texture whose image lives on is kept while it was used in the last
// `maxIdleFrames` frames and the textures fit in `budgetBytes` (the
// longest unused go first): a server that cycles through scenes keeps
// their images uploaded instead of uploading (and the driver allocating)
// them again every time a scene comes back.

import CGLES
import Lamina

final class TextureCache {
  private final class Entry {
    weak var image: Image?
    let texture: GLuint
    let bytesPerLevel0: Int
    /// Every texel's alpha is 255.
    let isOpaque: Bool
    var hasMips = false
    var lastFrame: Int
    var bytes: Int { bytesPerLevel0 * (hasMips ? 4 : 3) / 3 }
    init(image: Image, texture: GLuint, frame: Int) {
      self.image = image
      self.texture = texture
      bytesPerLevel0 = image.pixels.count
      isOpaque = TextureCache.allOpaque(image)
      lastFrame = frame
    }
  }
  private var entries: [ObjectIdentifier: Entry] = [:]
  private let device: GLDevice
  /// Frames a texture may stay unused.
  var maxIdleFrames = 120
  /// The most bytes of textures kept after a frame (the mip chains count a
  /// third more).
  var budgetBytes = 256 << 20

  init(device: GLDevice) { self.device = device }

  /// Whether every texel of `image` is opaque (alpha 255): known once its
  /// texture is made, read from its pixels before.
  func isOpaque(_ image: Image) -> Bool {
    if let entry = entries[ObjectIdentifier(image)], entry.image === image { return entry.isOpaque }
    return Self.allOpaque(image)
  }

  fileprivate static func allOpaque(_ image: Image) -> Bool {
    image.pixels.withUnsafeBufferPointer { p in
      stride(from: 3, to: p.count, by: 4).allSatisfy { p[$0] == 255 }
    }
  }

  /// The texture of `image`, uploaded (with its mip chain when
  /// `mipmapped`) if it is not yet, and whether the image is opaque (every
  /// alpha 255).
  func texture(_ image: Image, mipmapped: Bool, frame: Int) throws(GLError) -> (id: GLuint, opaque: Bool) {
    let entry: Entry
    if let existing = entries[ObjectIdentifier(image)], existing.image === image {
      entry = existing
    } else {
      delete(ObjectIdentifier(image))  // a dead image's, at the same address
      entry = try device.changing { () throws(GLError) -> Entry in
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        device.ledger.created(.texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        image.pixels.withUnsafeBytes { bytes in
          glTexImage2D(
            GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
            GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try checkAllocation("a \(image.width)×\(image.height) image", bytes: image.pixels.count) {
          glDeleteTextures(1, &texture)
          device.ledger.deleted(.texture)
        }
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), 0)
        return Entry(image: image, texture: texture, frame: frame)
      }
      entries[ObjectIdentifier(image)] = entry
    }
    entry.lastFrame = frame
    if mipmapped && !entry.hasMips {
      try device.changing { () throws(GLError) in
        glBindTexture(GLenum(GL_TEXTURE_2D), entry.texture)
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
      }
      entry.hasMips = true
    }
    return (entry.texture, entry.isOpaque)
  }

  /// Ends `frame`: deletes textures whose image is gone or that were unused
  /// for more than `maxIdleFrames`, then the longest unused while the rest
  /// exceed `budgetBytes`.
  func endFrame(_ frame: Int) {
    for (key, entry) in entries where entry.image == nil { delete(key) }
    evict(olderThan: frame - maxIdleFrames)
    var bytes = entries.values.reduce(0) { $0 + $1.bytes }
    guard bytes > budgetBytes else { return }
    for (key, entry) in entries.sorted(by: { $0.value.lastFrame < $1.value.lastFrame }) where bytes > budgetBytes {
      bytes -= entry.bytes
      delete(key)
    }
  }

  /// Deletes textures no frame has used since `frame`.
  func evict(olderThan frame: Int) {
    for (key, entry) in entries where entry.lastFrame < frame { delete(key) }
  }

  private func delete(_ key: ObjectIdentifier) {
    guard let entry = entries.removeValue(forKey: key) else { return }
    device.changing {
      var t = entry.texture
      glDeleteTextures(1, &t)
      device.ledger.deleted(.texture)
    }
  }

  var count: Int { entries.count }

  func deleteAll() { evict(olderThan: Int.max) }
}
