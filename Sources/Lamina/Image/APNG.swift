// APNG: an animated PNG (PNG 3rd edition, W3C 2025, "acTL", "fcTL" and
// "fdAT") assembled from ordinary PNGs. Each frame is encoded by libpng
// (`Image.pngData`, 8-bit RGBA, straight alpha, as every PNG Lamina
// writes); its IDAT payload is kept and re-wrapped:
//
//   signature, IHDR (frame 0's), the chunks frame 0 has before its IDAT,
//   acTL(frames, plays 0 = forever),
//   fcTL(0) + frame 0's IDATs            (frame 0 is also the still image)
//   fcTL(2k−1) + fdAT(2k…) …             (each later frame: one fcTL, then
//                                          its data as fdAT chunks)
//   IEND
//
// Every frame covers the whole canvas at (0, 0), disposes to none and blends
// with `APNG_BLEND_OP_SOURCE`, so a frame is exactly its own image, whatever
// came before (no incremental frames yet). Sequence numbers run over fcTL
// and fdAT chunks together from 0, as the specification requires. A frame's
// delay is a fraction `num/den` of a second with 16-bit parts
// (`APNGEncoder.delay(framesPerSecond:)`).
//
// Rejected: libpng's APNG patch (not in Debian's libpng), and re-deflating
// the pixels ourselves (libpng's encoder already chose filters and levels).

/// Builds an animated PNG frame by frame.
public struct APNGEncoder: Sendable {
  public let width: Int
  public let height: Int
  /// Each frame's delay, as a fraction of a second.
  public let delayNumerator: UInt16
  public let delayDenominator: UInt16
  /// How each frame is compressed.
  public let compression: PNGCompression
  private var header: [UInt8] = []  // IHDR and the ancillary chunks before IDAT
  private var frames: [[UInt8]] = []  // each frame's chunks (fcTL + data)
  private var sequence: UInt32 = 0

  /// An encoder of `width`×`height` frames, each shown for `delay` (num,
  /// den) seconds, compressed as `compression` says.
  public init(
    width: Int, height: Int, delay: (numerator: UInt16, denominator: UInt16), compression: PNGCompression = .small
  ) {
    self.width = width
    self.height = height
    self.compression = compression
    delayNumerator = delay.numerator
    delayDenominator = delay.denominator
  }

  /// The closest 16-bit fraction to 1 / `fps` seconds: `1/fps` when fps is
  /// a whole number, else `round(10000 / fps) / 10000`.
  public static func delay(framesPerSecond fps: Double) -> (numerator: UInt16, denominator: UInt16) {
    if fps == fps.rounded(), fps >= 1, fps <= 65535 { return (1, UInt16(fps)) }
    let num = min(max((10000 / fps).rounded(), 1), 65535)
    return (UInt16(num), 10000)
  }

  /// The number of frames appended.
  public var frameCount: Int { frames.count }

  /// Appends one frame (the image must be `width`×`height`).
  public mutating func append(_ image: Image) throws(PNGError) {
    guard image.width == width, image.height == height else {
      throw PNGError("APNG frame \(frames.count) is \(image.width)×\(image.height), expected \(width)×\(height)")
    }
    let png = try image.pngData(compression: compression)
    guard let chunks = PNGChunks.parse(png) else { throw PNGError("libpng wrote a PNG that does not parse") }
    if frames.isEmpty {
      for c in chunks where c.type != "IDAT" && c.type != "IEND" { header += PNGChunks.chunk(c.type, c.data) }
    }
    var out = PNGChunks.chunk("fcTL", frameControl())
    for c in chunks where c.type == "IDAT" {
      if frames.isEmpty {
        out += PNGChunks.chunk("IDAT", c.data)
      } else {
        out += PNGChunks.chunk("fdAT", PNGChunks.be32(sequence) + c.data)
        sequence += 1
      }
    }
    frames.append(out)
  }

  private mutating func frameControl() -> [UInt8] {
    var d = PNGChunks.be32(sequence)
    sequence += 1
    d += PNGChunks.be32(UInt32(width)) + PNGChunks.be32(UInt32(height))
    d += PNGChunks.be32(0) + PNGChunks.be32(0)
    d += PNGChunks.be16(delayNumerator) + PNGChunks.be16(delayDenominator)
    d += [0, 0]  // dispose none, blend source
    return d
  }

