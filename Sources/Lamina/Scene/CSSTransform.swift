// CSSTransform: the scene format's transform strings, a list of CSS
// transform functions such as "perspective(500) rotateY(45deg)". Each
// function means what it means in CSS; the list composes like a chain of
// `t = CATransform3DRotate(t, …)` calls (and like CSS itself): the last
// function acts on the points first. In Lamina's row-vector convention the
// result is f_n · … · f_2 · f_1.
//
// Syntax is CSS's: arguments separated by commas, lengths as plain numbers
// (points; a `px` suffix is accepted), angles with a unit (`deg`, `rad`,
// `turn`, `grad`; a bare 0 needs none), `none` for the identity.

/// Why a transform string could not be read.
struct CSSTransformError: Error, Equatable {
  var message: String
  /// 1-based character (Unicode scalar) position in the string.
  var offset: Int
}

enum CSSTransform {
  /// Parses a list of CSS transform functions into one `Transform3D`.
  static func parse(_ text: String) throws(CSSTransformError) -> Transform3D {
    var scanner = Scanner(Array(text.unicodeScalars))
    scanner.skipSpaces()
    if scanner.matchWord("none") {
      scanner.skipSpaces()
      if scanner.atEnd { return .identity }
      throw CSSTransformError(
        message: "'none' cannot be combined with functions", offset: scanner.offset)
    }
    if scanner.atEnd {
      throw CSSTransformError(
        message: "expected a transform function such as rotate(45deg)", offset: 1)
    }
    var result = Transform3D.identity
    while !scanner.atEnd {
      let f = try scanner.function()
      result = f.concatenating(result)
      scanner.skipSpaces()
    }
    for v in result.values where !v.isFinite {
      throw CSSTransformError(message: "the transform is not finite", offset: 1)
    }
    return result
  }

  /// One argument as written: a number, its unit, and where it starts.
  private struct Argument {
    var value: Double
    var unit: String
    var offset: Int
  }

  private struct Scanner {
    let chars: [Unicode.Scalar]
    var i = 0

    init(_ chars: [Unicode.Scalar]) { self.chars = chars }

    var atEnd: Bool { i >= chars.count }
    var offset: Int { i + 1 }

    mutating func skipSpaces() {
      while i < chars.count, chars[i].properties.isWhitespace { i += 1 }
    }

    mutating func matchWord(_ word: String) -> Bool {
      let w = Array(word.unicodeScalars)
      guard i + w.count <= chars.count, Array(chars[i..<i + w.count]) == w else { return false }
      let end = i + w.count
      if end < chars.count, chars[end].properties.isAlphabetic || chars[end] == "(" { return false }
      i = end
      return true
    }

    static func isLetter(_ c: Unicode.Scalar) -> Bool {
      (c >= "a" && c <= "z") || (c >= "A" && c <= "Z")
    }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    mutating func function() throws(CSSTransformError) -> Transform3D {
      let start = offset
      var name = ""
      while i < chars.count, Self.isLetter(chars[i]) || Self.isDigit(chars[i]) {
        name.unicodeScalars.append(chars[i])
        i += 1
      }
      guard !name.isEmpty else {
        throw CSSTransformError(
          message: "expected a transform function such as rotate(45deg)", offset: start)
      }
      guard i < chars.count, chars[i] == "(" else {
        throw CSSTransformError(message: "expected '(' after \(Excerpt.named(name))", offset: offset)
      }
      i += 1
      var args: [Argument] = []
      skipSpaces()
      if i < chars.count, chars[i] == ")" {
        i += 1
      } else {
        while true {
          skipSpaces()
          args.append(try argument())
          skipSpaces()
          guard i < chars.count else {
            throw CSSTransformError(
              message: "missing ')' after the arguments of \(name)", offset: offset)
          }
          if chars[i] == "," {
            i += 1
            continue
          }
          guard chars[i] == ")" else {
            throw CSSTransformError(message: "expected ',' or ')' in \(name)(…)", offset: offset)
          }
          i += 1
          break
        }
      }
      return try CSSTransform.matrix(name, args, at: start)
    }

    mutating func argument() throws(CSSTransformError) -> Argument {
      let start = i
      if i < chars.count, chars[i] == "+" || chars[i] == "-" { i += 1 }
      var digits = 0
      while i < chars.count, Self.isDigit(chars[i]) {
        i += 1
        digits += 1
      }
      if i < chars.count, chars[i] == "." {
        i += 1
        while i < chars.count, Self.isDigit(chars[i]) {
          i += 1
          digits += 1
        }
      }
      guard digits > 0 else {
        throw CSSTransformError(message: "expected a number", offset: start + 1)
      }
      if i + 1 < chars.count, chars[i] == "e" || chars[i] == "E",
        Self.isDigit(chars[i + 1])
          || (i + 2 < chars.count && (chars[i + 1] == "+" || chars[i + 1] == "-")
            && Self.isDigit(chars[i + 2]))
      {
        i += 2
        while i < chars.count, Self.isDigit(chars[i]) { i += 1 }
      }
      var text = ""
      text.unicodeScalars.append(contentsOf: chars[start..<i])
      guard let value = Double(text), value.isFinite else {
        throw CSSTransformError(message: "\(Excerpt.named(text)) is not a finite number", offset: start + 1)
      }
      var unit = ""
      while i < chars.count, Self.isLetter(chars[i]) || chars[i] == "%" {
        unit.unicodeScalars.append(chars[i])
        i += 1
      }
      return Argument(value: value, unit: unit, offset: start + 1)
    }
  }

  private enum Kind {
    case length, angle, number
  }

