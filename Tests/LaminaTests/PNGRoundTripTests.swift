// PNG writing, round trips, files and the errors a user sees.

import Testing
import LaminaTestSupport

@testable import Lamina

@Suite struct PNGRoundTripTests {
  /// A straight image with every byte random, alpha included.
  static func noise(width: Int, height: Int, seed: UInt64) -> StraightImage {
    var rng = PNGTestRandom(seed: seed)
    return StraightImage(
      width: width, height: height, pixels: (0..<width * height * 4).map { _ in rng.nextByte() })
  }

  /// A fresh temporary folder for one test.
  static func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "lamina-png-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func straightRoundTripIsLossless() throws {
    let image = Self.noise(width: 13, height: 7, seed: 1)
    let data = try image.pngData()
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    let back = try StraightImage(pngData: data)
    #expect(back == image)
    #expect(try back.pngData() == data)
  }

  @Test func fastCompressionKeepsThePixels() throws {
    // A smooth ramp with a little noise, as rendered frames are: fast
    // compression writes other (larger) bytes that decode to the same image.
    var rng = PNGTestRandom(seed: 5)
    let width = 256, height = 64
    let pixels: [UInt8] = (0..<width * height).flatMap { i -> [UInt8] in
      let x = i % width, y = i / width
      return [UInt8(x), UInt8((x + y) / 2), UInt8(y * 4), 200 + rng.nextByte() % 8]
    }
    let image = StraightImage(width: width, height: height, pixels: pixels)
    let small = try image.pngData(), fast = try image.pngData(compression: .fast)
    #expect(fast != small)
    #expect(fast.count > small.count, "fast \(fast.count) bytes, small \(small.count)")
    #expect(try StraightImage(pngData: fast) == image)
    #expect(try StraightImage(pngData: small) == image)
  }

  @Test func incompressibleImageFitsTheEncodeBuffer() throws {
    // 300×200 of noise: several deflate blocks and IDAT chunks, no savings.
    let image = Self.noise(width: 300, height: 200, seed: 9)
    let data = try image.pngData()
    #expect(data.count > image.pixels.count)
    #expect(try StraightImage(pngData: data) == image)
  }

  @Test func writtenFileIsEightBitRGBA() throws {
    let data = try Self.noise(width: 2, height: 2, seed: 2).pngData()
    // IHDR follows the signature: length, "IHDR", width, height, depth, colour type.
    #expect(Array(data[12..<16]) == Array("IHDR".utf8))
    #expect(data[24] == 8)
    #expect(data[25] == 6)
  }

  @Test func premultipliedRoundTripIsLossless() throws {
    // Un-premultiplying then premultiplying, both rounded to nearest, gives
    // back every valid premultiplied value (c ≤ a): PNG files never drift.
    var pixels: [UInt8] = []
    for a in 0...255 {
      for c in 0...a { pixels += [UInt8(c), UInt8(a - c), UInt8(c / 2), UInt8(a)] }
    }
    let image = Image(width: 257, height: pixels.count / 4 / 257, premultipliedPixels: pixels)
    let back = try Image(pngData: image.pngData())
    #expect(back.pixels == image.pixels)
  }

  @Test func fileRoundTripRecordsSource() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/noise.png"
    let image = Image(Self.noise(width: 5, height: 3, seed: 3))
    try image.writePNG(to: path)
    let back = try Image(contentsOfPNGFile: path)
    #expect(back.pixels == image.pixels)
    #expect(back.width == 5 && back.height == 3)
    #expect(back.source == .file(path))
    let named = try Image(contentsOfPNGFile: path, source: .file("noise.png"))
    #expect(named.source == .file("noise.png"))
  }

  @Test func unreadablePathsNameTheFileAndTheReason() throws {
    let path = "/nonexistent-lamina-folder/missing.png"
    #expect(throws: PNGError("\(path): cannot read: No such file or directory")) {
      try Image(contentsOfPNGFile: path)
    }
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: PNGError("\(folder): cannot read: Is a directory")) {
      try Image(contentsOfPNGFile: folder)
    }
  }

  @Test func corruptFileNamesTheFileAndTheReason() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let text = folder + "/text.png"
    try Data("hello, world".utf8).write(to: URL(fileURLWithPath: text))
    let notPNG = #expect(throws: PNGError.self) { try Image(contentsOfPNGFile: text) }
    #expect(notPNG?.message == "\(text): not a PNG: bad signature")

    let truncated = folder + "/truncated.png"
    let whole = try Self.noise(width: 16, height: 16, seed: 4).pngData()
    try Data(whole.prefix(whole.count - 40)).write(to: URL(fileURLWithPath: truncated))
    let cut = #expect(throws: PNGError.self) { try Image(contentsOfPNGFile: truncated) }
    #expect(cut?.message.hasPrefix("\(truncated): corrupt PNG (16×16): ") == true)
  }

  @Test func emptyAndShortData() {
    #expect(throws: PNGError("not a PNG: the data is empty")) { try StraightImage(pngData: []) }
    #expect(throws: PNGError("not a PNG: only 4 bytes")) {
      try StraightImage(pngData: [0x89, 0x50, 0x4E, 0x47])
    }
    let signatureOnly: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    let error = #expect(throws: PNGError.self) { try StraightImage(pngData: signatureOnly) }
    #expect(error?.message.hasPrefix("bad PNG header: ") == true)
  }

  @Test func headerSizeIsCheckedAgainstLimits() throws {
    // 20000×1 is a legal PNG but over the default 16384 pixels a side; the
    // file holds no pixel data, so only the header check can reject it cleanly.
    let huge = RawPNG(width: 20000, height: 1, colorType: 0, rows: [])
    let error = #expect(throws: PNGError.self) { try StraightImage(pngData: huge.encoded()) }
    #expect(
      error?.message == "PNG too large: 20000×1 pixels exceeds the limit of 16384 pixels a side")

    let small = RawPNG(width: 9, height: 1, colorType: 0, rows: [[UInt8](repeating: 0, count: 9)])
    #expect(try StraightImage(pngData: small.encoded()).width == 9)
    let tight = RenderLimits(maxDimension: 8)
    #expect(throws: PNGError.self) { try StraightImage(pngData: small.encoded(), limits: tight) }
    let fewBytes = RenderLimits(maxPixelBytes: 32)
    #expect(throws: PNGError.self) { try Image(pngData: small.encoded(), limits: fewBytes) }
  }

  @Test func emptyImageCannotBeEncoded() {
    let empty = StraightImage(width: 0, height: 4, pixels: [])
    #expect(throws: PNGError("cannot encode a 0×4 image: PNG needs at least 1×1 pixels")) {
      try empty.pngData()
    }
  }

  @Test func unwritablePathsNameTheFileAndTheReason() throws {
    let image = Image(Self.noise(width: 1, height: 1, seed: 5))
    let path = "/nonexistent-lamina-folder/out.png"
    #expect(throws: PNGError("\(path): cannot write: No such file or directory")) {
      try image.writePNG(to: path)
    }
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    #expect(throws: PNGError("\(folder): cannot write: Is a directory")) {
      try image.writePNG(to: folder)
    }
    // A failed write leaves no temporary file behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }

  @Test func writeReplacesAnExistingFile() throws {
    let folder = try Self.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/image.png"
    try Image(Self.noise(width: 40, height: 40, seed: 6)).writePNG(to: path)
    let small = Image(Self.noise(width: 2, height: 1, seed: 7))
    try small.writePNG(to: path)
    #expect(try Image(contentsOfPNGFile: path).pixels == small.pixels)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["image.png"])
  }
}
