// SVGPathParser: SVG 1.1 path data (§8.3.9 grammar) to absolute `Path`
// elements, in one pass over the UTF-8 bytes.
//
// Design: a hand-written scanner that follows the grammar's productions
// (number, flag, comma-wsp) so packed forms such as `1.5.5`, `-1-2` and the
// arc flags `01` split exactly as browsers split them, and every error knows
// its character offset. Relative commands, `H`/`V`, the smooth `S`/`T`
// reflections and `A` are resolved here, so `Path` never sees them.
// Rejected: splitting on a regular expression (cannot express the packed
// number rules, and loses the offsets for messages).

extension Path {
  /// The most commands (each implicit repetition counts) `Path(svg:)`
  /// accepts: 1,000,000. Longer data is rejected with an error.
  public static let maximumSVGCommands = 1_000_000
}

struct SVGPathParser {
  private let bytes: [UInt8]
  private var i = 0
  private var elements: [Path.Element] = []
  private var current = CGPoint.zero
  private var subpathStart = CGPoint.zero
  /// The last command letter (uppercased) and its second control point,
  /// for the reflections of `S` and `T`.
  private var lastCommand: UInt8 = 0
  private var lastControl = CGPoint.zero
  /// True after `Z`: a drawing command then starts a new subpath at `subpathStart`.
  private var needsMove = false
  private var commandCount = 0
  private let maximumCommands: Int

  init(_ text: String, maximumCommands: Int = Path.maximumSVGCommands) {
    self.maximumCommands = maximumCommands
    self.bytes = Array(text.utf8)
  }

  mutating func parse() throws(PathParseError) -> [Path.Element] {
    skipWhitespace()
    if i == bytes.count { return [] }
    guard bytes[i] == UInt8(ascii: "M") || bytes[i] == UInt8(ascii: "m") else {
      throw error("path data must begin with a move command (M or m)")
    }
    while true {
      skipWhitespace()
      guard i < bytes.count else { break }
      let letter = bytes[i]
      guard Self.isCommand(letter) else {
        throw error("expected a command letter (M L H V C S Q T A Z, either case)")
      }
      i += 1
      try command(letter, at: i - 1)
    }
    return elements
  }

  // MARK: Commands

