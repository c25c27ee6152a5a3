// WebP in, through libwebp's decoding API (`WebPGetFeatures`, `WebPDecode`).
//
// Design: a still WebP of any kind (lossy VP8, lossless VP8L, either with
// an alpha channel, in a plain or extended RIFF container) is decoded by
// libwebp straight into 8-bit RGBA with straight alpha (`MODE_RGBA`), the
// one format Lamina reads at its boundary, with libwebp's default options
// (fancy upsampling, no dithering), as dwebp decodes it: the same library
// gives the same bytes. The features (size, alpha, animation) are read
// first, and the size checked against `RenderLimits` before a pixel buffer
// is allocated; libwebp then writes into that buffer (external memory),
// checking it is large enough. libwebp reports failures as status codes,
// so no C shim is needed. Animated WebP throws a clear error: showing its
// first frame needs a compositor (frames may cover part of the canvas and
// blend onto earlier ones), libwebpdemux's `WebPAnimDecoder`, a second
// library left until a document needs it. ICC profiles are ignored (sRGB
// is assumed), as in JPEG.swift.
//
// Rejected: `WebPDecodeRGBA`, which allocates its own buffer (freed with
// `WebPFree`) and answers failure with NULL alone, without saying whether
// the data was truncated or corrupt; stb_image, which does not read WebP.

import CWebP

extension StraightImage {
  /// Decodes still WebP data (lossy or lossless, with or without alpha)
  /// into straight RGBA8.
  ///
  /// The header's size is checked against `limits` before any pixel memory
  /// is allocated. Corrupt or truncated data throws; it never traps.
  /// Animated WebP throws (Lamina does not composite its frames).
  public init(webpData: [UInt8], limits: RenderLimits = .default) throws(ImageDecodeError) {
    self = try ImageFormat.webp.decode(webpData) { raw, failure throws(ImageDecodeError) in
      try Self.decodeWebP(raw, limits: limits, failure)
    }
  }

  /// The decoder proper: features, limits, then pixels.
  private static func decodeWebP(
    _ raw: UnsafeRawBufferPointer, limits: RenderLimits, _ failure: (String) -> ImageDecodeError
  ) throws(ImageDecodeError) -> StraightImage {
    let bytes = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
    var features = WebPBitstreamFeatures()
    let headerStatus = WebPGetFeatures(bytes, raw.count, &features)
    guard headerStatus == VP8_STATUS_OK else {
      let kind = headerStatus == VP8_STATUS_NOT_ENOUGH_DATA ? "truncated" : "bad"
      throw failure("\(kind) WebP header: \(describe(headerStatus))")
    }
    let width = Int(features.width)
    let height = Int(features.height)
    if features.has_animation != 0 {
      throw failure("animated WebP (\(width)×\(height)) is not supported: Lamina decodes still WebP only")
    }
    if let reason = limits.violation(width: width, height: height) {
      throw failure("WebP too large: \(reason)")
    }
    // libwebp's sizes are Int32 (WebP allows at most 16383 pixels a side,
    // 2^24 in the extended format's canvas; only generous custom limits
    // could reach this).
    guard width > 0, height > 0, width <= Int(Int32.max) / 4 else {
      throw failure("bad WebP header: \(width)×\(height) pixels")
    }
    var config = WebPDecoderConfig()
    guard WebPInitDecoderConfig(&config) != 0 else {
      throw failure("cannot decode WebP: libwebp version mismatch")
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let status = pixels.withUnsafeMutableBytes { dest -> VP8StatusCode in
      config.output.colorspace = MODE_RGBA
      config.output.is_external_memory = 1
      config.output.u.RGBA.rgba = dest.baseAddress?.assumingMemoryBound(to: UInt8.self)
      config.output.u.RGBA.stride = Int32(width * 4)
      config.output.u.RGBA.size = dest.count
      defer { WebPFreeDecBuffer(&config.output) }
      return WebPDecode(bytes, raw.count, &config)
    }
    guard status == VP8_STATUS_OK else {
      let kind = status == VP8_STATUS_NOT_ENOUGH_DATA ? "truncated" : "corrupt"
      throw failure("\(kind) WebP (\(width)×\(height)): \(describe(status))")
    }
    return StraightImage(width: width, height: height, pixels: pixels)
  }
}

/// libwebp's status codes in words.
private func describe(_ status: VP8StatusCode) -> String {
  switch status {
  case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
  case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
  case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error"
  case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
  case VP8_STATUS_SUSPENDED: return "suspended"
  case VP8_STATUS_USER_ABORT: return "aborted"
  case VP8_STATUS_NOT_ENOUGH_DATA: return "the data ends early"
  default: return "status \(status.rawValue)"
  }
}
