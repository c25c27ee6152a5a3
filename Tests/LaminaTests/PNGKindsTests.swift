// Every PNG kind libpng may hand us, built byte by byte by `RawPNG` (a
// minimal encoder: chunks, CRC-32, zlib "stored" blocks, Adam7), so each
// test states its file exactly and its expected pixels are worked out by
// hand. Rejected: checked-in fixture files, which hide what they contain and
// need resources in Package.swift.

import Testing
import LaminaTestSupport

@testable import Lamina

/// A hand-built PNG: the test spells out the header fields and the packed
/// scanlines (without filter bytes, which are added as filter type 0).
struct RawPNG {
  var width: Int
  var height: Int
  var bitDepth: UInt8 = 8
  /// 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA.
  var colorType: UInt8
  var interlaced = false
  /// PLTE contents (RGB triples).
  var palette: [UInt8]? = nil
  /// tRNS contents.
  var transparency: [UInt8]? = nil
  /// Packed samples of each row, top-down.
  var rows: [[UInt8]]

  /// Channels per pixel of the colour type.
  var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1 }

  /// The PNG file.
  func encoded() -> [UInt8] {
    var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    var header: [UInt8] = []
    header += Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
    header += [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
    out += Self.chunk("IHDR", header)
    if let palette { out += Self.chunk("PLTE", palette) }
    if let transparency { out += Self.chunk("tRNS", transparency) }
    out += Self.chunk("IDAT", Self.zlibStored(filteredScanlines()))
    out += Self.chunk("IEND", [])
    return out
  }

  /// Rows with a filter byte (0) each; for Adam7, the seven passes' rows.
  func filteredScanlines() -> [UInt8] {
    let bitsPerPixel = channels * Int(bitDepth)
    guard interlaced else { return rows.flatMap { [0] + $0 } }
    // Adam7: (x0, y0, dx, dy) per pass; pixels are re-packed per pass.
    let passes = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
      (0, 1, 1, 2),
    ]
    var out: [UInt8] = []
    for (x0, y0, dx, dy) in passes {
      for y in stride(from: y0, to: height, by: dy) {
        var bits = PNGBitWriter()
        var any = false
        for x in stride(from: x0, to: width, by: dx) {
          any = true
          for b in 0..<bitsPerPixel {
            let bit = x * bitsPerPixel + b
            bits.append((rows[y][bit / 8] >> (7 - UInt8(bit % 8))) & 1)
          }
        }
        if any { out += [0] + bits.bytes }
      }
    }
    return out
  }

  static func bigEndian(_ v: UInt32) -> [UInt8] {
    [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
  }

  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  /// A zlib stream of uncompressed deflate blocks.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var start = 0
    repeat {
      let end = min(start + 65535, data.count)
      let n = UInt16(end - start)
      out += [
        end == data.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8),
      ]
      out += data[start..<end]
      start = end
    } while start < data.count
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in data {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return out + bigEndian(b << 16 | a)
  }
}

/// Packs bits most significant first, as PNG scanlines do.
struct PNGBitWriter {
  var bytes: [UInt8] = []
  var count = 0
  mutating func append(_ bit: UInt8) {
    if count % 8 == 0 { bytes.append(0) }
    bytes[bytes.count - 1] |= bit << (7 - UInt8(count % 8))
    count += 1
  }
}

/// The pixels of a decoded image as RGBA quadruples, for readable expectations.
func pixelQuads(_ image: StraightImage) -> [[UInt8]] {
  stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) }
}

