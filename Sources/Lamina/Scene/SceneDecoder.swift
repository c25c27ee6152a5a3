// SceneDecoder: turns `JSONValue`s into model values, recording an error
// (with path and location) instead of stopping at the first one. Every
// reader returns `nil` after recording its error, so callers simply skip the
// property and carry on validating the rest of the document.
//
// This file holds the value readers (numbers, points, rects, colours,
// enums); SceneLayerDecoder.swift reads documents and layers,
// SceneImageDecoder.swift images and paths, CSSTransform.swift transforms.

/// The range rule of a number property.
enum NumberRule {
  case any
  case nonNegative
  case positive
  case unit
  /// A text size in points: > 0 and at most `TextLimits.maxFontSize`.
  case fontSize

  /// The range the model keeps such a number in (ValueRange.swift): what
  /// an animated value is clamped to; `nil` for any number.
  var range: ClosedRange<Double>? {
    switch self {
    case .any: return nil
    case .nonNegative: return ValueRange.nonNegative
    case .positive: return ValueRange.positive
    case .unit: return ValueRange.unit
    case .fontSize: return ValueRange.fontSize
    }
  }

  func violation(_ v: Double) -> String? {
    switch self {
    case .any: return nil
    case .nonNegative: return v >= 0 ? nil : "must be ≥ 0, got \(JSONWriter.number(v))"
    case .positive: return v > 0 ? nil : "must be > 0, got \(JSONWriter.number(v))"
    case .unit: return (0...1).contains(v) ? nil : "must be in 0…1, got \(JSONWriter.number(v))"
    case .fontSize: return TextLimits.fontSizeViolation(v)
    }
  }
}

struct SceneDecoder {
  let limits: RenderLimits
  let baseDirectory: String?
  let resources: SceneResources
  /// Every error found so far, in the order found (`Scene` sorts them by position).
  var errors: [SceneError] = []
  /// Generated images to render once the document is known to be valid.
  var pendingImages: [(layer: Layer, spec: GeneratedImageSpec)] = []
  /// PNG files already read, by the name the scene gives: layers naming one
  /// file share one `Image`, so it is decoded once and a renderer keeps one
  /// texture and mip chain for it (S3's 200 layers of one 1024² image were
  /// 200 images, 800 MB, and GL drew them 10× slower).
  var filesRead: [String: Image] = [:]
  /// Images named by animations of `contents` (by file name or generated
  /// spec), and the bytes the distinct ones hold (`animationImage`).
  var animationImages: [String: Image] = [:]
  var animationImageBytes = 0
  /// The canvas scale, for the pixel size of layers (1 until the canvas is read).
  var canvasScale: Double = 1

  init(limits: RenderLimits, baseDirectory: String?, resources: SceneResources) {
    self.limits = limits
    self.baseDirectory = baseDirectory
    self.resources = resources
  }

  mutating func fail(_ path: [JSONPathComponent], at location: SourceLocation, _ message: String) {
    errors.append(
      SceneError(
        path: path.rendered, line: location.line, column: location.column, message: message))
  }

  mutating func typeMismatch(_ value: JSONValue, _ path: [JSONPathComponent], expected: String) {
    fail(path, at: value.location, "expected \(expected), got \(value.kindDescription)")
  }

  /// The elements of an array, each with its path; nil (reported) when
  /// `value` is not an array.
  mutating func elements(
    _ value: JSONValue, _ path: [JSONPathComponent], expected: String
  ) -> [(value: JSONValue, path: [JSONPathComponent])]? {
    guard case .array(let elements) = value.kind else {
      typeMismatch(value, path, expected: expected)
      return nil
    }
    return elements.enumerated().map { ($1, path + [.index($0)]) }
  }

  /// Every element of an array, each read by `read` (which reports its own
  /// errors, so every bad element is reported); nil when `value` is not an
  /// array or an element could not be read.
  mutating func array<Element>(
    _ value: JSONValue, _ path: [JSONPathComponent], expected: String,
    _ read: (inout SceneDecoder, JSONValue, [JSONPathComponent]) -> Element?
  ) -> [Element]? {
    guard let elements = elements(value, path, expected: expected) else { return nil }
    var out: [Element] = []
    for e in elements {
      if let x = read(&self, e.value, e.path) { out.append(x) }
    }
    return out.count == elements.count ? out : nil
  }

  // MARK: Objects

  /// The members of an object, after reporting keys outside `known` (keys
  /// starting with `_` are comments and are dropped).
  mutating func members(
    _ value: JSONValue, _ path: [JSONPathComponent], known: [String], expected: String = "an object"
  ) -> [JSONValue.Member]? {
    guard case .object(let members) = value.kind else {
      typeMismatch(value, path, expected: expected)
      return nil
    }
    var kept: [JSONValue.Member] = []
    for member in members where !member.key.hasPrefix("_") {
      if known.contains(member.key) {
        kept.append(member)
      } else {
        var message = "unknown key"
        if let guess = Self.closest(to: member.key, in: known) {
          message += "; did you mean '\(guess)'?"
        }
        fail(path + [.key(member.key)], at: member.keyLocation, message)
      }
    }
    return kept
  }

  /// The known key nearest to a misspelling (edit distance ≤ 2, ignoring
  /// case), if any.
  static func closest(to key: String, in known: [String]) -> String? {
    let a = Array(key.lowercased().unicodeScalars)
    guard a.count <= 64 else { return nil }
    var best: (name: String, distance: Int)?
    for candidate in known {
      let d = editDistance(a, Array(candidate.lowercased().unicodeScalars))
      if d <= 2, d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    return best?.name
  }

  /// Levenshtein distance, one row at a time.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    var row = Array(0...b.count)
    for i in a.indices {
      var diagonal = row[0]
      row[0] = i + 1
      for j in b.indices {
        let above = row[j + 1]
        row[j + 1] = Swift.min(above + 1, row[j] + 1, diagonal + (a[i] == b[j] ? 0 : 1))
        diagonal = above
      }
    }
    return row[b.count]
  }

