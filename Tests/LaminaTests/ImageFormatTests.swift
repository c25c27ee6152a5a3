// JPEG and WebP decoding (JPEG.swift, WebP.swift) and the sniffing entry
// point (ImageFormats.swift), judged by tools nobody here wrote:
//
// - djpeg and dwebp, the command-line decoders of libjpeg-turbo and libwebp:
//   for each fixture, Lamina's pixels equal the tool's decode (the PPM, PGM
//   or PAM committed beside it) byte for byte. The tools call the same
//   libraries with the same default options as Lamina, so the bytes are
//   identical and any difference is Lamina's (a wrong output colour space,
//   channel order or stride, the CMYK conversion, alpha premultiplied).
// - the source image: the lossless WebP decodes to exactly the pixels of
//   source-alpha.png (as libpng decodes it), and those are the pixels
//   `sourcePixel` below spells out; the lossy decodes lie near them.
//
// ImageFixtures (8.6 KB, all 16×16: two solid 8×8 blocks above ramps and
// xor noise), made once on Debian 12 with libjpeg-turbo-progs 2.1.5 and
// webp 1.2.4, from source.png and source-alpha.png (written by a short
// Python script from `sourcePixel`) and source.ppm (source.png's pixels;
// cjpeg 2.1 reads no PNG):
//   cjpeg -quality 95 -sample 1x1 -optimize source.ppm > baseline.jpg
//   cjpeg -quality 95 -progressive source.ppm > progressive.jpg   (4:2:0)
//   cjpeg -quality 95 -grayscale source.ppm > gray.jpg
//   python3 -c "from PIL import Image; Image.open('source.png')
//     .convert('CMYK').save('cmyk.jpg', quality=95)"   (Pillow 13.0; Adobe inverted CMYK;
//     cjpeg writes no CMYK)
//   cwebp -lossless -exact source-alpha.png -o lossless-alpha.webp
//   cwebp -q 90 source.png -o lossy.webp
//   cwebp -q 90 -alpha_q 100 source-alpha.png -o lossy-alpha.webp
//   img2webp -loop 0 -lossy -q 50 source.png -d 100 source-alpha.png -o animated.webp
//   djpeg -pnm NAME.jpg > NAME.ppm (gray: NAME.pgm); dwebp NAME.webp -pam -o NAME.pam
// Another release of libjpeg-turbo or libwebp could in principle decode
// lossy data differently (the upsampling and colour conversion are the
// library's choice); the failure then names the fixture and the first
// differing pixel, and the references are remade with the commands above.
//
// Hostile data: every proper prefix of every fixture, seeded byte
// corruptions, garbage after a valid signature, headers claiming sizes
// over the limits, and data of other formats, each throwing an
// `ImageDecodeError` that names the format, or decoding to a 16×16 image;
// none may trap.
//
// Rejected: making the images at test time with Pillow or the tools
// (neither is certain to be installed where the tests run), and images
// built byte by byte as PNGKindsTests builds PNGs (a JPEG or VP8 encoder in
// the tests would be judged by the decoder it is meant to check).

import Foundation
import Testing
import LaminaTestSupport

@testable import Lamina

