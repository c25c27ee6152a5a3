// PNG in and out through libpng's simplified API (`png_image_*`).
//
// Design: every PNG kind (grey, grey+alpha, RGB, RGBA, palette with or
// without tRNS, 1–16 bits, interlaced or not) is decoded by libpng straight
// into 8-bit RGBA with straight alpha, the one format Lamina reads at its
// boundary; writing always produces 8-bit RGBA. Decoding happens from
// memory, so file and format errors are reported alike and name the file.
// The header is read first, and its size checked against `RenderLimits` and
// against what the data could possibly hold, before a pixel buffer is
// allocated. 16-bit files without colour information are taken as sRGB
// (`PNG_IMAGE_FLAG_16BIT_sRGB`) and scaled to 8 bits, as browsers do, not as
// linear light (libpng's default, which would brighten them).
//
// Rejected: libpng's full `png_read_*` API. It reports errors by `longjmp`,
// which must never cross Swift frames; the simplified API catches them inside
// libpng and returns a flag and a message.

import CPNG

/// Why a PNG could not be read or written.
public struct PNGError: Error, Equatable, CustomStringConvertible {
  /// What went wrong and, for files, which file.
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// `PNG_FORMAT_RGBA`, which Swift does not import (a macro of macros).
private let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

/// How hard libpng compresses what Lamina writes: the pixels are the same
/// either way (PNG is lossless).
public enum PNGCompression: String, Sendable, CaseIterable {
  /// libpng's defaults: the smallest files (one 1920×1080 frame of S6:
  /// 283 KB in 95 ms).
  case small
  /// `PNG_IMAGE_FLAG_FAST` (no row filters, zlib level 3): about 4 times
  /// faster, about 40 % larger (the same frame: 399 KB in 23 ms). For
  /// frame sequences. Not always larger: libpng's adaptive filters lose on
  /// antialiased text and flat shapes (S7's page 1.97 → 1.17 MB, S4's
  /// 821 → 674 KB), and win on photographs (S8 3.5 → 4.4 MB) and soft
  /// shadows (S1 285 → 397 KB).
  case fast
}

extension png_image {
  /// A zeroed control structure, as libpng requires before any call.
  fileprivate static func blank() -> png_image {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    return image
  }

  /// libpng's last error or warning message (a 64-byte C string).
  fileprivate var errorMessage: String {
    withUnsafeBytes(of: message) { raw in
      let bytes = raw.prefix { $0 != 0 }
      let text = String(decoding: bytes, as: UTF8.self)
      return text.isEmpty ? "unknown libpng error" : text
    }
  }
}

extension StraightImage {
  /// Decodes PNG data (any colour type and bit depth) into straight RGBA8.
  ///
  /// The header's size is checked against `limits` before any pixel memory
  /// is allocated. Corrupt or truncated data throws; it never traps.
  public init(pngData: [UInt8], limits: RenderLimits = .default) throws(PNGError) {
    self = try Self.decodePNG(pngData, limits: limits)
  }

  /// Encodes as an 8-bit RGBA PNG (straight alpha, rows top-down).
  ///
  /// Throws for an empty image (PNG needs at least 1×1 pixels).
  public func pngData(compression: PNGCompression = .small) throws(PNGError) -> [UInt8] {
    guard width > 0, height > 0 else {
      throw PNGError("cannot encode a \(width)×\(height) image: PNG needs at least 1×1 pixels")
    }
    guard width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
      throw PNGError("cannot encode a \(width)×\(height) image: too large for PNG")
    }
    var control = png_image.blank()
    control.width = UInt32(width)
    control.height = UInt32(height)
    control.format = rgbaFormat
    if compression == .fast { control.flags |= UInt32(PNG_IMAGE_FLAG_FAST) }
    let stride = Int32(width * 4)
    // `Array.withUnsafeBytes` rethrows untyped errors: carry a `Result` out.
    return try pixels.withUnsafeBytes { raw -> Result<[UInt8], PNGError> in
      // One pass into a buffer big enough for incompressible pixels (deflate
      // adds 5 bytes per 16 KiB block, libpng 12 per 8 KiB IDAT chunk, plus
      // headers); should libpng still need more, it says how much, and the
      // second pass cannot fail for want of room.
      let rawBytes = height * (width * 4 + 1)
      var capacity = rawBytes + (rawBytes / 8192 + 1) * 17 + 4096
      for _ in 0..<2 {
        var out = [UInt8](repeating: 0, count: capacity)
        var size = capacity
        let ok = out.withUnsafeMutableBytes { dest in
          png_image_write_to_memory(
            &control, dest.baseAddress, &size, 0, raw.baseAddress, stride, nil)
        }
        if ok != 0 && size <= out.count {
          out.removeLast(out.count - size)
          return .success(out)
        }
        guard size > capacity else { break }
        capacity = size
      }
      return .failure(PNGError("cannot encode a \(width)×\(height) PNG: \(control.errorMessage)"))
    }.get()
  }

