// JSONWriter: prints `JSONValue`s as stable, readable JSON. Containers
// whose children are all scalars stay on one line (`[0, 0, 100, 50]`), the
// rest nest with two-space indents, and members keep their order, so the
// same tree always prints the same bytes and diffs stay small.
//
// Numbers print losslessly: whole values below 2^53 as integers (-0 as
// "-0"), the rest as
// the shortest decimal that reads back to the same Double (Swift's
// `description`, which is valid JSON for every finite value).

package enum JSONWriter {
  /// The document as UTF-8, ending in a newline.
  static func pretty(_ value: JSONValue) -> [UInt8] {
    var out = ""
    write(value, indent: 0, into: &out)
    out += "\n"
    return Array(out.utf8)
  }

  /// The value on one line, e.g. `{"size":[4,4],"cell":1}`: used for the
  /// canonical text of generated images.
  static func compact(_ value: JSONValue) -> String {
    switch value.kind {
    case .array(let elements):
      return "[" + elements.map(compact).joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { quoted($0.key) + ":" + compact($0.value) }.joined(separator: ",")
        + "}"
    default:
      return scalar(value)
    }
  }

  /// A finite number as JSON; non-finite values have no JSON form and print
  /// as `null`, which the loader then rejects with its path.
  static func number(_ v: Double) -> String {
    guard v.isFinite else { return "null" }
    if v == 0 && v.sign == .minus { return "-0" }
    if v == v.rounded(), abs(v) < 9_007_199_254_740_992 { return String(Int64(v)) }
    return v.description
  }

  /// A JSON string literal.
  package static func quoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }

  private static func scalar(_ value: JSONValue) -> String {
    switch value.kind {
    case .null: return "null"
    case .bool(let b): return b ? "true" : "false"
    case .number(let v): return number(v)
    case .string(let s): return quoted(s)
    case .array, .object: return compact(value)
    }
  }

  private static func isScalar(_ value: JSONValue) -> Bool {
    switch value.kind {
    case .array, .object: return false
    default: return true
    }
  }

  private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
    let pad = String(repeating: " ", count: indent + 2)
    switch value.kind {
    case .array(let elements):
      if elements.allSatisfy(isScalar) {
        out += "[" + elements.map(scalar).joined(separator: ", ") + "]"
        return
      }
      out += "[\n"
      for (i, element) in elements.enumerated() {
        out += pad
        write(element, indent: indent + 2, into: &out)
        out += i + 1 < elements.count ? ",\n" : "\n"
      }
      out += String(repeating: " ", count: indent) + "]"
    case .object(let members):
      if members.isEmpty {
        out += "{}"
        return
      }
      if members.allSatisfy({ isScalar($0.value) }) && members.count <= 4 {
        out +=
          "{ " + members.map { quoted($0.key) + ": " + scalar($0.value) }.joined(separator: ", ")
          + " }"
        return
      }
      out += "{\n"
      for (i, member) in members.enumerated() {
        out += pad + quoted(member.key) + ": "
        write(member.value, indent: indent + 2, into: &out)
        out += i + 1 < members.count ? ",\n" : "\n"
      }
      out += String(repeating: " ", count: indent) + "}"
    default:
      out += scalar(value)
    }
  }
}
