// Raster: one surface's pixels, premultiplied sRGB RGBA8, rows top-down,
// and the source-over blend every stage ends with. Tiles of one raster are
// written by different threads, never the same tile twice at once, so the
// storage is a raw buffer shared without locks.
//
// Rejected: Float surfaces. The plan's semantics round every surface to 8
// bits after each command (as GL's RGBA8 targets do), and 8-bit storage
// makes the reference and the GL backend agree to the level.
import Lamina

/// Premultiplied RGBA8 pixels owned by the CPU renderer.
final class Raster: @unchecked Sendable {
  let width: Int
  let height: Int
  let pixels: UnsafeMutablePointer<UInt8>

  /// Whether `pixels` is this raster's to free.
  private let owned: Bool

  convenience init(width: Int, height: Int, fill: PremultipliedColor = .transparent) {
    self.init(unfilledWidth: width, height: height)
    self.fill(PixelRect(x0: 0, y0: 0, x1: self.width, y1: self.height), with: packed(fill))
  }

  /// A raster whose pixels its user fills (the renderer fills each tile
  /// just before drawing it, on the worker that draws it).
  init(unfilledWidth width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    pixels = .allocate(capacity: max(4, self.width * self.height * 4))
    owned = true
  }

  /// A raster over `storage` (width × height × 4 bytes, at least 4), which
  /// its user fills; the caller keeps the storage and must outlive the
  /// raster's use of it. The canvas is drawn straight into its image's bytes.
  init(over storage: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    pixels = storage
    owned = false
  }

  /// Sets every pixel of `rect` (within the raster) to `pixel`.
  func fill(_ rect: PixelRect, with pixel: UInt32) {
    guard !rect.isEmpty else { return }
    for y in rect.y0..<rect.y1 {
      UnsafeMutableRawPointer(pixels + (y * width + rect.x0) * 4).initializeMemory(
        as: UInt32.self, repeating: pixel, count: rect.width)
    }
  }

  /// Writes one byte of `rect`'s pixels in every memory page each of its
  /// rows touches (a value the caller will overwrite): a fresh raster's
  /// page first read is mapped to the kernel's shared zero page, and the
  /// write after it costs a copy-on-write fault and a TLB shootdown on
  /// every core (half of S8's first frame in perf, where an opaque photo
  /// reads the unfilled pixels it covers before storing over them).
  func touchPages(_ rect: PixelRect) {
    guard !rect.isEmpty else { return }
    let page = 4096
    for y in rect.y0..<rect.y1 {
      let row = pixels + (y * width + rect.x0) * 4, bytes = rect.width * 4
      row[0] = 0
      // Each later page the row reaches, at its first byte.
      var next = page - Int(bitPattern: UInt(bitPattern: row) % UInt(page))
      while next < bytes {
        row[next] = 0
        next += page
      }
    }
  }

  deinit { if owned { pixels.deallocate() } }

  /// A copy as an `Image`.
  func image(source: ImageSource? = nil) -> Image {
    let bytes = Array(UnsafeBufferPointer(start: pixels, count: width * height * 4))
    return Image(width: width, height: height, premultipliedPixels: bytes, source: source)
  }

  /// Source-over of a premultiplied colour scaled by `k` (0…1) onto pixel
  /// `index`, rounded to nearest.
  @inline(__always)
  func blend(_ index: Int, _ color: SIMD4<Float>, _ k: Float) {
    blendPixel(pixels + index * 4, color, k)
  }

  /// The premultiplied texel (i, j) in 0…1.
  @inline(__always)
  func texel(_ i: Int, _ j: Int) -> SIMD4<Float> {
    let p = pixels + (j * width + i) * 4
    return SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 255)
  }
}

/// Source-over of a premultiplied colour scaled by `k` (0…1) onto the
/// pixel at `p`, rounded to nearest. A free function on the raw pointer, so
/// pixel loops that hoist `Raster.pixels` pay no reference counting.
@inline(__always)
func blendPixel(_ p: UnsafeMutablePointer<UInt8>, _ color: SIMD4<Float>, _ k: Float) {
  // Exact skip: with a·k·255 < ½ every channel rounds back to its value.
  if color.w * k * 255 < 0.5 { return }
  if k >= 1 && color.w >= 1 {
    UnsafeMutableRawPointer(p).storeBytes(of: packed(color), as: UInt32.self)
    return
  }
  let s = color * (k * 255)
  let inverse = 1 - color.w * k
  p[0] = UInt8(min(255, s.x + Float(p[0]) * inverse + 0.5))
  p[1] = UInt8(min(255, s.y + Float(p[1]) * inverse + 0.5))
  p[2] = UInt8(min(255, s.z + Float(p[2]) * inverse + 0.5))
  p[3] = UInt8(min(255, s.w + Float(p[3]) * inverse + 0.5))
}

/// A premultiplied colour scaled by `k` (0…1) composited onto the pixel at
/// `p` under `mode` (`BlendMode.composite`, in Lamina: the same Float
/// arithmetic as Shaders/blend.glsl), rounded to nearest.
@inline(__always)
func blendPixel(_ p: UnsafeMutablePointer<UInt8>, _ color: SIMD4<Float>, _ k: Float, mode: BlendMode) {
  // Over nothing every mode is the source itself: the source-over blend,
  // so a blend inside an empty group gives a plain composite's bytes.
  if p[3] == 0 { return blendPixel(p, color, k) }
  let s = color * k
  guard s.w > 0 else { return }
  let b = SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 255)
  UnsafeMutableRawPointer(p).storeBytes(of: packed(mode.composite(s, over: b)), as: UInt32.self)
}

/// A premultiplied colour as the four bytes of one pixel, in memory order.
@inline(__always)
func packed(_ c: PremultipliedColor) -> UInt32 {
  let b = SIMD4<UInt32>(truncatingIfNeeded: c.bytes)
  return UInt32(littleEndian: b.x | b.y << 8 | b.z << 16 | b.w << 24)
}

/// A premultiplied colour as the four bytes of one pixel, in memory order.
@inline(__always)
func packed(_ c: SIMD4<Float>) -> UInt32 {
  let bytes = (UInt32(quantize(c.x)), UInt32(quantize(c.y)), UInt32(quantize(c.z)), UInt32(quantize(c.w)))
  let value = bytes.0 | bytes.1 << 8 | bytes.2 << 16 | bytes.3 << 24
  return UInt32(littleEndian: value)
}

/// A value in 0…1 to 8 bits, rounded to nearest.
@inline(__always)
func quantize(_ v: Float) -> UInt8 {
  UInt8(min(255, max(0, v * 255 + 0.5)))
}
