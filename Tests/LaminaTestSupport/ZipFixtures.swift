// ZipFixtures: hostile `.lottie` archives built byte by byte, for the
// tests of what the archive reader and the server refuse.
//
// Rejected: committed fixture files (a 2 GiB declaration is clearer as
// the one number it is than as a binary blob).

/// A zip archive of one stored entry `animations/a.json` holding `{}`,
/// whose headers declare `declaredSize` bytes: a bomb that lies.
public func zipDeclaring(size declaredSize: Int) -> [UInt8] {
  var zip: [UInt8] = []
  func u16(_ v: Int) { zip += [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
  func u32(_ v: Int) { u16(v & 0xFFFF); u16(v >> 16 & 0xFFFF) }
  let name = Array("animations/a.json".utf8)
  u32(0x0403_4B50); u16(20); u16(0); u16(0); u16(0); u16(0); u32(0); u32(2); u32(declaredSize); u16(name.count); u16(0)
  zip += name + [0x7B, 0x7D]
  let dir = zip.count
  u32(0x0201_4B50); u16(20); u16(20); u16(0); u16(0); u16(0); u16(0); u32(0); u32(2); u32(declaredSize)
  u16(name.count); u16(0); u16(0); u16(0); u16(0); u32(0); u32(0)
  zip += name
  let dirSize = zip.count - dir
  u32(0x0605_4B50); u16(0); u16(0); u16(1); u16(1); u32(dirSize); u32(dir); u16(0)
  return zip
}
