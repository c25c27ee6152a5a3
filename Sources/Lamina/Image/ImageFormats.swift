// Image data of any format Lamina reads, the format found from its first
// bytes: PNG (PNG.swift), JPEG (JPEG.swift) and WebP (WebP.swift). Lottie
// documents embed images as `data:` URLs and `.lottie` archives carry image
// files; either may be any of the three.
//
// Design: the signature decides (PNG 89 50 4E 47 0D 0A 1A 0A, JPEG FF D8 FF,
// WebP "RIFF", 4 bytes of size, "WEBP"), never the MIME type or the file
// name, which exporters get wrong (a JPEG named `img_0.png`); browsers
// and ImageIO sniff too. Each decoder's first check is the same signature
// (`signatureRefusal`: empty, too short, or another signature). Data of another format throws an error that names
// it when it is a well-known one Lamina does not read (GIF, BMP, TIFF,
// AVIF, HEIC, JPEG XL, SVG) and otherwise shows the first bytes.
//
// Rejected: a decoder registry that callers could extend (three formats,
// known at build time; a switch says which in one place).

/// Why image data could not be decoded (JPEG, WebP, or any format through
/// `StraightImage(imageData:limits:)`).
public struct ImageDecodeError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the format.
  public var message: String
  /// The format the data's signature named; nil when it named none Lamina reads.
  public var format: ImageFormat?
  public init(_ message: String, format: ImageFormat? = nil) {
    self.message = message
    self.format = format
  }
  public var description: String { message }
}

/// An image file format Lamina decodes.
public enum ImageFormat: String, Sendable, CaseIterable {
  case png = "PNG"
  case jpeg = "JPEG"
  case webp = "WebP"

  /// The format whose signature `data` starts with; nil for any other data.
  public init?(sniffing data: [UInt8]) {
    if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if data.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if data.count >= 12, data.starts(with: Array("RIFF".utf8)),
      data[8..<12].elementsEqual("WEBP".utf8)
    {
      self = .webp
    } else {
      return nil
    }
  }

  /// How many bytes `init(sniffing:)` reads of this format's signature.
  var signatureLength: Int {
    switch self {
    case .png: 8
    case .jpeg: 3
    case .webp: 12
    }
  }

  /// Why `data` is not of this format by its signature ("not a JPEG: the
  /// data is empty", "…: only 2 bytes", "…: bad signature"), the first
  /// refusal of each decoder; nil when the signature is this format's.
  func signatureRefusal(_ data: [UInt8]) -> String? {
    guard ImageFormat(sniffing: data) != self else { return nil }
    if data.isEmpty { return "not a \(rawValue): the data is empty" }
    let why = data.count < signatureLength ? "only \(data.count) bytes" : "bad signature"
    return "not a \(rawValue): \(why)"
  }

  /// A decoder's frame: refuses data without this format's signature, then
  /// runs `decode` on `data`'s bytes (borrowed for the call). `decode`'s
  /// `failure` makes an error naming this format.
  func decode(
    _ data: [UInt8],
    _ decode: (UnsafeRawBufferPointer, _ failure: (String) -> ImageDecodeError) throws(ImageDecodeError) -> StraightImage
  ) throws(ImageDecodeError) -> StraightImage {
    func failure(_ message: String) -> ImageDecodeError { ImageDecodeError(message, format: self) }
    if let refusal = signatureRefusal(data) { throw failure(refusal) }
    return try data.withUnsafeBytes { raw in
      Result { () throws(ImageDecodeError) in try decode(raw, failure) }
    }.get()
  }
}

extension StraightImage {
  /// Decodes PNG, JPEG or WebP data, the format found from its signature,
  /// into straight RGBA8 (see `init(pngData:limits:)`,
  /// `init(jpegData:limits:)` and `init(webpData:limits:)`).
  ///
  /// The size is checked against `limits` before any pixel memory is
  /// allocated. Data of any other format, corrupt or truncated data throws
  /// an error naming the format; it never traps.
  public init(imageData: [UInt8], limits: RenderLimits = .default) throws(ImageDecodeError) {
    switch ImageFormat(sniffing: imageData) {
    case .png:
      do {
        self = try StraightImage(pngData: imageData, limits: limits)
      } catch {
        throw ImageDecodeError(error.message, format: .png)
      }
    case .jpeg: self = try StraightImage(jpegData: imageData, limits: limits)
    case .webp: self = try StraightImage(webpData: imageData, limits: limits)
    case nil: throw ImageDecodeError(Self.unknownFormat(imageData))
    }
  }

  /// The error for data no decoder claims: the format when it is a
  /// well-known one, else the first bytes.
  static func unknownFormat(_ data: [UInt8]) -> String {
    let reads = "Lamina reads PNG, JPEG and WebP"
    guard !data.isEmpty else { return "no image: the data is empty (\(reads))" }
    func at(_ offset: Int, _ text: String) -> Bool {
      data.count >= offset + text.utf8.count
        && data[offset..<offset + text.utf8.count].elementsEqual(text.utf8)
    }
    var named: String?
    if at(0, "GIF87a") || at(0, "GIF89a") {
      named = "GIF"
    } else if at(0, "BM") && data.count >= 26 && data[6..<10].allSatisfy({ $0 == 0 }) {
      named = "BMP"
    } else if at(0, "II*\u{0}") || at(0, "MM\u{0}*") {
      named = "TIFF"
    } else if at(4, "ftypavif") || at(4, "ftypavis") {
      named = "AVIF"
    } else if at(4, "ftypheic") || at(4, "ftypheix") || at(4, "ftypmif1") {
      named = "HEIF"
    } else if data.starts(with: [0xFF, 0x0A]) || at(4, "JXL ") {
      named = "JPEG XL"
    } else if at(0, "RIFF") && data.count < 12 {
      return "truncated image: \(data.count) bytes of a RIFF file, too few to say whether WebP"
    } else if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      return "truncated or damaged PNG signature (\(reads))"
    } else {
      let text = String(decoding: data.prefix(256), as: UTF8.self)
      if text.contains("<svg") { named = "SVG" }
    }
    if let named { return "\(named) images are not supported (\(reads))" }
    let first = data.prefix(8).map { byte in
      let hex = String(byte, radix: 16, uppercase: true)
      return byte < 16 ? "0" + hex : hex
    }.joined(separator: " ")
    return
      "unknown image format: the data starts with \(first) (\(reads): 89 50 4E 47…, FF D8 FF…, RIFF….WEBP)"
  }
}