  // MARK: Scalars

  mutating func number(_ value: JSONValue, _ path: [JSONPathComponent], _ rule: NumberRule = .any)
    -> Double?
  {
    guard case .number(let v) = value.kind else {
      typeMismatch(value, path, expected: "a number")
      return nil
    }
    guard v.isFinite else {
      fail(path, at: value.location, "must be finite")
      return nil
    }
    if let message = rule.violation(v) {
      fail(path, at: value.location, message)
      return nil
    }
    return v
  }

  /// A whole number ≥ 1 (pixels, cells), capped at 2^31 so it converts safely.
  mutating func count(_ value: JSONValue, _ path: [JSONPathComponent]) -> Int? {
    guard let v = number(value, path) else { return nil }
    guard v >= 1, v == v.rounded() else {
      fail(path, at: value.location, "must be a whole number ≥ 1, got \(JSONWriter.number(v))")
      return nil
    }
    return Int(min(v, 2_147_483_648))
  }

  mutating func bool(_ value: JSONValue, _ path: [JSONPathComponent]) -> Bool? {
    guard case .bool(let b) = value.kind else {
      typeMismatch(value, path, expected: "true or false")
      return nil
    }
    return b
  }

  mutating func string(_ value: JSONValue, _ path: [JSONPathComponent]) -> String? {
    guard case .string(let s) = value.kind else {
      typeMismatch(value, path, expected: "a string")
      return nil
    }
    return s
  }

  /// An array of exactly `count` numbers, each obeying `rule`; `shape`
  /// names them in messages (`[x, y, width, height]`).
  mutating func numbers(
    _ value: JSONValue, _ path: [JSONPathComponent], count: Int, shape: String, _ rule: NumberRule = .any
  ) -> [Double]? {
    guard case .array(let elements) = value.kind else {
      typeMismatch(value, path, expected: shape)
      return nil
    }
    guard elements.count == count else {
      fail(
        path, at: value.location,
        "expected \(shape), got \(elements.count) number\(elements.count == 1 ? "" : "s")")
      return nil
    }
    var out: [Double] = []
    for (i, element) in elements.enumerated() {
      if let v = number(element, path + [.index(i)], rule) { out.append(v) }
    }
    return out.count == count ? out : nil
  }

  mutating func point(_ value: JSONValue, _ path: [JSONPathComponent]) -> CGPoint? {
    numbers(value, path, count: 2, shape: "[x, y]").map { CGPoint(x: $0[0], y: $0[1]) }
  }

  mutating func size(_ value: JSONValue, _ path: [JSONPathComponent]) -> CGSize? {
    numbers(value, path, count: 2, shape: "[width, height]").map {
      CGSize(width: $0[0], height: $0[1])
    }
  }

  /// A rect; with `nonNegativeSize`, a negative width or height is an error.
  mutating func rect(_ value: JSONValue, _ path: [JSONPathComponent], nonNegativeSize: Bool = false)
    -> CGRect?
  {
    guard let v = numbers(value, path, count: 4, shape: "[x, y, width, height]") else { return nil }
    if nonNegativeSize {
      var ok = true
      for i in 2...3 where v[i] < 0 {
        let at: SourceLocation
        if case .array(let elements) = value.kind {
          at = elements[i].location
        } else {
          at = value.location
        }
        fail(
          path + [.index(i)], at: at,
          "\(i == 2 ? "width" : "height") must be ≥ 0, got \(JSONWriter.number(v[i]))")
        ok = false
      }
      if !ok { return nil }
    }
    return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
  }

  // MARK: Colours and names

  /// `"#RGB"`, `"#RGBA"`, `"#RRGGBB"`, `"#RRGGBBAA"` or `[r, g, b, a]` in 0…1.
  /// With `nullable`, JSON `null` gives `.some(nil)`.
  mutating func color(_ value: JSONValue, _ path: [JSONPathComponent], nullable: Bool = false)
    -> Color??
  {
    let expected = "a colour (\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", \"#RGBA\" or [r, g, b, a])"
    switch value.kind {
    case .null where nullable:
      return .some(nil)
    case .string(let s):
      guard let c = Color(hex: s) else {
        fail(path, at: value.location, "expected \(expected), got \(Excerpt.quoted(s))")
        return nil
      }
      return .some(c)
    case .array:
      guard let c = numbers(value, path, count: 4, shape: "[r, g, b, a]", .unit) else { return nil }
      return .some(Color(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
    default:
      typeMismatch(value, path, expected: expected)
      return nil
    }
  }

  /// One of `E`'s names; a Core Animation constant name (`kCAGravityTopLeft`,
  /// `kCAFilterNearest`) is accepted when `caPrefix` is given.
  mutating func name<E: RawRepresentable & CaseIterable>(
    _ value: JSONValue, _ path: [JSONPathComponent], _ type: E.Type, caPrefix: String? = nil
  ) -> E? where E.RawValue == String {
    guard let s = string(value, path) else { return nil }
    if let e = E(rawValue: s) { return e }
    if let prefix = caPrefix, s.hasPrefix(prefix), s.count > prefix.count {
      let rest = s.dropFirst(prefix.count)
      if let e = E(rawValue: rest.prefix(1).lowercased() + rest.dropFirst()) { return e }
    }
    let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    fail(path, at: value.location, "expected one of \(names), got \(Excerpt.quoted(s))")
    return nil
  }
}
