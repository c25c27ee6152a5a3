// TemplateStore: the scene templates of `--templates DIR`, served as
// `/templates/NAME.png`. A name is letters, digits, `-` and `_` only (no
// `/`, no `..`, nothing absolute); its file `NAME.json` is resolved with
// realpath and must still lie inside the folder's own real path, so a
// symbolic link out of the folder is refused too. The ETag of a response
// is a hash of the template's name and bytes and of the request's values.
//
// Rejected: serving any file under the folder by its path (a name is all a
// client needs, and a path is one more thing to sanitise).
import Foundation
import Hummingbird
import Lamina

/// The templates folder.
struct TemplateStore: Sendable {
  /// The folder's real path (links resolved).
  let folder: String
  /// The largest template file read.
  let maxBytes: Int

  /// The store of `directory`, or an error when it is not a folder.
  init(directory: String, maxBytes: Int) throws(ServeError) {
    var isDirectory: ObjCBool = false
    guard let real = SceneFileAccess.resolve(directory),
      FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw ServeError(.internalServerError, "--templates \(directory): not a folder")
    }
    folder = real
    self.maxBytes = maxBytes
  }

  /// The bytes of the template `NAME.png` names (`NAME.json` in the folder).
  func read(_ requested: String) throws(ServeError) -> (name: String, bytes: [UInt8]) {
    guard requested.hasSuffix(".png") else {
      throw ServeError(.notFound, "templates are served as NAME.png")
    }
    let name = String(requested.dropLast(4))
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
    }
    guard !name.isEmpty, name.count <= 128, allowed else {
      throw ServeError(.badRequest, "a template name is letters, digits, '-' and '_' only")
    }
    let file = folder + "/" + name + ".json"
    guard let real = SceneFileAccess.resolve(file) else {
      throw ServeError(.notFound, "no template named '\(name)'")
    }
    guard real.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
      throw ServeError(.forbidden, "the template '\(name)' lies outside the templates folder")
    }
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: real),
      let size = attributes[.size] as? Int, size <= maxBytes,
      let data = FileManager.default.contents(atPath: real)
    else {
      throw ServeError(.internalServerError, "the template '\(name)' cannot be read (or exceeds \(maxBytes) bytes)")
    }
    return (name, [UInt8](data))
  }
}

/// Entity tags of template responses.
enum ETag {
  /// A strong tag of the template and every value of the request, in order of key.
  static func of(template name: String, bytes: [UInt8], pairs: [(key: String, value: String)]) -> String {
    var a = Hasher64(seed: 0xcbf2_9ce4_8422_2325), b = Hasher64(seed: 0x8422_2325_cbf2_9ce4)
    func add(_ bytes: some Sequence<UInt8>) {
      a.add(bytes)
      b.add(bytes)
      a.add([0xFF])
      b.add([0xFF])
    }
    add(name.utf8)
    add(bytes)
    for (key, value) in pairs.sorted(by: { $0.key < $1.key }) {
      add(key.utf8)
      add(value.utf8)
    }
    return "\"" + a.hex + b.hex + "\""
  }

  /// Whether an `If-None-Match` header names `tag` (or is `*`).
  static func matches(_ header: String?, _ tag: String) -> Bool {
    guard let header else { return false }
    return header.split(separator: ",").contains { item in
      var t = item.trimmingCharacters(in: .whitespaces)
      if t.hasPrefix("W/") { t.removeFirst(2) }
      return t == tag || t == "*"
    }
  }
}

/// FNV-1a, 64 bits (two seeds make a 128-bit tag; not a security hash,
/// only a cache key: a client gains nothing by colliding its own tags).
struct Hasher64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes {
      state ^= UInt64(byte)
      state = state &* 0x100_0000_01b3
    }
  }
  var hex: String {
    let s = String(state, radix: 16)
    return String(repeating: "0", count: 16 - s.count) + s
  }
}