@Suite struct PNGKindsTests {
  @Test func grey8() throws {
    let png = RawPNG(width: 3, height: 1, colorType: 0, rows: [[0, 128, 255]])
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[0, 0, 0, 255], [128, 128, 128, 255], [255, 255, 255, 255]])
  }

  @Test func grey1Bit() throws {
    let png = RawPNG(
      width: 4, height: 2, bitDepth: 1, colorType: 0, rows: [[0b1010_0000], [0b0110_0000]])
    let image = try StraightImage(pngData: png.encoded())
    let w: [UInt8] = [255, 255, 255, 255]
    let k: [UInt8] = [0, 0, 0, 255]
    #expect(pixelQuads(image) == [w, k, w, k, k, w, w, k])
  }

  @Test func grey4BitScalesToFullRange() throws {
    // 4-bit sample v means v/15: 0x5 → 85, 0xA → 170.
    let png = RawPNG(width: 2, height: 1, bitDepth: 4, colorType: 0, rows: [[0x5A]])
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[85, 85, 85, 255], [170, 170, 170, 255]])
  }

  @Test func greyWithTransparentValue() throws {
    var png = RawPNG(width: 2, height: 1, colorType: 0, rows: [[7, 8]])
    png.transparency = [0, 7]
    let image = try StraightImage(pngData: png.encoded())
    #expect(image.pixels[3] == 0)
    #expect(pixelQuads(image)[1] == [8, 8, 8, 255])
  }

  @Test func greyAlpha8() throws {
    let png = RawPNG(width: 2, height: 1, colorType: 4, rows: [[200, 100, 50, 255]])
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[200, 200, 200, 100], [50, 50, 50, 255]])
  }

  @Test func rgb8() throws {
    let png = RawPNG(width: 2, height: 1, colorType: 2, rows: [[1, 2, 3, 250, 128, 0]])
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[1, 2, 3, 255], [250, 128, 0, 255]])
  }

  @Test func rgbWithTransparentColour() throws {
    var png = RawPNG(width: 2, height: 1, colorType: 2, rows: [[1, 2, 3, 1, 2, 4]])
    png.transparency = [0, 1, 0, 2, 0, 3]
    let image = try StraightImage(pngData: png.encoded())
    #expect(image.pixels[3] == 0)
    #expect(pixelQuads(image)[1] == [1, 2, 4, 255])
  }

  @Test func rgba8KeepsColourUnderZeroAlpha() throws {
    let png = RawPNG(width: 2, height: 1, colorType: 6, rows: [[10, 20, 30, 0, 200, 150, 100, 77]])
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[10, 20, 30, 0], [200, 150, 100, 77]])
  }

  @Test func paletteWithoutTransparency() throws {
    var png = RawPNG(width: 3, height: 1, bitDepth: 2, colorType: 3, rows: [[0b0001_1000]])
    png.palette = [255, 0, 0, 0, 255, 0, 0, 0, 255]
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[255, 0, 0, 255], [0, 255, 0, 255], [0, 0, 255, 255]])
  }

  @Test func paletteWithShortTransparency() throws {
    // tRNS shorter than PLTE: the remaining entries are opaque.
    var png = RawPNG(width: 3, height: 1, colorType: 3, rows: [[2, 1, 0]])
    png.palette = [255, 0, 0, 0, 255, 0, 0, 0, 255]
    png.transparency = [0, 128]
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[0, 0, 255, 255], [0, 255, 0, 128], [255, 0, 0, 0]])
  }

  @Test func rgba16TakenAsSRGB() throws {
    // Samples v·257 are exactly v/255: scaled, not gamma-converted.
    let row: [UInt8] = [
      0x80, 0x80, 0x00, 0x00, 0xFF, 0xFF, 0x7F, 0x7F, 0x12, 0x12, 0x40, 0x40, 0xFF, 0xFF, 0xFF,
      0xFF,
    ]
    let png = RawPNG(width: 2, height: 1, bitDepth: 16, colorType: 6, rows: [row])
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[128, 0, 255, 127], [18, 64, 255, 255]])
  }

  @Test func grey16TakenAsSRGB() throws {
    let png = RawPNG(
      width: 2, height: 1, bitDepth: 16, colorType: 0, rows: [[0x80, 0x80, 0x20, 0x20]])
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image) == [[128, 128, 128, 255], [32, 32, 32, 255]])
  }

  @Test func greyAlpha16() throws {
    let png = RawPNG(
      width: 1, height: 1, bitDepth: 16, colorType: 4, rows: [[0x40, 0x40, 0x80, 0x80]])
    #expect(pixelQuads(try StraightImage(pngData: png.encoded())) == [[64, 64, 64, 128]])
  }

  @Test func palette1BitWithFullTransparency() throws {
    var png = RawPNG(width: 3, height: 1, bitDepth: 1, colorType: 3, rows: [[0b0100_0000]])
    png.palette = [10, 20, 30, 40, 50, 60]
    png.transparency = [255, 0]
    let image = try StraightImage(pngData: png.encoded())
    #expect(pixelQuads(image)[0] == [10, 20, 30, 255])
    #expect(pixelQuads(image)[1][3] == 0)
    #expect(pixelQuads(image)[2] == [10, 20, 30, 255])
  }

  @Test func adam7InterlacedMatchesProgressive() throws {
    // 9×9 covers every pass, including the partial last column and row.
    var rng = PNGTestRandom(seed: 7)
    let rows = (0..<9).map { _ in (0..<36).map { _ in rng.nextByte() } }
    let progressive = RawPNG(width: 9, height: 9, colorType: 6, rows: rows)
    var interlaced = progressive
    interlaced.interlaced = true
    let a = try StraightImage(pngData: progressive.encoded())
    let b = try StraightImage(pngData: interlaced.encoded())
    #expect(a.pixels == rows.flatMap { $0 })
    #expect(b == a)
  }
}

/// The PNG tests' random stream, repeatable: LaminaTestSupport's SplitMix64.
typealias PNGTestRandom = SplitMix64

extension SplitMix64 {
  mutating func nextByte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
  /// Uniform in `0..<n` (n > 0; the tiny modulo bias is irrelevant here).
  mutating func next(below n: Int) -> Int { Int(next() % UInt64(n)) }
}