  private static func isCommand(_ c: UInt8) -> Bool {
    switch c | 0x20 {
    case UInt8(ascii: "m"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
      UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"),
      UInt8(ascii: "a"), UInt8(ascii: "z"):
      return true
    default:
      return false
    }
  }

  /// Parses the argument sets of one command letter (with its implicit repeats).
  private mutating func command(_ letter: UInt8, at letterOffset: Int) throws(PathParseError) {
    let relative = letter >= UInt8(ascii: "a")
    let upper = relative ? letter - 32 : letter
    if upper == UInt8(ascii: "Z") {
      try count(at: letterOffset)
      elements.append(.close)
      current = subpathStart
      needsMove = true
      lastCommand = upper
      return
    }
    skipWhitespace()
    var first = true
    repeat {
      if !first { skipCommaWhitespace() }
      try count(at: first ? letterOffset : i)
      try arguments(upper, relative: relative, first: first)
      first = false
      skipWhitespace()
      // A comma after a set promises another set (an error if none follows).
    } while startsNumber() || (i < bytes.count && bytes[i] == UInt8(ascii: ","))
  }

  private mutating func count(at offset: Int) throws(PathParseError) {
    commandCount += 1
    if commandCount > maximumCommands {
      i = offset
      throw error("path data has more than \(maximumCommands) commands")
    }
  }

  private mutating func arguments(_ upper: UInt8, relative: Bool, first: Bool)
    throws(PathParseError)
  {
    let origin = relative ? current : .zero
    func point(_ x: Double, _ y: Double) -> CGPoint {
      CGPoint(x: Double(origin.x) + x, y: Double(origin.y) + y)
    }
    switch upper {
    case UInt8(ascii: "M"):
      let p = try pair(point)
      if first {
        elements.append(.move(p))
        subpathStart = p
        needsMove = false
      } else {
        lineTo(p)  // extra pairs after a move are line-tos
      }
      current = p
    case UInt8(ascii: "L"):
      let p = try pair(point)
      lineTo(p)
    case UInt8(ascii: "H"):
      let x = try number()
      lineTo(CGPoint(x: relative ? Double(current.x) + x : x, y: current.y))
    case UInt8(ascii: "V"):
      let y = try number()
      lineTo(CGPoint(x: current.x, y: relative ? Double(current.y) + y : y))
    case UInt8(ascii: "C"):
      let c1 = try pair(point)
      skipCommaWhitespace()
      let c2 = try pair(point)
      skipCommaWhitespace()
      let p = try pair(point)
      cubicTo(c1, c2, p)
    case UInt8(ascii: "S"):
      let c1 = reflected(after: UInt8(ascii: "C"), UInt8(ascii: "S"))
      let c2 = try pair(point)
      skipCommaWhitespace()
      let p = try pair(point)
      cubicTo(c1, c2, p)
    case UInt8(ascii: "Q"):
      let c = try pair(point)
      skipCommaWhitespace()
      let p = try pair(point)
      quadTo(c, p)
    case UInt8(ascii: "T"):
      let c = reflected(after: UInt8(ascii: "Q"), UInt8(ascii: "T"))
      let p = try pair(point)
      quadTo(c, p)
    default:  // "A"
      let rx = try number()
      skipCommaWhitespace()
      let ry = try number()
      skipCommaWhitespace()
      let rotation = try number()
      skipCommaWhitespace()
      let largeArc = try flag()
      skipCommaWhitespace()
      let sweep = try flag()
      skipCommaWhitespace()
      let p = try pair(point)
      startSubpathIfNeeded()
      let arc = SVGArc(
        from: current, to: p, rx: rx, ry: ry, rotationDegrees: rotation,
        largeArc: largeArc, sweep: sweep)
      elements.append(contentsOf: arc.elements)
      current = p
      lastControl = p
    }
    lastCommand = upper
  }

  /// The reflection of the previous control point about the current point
  /// when the previous command was one of `a`, `b`; else the current point.
  private func reflected(after a: UInt8, _ b: UInt8) -> CGPoint {
    guard lastCommand == a || lastCommand == b else { return current }
    return CGPoint(
      x: 2 * Double(current.x) - Double(lastControl.x),
      y: 2 * Double(current.y) - Double(lastControl.y))
  }

  private mutating func startSubpathIfNeeded() {
    if needsMove {
      elements.append(.move(subpathStart))
      needsMove = false
    }
  }

  private mutating func lineTo(_ p: CGPoint) {
    startSubpathIfNeeded()
    elements.append(.line(p))
    current = p
    lastControl = p
  }

  private mutating func cubicTo(_ c1: CGPoint, _ c2: CGPoint, _ p: CGPoint) {
    startSubpathIfNeeded()
    elements.append(.cubic(control1: c1, control2: c2, to: p))
    current = p
    lastControl = c2
  }

  private mutating func quadTo(_ c: CGPoint, _ p: CGPoint) {
    startSubpathIfNeeded()
    elements.append(.quad(control: c, to: p))
    current = p
    lastControl = c
  }

  // MARK: Tokens

  private mutating func pair(_ make: (Double, Double) -> CGPoint) throws(PathParseError) -> CGPoint
  {
    let x = try number()
    skipCommaWhitespace()
    let y = try number()
    return make(x, y)
  }

  private static func isWhitespace(_ c: UInt8) -> Bool {
    c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C
  }

  private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

  private mutating func skipWhitespace() {
    while i < bytes.count, Self.isWhitespace(bytes[i]) { i += 1 }
  }

  /// comma-wsp: white space with at most one comma.
  private mutating func skipCommaWhitespace() {
    skipWhitespace()
    if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
      i += 1
      skipWhitespace()
    }
  }

  /// Moves past a '+' or '-', if there is one.
  private mutating func skipSign() {
    if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { i += 1 }
  }

  /// Moves past a run of decimal digits; how many there were.
  private mutating func skipDigits() -> Int {
    let from = i
    while i < bytes.count, Self.isDigit(bytes[i]) { i += 1 }
    return i - from
  }

  private func startsNumber() -> Bool {
    guard i < bytes.count else { return false }
    let c = bytes[i]
    return Self.isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
      || c == UInt8(ascii: ".")
  }

  /// number: sign? (digits ('.' digits?)? | '.' digits) (('e'|'E') sign? digits)?
  private mutating func number() throws(PathParseError) -> Double {
    let start = i
    skipSign()
    var digits = skipDigits()
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      digits += skipDigits()
    }
    guard digits > 0 else {
      i = start
      throw error("expected a number")
    }
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
      let exponentStart = i
      i += 1
      skipSign()
      guard skipDigits() > 0 else {
        i = exponentStart
        throw error("expected digits after the exponent mark 'e'")
      }
    }
    let lexeme = String(decoding: bytes[start..<i], as: UTF8.self)
    guard let value = Double(lexeme), value.isFinite else {
      i = start
      throw error("number \(lexeme) is out of range")
    }
    return value
  }

  /// flag: a single `0` or `1` (may be packed: `01` is two flags).
  private mutating func flag() throws(PathParseError) -> Bool {
    guard i < bytes.count, bytes[i] == UInt8(ascii: "0") || bytes[i] == UInt8(ascii: "1") else {
      throw error("expected an arc flag (0 or 1)")
    }
    defer { i += 1 }
    return bytes[i] == UInt8(ascii: "1")
  }

  /// An error at the current position, as a character offset into the text.
  private func error(_ message: String) -> PathParseError {
    let offset = String(decoding: bytes[0..<min(i, bytes.count)], as: UTF8.self).count
    let found: String
    if i < bytes.count {
      let rest = String(decoding: bytes[i...], as: UTF8.self)
      found = ", found '\(rest.first.map(String.init) ?? "")'"
    } else {
      found = ", found the end of the data"
    }
    return PathParseError(message: message + found, offset: offset)
  }
}
