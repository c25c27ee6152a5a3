// LottieArchive: a `.lottie` file, a zip archive holding `manifest.json`,
// the animations (`animations/ID.json`, or `a/ID.json` in dotLottie 2) and
// their images (`images/`, `i/`). The zip's central directory is read and
// entries are inflated on demand with zlib. A hostile archive gets an
// error, not a hang or an exhausted memory: at most 10,000 entries, 256 MiB
// an entry and `LottieLimits.maxArchiveBytes` (512 MiB unless lowered) in
// all after inflating, and an entry that inflates past the size its header
// declares (a zip bomb that lies) stops there.
//
// Rejected: running `unzip` (a process per file, and no control over what
// a bomb writes) or minizip (not a package this machine ships).

import CZlib
import Foundation
import Lamina

struct LottieArchive {
  struct Entry {
    var name: String
    var method: Int
    var compressedSize: Int
    var size: Int
    var offset: Int
  }

  static let maxEntries = 10_000
  static let maxEntrySize = 256 << 20

  let bytes: [UInt8]
  let entries: [String: Entry]

  init(_ bytes: [UInt8], maxTotalSize: Int = LottieLimits.default.maxArchiveBytes) throws(LottieError) {
    self.bytes = bytes
    func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
    func u32(_ i: Int) -> Int { u16(i) | u16(i + 2) << 16 }
    // The end-of-central-directory record, within the last 64 KiB + 22 bytes.
    var eocd = -1
    var i = bytes.count - 22
    while i >= max(0, bytes.count - 65_557) {
      if bytes[i] == 0x50, bytes[i + 1] == 0x4B, bytes[i + 2] == 0x05, bytes[i + 3] == 0x06 {
        eocd = i
        break
      }
      i -= 1
    }
    guard eocd >= 0 else { throw LottieError(path: "", message: "not a .lottie archive (no zip directory found)") }
    let count = u16(eocd + 10), dirSize = u32(eocd + 12), dirOffset = u32(eocd + 16)
    guard count <= Self.maxEntries else {
      throw LottieError(path: "", message: "the archive holds \(count) files; at most \(Self.maxEntries) are read")
    }
    guard dirOffset >= 0, dirOffset + dirSize <= bytes.count else {
      throw LottieError(path: "", message: "the archive's directory lies outside the file")
    }
    var out: [String: Entry] = [:]
    var p = dirOffset
    var total = 0
    for _ in 0..<count {
      guard p + 46 <= bytes.count, u32(p) == 0x0201_4B50 else {
        throw LottieError(path: "", message: "the archive's directory is damaged")
      }
      let method = u16(p + 10), csize = u32(p + 20), size = u32(p + 24)
      let nameLength = u16(p + 28), extra = u16(p + 30), comment = u16(p + 32), local = u32(p + 42)
      guard p + 46 + nameLength <= bytes.count else { throw LottieError(path: "", message: "the archive's directory is damaged") }
      let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
      guard size <= min(Self.maxEntrySize, maxTotalSize) else {
        throw LottieError(path: name, message: "inflates to \(size) bytes; at most \(min(Self.maxEntrySize, maxTotalSize)) are read")
      }
      total += size
      guard total <= maxTotalSize else {
        throw LottieError(path: "", message: "the archive inflates to more than \(maxTotalSize) bytes")
      }
      out[name] = Entry(name: name, method: method, compressedSize: csize, size: size, offset: local)
      p += 46 + nameLength + extra + comment
    }
    entries = out
  }

  /// The inflated bytes of `name`.
  func read(_ name: String) throws(LottieError) -> [UInt8] {
    guard let e = entries[name] else { throw LottieError(path: name, message: "not in the archive") }
    func u16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
    guard e.offset + 30 <= bytes.count else { throw LottieError(path: name, message: "lies outside the archive") }
    let start = e.offset + 30 + u16(e.offset + 26) + u16(e.offset + 28)
    guard start + e.compressedSize <= bytes.count else { throw LottieError(path: name, message: "lies outside the archive") }
    let data = Array(bytes[start..<(start + e.compressedSize)])
    switch e.method {
    case 0: return data
    case 8: return try inflate(data, size: e.size, name: name)
    default: throw LottieError(path: name, message: "compression method \(e.method) is not read (only stored and deflate)")
    }
  }

  private func inflate(_ input: [UInt8], size: Int, name: String) throws(LottieError) -> [UInt8] {
    var stream = z_stream()
    guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
      throw LottieError(path: name, message: "zlib could not start")
    }
    defer { inflateEnd(&stream) }
    // One byte more than declared: an entry that fills it lied about its size.
    var output = [UInt8](repeating: 0, count: size + 1)
    var input = input
    let status: Int32 = input.withUnsafeMutableBufferPointer { inp in
      output.withUnsafeMutableBufferPointer { out in
        stream.next_in = inp.baseAddress
        stream.avail_in = uInt(inp.count)
        stream.next_out = out.baseAddress
        stream.avail_out = uInt(out.count)
        return CZlib.inflate(&stream, Z_FINISH)
      }
    }
    guard status == Z_STREAM_END, Int(stream.total_out) == size else {
      throw LottieError(
        path: name, message: Int(stream.total_out) > size ? "inflates past its declared size (\(size) bytes)" : "is not valid deflate data")
    }
    output.removeLast()
    return output
  }

  /// The animation the manifest names first (dotLottie 1 and 2).
  func animation() throws(LottieError) -> [UInt8] {
    var id: String?
    if entries["manifest.json"] != nil, let json = try? JSONParser.parse(try read("manifest.json")),
      case .object(let top) = json.kind, let list = top.first(where: { $0.key == "animations" }),
      case .array(let items) = list.value.kind, let first = items.first, case .object(let m) = first.kind,
      let idMember = m.first(where: { $0.key == "id" }), case .string(let s) = idMember.value.kind
    {
      id = s
    }
    for candidate in [id.map { "animations/\($0).json" }, id.map { "a/\($0).json" }].compactMap({ $0 })
    where entries[candidate] != nil {
      return try read(candidate)
    }
    if let any = entries.keys.sorted().first(where: {
      ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json")
    }) {
      return try read(any)
    }
    throw LottieError(path: "manifest.json", message: "the archive holds no animation")
  }
}