  /// The file's bytes.
  public func data() -> [UInt8] {
    var out = PNGChunks.signature + header
    out += PNGChunks.chunk("acTL", PNGChunks.be32(UInt32(frames.count)) + PNGChunks.be32(0))
    for f in frames { out += f }
    return out + PNGChunks.chunk("IEND", [])
  }

  /// Writes the file (through a temporary file renamed over `path`).
  public func write(to path: String) throws(PNGError) {
    do {
      try FileBytes.replaceFile(path, with: data())
    } catch {
      throw PNGError("\(path): cannot write: \(error.reason)")
    }
  }
}

/// What an APNG says about its animation: frames and their delays.
public struct APNGInfo: Equatable, Sendable {
  public var width: Int
  public var height: Int
  /// acTL's frame count.
  public var frameCount: Int
  /// Each fcTL's delay in seconds, in order.
  public var delays: [Double]
  /// True when sequence numbers run 0, 1, 2… over fcTL and fdAT and every CRC holds.
  public var isWellFormed: Bool

  /// Reads the chunks of `data`; `nil` when it is not a PNG or has no acTL.
  public init?(data: [UInt8]) {
    guard let chunks = PNGChunks.parse(data), let ihdr = chunks.first, ihdr.type == "IHDR",
      let actl = chunks.first(where: { $0.type == "acTL" }), actl.data.count == 8
    else { return nil }
    width = Int(PNGChunks.read32(ihdr.data, 0))
    height = Int(PNGChunks.read32(ihdr.data, 4))
    frameCount = Int(PNGChunks.read32(actl.data, 0))
    delays = []
    var expected: UInt32 = 0
    var ok = chunks.allSatisfy(\.crcOK)
    for c in chunks where c.type == "fcTL" || c.type == "fdAT" {
      if PNGChunks.read32(c.data, 0) != expected { ok = false }
      expected += 1
      if c.type == "fcTL", c.data.count == 26 {
        let num = Double(UInt16(c.data[20]) << 8 | UInt16(c.data[21]))
        var den = Double(UInt16(c.data[22]) << 8 | UInt16(c.data[23]))
        if den == 0 { den = 100 }  // the specification's rule
        delays.append(num / den)
      }
    }
    isWellFormed = ok && delays.count == frameCount
  }
}

/// PNG chunk reading and writing.
enum PNGChunks {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  struct Chunk {
    var type: String
    var data: [UInt8]
    var crcOK: Bool
  }

  static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
  static func read32(_ d: [UInt8], _ i: Int) -> UInt32 {
    guard i + 4 <= d.count else { return 0 }
    return UInt32(d[i]) << 24 | UInt32(d[i + 1]) << 16 | UInt32(d[i + 2]) << 8 | UInt32(d[i + 3])
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return be32(UInt32(data.count)) + typeBytes + data + be32(crc32(typeBytes + data))
  }

  static func parse(_ png: [UInt8]) -> [Chunk]? {
    guard png.starts(with: signature) else { return nil }
    var out: [Chunk] = []
    var i = 8
    while i + 12 <= png.count {
      let length = Int(read32(png, i))
      guard length <= png.count - i - 12 else { return nil }
      let typeBytes = Array(png[(i + 4)..<(i + 8)])
      let data = Array(png[(i + 8)..<(i + 8 + length)])
      let crc = read32(png, i + 8 + length)
      out.append(Chunk(type: String(decoding: typeBytes, as: UTF8.self), data: data, crcOK: crc == crc32(typeBytes + data)))
      i += 12 + length
      if out.last?.type == "IEND" { break }
    }
    return out
  }

  private static let table: [UInt32] = (0..<256).map { n in
    var c = UInt32(n)
    for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    return c
  }

  /// The CRC-32 of PNG chunks (ISO 3309, the PNG specification's sample code).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var c: UInt32 = 0xFFFF_FFFF
    for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
    return c ^ 0xFFFF_FFFF
  }
}