  /// The decoder proper: header, limits, then pixels, inside one borrow of
  /// `data` (libpng reads the memory lazily, up to `png_image_finish_read`).
  private static func decodePNG(_ data: [UInt8], limits: RenderLimits) throws(PNGError)
    -> StraightImage
  {
    if let refusal = ImageFormat.png.signatureRefusal(data) { throw PNGError(refusal) }
    return try data.withUnsafeBytes { raw -> Result<StraightImage, PNGError> in
      var control = png_image.blank()
      defer { png_image_free(&control) }
      guard png_image_begin_read_from_memory(&control, raw.baseAddress, raw.count) != 0 else {
        return .failure(PNGError("bad PNG header: \(control.errorMessage)"))
      }
      let width = Int(control.width)
      let height = Int(control.height)
      if let reason = limits.violation(width: width, height: height) {
        return .failure(PNGError("PNG too large: \(reason)"))
      }
      // libpng takes the row stride as an Int32 (only generous custom
      // limits could let a width reach that far).
      guard width <= Int(Int32.max) / 4 else {
        return .failure(PNGError("PNG too large: \(width) pixels wide"))
      }
      // Deflate compresses at most 1032:1 and a row holds at least one bit
      // per pixel and a filter byte: data too short to hold the header's
      // pixels is truncated, and must not cost a large allocation.
      let leastRawBytes = height * (1 + (width + 7) / 8)
      if raw.count * 1032 < leastRawBytes {
        return .failure(
          PNGError("corrupt PNG: \(raw.count) bytes cannot hold \(width)×\(height) pixels"))
      }
      control.format = rgbaFormat
      control.flags |= UInt32(PNG_IMAGE_FLAG_16BIT_sRGB)
      var pixels = [UInt8](repeating: 0, count: width * height * 4)
      let ok = pixels.withUnsafeMutableBytes { dest in
        png_image_finish_read(&control, nil, dest.baseAddress, Int32(width * 4), nil)
      }
      guard ok != 0 else {
        return .failure(PNGError("corrupt PNG (\(width)×\(height)): \(control.errorMessage)"))
      }
      return .success(StraightImage(width: width, height: height, pixels: pixels))
    }.get()
  }
}

extension Image {
  /// Decodes PNG data into premultiplied pixels (see `StraightImage(pngData:)`).
  public convenience init(
    pngData: [UInt8], limits: RenderLimits = .default, source: ImageSource? = nil
  )
    throws(PNGError)
  {
    self.init(try StraightImage(pngData: pngData, limits: limits), source: source)
  }

  /// Reads a PNG file; errors name the file and the reason.
  ///
  /// `source` defaults to `.file(path)`.
  public convenience init(
    contentsOfPNGFile path: String, limits: RenderLimits = .default, source: ImageSource? = nil
  ) throws(PNGError) {
    let data: [UInt8]
    do {
      data = try FileBytes.contents(ofFile: path)
    } catch {
      throw PNGError("\(Excerpt.plain(path)): cannot read: \(error.reason)")
    }
    let straight: StraightImage
    do {
      straight = try StraightImage(pngData: data, limits: limits)
    } catch {
      throw PNGError("\(path): \(error.message)")
    }
    self.init(straight, source: source ?? .file(path))
  }

  /// Encodes as an 8-bit RGBA PNG with straight alpha.
  public func pngData(compression: PNGCompression = .small) throws(PNGError) -> [UInt8] {
    try straight.pngData(compression: compression)
  }

  /// Writes the image as an 8-bit RGBA PNG with straight alpha.
  public func writePNG(to path: String, compression: PNGCompression = .small) throws(PNGError) {
    let bytes: [UInt8]
    do {
      bytes = try pngData(compression: compression)
    } catch {
      throw PNGError("\(path): \(error.message)")
    }
    do {
      try FileBytes.replaceFile(path, with: bytes)
    } catch {
      throw PNGError("\(path): cannot write: \(error.reason)")
    }
  }
}
