// SceneCodec: one value type of the scene format with its rule: how it is
// read from JSON (errors at its JSON path), written back, compared by
// `isEquivalent` and checked for NaN and infinities. `LayerProperties`
// pairs each layer key with one of these. The readers themselves stay in
// SceneDecoder (numbers, rects, colours, names), SceneLayerDecoder
// (corners, transforms, layers) and SceneImageDecoder (paths); the writers
// in SceneWriter.
//
// Rejected: a protocol adopted by the value types (`extension Double:
// SceneValue`). A type has one conformance, but the format gives one type
// several rules: a number may be any, ≥ 0, > 0 or in 0…1, a rect may
// forbid a negative size, an enum name has its own Core Animation prefix.
// A struct of closures lets each property pick its rule, and calling it is
// a plain closure call (no existential boxes or dynamic casts per value).

/// Reads, writes, compares and checks one value type of the scene format.
struct SceneCodec<Value>: Sendable {
  /// The value at `path`, or `nil` after recording an error in the decoder.
  let read: @Sendable (inout SceneDecoder, JSONValue, [JSONPathComponent]) -> Value?
  /// The value as scene JSON; reading it back gives the same value, bit for bit.
  let write: @Sendable (Value) -> JSONValue
  /// Equality as `isEquivalent` means it (layers compare as trees).
  let isEqual: @Sendable (Value, Value) -> Bool
  /// False when the value holds a NaN or an infinity; `nil` when it holds no numbers.
  let isFinite: (@Sendable (Value) -> Bool)?
  /// The value moved into the rule's range (an animated value overshoots;
  /// AnimatableProperties.swift); `nil` when every value fits.
  var clamp: (@Sendable (Value) -> Value)? = nil

  /// An optional value: JSON `null` is not accepted (`nil` is the default,
  /// so it is never written); `nil` is finite.
  static func optional<W>(_ wrapped: SceneCodec<W>) -> Self where Value == W? {
    var isFinite: (@Sendable (W?) -> Bool)?
    if let finite = wrapped.isFinite { isFinite = { $0.map(finite) ?? true } }
    var clamp: (@Sendable (W?) -> W?)?
    if let c = wrapped.clamp { clamp = { $0.map(c) } }
    return Self(
      read: { d, v, p in wrapped.read(&d, v, p).map { .some($0) } },
      write: { $0.map(wrapped.write) ?? JSONValue(.null) },
      isEqual: { a, b in
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return wrapped.isEqual(a, b)
        default: return false
        }
      },
      isFinite: isFinite, clamp: clamp)
  }
}

extension SceneCodec {
  /// An optional value that JSON `null` may also set to `nil` (written
  /// as absent, its default).
  static func nullable<W>(_ wrapped: SceneCodec<W>) -> Self where Value == W? {
    let optional = SceneCodec.optional(wrapped)
    return Self(
      read: { d, v, p in
        if case .null = v.kind { return .some(nil) }
        return optional.read(&d, v, p)
      },
      write: optional.write, isEqual: optional.isEqual, isFinite: optional.isFinite, clamp: optional.clamp)
  }
}

extension SceneCodec where Value: Equatable & Sendable {
  /// A codec comparing with `==`.
  init(
    read: @escaping @Sendable (inout SceneDecoder, JSONValue, [JSONPathComponent]) -> Value?,
    write: @escaping @Sendable (Value) -> JSONValue,
    isFinite: (@Sendable (Value) -> Bool)? = nil, clamp: (@Sendable (Value) -> Value)? = nil
  ) {
    self.init(read: read, write: write, isEqual: { $0 == $1 }, isFinite: isFinite, clamp: clamp)
  }
}

extension SceneCodec where Value == Double {
  /// A finite number obeying `rule`.
  static func number(_ rule: NumberRule = .any) -> Self {
    var codec = Self(
      read: { d, v, p in d.number(v, p, rule) }, write: { JSONValue(.number($0)) },
      isFinite: { $0.isFinite })
    if let range = rule.range { codec.clamp = { $0.clamped(to: range) } }
    return codec
  }
}

