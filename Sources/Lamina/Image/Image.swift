// Image: immutable RGBA8 pixels, premultiplied sRGB inside Lamina.
// `StraightImage` holds straight alpha and exists only at the PNG boundary,
// so the two conventions can't be mixed up. `Image` is a class: renderers
// key their caches (textures, mip chains) on its identity, as CGImage does.
import Synchronization

/// Straight-alpha RGBA8 pixels, rows top-down: what PNG files hold.
public struct StraightImage: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes, RGBA, straight alpha.
  public var pixels: [UInt8]

  /// Creates an image; `pixels.count` must be `width * height * 4`.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    requireRGBA8(pixels.count, width, height, "StraightImage")
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}

/// Where an image came from, so a scene can be written back.
public enum ImageSource: Hashable, Sendable {
  /// A PNG file, as written in the scene (relative to the scene's folder).
  case file(String)
  /// A generated image (checkerboard, gradient), as its JSON description.
  case generated(String)
}

/// Immutable premultiplied sRGB RGBA8 pixels, rows top-down.
public final class Image: Sendable {
  public let width: Int
  public let height: Int
  /// `width * height * 4` bytes, RGBA, premultiplied alpha.
  public let pixels: [UInt8]
  /// Where the image came from, if known.
  public let source: ImageSource?
  /// 0 not yet known, 1 opaque, 2 not: found on first use, not when made,
  /// since every rendered frame is an `Image` too (a scan in the
  /// initialiser cost 0.3 ms an 800×600 frame). Two threads asking at once
  /// both scan and store the same answer.
  private let opaqueState = Atomic<UInt8>(0)

  /// True when every pixel has alpha 255 (found on first use, then kept).
  public var isOpaque: Bool {
    switch opaqueState.load(ordering: .relaxed) {
    case 1: return true
    case 2: return false
    default:
      let opaque = pixels.withUnsafeBufferPointer { p in
        stride(from: 3, to: p.count, by: 4).allSatisfy { p[$0] == 255 }
      }
      opaqueState.store(opaque ? 1 : 2, ordering: .relaxed)
      return opaque
    }
  }

  /// Wraps premultiplied pixels; `pixels.count` must be `width * height * 4`.
  public init(
    width: Int, height: Int, premultipliedPixels pixels: [UInt8], source: ImageSource? = nil
  ) {
    requireRGBA8(pixels.count, width, height, "Image")
    self.width = width
    self.height = height
    self.pixels = pixels
    self.source = source
  }

  /// Premultiplies straight pixels (rounded to nearest).
  public convenience init(_ straight: StraightImage, source: ImageSource? = nil) {
    var out = straight.pixels
    out.withUnsafeMutableBufferPointer { p in
      for i in stride(from: 0, to: p.count, by: 4) {
        let a = UInt32(p[i + 3])
        guard a != 255 else { continue }
        p[i] = UInt8((UInt32(p[i]) * a + 127) / 255)
        p[i + 1] = UInt8((UInt32(p[i + 1]) * a + 127) / 255)
        p[i + 2] = UInt8((UInt32(p[i + 2]) * a + 127) / 255)
      }
    }
    self.init(
      width: straight.width, height: straight.height, premultipliedPixels: out, source: source)
  }

  /// Un-premultiplies (rounded to nearest; colour of fully transparent pixels is 0).
  public var straight: StraightImage {
    var out = pixels
    out.withUnsafeMutableBufferPointer { p in
      for i in stride(from: 0, to: p.count, by: 4) {
        let a = UInt32(p[i + 3])
        if a == 0 {
          p[i] = 0
          p[i + 1] = 0
          p[i + 2] = 0
        } else if a != 255 {
          p[i] = UInt8(min(255, (UInt32(p[i]) * 255 + a / 2) / a))
          p[i + 1] = UInt8(min(255, (UInt32(p[i + 1]) * 255 + a / 2) / a))
          p[i + 2] = UInt8(min(255, (UInt32(p[i + 2]) * 255 + a / 2) / a))
        }
      }
    }
    return StraightImage(width: width, height: height, pixels: out)
  }

  /// The premultiplied RGBA of pixel (x, y).
  public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    let i = (y * width + x) * 4
    return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
  }
}

/// Stops with a message unless `count` bytes are `width × height` RGBA8
/// pixels (API misuse: the images' initialisers document the rule).
func requireRGBA8(_ count: Int, _ width: Int, _ height: Int, _ type: String) {
  precondition(
    width >= 0 && height >= 0 && count == width * height * 4, "\(type): \(count) bytes for \(width)×\(height)")
}