  /// The argument values converted by kind: lengths in points, angles in radians.
  private static func values(_ args: [Argument], _ kinds: [Kind], _ name: String)
    throws(CSSTransformError) -> [Double]
  {
    var out: [Double] = []
    for (arg, kind) in zip(args, kinds) {
      switch kind {
      case .number:
        guard arg.unit.isEmpty else {
          throw CSSTransformError(
            message: "\(name) takes plain numbers, got \(Excerpt.named(arg.unit))", offset: arg.offset)
        }
        out.append(arg.value)
      case .length:
        guard arg.unit.isEmpty || arg.unit == "px" else {
          throw CSSTransformError(
            message: "\(name) takes lengths in points (plain numbers), got \(Excerpt.named(arg.unit))",
            offset: arg.offset)
        }
        out.append(arg.value)
      case .angle:
        let scale: Double
        switch arg.unit {
        case "deg": scale = Double.pi / 180
        case "rad": scale = 1
        case "turn": scale = 2 * Double.pi
        case "grad": scale = Double.pi / 200
        case "" where arg.value == 0: scale = 0
        case "":
          throw CSSTransformError(
            message: "\(name) needs an angle unit (deg, rad or turn)", offset: arg.offset)
        default:
          throw CSSTransformError(
            message: "unknown angle unit \(Excerpt.named(arg.unit)) (use deg, rad or turn)", offset: arg.offset)
        }
        out.append(arg.value * scale)
      }
    }
    return out
  }

  /// Every function `matrix(_:_:at:)` knows, for suggestions.
  static let functionNames = [
    "translate", "translate3d", "translateX", "translateY", "translateZ", "scale", "scale3d",
    "scaleX", "scaleY", "scaleZ", "rotate", "rotateZ", "rotateX", "rotateY", "rotate3d", "skew",
    "skewX", "skewY", "perspective", "matrix", "matrix3d",
  ]

  /// (x, y, z) with `value` on the axis that ends `name` (translateX: x)
  /// and `elsewhere` on the other two.
  private static func onAxis(_ name: String, _ value: Double, elsewhere: Double) -> [Double] {
    ["X", "Y", "Z"].map { name.hasSuffix($0) ? value : elsewhere }
  }

  private static func matrix(_ name: String, _ args: [Argument], at offset: Int)
    throws(CSSTransformError) -> Transform3D
  {
    /// The argument list must be one of `shapes`; returns the converted values.
    func take(_ shapes: [Kind]...) throws(CSSTransformError) -> [Double] {
      guard let kinds = shapes.first(where: { $0.count == args.count }) else {
        let counts = shapes.map { String($0.count) }.joined(separator: " or ")
        throw CSSTransformError(
          message: "\(name) takes \(counts) argument\(counts == "1" ? "" : "s"), got \(args.count)",
          offset: offset)
      }
      return try values(args, kinds, name)
    }
    /// The three values of `name3d(x, y, z)`, or of `nameX(v)` (Y, Z): `v`
    /// on its axis and `elsewhere` on the other two.
    func threeAxes(_ kind: Kind, elsewhere: Double) throws(CSSTransformError) -> [Double] {
      name.hasSuffix("3d") ? try take([kind, kind, kind]) : onAxis(name, try take([kind])[0], elsewhere: elsewhere)
    }
    switch name {
    case "translate":
      let v = try take([.length], [.length, .length])
      return Transform3D(translationX: v[0], y: v.count > 1 ? v[1] : 0)
    case "translate3d", "translateX", "translateY", "translateZ":
      let v = try threeAxes(.length, elsewhere: 0)
      return Transform3D(translationX: v[0], y: v[1], z: v[2])
    case "scale":
      let v = try take([.number], [.number, .number])
      return Transform3D(scaleX: v[0], y: v.count > 1 ? v[1] : v[0])
    case "scale3d", "scaleX", "scaleY", "scaleZ":
      let v = try threeAxes(.number, elsewhere: 1)
      return Transform3D(scaleX: v[0], y: v[1], z: v[2])
    case "rotate", "rotateX", "rotateY", "rotateZ":
      let angle = try take([.angle])[0], axis = onAxis(name == "rotate" ? "rotateZ" : name, 1, elsewhere: 0)
      return Transform3D(rotationAngle: angle, x: axis[0], y: axis[1], z: axis[2])
    case "rotate3d":
      let v = try take([.number, .number, .number, .angle])
      return Transform3D(rotationAngle: v[3], x: v[0], y: v[1], z: v[2])
    case "skew":
      let v = try take([.angle], [.angle, .angle])
      return Transform3D(CGAffineTransform(shearX: tan(v[0]), y: v.count > 1 ? tan(v[1]) : 0))
    case "skewX": return Transform3D(CGAffineTransform(shearX: tan(try take([.angle])[0]), y: 0))
    case "skewY": return Transform3D(CGAffineTransform(shearX: 0, y: tan(try take([.angle])[0])))
    case "perspective":
      let d = try take([.length])[0]
      guard d > 0 else {
        throw CSSTransformError(message: "perspective distance must be > 0", offset: offset)
      }
      return Transform3D(perspective: d)
    case "matrix":
      let v = try take(Array(repeating: .number, count: 6))
      return Transform3D(CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
    case "matrix3d":
      let v = try take(Array(repeating: .number, count: 16))
      guard let m = Transform3D(v) else {
        throw CSSTransformError(message: "matrix3d takes 16 numbers", offset: offset)
      }
      return m
    default:
      var message = "unknown transform function \(Excerpt.named(name))"
      if let guess = SceneDecoder.closest(to: name, in: functionNames) {
        message += "; did you mean '\(guess)'?"
      }
      throw CSSTransformError(message: message, offset: offset)
    }
  }
}
