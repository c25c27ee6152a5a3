// JSONParser: a strict RFC 8259 parser over UTF-8 bytes. Recursive descent
// with a hard nesting limit, so a hostile document gets an error instead of
// a stack overflow; duplicate keys are errors (a scene that says
// `"opacity"` twice is a mistake, not a choice). The first syntax error ends
// the parse: after it, nothing can be trusted to line up. A syntax error
// is placed by line and column; one inside a string (a lone surrogate,
// invalid UTF-8) also names the JSON path of the value it is in.
//
// Rejected: an explicit-stack parser. With the depth capped at 256 the
// recursion is shallow, and recursive descent reads like the grammar.

/// Parses JSON text into `JSONValue`s that know their line and column.
package struct JSONParser {
  /// Arrays and objects may nest this deep; deeper documents are rejected.
  static let maxDepth = 256

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  /// Unicode scalars consumed on the current line.
  private var column = 0
  private var path: [JSONPathComponent] = []
  /// Escapes read so far (to tell verbatim strings).
  private var escapes = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Parses one complete document.
  package static func parse(_ bytes: [UInt8]) throws(SceneError) -> JSONValue {
    var parser = JSONParser(bytes)
    // A UTF-8 byte order mark (some Windows editors write one) is ignored,
    // as RFC 8259 allows; it does not count as a column.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    if parser.index == bytes.count { throw parser.error("the document is empty") }
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    if parser.index < bytes.count {
      throw parser.error("unexpected text after the end of the document")
    }
    return value
  }

  // MARK: Cursor

  private var location: SourceLocation { SourceLocation(line: line, column: column + 1) }

  /// A syntax error: located by line and column only (its JSON path may not
  /// even be well-formed yet).
  private func error(_ message: String, at position: SourceLocation? = nil) -> SceneError {
    let at = position ?? location
    return SceneError(path: "", line: at.line, column: at.column, message: message)
  }

  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func advance() {
    let b = bytes[index]
    index += 1
    if b == UInt8(ascii: "\n") {
      line += 1
      column = 0
    } else if b & 0xC0 != 0x80 {
      column += 1
    }
  }

  private mutating func skipWhitespace() {
    while let b = peek, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { advance() }
  }

  private mutating func expect(_ ascii: Unicode.Scalar, _ message: @autoclosure () -> String)
    throws(SceneError)
  {
    guard peek == UInt8(ascii: ascii) else { throw unexpected(message()) }
    advance()
  }

  /// "expected X, found Y" for the byte at the cursor.
  private func unexpected(_ expected: String) -> SceneError {
    guard let b = peek else { return error("unexpected end of the document, expected \(expected)") }
    let found: String
    if b >= 0x21 && b < 0x7F {
      found = "'\(Character(Unicode.Scalar(b)))'"
    } else if b < 0x80 {
      found = "byte 0x" + String(b, radix: 16, uppercase: true)
    } else {
      found = "a non-ASCII character"
    }
    return error("expected \(expected), found \(found)")
  }

  // MARK: Values

  private mutating func parseValue(depth: Int) throws(SceneError) -> JSONValue {
    skipWhitespace()
    let start = location
    guard let b = peek else { throw unexpected("a value") }
    switch b {
    case UInt8(ascii: "{"):
      return JSONValue(.object(try parseObject(depth: depth + 1)), at: start)
    case UInt8(ascii: "["):
      return JSONValue(.array(try parseArray(depth: depth + 1)), at: start)
    case UInt8(ascii: "\""):
      let escapesBefore = escapes
      var value = JSONValue(.string(try parseString()), at: start)
      value.isVerbatim = escapes == escapesBefore && start.line == line
      return value
    case UInt8(ascii: "t"):
      try parseLiteral("true")
      return JSONValue(.bool(true), at: start)
    case UInt8(ascii: "f"):
      try parseLiteral("false")
      return JSONValue(.bool(false), at: start)
    case UInt8(ascii: "n"):
      try parseLiteral("null")
      return JSONValue(.null, at: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try parseNumber()), at: start)
    default:
      throw unexpected("a value")
    }
  }

  private mutating func parseLiteral(_ word: String) throws(SceneError) {
    let start = location
    for b in word.utf8 {
      guard peek == b else { throw error("expected '\(word)'", at: start) }
      advance()
    }
  }

  /// Takes an object's or array's opening bracket at `depth`; true when
  /// `close` follows at once (taken too: the container is empty).
  private mutating func open(_ close: Unicode.Scalar, depth: Int) throws(SceneError) -> Bool {
    if depth > Self.maxDepth { throw error("nested deeper than \(Self.maxDepth) levels") }
    advance()
    skipWhitespace()
    guard peek == UInt8(ascii: close) else { return false }
    advance()
    return true
  }

  /// After a member or an element: true on ',' (another follows), false on
  /// `close` (taken: the container ends).
  private mutating func another(_ close: Unicode.Scalar) throws(SceneError) -> Bool {
    skipWhitespace()
    if peek == UInt8(ascii: ",") {
      advance()
      return true
    }
    try expect(close, "',' or '\(close)'")
    return false
  }

  private mutating func parseObject(depth: Int) throws(SceneError) -> [JSONValue.Member] {
    if try open("}", depth: depth) { return [] }
    var members: [JSONValue.Member] = []
    var seen = Set<String>()
    repeat {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else { throw unexpected("a key in double quotes") }
      let keyLocation = location
      let key = try parseString(isKey: true)
      path.append(.key(key))
      guard seen.insert(key).inserted else {
        throw SceneError(
          path: path.rendered, line: keyLocation.line, column: keyLocation.column,
          message: "duplicate key")
      }
      skipWhitespace()
      try expect(":", "':' after the key")
      let value = try parseValue(depth: depth)
      path.removeLast()
      members.append(JSONValue.Member(key: key, keyLocation: keyLocation, value: value))
    } while try another("}")
    return members
  }

  private mutating func parseArray(depth: Int) throws(SceneError) -> [JSONValue] {
    if try open("]", depth: depth) { return [] }
    var elements: [JSONValue] = []
    repeat {
      path.append(.index(elements.count))
      elements.append(try parseValue(depth: depth))
      path.removeLast()
    } while try another("]")
    return elements
  }

  // MARK: Numbers

  /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, converted by the
  /// standard library (correctly rounded). Overflow gives ±infinity, which
  /// the scene decoder rejects as not finite.
  private mutating func parseNumber() throws(SceneError) -> Double {
    let start = index
    let startLocation = location
    if peek == UInt8(ascii: "-") { advance() }
    if peek == UInt8(ascii: "0") {
      advance()
    } else if try digits() == 0 {
      throw unexpected("a digit")
    }
    if peek == UInt8(ascii: ".") {
      advance()
      if try digits() == 0 { throw unexpected("a digit after '.'") }
    }
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      advance()
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
      if try digits() == 0 { throw unexpected("a digit in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else { throw error("invalid number", at: startLocation) }
    return value
  }

  private mutating func digits() throws(SceneError) -> Int {
    var n = 0
    while let b = peek, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") {
      advance()
      n += 1
    }
    return n
  }

  // MARK: Strings

  /// A string; an error inside it (invalid UTF-8, a lone surrogate, a
  /// control character, a bad escape, no end) names the JSON path of the
  /// value it is (for a key, of the object holding it), with its line and
  /// column as every syntax error has.
  private mutating func parseString(isKey: Bool = false) throws(SceneError) -> String {
    do {
      return try parseStringContent()
    } catch {
      var e = error
      if e.path.isEmpty && !path.isEmpty {
        e.path = path.rendered
        if isKey { e.message = "in a key: " + e.message }
      }
      throw e
    }
  }

  private mutating func parseStringContent() throws(SceneError) -> String {
    let start = location
    advance()  // "
    var utf8: [UInt8] = []
    while true {
      guard let b = peek else { throw error("unterminated string", at: start) }
      switch b {
      case UInt8(ascii: "\""):
        advance()
        guard let s = String(validating: utf8, as: UTF8.self) else {
          throw error("the string is not valid UTF-8", at: start)
        }
        return s
      case UInt8(ascii: "\\"):
        advance()
        escapes += 1
        try parseEscape(into: &utf8)
      case 0..<0x20:
        throw error("control character in a string (write it as an escape such as \\n)")
      default:
        utf8.append(b)
        advance()
      }
    }
  }

  private mutating func parseEscape(into utf8: inout [UInt8]) throws(SceneError) {
    guard let b = peek else { throw error("unterminated string") }
    let simple: UInt8?
    switch b {
    case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default: throw unexpected("an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)")
    }
    advance()
    if let simple {
      utf8.append(simple)
      return
    }
    let escapeLocation = location
    var scalar = try hex4()
    if (0xD800...0xDBFF).contains(scalar) {
      guard peek == UInt8(ascii: "\\") else {
        throw error("unpaired UTF-16 surrogate in \\u escape", at: escapeLocation)
      }
      advance()
      guard peek == UInt8(ascii: "u") else {
        throw error("unpaired UTF-16 surrogate in \\u escape", at: escapeLocation)
      }
      advance()
      let low = try hex4()
      guard (0xDC00...0xDFFF).contains(low) else {
        throw error("unpaired UTF-16 surrogate in \\u escape", at: escapeLocation)
      }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00...0xDFFF).contains(scalar) {
      throw error("unpaired UTF-16 surrogate in \\u escape", at: escapeLocation)
    }
    guard let s = Unicode.Scalar(scalar) else {
      throw error("invalid \\u escape", at: escapeLocation)
    }
    utf8.append(contentsOf: String(Character(s)).utf8)
  }

  private mutating func hex4() throws(SceneError) -> UInt32 {
    var v: UInt32 = 0
    for _ in 0..<4 {
      guard let b = peek, let d = Character(Unicode.Scalar(b)).hexDigitValue, b < 0x80 else {
        throw unexpected("four hex digits after \\u")
      }
      v = v << 4 | UInt32(d)
      advance()
    }
    return v
  }
}
