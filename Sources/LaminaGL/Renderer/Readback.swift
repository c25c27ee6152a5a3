// Readback: the canvas's pixels into memory, as RGBA. A BGRA target is
// read in its own order (GL_EXT_read_format_bgra), a plain copy in the
// driver, and its red and blue are swapped here 8 pixels at a time; the
// buffer is not zero-filled first. On llvmpipe a 1920×1080 canvas read as
// RGBA (the driver converting) took 4–6 ms. An incremental frame reads
// only the boxes it drew, into the bytes of the frame before.

import CGLES
import Lamina

enum Readback {
  /// The `width`×`height` pixels of the bound framebuffer, RGBA8.
  static func pixels(width: Int, height: Int, bgra: Bool) -> [UInt8] {
    let count = width * height * 4
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      glReadPixels(
        0, 0, GLsizei(width), GLsizei(height), GLenum(bgra ? GL_BGRA_EXT : GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
        buffer.baseAddress)
      if bgra { swapRedAndBlue(UnsafeMutableRawBufferPointer(buffer)) }
      initialized = count
    }
  }

  /// Reads `rect` of the bound framebuffer into `canvas` (RGBA8 rows of
  /// `width` pixels, top-down, as `pixels` returns them), leaving the rest
  /// of it as it was: an incremental frame reads back only what it drew.
  static func read(_ rect: PixelRect, into canvas: UnsafeMutablePointer<UInt8>, width: Int, bgra: Bool) {
    guard !rect.isEmpty else { return }
    glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(width))
    glReadPixels(
      GLint(rect.x0), GLint(rect.y0), GLsizei(rect.width), GLsizei(rect.height),
      GLenum(bgra ? GL_BGRA_EXT : GL_RGBA), GLenum(GL_UNSIGNED_BYTE), canvas + (rect.y0 * width + rect.x0) * 4)
    glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
    guard bgra else { return }
    for y in rect.y0..<rect.y1 {
      swapRedAndBlue(UnsafeMutableRawBufferPointer(start: canvas + (y * width + rect.x0) * 4, count: rect.width * 4))
    }
  }

  /// BGRA → RGBA in place: in each little-endian 32-bit pixel, bytes 0 and 2
  /// change places.
  static func swapRedAndBlue(_ bytes: UnsafeMutableRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    let pixels = bytes.count / 4
    let words = base.bindMemory(to: UInt32.self, capacity: pixels)
    var i = 0
    let keep = SIMD8<UInt32>(repeating: 0xFF00_FF00), low = SIMD8<UInt32>(repeating: 0xFF)
    while i + 8 <= pixels {
      let raw = UnsafeMutableRawPointer(words + i)
      let p = raw.loadUnaligned(as: SIMD8<UInt32>.self)
      let q = (p & keep) | ((p &>> 16) & low) | ((p & low) &<< 16)
      raw.storeBytes(of: q, as: SIMD8<UInt32>.self)
      i += 8
    }
    while i < pixels {
      let p = words[i]
      words[i] = (p & 0xFF00_FF00) | ((p >> 16) & 0xFF) | ((p & 0xFF) << 16)
      i += 1
    }
  }
}
