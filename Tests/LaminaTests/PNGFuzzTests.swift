// Seeded corruptions of valid PNGs: every one must decode to a consistent
// image or throw a `PNGError`, never trap. Corruptions that keep the CRCs
// valid reach past libpng's chunk checks into zlib and the filters, where
// plain bit flips would mostly stop at "CRC error".

import Testing
import LaminaTestSupport

@testable import Lamina

@Suite struct PNGFuzzTests {
  /// Valid files of several kinds: libpng-compressed and hand-stored,
  /// palette, 16-bit, interlaced.
  static func seeds() throws -> [[UInt8]] {
    var rng = PNGTestRandom(seed: 42)
    let noise = StraightImage(
      width: 12, height: 9, pixels: (0..<12 * 9 * 4).map { _ in rng.nextByte() })
    var ramp: [UInt8] = []
    for y in 0..<16 {
      for x in 0..<24 { ramp += [UInt8(x * 10), UInt8(y * 15), 128, 255] }
    }
    let smooth = StraightImage(width: 24, height: 16, pixels: ramp)
    var indices: [[UInt8]] = []
    for y in 0..<4 {
      indices.append((0..<4).map { x -> UInt8 in UInt8((x + y) % 3) << 4 | UInt8((x + 1) % 3) })
    }
    var palette = RawPNG(width: 8, height: 4, bitDepth: 4, colorType: 3, rows: indices)
    palette.palette = [255, 0, 0, 0, 255, 0, 0, 0, 255]
    palette.transparency = [0, 200]
    let deep = RawPNG(
      width: 5, height: 5, bitDepth: 16, colorType: 6,
      rows: (0..<5).map { _ in
        (0..<40).map { _ in rng.nextByte() }
      })
    var interlaced = RawPNG(
      width: 10, height: 7, colorType: 2,
      rows: (0..<7).map { _ in
        (0..<30).map { _ in rng.nextByte() }
      })
    interlaced.interlaced = true
    return [
      try noise.pngData(), try smooth.pngData(), palette.encoded(), deep.encoded(),
      interlaced.encoded(),
    ]
  }

  /// The chunks of a PNG: (offset of the length field, data length).
  static func chunks(_ png: [UInt8]) -> [(offset: Int, length: Int)] {
    var out: [(Int, Int)] = []
    var at = 8
    while at + 12 <= png.count {
      let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
      guard at + 12 + length <= png.count else { break }
      out.append((at, length))
      at += 12 + length
    }
    return out
  }

  /// Recomputes the CRC of the chunk at `offset`.
  static func fixCRC(_ png: inout [UInt8], chunkAt offset: Int, length: Int) {
    let crc = RawPNG.crc32(Array(png[offset + 4..<offset + 8 + length]))
    png.replaceSubrange(offset + 8 + length..<offset + 12 + length, with: RawPNG.bigEndian(crc))
  }

  /// One corruption, chosen by `kind`.
  static func corrupt(_ png: [UInt8], kind: Int, rng: inout PNGTestRandom) -> [UInt8] {
    var out = png
    let chunks = Self.chunks(png)
    switch kind {
    case 0:  // a few bit flips anywhere
      for _ in 0...rng.next(below: 4) {
        out[rng.next(below: out.count)] ^= 1 << UInt8(rng.next(below: 8))
      }
    case 1:  // truncation
      out.removeLast(1 + rng.next(below: out.count))
    case 2:  // a run of random bytes
      let start = rng.next(below: out.count)
      for i in start..<min(out.count, start + 1 + rng.next(below: 16)) { out[i] = rng.nextByte() }
    case 3:  // a bad CRC on one chunk
      let (offset, length) = chunks[rng.next(below: chunks.count)]
      out[offset + 8 + length + rng.next(below: 4)] ^= 0x5A
    case 4:  // huge or odd dimensions in IHDR, CRC kept valid
      let sizes: [UInt32] = [
        0, 1, 16384, 16385, 20000, 65535, 1 << 20, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
      ]
      let field = 16 + 4 * rng.next(below: 2)
      out.replaceSubrange(
        field..<field + 4, with: RawPNG.bigEndian(sizes[rng.next(below: sizes.count)]))
      fixCRC(&out, chunkAt: 8, length: 13)
    case 5:  // bytes changed inside a chunk's data, CRC kept valid
      let (offset, length) = chunks[rng.next(below: chunks.count)]
      guard length > 0 else { break }
      for _ in 0...rng.next(below: 3) { out[offset + 8 + rng.next(below: length)] = rng.nextByte() }
      fixCRC(&out, chunkAt: offset, length: length)
    default:  // bytes inserted or removed
      let at = rng.next(below: out.count)
      if rng.next(below: 2) == 0 {
        out.insert(contentsOf: (0...rng.next(below: 8)).map { _ in rng.nextByte() }, at: at)
      } else {
        out.removeSubrange(at..<min(out.count, at + 1 + rng.next(below: 8)))
      }
    }
    return out
  }

  @Test func corruptionsNeverTrap() throws {
    let seeds = try Self.seeds()
    var rng = PNGTestRandom(seed: 2024)
    var decoded = 0
    var rejected = 0
    for n in 0..<7000 {
      let kind = n % 7
      let data = Self.corrupt(seeds[n % seeds.count], kind: kind, rng: &rng)
      do {
        let image = try StraightImage(pngData: data)
        #expect(
          image.width > 0 && image.height > 0 && image.width <= 16384 && image.height <= 16384)
        #expect(image.pixels.count == image.width * image.height * 4)
        decoded += 1
      } catch {
        #expect(!error.message.isEmpty)
        rejected += 1
      }
    }
    // Both outcomes occur: the corruptions neither all miss nor all hit.
    #expect(decoded > 100)
    #expect(rejected > 2000)
  }

  @Test func hugeDimensionsWithoutLimitsNeverTrap() throws {
    // With no limits of our own, libpng's (a million pixels a side) and the
    // data-size check still stand between a 60-byte header and the allocator.
    let unlimited = RenderLimits(maxDimension: .max, maxPixelBytes: .max)
    let sizes: [UInt32] = [1_000_000, 1_000_001, 0x7FFF_FFFF, 0xFFFF_FFFF]
    for width in sizes {
      for height in sizes {
        var png = try Self.seeds()[2]
        png.replaceSubrange(16..<24, with: RawPNG.bigEndian(width) + RawPNG.bigEndian(height))
        Self.fixCRC(&png, chunkAt: 8, length: 13)
        #expect(throws: PNGError.self) { try StraightImage(pngData: png, limits: unlimited) }
      }
    }
  }

  @Test func hugeDimensionsAreRejectedBeforeAllocating() throws {
    // Valid CRCs, tiny data: limits first, then what the data can hold.
    var png = try Self.seeds()[0]
    png.replaceSubrange(16..<24, with: RawPNG.bigEndian(16384) + RawPNG.bigEndian(16384))
    Self.fixCRC(&png, chunkAt: 8, length: 13)
    let tooMany = #expect(throws: PNGError.self) { try StraightImage(pngData: png) }
    #expect(tooMany?.message.contains("exceeds the limit of 256 MiB") == true)

    png.replaceSubrange(16..<24, with: RawPNG.bigEndian(8000) + RawPNG.bigEndian(8000))
    Self.fixCRC(&png, chunkAt: 8, length: 13)
    let tooShort = #expect(throws: PNGError.self) { try StraightImage(pngData: png) }
    #expect(tooShort?.message == "corrupt PNG: \(png.count) bytes cannot hold 8000×8000 pixels")
  }
}