extension SceneCodec where Value == Int {
  /// A whole number in 0…`maximum` (`CAReplicatorLayer.instanceCount`): the
  /// bound keeps a document from asking for a billion copies.
  static func count(maximum: Int) -> Self {
    Self(
      read: { d, v, p in
        guard let x = d.number(v, p, .nonNegative) else { return nil }
        guard x == x.rounded() else {
          d.fail(p, at: v.location, "must be a whole number, got \(JSONWriter.number(x))")
          return nil
        }
        guard x <= Double(maximum) else {
          d.fail(p, at: v.location, "must be ≤ \(maximum), got \(JSONWriter.number(x))")
          return nil
        }
        return Int(x)
      },
      write: { JSONValue(.number(Double($0))) })
  }
}

extension SceneCodec where Value == Bool {
  /// `true` or `false`.
  static var bool: Self { Self(read: { d, v, p in d.bool(v, p) }, write: { JSONValue(.bool($0)) }) }
}

extension SceneCodec where Value == String {
  /// `type`: the name of a layer class (`LayerClasses.all`).
  static var layerType: Self {
    Self(
      read: { d, v, p in
        guard let s = d.string(v, p) else { return nil }
        guard LayerClasses.byType[s] != nil else {
          let names = LayerClasses.all.map { "\"\($0.type)\"" }.joined(separator: ", ")
          d.fail(p, at: v.location, "expected one of \(names), got \(Excerpt.quoted(s))")
          return nil
        }
        return s
      },
      write: { JSONValue(.string($0)) })
  }
}

extension SceneCodec where Value == String {
  /// Any string.
  static var string: Self {
    Self(read: { d, v, p in d.string(v, p) }, write: { JSONValue(.string($0)) })
  }
}

extension SceneCodec where Value == CGPoint {
  /// `[x, y]`.
  static var point: Self {
    Self(
      read: { d, v, p in d.point(v, p) }, write: { SceneWriter.numbers([$0.x, $0.y]) },
      isFinite: { $0.hasFiniteParts })
  }
}

extension SceneCodec where Value == [Color] {
  /// An array of colours (`CAGradientLayer.colors`); `null` is not a colour here.
  static var colors: Self {
    Self(
      read: { d, v, p in d.array(v, p, expected: "an array of colours") { d, v, p in d.color(v, p) ?? nil } },
      write: { JSONValue(.array($0.map(SceneWriter.colorJSON))) },
      isFinite: { $0.allSatisfy(\.hasFiniteComponents) })
  }
}

extension SceneCodec where Value == [Double] {
  /// Gradient locations: numbers in 0…1, none below the one before.
  static var locations: Self {
    Self(
      read: { d, v, p in
        guard let elements = d.elements(v, p, expected: "an array of numbers") else { return nil }
        var out: [Double] = []
        var ok = true
        for e in elements {
          guard let x = d.number(e.value, e.path, .unit) else {
            ok = false
            continue
          }
          if let before = out.last, x < before {
            d.fail(
              e.path, at: e.value.location,
              "must be ≥ the location before it (\(JSONWriter.number(before))), got \(JSONWriter.number(x))")
            ok = false
          }
          out.append(x)
        }
        return ok ? out : nil
      },
      write: SceneWriter.numbers, isFinite: { $0.allSatisfy(\.isFinite) },
      clamp: { $0.map { $0.clamped(to: ValueRange.unit) } })
  }
}

extension SceneCodec where Value == [Double] {
  /// Lengths: an array of numbers ≥ 0 (`lineDashPattern`).
  static var lengths: Self {
    Self(
      read: { d, v, p in d.array(v, p, expected: "an array of numbers") { d, v, p in d.number(v, p, .nonNegative) } },
      write: SceneWriter.numbers, isFinite: { $0.allSatisfy(\.isFinite) },
      clamp: { $0.map { $0.clamped(to: ValueRange.nonNegative) } })
  }
}

