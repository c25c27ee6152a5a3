// JPEG in, through libjpeg-turbo (via the C target CLaminaJPEG, which
// catches libjpeg's errors; its header says why C).
//
// Design: every JPEG libjpeg reads (baseline, extended, progressive;
// Huffman or arithmetic coded; grey, YCbCr, RGB, CMYK and YCCK; any chroma
// subsampling) is decoded into 8-bit RGBA with alpha 255, the one format
// Lamina reads at its boundary, with libjpeg's defaults (the accurate
// integer DCT, fancy upsampling), as djpeg decodes it: the same library
// gives the same bytes. The header is read first, and its size checked
// against `RenderLimits` before a pixel buffer is allocated; libjpeg's own
// working memory (a progressive image's coefficients, 2 bytes a sample) is
// proportional to that checked size. CMYK and YCCK files are taken as
// Adobe's inverted CMYK, as Photoshop writes them, and converted naively
// (r = c·k / 255; no colour profile), as djpeg and Chromium do. Embedded
// ICC profiles are ignored (sRGB is assumed), and so is the EXIF
// orientation: a CALayer whose `contents` is a CGImage draws the image's
// pixels as stored, ignoring it (only UIImage applies it), and so does
// Lamina. Truncated or corrupt data throws where libjpeg would go on and
// paint the lost pixels grey (browsers show those); warnings that lose no
// pixels are tolerated (CLaminaJPEG.h lists which).
//
// Rejected: stb_image (not a library this machine ships, and slower; the
// field decodes JPEG with libjpeg-turbo: Chromium, Android, ImageMagick).

import CLaminaJPEG

extension StraightImage {
  /// Decodes JPEG data (baseline or progressive; grey, RGB or CMYK) into
  /// straight RGBA8 with alpha 255.
  ///
  /// The header's size is checked against `limits` before any pixel memory
  /// is allocated. Corrupt or truncated data throws; it never traps. The
  /// EXIF orientation is not applied (CALayer contents from a CGImage
  /// ignore it too); CMYK is taken as Adobe's inverted CMYK.
  public init(jpegData: [UInt8], limits: RenderLimits = .default) throws(ImageDecodeError) {
    self = try ImageFormat.jpeg.decode(jpegData) { raw, failure throws(ImageDecodeError) in
      try Self.decodeJPEG(raw, limits: limits, failure)
    }
  }

  /// The decoder proper: header, limits, then pixels (libjpeg reads `raw`
  /// in place until the decoder is closed).
  private static func decodeJPEG(
    _ raw: UnsafeRawBufferPointer, limits: RenderLimits, _ failure: (String) -> ImageDecodeError
  ) throws(ImageDecodeError) -> StraightImage {
    guard let decoder = lamina_jpeg_open(raw.baseAddress, raw.count) else {
      throw failure("cannot decode JPEG: out of memory")
    }
    defer { lamina_jpeg_close(decoder) }
    func reason() -> String { String(cString: lamina_jpeg_message(decoder)) }
    var width32: UInt32 = 0
    var height32: UInt32 = 0
    var components: Int32 = 0
    switch lamina_jpeg_read_header(decoder, &width32, &height32, &components) {
    case LAMINA_JPEG_OK: break
    case LAMINA_JPEG_TRUNCATED: throw failure("truncated JPEG header: \(reason())")
    default: throw failure("bad JPEG header: \(reason())")
    }
    let width = Int(width32)
    let height = Int(height32)
    if let reason = limits.violation(width: width, height: height) {
      throw failure("JPEG too large: \(reason)")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let status = pixels.withUnsafeMutableBytes { dest in
      lamina_jpeg_read_rgba(
        decoder, dest.baseAddress?.assumingMemoryBound(to: UInt8.self), width * 4, width32,
        height32)
    }
    switch status {
    case LAMINA_JPEG_OK:
      return StraightImage(width: width, height: height, pixels: pixels)
    case LAMINA_JPEG_TRUNCATED:
      throw failure("truncated JPEG (\(width)×\(height)): \(reason())")
    default:
      throw failure("corrupt JPEG (\(width)×\(height), \(components) components): \(reason())")
    }
  }
}
