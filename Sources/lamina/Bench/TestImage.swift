// The 1024×1024 opaque "photo-like" test image of S3, a port of
// `make_test_image` in the peer scripts: RGB gradients, hash noise, a zone
// plate (an aliasing detector), a 1-pixel black grid every 64 pixels and
// 2-pixel white diagonals. Built once per process and shared, so renderers
// see one `Image` and can keep its texture and mip chain across frames.
// Values are truncated after clamping, as numpy's `astype(uint8)` does; the
// sine and cosine may differ from numpy's in the last bit, which can move a
// channel by one level at most.
import Lamina

enum TestImage {
  static let size = 1024

  /// The image, made on first use.
  static let shared: Image = make()

  static func make() -> Image {
    let n = size
    var pixels = [UInt8](repeating: 255, count: n * n * 4)
    pixels.withUnsafeMutableBufferPointer { p in
      for y in 0..<n {
        for x in 0..<n {
          let i = (y * n + x) * 4
          let rgb = texel(x: x, y: y)
          p[i] = rgb.0
          p[i + 1] = rgb.1
          p[i + 2] = rgb.2
        }
      }
    }
    return Image(width: n, height: n, premultipliedPixels: pixels)
  }

  /// The opaque colour of texel (x, y).
  static func texel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
    // Sharp lines first: they overwrite everything else.
    let d1 = ((x - y) % 128 + 128) % 128
    let d2 = (x + y) % 256
    if d1 < 2 || d2 < 2 { return (255, 255, 255) }
    if x % 64 == 0 || y % 64 == 0 { return (0, 0, 0) }
    let fx = Double(x)
    let fy = Double(y)
    let last = Double(size - 1)
    var r = 40 + 180 * fx / last
    var g = 40 + 180 * fy / last
    var b = 128 + 100 * sin(fx / 97) * cos(fy / 61)
    let zx = fx - 768
    let zy = fy - 768
    if abs(zx) < 240, abs(zy) < 240 {
      let zone = 255 * (0.5 + 0.5 * cos(Double.pi * (zx * zx + zy * zy) / 512))
      (r, g, b) = (zone, zone, zone)
    }
    let hash = (UInt64(x) &* 73_856_093) ^ (UInt64(y) &* 19_349_663)
    let noise = Double(hash % 49) - 24
    return (byte(r + noise), byte(g + noise * 0.7), byte(b - noise * 0.5))
  }

  private static func byte(_ v: Double) -> UInt8 { UInt8(min(max(v, 0), 255)) }
}