extension SceneCodec where Value == CGSize {
  /// `[width, height]`, either may be negative.
  static var size: Self {
    Self(
      read: { d, v, p in d.size(v, p) }, write: { SceneWriter.numbers([$0.width, $0.height]) },
      isFinite: { $0.hasFiniteParts })
  }
}

extension SceneCodec where Value == CGRect {
  /// `[x, y, width, height]`; with `nonNegativeSize`, a negative width or
  /// height is an error.
  static func rect(nonNegativeSize: Bool = false) -> Self {
    let nonNegativeSizeRect: @Sendable (CGRect) -> CGRect = {
      CGRect(x: $0.origin.x, y: $0.origin.y, width: max($0.size.width, 0), height: max($0.size.height, 0))
    }
    return Self(
      read: { d, v, p in d.rect(v, p, nonNegativeSize: nonNegativeSize) },
      write: SceneWriter.rectJSON,
      isFinite: { $0.hasFiniteParts },
      clamp: nonNegativeSize ? nonNegativeSizeRect : nil)
  }
}

extension SceneCodec where Value == Color? {
  /// A colour, or `null` for none.
  static var color: Self {
    Self(
      read: { d, v, p in d.color(v, p, nullable: true) },
      write: { $0.map(SceneWriter.colorJSON) ?? JSONValue(.null) },
      isFinite: { $0?.hasFiniteComponents ?? true })
  }
}

extension SceneCodec
where Value: RawRepresentable & CaseIterable & Equatable & Sendable, Value.RawValue == String {
  /// One of the enum's names, or its Core Animation constant
  /// (`caPrefix` + the name capitalised, e.g. `kCAGravityTopLeft`).
  static func name(caPrefix: String) -> Self {
    Self(
      read: { d, v, p in d.name(v, p, Value.self, caPrefix: caPrefix) },
      write: { JSONValue(.string($0.rawValue)) })
  }
}

extension SceneCodec where Value == CornerMask {
  /// An array of corner names (`"minXMinY"`, …).
  static var cornerMask: Self {
    Self(read: { d, v, p in d.cornerMask(v, p) }, write: SceneWriter.cornerNames)
  }
}

extension SceneCodec where Value == Transform3D {
  /// CSS transform functions or 16 numbers; written as 16 numbers.
  static var transform: Self {
    Self(
      read: { d, v, p in d.transform(v, p) }, write: { SceneWriter.numbers($0.values) },
      isFinite: \.hasFiniteEntries)
  }

  /// `[a, b, c, d, tx, ty]`: an affine transform (the value written must be affine).
  static var affineTransform: Self {
    Self(
      read: { d, v, p in
        d.numbers(v, p, count: 6, shape: "[a, b, c, d, tx, ty]").map {
          Transform3D(
            CGAffineTransform(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5]))
        }
      },
      write: {
        let a = $0.affineTransform
        return SceneWriter.numbers([a.a, a.b, a.c, a.d, a.tx, a.ty])
      },
      isFinite: \.hasFiniteEntries)
  }
}

extension SceneCodec where Value == Path {
  /// A shape (`rect`, `ellipse`, `roundedRect`) or SVG path data.
  static var path: Self {
    Self(
      read: { d, v, p in d.path(v, p) }, write: SceneWriter.path,
      isFinite: { $0.hasFiniteElements })
  }
}

extension SceneCodec where Value == Layer? {
  /// A layer object and its subtree (`mask`); equal when equivalent.
  static var layer: Self {
    Self(
      read: { d, v, p in d.layer(v, p).map { .some($0) } },
      write: { $0.map(SceneWriter.layer) ?? JSONValue(.null) },
      isEqual: { a, b in
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return a.isEquivalent(to: b)
        default: return false
        }
      },
      isFinite: nil)
  }
}