@Suite struct ImageFormatTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("ImageFixtures").path

  static func fixture(_ name: String) throws -> [UInt8] {
    try FileBytes.contents(ofFile: folder + "/" + name)
  }

  /// The source image's straight RGBA at (x, y): two solid blocks above
  /// ramps and xor noise; alpha only in source-alpha.png.
  static func sourcePixel(_ x: Int, _ y: Int, alpha: Bool) -> [UInt8] {
    let rgb: [Int]
    if y < 8 {
      rgb = x < 8 ? [220, 40, 40] : [40, 90, 210]
    } else {
      rgb = [x * 16 + 8, (y - 8) * 32 + 4, ((x ^ y) * 37) & 255]
    }
    let a = !alpha ? 255 : y < 8 ? (x < 8 ? 255 : 128) : x * 17
    return (rgb + [a]).map { UInt8($0) }
  }

  static func source(alpha: Bool) -> [UInt8] {
    (0..<16).flatMap { y in (0..<16).flatMap { x in sourcePixel(x, y, alpha: alpha) } }
  }

  /// A netpbm file (P5 grey, P6 RGB, P7 PAM with DEPTH 4) as straight RGBA8.
  static func netpbm(_ bytes: [UInt8]) throws -> StraightImage {
    // Header tokens up to the pixels: P5/P6 have width, height, maxval and
    // one whitespace byte; PAM has KEY VALUE lines up to ENDHDR.
    var at = 0
    func line() -> String {
      let start = at
      while at < bytes.count && bytes[at] != 0x0A { at += 1 }
      defer { at += 1 }
      return String(decoding: bytes[start..<at], as: UTF8.self)
    }
    let magic = line()
    var width = 0
    var height = 0
    var depth = 0
    if magic == "P7" {
      while true {
        let fields = line().split(separator: " ")
        guard let key = fields.first else { continue }
        if key == "ENDHDR" { break }
        let value = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
        if key == "WIDTH" { width = value }
        if key == "HEIGHT" { height = value }
        if key == "DEPTH" { depth = value }
        try #require(key != "MAXVAL" || value == 255)
      }
    } else {
      depth = try #require(["P5": 1, "P6": 3][magic])
      let size = line().split(separator: " ").compactMap { Int($0) }
      try #require(size.count == 2 && line() == "255")
      (width, height) = (size[0], size[1])
    }
    let samples = Array(bytes[at...])
    try #require(samples.count == width * height * depth)
    var pixels: [UInt8] = []
    for i in 0..<width * height {
      let p = samples[i * depth..<(i + 1) * depth]
      switch depth {
      case 1: pixels += [p[p.startIndex], p[p.startIndex], p[p.startIndex], 255]
      case 3: pixels += p + [255]
      default: pixels += p
      }
    }
    return StraightImage(width: width, height: height, pixels: pixels)
  }

  /// "equal", or where two images first differ (a failure then shows that,
  /// not two thousand bytes).
  static func firstDifference(_ a: StraightImage, _ b: StraightImage) -> String {
    guard a.width == b.width, a.height == b.height else {
      return "\(a.width)×\(a.height) vs \(b.width)×\(b.height)"
    }
    guard let i = a.pixels.indices.first(where: { a.pixels[$0] != b.pixels[$0] }) else {
      return "equal"
    }
    let pixel = i / 4
    return "pixel (\(pixel % a.width), \(pixel / a.width)) channel \(i % 4): \(a.pixels[i]) vs \(b.pixels[i])"
  }

  static let decodable = [
    "baseline.jpg", "progressive.jpg", "gray.jpg", "cmyk.jpg", "lossy.webp", "lossy-alpha.webp",
    "lossless-alpha.webp",
  ]

  @Test func fixturesHoldTheSourcePixels() throws {
    #expect(try StraightImage(pngData: Self.fixture("source.png")).pixels == Self.source(alpha: false))
    #expect(
      try StraightImage(pngData: Self.fixture("source-alpha.png")).pixels == Self.source(alpha: true))
  }

  @Test(arguments: [
    ("baseline.jpg", "baseline.ppm"), ("progressive.jpg", "progressive.ppm"),
    ("gray.jpg", "gray.pgm"), ("cmyk.jpg", "cmyk.ppm"),
  ])
  func jpegEqualsDjpeg(jpeg: String, reference: String) throws {
    let decoded = try StraightImage(jpegData: Self.fixture(jpeg))
    let expected = try Self.netpbm(Self.fixture(reference))
    #expect(Self.firstDifference(decoded, expected) == "equal", "\(jpeg) vs \(reference)")
  }

  @Test(arguments: [("lossy.webp", "lossy.pam"), ("lossy-alpha.webp", "lossy-alpha.pam")])
  func webpEqualsDwebp(webp: String, reference: String) throws {
    let decoded = try StraightImage(webpData: Self.fixture(webp))
    let expected = try Self.netpbm(Self.fixture(reference))
    #expect(Self.firstDifference(decoded, expected) == "equal", "\(webp) vs \(reference)")
  }

  @Test func losslessWebPIsExact() throws {
    let decoded = try StraightImage(webpData: Self.fixture("lossless-alpha.webp"))
    let png = try StraightImage(pngData: Self.fixture("source-alpha.png"))
    #expect(Self.firstDifference(decoded, png) == "equal")
    // Colour under alpha 0 (column 0 below row 8) kept: `cwebp -exact`, straight alpha.
    #expect(decoded.pixels[(8 * 16) * 4..<(8 * 16) * 4 + 4] == Self.sourcePixel(0, 8, alpha: true)[...])
    #expect(Self.sourcePixel(0, 8, alpha: true) == [8, 4, 40, 0])
  }

  /// Lossy decodes near the source: catches a fixture that is not what its
  /// name says (a channel swap would still equal the tool's decode of a
  /// wrongly made file). The solid blocks only: the noise below is lossy.
  @Test(arguments: ["baseline.jpg", "progressive.jpg", "cmyk.jpg", "lossy.webp", "lossy-alpha.webp"])
  func lossyDecodesNearTheSource(name: String) throws {
    let decoded = try StraightImage(imageData: Self.fixture(name))
    let alpha = name.contains("alpha")
    for (x, y) in [(1, 1), (3, 4), (6, 6), (9, 1), (12, 4), (14, 6)] {
      let i = (y * 16 + x) * 4
      let got = decoded.pixels[i..<i + 4].map { Int($0) }
      let want = Self.sourcePixel(x, y, alpha: alpha).map { Int($0) }
      #expect(zip(got, want).allSatisfy { abs($0 - $1) <= 8 }, "\(name) at (\(x), \(y)): \(got) vs \(want)")
    }
  }

  @Test func grayJPEGIsTheSourceLuma() throws {
    let decoded = try StraightImage(jpegData: Self.fixture("gray.jpg"))
    for (x, y) in [(2, 2), (12, 5)] {
      let s = Self.sourcePixel(x, y, alpha: false).map { Double($0) }
      let luma = 0.299 * s[0] + 0.587 * s[1] + 0.114 * s[2]
      let i = (y * 16 + x) * 4
      #expect(abs(Double(decoded.pixels[i]) - luma) <= 4)
      #expect(decoded.pixels[i] == decoded.pixels[i + 1] && decoded.pixels[i + 1] == decoded.pixels[i + 2])
    }
  }

  @Test func imageDataSniffsEachFormat() throws {
    let expected: [String: ImageFormat] = [
      "source.png": .png, "baseline.jpg": .jpeg, "cmyk.jpg": .jpeg, "lossy.webp": .webp,
      "lossless-alpha.webp": .webp, "animated.webp": .webp,
    ]
    for (name, format) in expected {
      #expect(ImageFormat(sniffing: try Self.fixture(name)) == format, "\(name)")
    }
    #expect(try StraightImage(imageData: Self.fixture("source.png")).pixels == Self.source(alpha: false))
    for name in Self.decodable {
      let bytes = try Self.fixture(name)
      let direct =
        name.hasSuffix(".jpg")
        ? try StraightImage(jpegData: bytes) : try StraightImage(webpData: bytes)
      #expect(try StraightImage(imageData: bytes) == direct, "\(name)")
    }
    // Each decoder refuses the others' data by signature.
    let png = try Self.fixture("source.png")
    #expect(throws: ImageDecodeError("not a JPEG: bad signature", format: .jpeg)) {
      try StraightImage(jpegData: png)
    }
    #expect(throws: ImageDecodeError("not a WebP: bad signature", format: .webp)) {
      try StraightImage(webpData: png)
    }
    let pngError = #expect(throws: ImageDecodeError.self) { try StraightImage(imageData: Array(png.prefix(40))) }
    #expect(pngError?.format == .png)
    #expect(pngError?.message.contains("PNG") == true)
  }

  @Test func animatedWebPIsRefused() throws {
    let error = #expect(throws: ImageDecodeError.self) {
      try StraightImage(imageData: Self.fixture("animated.webp"))
    }
    #expect(
      error?.message == "animated WebP (16×16) is not supported: Lamina decodes still WebP only")
    #expect(error?.format == .webp)
  }

  @Test(arguments: decodable)
  func everyProperPrefixThrows(name: String) throws {
    let bytes = try Self.fixture(name)
    let format: ImageFormat = name.hasSuffix(".jpg") ? .jpeg : .webp
    var truncatedMessages = 0
    for length in 0..<bytes.count {
      let error = #expect(throws: ImageDecodeError.self, "\(name), \(length) bytes") {
        try StraightImage(imageData: Array(bytes.prefix(length)))
      }
      guard let error else { continue }
      if length >= 12 {
        #expect(error.format == format, "\(name), \(length) bytes: \(error.message)")
        #expect(error.message.contains(format.rawValue), "\(name), \(length) bytes: \(error.message)")
      }
      if error.message.hasPrefix("truncated") { truncatedMessages += 1 }
    }
    // Past the header, cuts say "truncated" (not only "corrupt").
    #expect(truncatedMessages > bytes.count / 2, "\(name): \(truncatedMessages) of \(bytes.count)")
    let cut = #expect(throws: ImageDecodeError.self) { try StraightImage(imageData: Array(bytes.dropLast(5))) }
    #expect(cut?.message.hasPrefix("truncated \(format.rawValue) (16×16): ") == true, "\(cut?.message ?? "")")
  }

  @Test(arguments: decodable)
  func corruptBytesDecodeOrThrow(name: String) throws {
    let bytes = try Self.fixture(name)
    var rng = PNGTestRandom(seed: UInt64(name.utf8.count) * 7919)
    var decoded = 0
    for _ in 0..<300 {
      var corrupt = bytes
      for _ in 0..<1 + rng.next(below: 3) {
        // Past the signature, so the decoder under test gets the data.
        corrupt[12 + rng.next(below: corrupt.count - 12)] = rng.nextByte()
      }
      do {
        let image = try StraightImage(imageData: corrupt)
        #expect(image.pixels.count == image.width * image.height * 4)
        decoded += 1
      } catch {
        #expect(!error.message.isEmpty)
      }
    }
    #expect(decoded < 300)
  }

  @Test func garbageAfterASignatureThrows() {
    var rng = PNGTestRandom(seed: 11)
    for length in [0, 1, 7, 64, 1000] {
      let garbage = (0..<length).map { _ in rng.nextByte() }
      let jpeg = #expect(throws: ImageDecodeError.self) { try StraightImage(imageData: [0xFF, 0xD8, 0xFF] + garbage) }
      #expect(jpeg?.format == .jpeg)
      #expect(jpeg?.message.contains("JPEG") == true, "\(jpeg?.message ?? "")")
      let size = length + 4
      let riff = Array("RIFF".utf8) + [UInt8(size & 0xFF), UInt8(size >> 8), 0, 0] + Array("WEBP".utf8)
      let webp = #expect(throws: ImageDecodeError.self) { try StraightImage(imageData: riff + garbage) }
      #expect(webp?.format == .webp)
      #expect(webp?.message.contains("WebP") == true, "\(webp?.message ?? "")")
    }
  }

  /// baseline.jpg with its frame header (SOF0) claiming another size: the
  /// limits refuse it before a pixel buffer is allocated (65500 × 65500
  /// pixels would be 17 GB; JPEG cannot say more than 65535 a side).
  static func jpeg(claiming width: Int, _ height: Int) throws -> [UInt8] {
    var bytes = try fixture("baseline.jpg")
    var at = 2
    while at + 9 < bytes.count, !(bytes[at] == 0xFF && bytes[at + 1] == 0xC0) {
      at += 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
    }
    try #require(bytes[at] == 0xFF && bytes[at + 1] == 0xC0)
    bytes[at + 5] = UInt8(height >> 8)
    bytes[at + 6] = UInt8(height & 0xFF)
    bytes[at + 7] = UInt8(width >> 8)
    bytes[at + 8] = UInt8(width & 0xFF)
    return bytes
  }

  @Test func jpegHeaderSizeIsCheckedAgainstLimits() throws {
    #expect(try StraightImage(jpegData: Self.jpeg(claiming: 16, 16)).width == 16)
    #expect(
      throws: ImageDecodeError(
        "JPEG too large: 65500×65500 pixels exceeds the limit of 16384 pixels a side", format: .jpeg)
    ) { try StraightImage(imageData: Self.jpeg(claiming: 65500, 65500)) }
    #expect(
      throws: ImageDecodeError(
        "JPEG too large: 16000×16000 pixels exceeds the limit of 256 MiB of pixels", format: .jpeg)
    ) { try StraightImage(jpegData: Self.jpeg(claiming: 16000, 16000)) }
    // libjpeg's own ceiling (JPEG's fields go to 65535), before Lamina's.
    #expect(
      throws: ImageDecodeError(
        "bad JPEG header: Maximum supported image dimension is 65500 pixels", format: .jpeg)
    ) { try StraightImage(jpegData: Self.jpeg(claiming: 65535, 65535)) }
    // Within the limits but not in the data: the scan ends at 16×16, where
    // libjpeg would paint the rest grey ("premature end of data segment").
    let short = #expect(throws: ImageDecodeError.self) {
      try StraightImage(jpegData: Self.jpeg(claiming: 64, 64))
    }
    #expect(short?.message.hasPrefix("truncated JPEG (64×64): ") == true, "\(short?.message ?? "")")
  }

  /// A lossless WebP header claiming 16384 × 16384 (VP8L's largest).
  @Test func webpHeaderSizeIsCheckedAgainstLimits() {
    // VP8L: signature 0x2F, then 14 bits width − 1, 14 bits height − 1, alpha, version.
    let header: [UInt8] = [0x2F, 0xFF, 0xFF, 0xFF, 0x0F] + [UInt8](repeating: 0, count: 11)
    let data =
      Array("RIFF".utf8) + [UInt8(header.count + 12), 0, 0, 0] + Array("WEBPVP8L".utf8)
      + [UInt8(header.count), 0, 0, 0] + header
    #expect(
      throws: ImageDecodeError(
        "WebP too large: 16384×16384 pixels exceeds the limit of 256 MiB of pixels", format: .webp)
    ) { try StraightImage(imageData: data) }
  }

  @Test(arguments: decodable)
  func customLimits(name: String) throws {
    let bytes = try Self.fixture(name)
    #expect(try StraightImage(imageData: bytes, limits: RenderLimits(maxDimension: 16)).width == 16)
    let error = #expect(throws: ImageDecodeError.self) {
      try StraightImage(imageData: bytes, limits: RenderLimits(maxDimension: 15))
    }
    #expect(error?.message.contains("too large: 16×16 pixels exceeds the limit of 15 pixels a side") == true)
    #expect(throws: ImageDecodeError.self) {
      try StraightImage(imageData: bytes, limits: RenderLimits(maxPixelBytes: 16 * 16 * 4 - 1))
    }
  }

  @Test func otherFormatsAreNamed() {
    let reads = "Lamina reads PNG, JPEG and WebP"
    let cases: [([UInt8], String)] = [
      ([], "no image: the data is empty (\(reads))"),
      (Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0], "GIF images are not supported (\(reads))"),
      ([0x49, 0x49, 0x2A, 0, 8, 0, 0, 0], "TIFF images are not supported (\(reads))"),
      ([0, 0, 0, 0x1C] + Array("ftypavif".utf8), "AVIF images are not supported (\(reads))"),
      ([0, 0, 0, 0x18] + Array("ftypheic".utf8), "HEIF images are not supported (\(reads))"),
      ([0xFF, 0x0A, 0xFA, 0x7F], "JPEG XL images are not supported (\(reads))"),
      (Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
       "SVG images are not supported (\(reads))"),
      (Array("RIFF".utf8) + [4, 0, 0, 0],
       "truncated image: 8 bytes of a RIFF file, too few to say whether WebP"),
      (Array("RIFF".utf8) + [4, 0, 0, 0] + Array("WAVE".utf8),
       "unknown image format: the data starts with 52 49 46 46 04 00 00 00 (\(reads): 89 50 4E 47…, FF D8 FF…, RIFF….WEBP)"),
      ([0x00, 0x01, 0xAB], "unknown image format: the data starts with 00 01 AB (\(reads): 89 50 4E 47…, FF D8 FF…, RIFF….WEBP)"),
    ]
    for (data, message) in cases {
      #expect(throws: ImageDecodeError(message)) { try StraightImage(imageData: data) }
    }
  }
}
