// AnimationValue: the value of one animated property, of any of the types
// the layer tables hold, and the arithmetic animations need on it:
// interpolation, addition (`byValue`, `additive`, `cumulative`) and
// distance (`paced` keyframes). The rules are the scene format's
// (docs/scene-format.md, "Interpolation"):
//
// - numbers, points, sizes, rects: component-wise;
// - colours: in premultiplied sRGB-encoded components, so a fade from a
//   transparent colour does not pass through its hue at half alpha; `nil`
//   is transparent black;
// - transforms: by decomposition (TransformDecomposition.swift); added by
//   concatenation, the added value acting first;
// - paths: point by point when both have the same commands, else discretely;
// - colour and number arrays: element-wise when the counts match, else
//   discretely;
// - booleans, images, blend modes, and everything else that does not match: discretely,
//   switching at the midpoint as CSS's discrete animation does.
//
// Rejected: a protocol adopted by the value types (Double, CGPoint, …):
// a property's value travels through animations of any type, so the
// animation code would need existentials and dynamic casts anyway.

/// The value of an animatable property.
public enum AnimationValue: Sendable {
  case number(Double)
  case point(CGPoint)
  case size(CGSize)
  case rect(CGRect)
  case color(Color?)
  case transform(Transform3D)
  case path(Path?)
  case bool(Bool)
  case image(Image?)
  /// `compositingFilter`: switches discretely.
  case blendMode(BlendMode?)
  case colors([Color]?)
  case numbers([Double]?)

  /// The numbers of a vector-like value (numbers, points, sizes, rects,
  /// colours in premultiplied components), or `nil`.
  var components: [Double]? {
    switch self {
    case .number(let x): return [x]
    case .point(let p): return [p.x, p.y]
    case .size(let s): return [s.width, s.height]
    case .rect(let r): return [r.origin.x, r.origin.y, r.size.width, r.size.height]
    case .color(let c):
      let c = c ?? .clear
      return [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha]
    default: return nil
    }
  }

  /// The same kind of value with `components` replaced.
  func with(_ v: [Double]) -> AnimationValue {
    switch self {
    case .number: return .number(v[0])
    case .point: return .point(CGPoint(x: v[0], y: v[1]))
    case .size: return .size(CGSize(width: v[0], height: v[1]))
    case .rect: return .rect(CGRect(x: v[0], y: v[1], width: v[2], height: v[3]))
    case .color:
      let a = v[3]
      guard a > 0 else { return .color(.clear) }
      return .color(Color(red: v[0] / a, green: v[1] / a, blue: v[2] / a, alpha: a))
    default: return self
    }
  }

  /// True when both values are of the same case (so arithmetic applies).
  func sameKind(_ other: AnimationValue) -> Bool { kind == other.kind }

  /// The case, as a number: matched without binding a payload, so asking
  /// copies nothing (a switch over the pair of values copied both: a
  /// transform's 16 numbers, a path's reference, for every keyframe of
  /// every presented animation).
  private var kind: Int {
    switch self {
    case .number: 0
    case .point: 1
    case .size: 2
    case .rect: 3
    case .color: 4
    case .transform: 5
    case .path: 6
    case .bool: 7
    case .image: 8
    case .blendMode: 9
    case .colors: 10
    case .numbers: 11
    }
  }

  /// The value at fraction `f` from `a` to `b` (f may leave 0…1: springs
  /// and eased curves overshoot).
  static func interpolate(_ a: AnimationValue, _ b: AnimationValue, _ f: Double) -> AnimationValue {
    if let x = a.components, let y = b.components, x.count == y.count, a.sameKind(b) {
      return a.with(zip(x, y).map { $0 + ($1 - $0) * f })
    }
    switch (a, b) {
    case (.transform(let x), .transform(let y)):
      guard let dx = TransformDecomposition(x), let dy = TransformDecomposition(y) else {
        return f < 0.5 ? a : b
      }
      return .transform(TransformDecomposition.interpolate(dx, dy, f).matrix)
    case (.path(let x?), .path(let y?)):
      guard let elements = Self.interpolate(x.elements, y.elements, f) else { return f < 0.5 ? a : b }
      return .path(Path(elements: elements))
    case (.colors(let x?), .colors(let y?)) where x.count == y.count:
      return .colors(zip(x, y).map { p in
        if case .color(let c) = interpolate(.color(p.0), .color(p.1), f) { return c ?? .clear }
        return p.0
      })
    case (.numbers(let x?), .numbers(let y?)) where x.count == y.count:
      return .numbers(zip(x, y).map { $0 + ($1 - $0) * f })
    default:
      return f < 0.5 ? a : b
    }
  }

  /// Path elements point by point, or `nil` when the commands differ.
  private static func interpolate(_ a: [Path.Element], _ b: [Path.Element], _ f: Double) -> [Path.Element]? {
    guard a.count == b.count else { return nil }
    func p(_ u: CGPoint, _ v: CGPoint) -> CGPoint { CGPoint(x: u.x + (v.x - u.x) * f, y: u.y + (v.y - u.y) * f) }
    var out: [Path.Element] = []
    out.reserveCapacity(a.count)
    for (x, y) in zip(a, b) {
      switch (x, y) {
      case (.move(let u), .move(let v)): out.append(.move(p(u, v)))
      case (.line(let u), .line(let v)): out.append(.line(p(u, v)))
      case (.quad(let c, let u), .quad(let d, let v)): out.append(.quad(control: p(c, d), to: p(u, v)))
      case (.cubic(let c1, let c2, let u), .cubic(let d1, let d2, let v)):
        out.append(.cubic(control1: p(c1, d1), control2: p(c2, d2), to: p(u, v)))
      case (.close, .close): out.append(.close)
      default: return nil
      }
    }
    return out
  }

  /// `a + k × b`: numbers and vectors component-wise (colours in straight
  /// components, clamped), transforms by concatenating `b` k times before
  /// `a` for whole k in 0…64 (else `a`), number arrays element-wise; any
  /// other value is `b` when k ≠ 0 (it does not add).
  static func add(_ a: AnimationValue, _ b: AnimationValue, times k: Double = 1) -> AnimationValue {
    if k == 0 { return a }
    switch (a, b) {
    case (.color(let x), .color(let y)):
      let x = x ?? .clear, y = y ?? .clear
      return .color(
        Color(
          red: x.red + k * y.red, green: x.green + k * y.green, blue: x.blue + k * y.blue,
          alpha: x.alpha + k * y.alpha))
    case (.transform(let x), .transform(let y)):
      guard k == k.rounded(), k >= 0, k <= 64 else { return a }
      var out = x
      for _ in 0..<Int(k) { out = y.concatenating(out) }
      return .transform(out)
    case (.numbers(let x?), .numbers(let y?)) where x.count == y.count:
      return .numbers(zip(x, y).map { $0 + k * $1 })
    default:
      if a.sameKind(b), let x = a.components, let y = b.components {
        return a.with(zip(x, y).map { $0 + k * $1 })
      }
      return b
    }
  }

  /// `b − a` for vector values (the `cumulative` step, `byValue` from two
  /// values); a transform's is `a⁻¹ · b`; `nil` for values that do not add.
  static func difference(_ a: AnimationValue, _ b: AnimationValue) -> AnimationValue? {
    switch (a, b) {
    case (.color(let x), .color(let y)):
      let x = x ?? .clear, y = y ?? .clear
      // Straight differences, which `Color` would clamp: kept as numbers.
      return .numbers([y.red - x.red, y.green - x.green, y.blue - x.blue, y.alpha - x.alpha])
    case (.transform(let x), .transform(let y)):
      return x.inverted.map { .transform(y.concatenating($0)) }
    case (.numbers(let x?), .numbers(let y?)) where x.count == y.count:
      return .numbers(zip(x, y).map { $1 - $0 })
    default:
      guard a.sameKind(b), let x = a.components, let y = b.components else { return nil }
      return a.with(zip(x, y).map { $1 - $0 })
    }
  }

  /// `a + k × step` where `step` came from `difference`.
  static func advance(_ a: AnimationValue, by step: AnimationValue, times k: Double) -> AnimationValue {
    if k == 0 { return a }
    if case .color(let x) = a, case .numbers(let d?) = step, d.count == 4 {
      let x = x ?? .clear
      return .color(
        Color(
          red: x.red + k * d[0], green: x.green + k * d[1], blue: x.blue + k * d[2],
          alpha: x.alpha + k * d[3]))
    }
    return add(a, step, times: k)
  }

  /// The distance between two values for `paced` keyframes: Euclidean over
  /// the components (a transform's over its 16 entries, a path's over its
  /// points); 0 when they do not compare.
  static func distance(_ a: AnimationValue, _ b: AnimationValue) -> Double {
    var x: [Double] = [], y: [Double] = []
    if a.sameKind(b), let u = a.components, let v = b.components {
      (x, y) = (u, v)
    } else if case .transform(let u) = a, case .transform(let v) = b {
      (x, y) = (u.values, v.values)
    } else if case .numbers(let u?) = a, case .numbers(let v?) = b, u.count == v.count {
      (x, y) = (u, v)
    } else {
      return 0
    }
    let d = zip(x, y).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
    return d.isFinite ? d : 0
  }

  /// True when every number in the value is finite.
  var isFinite: Bool {
    switch self {
    case .transform(let t): return t.values.allSatisfy(\.isFinite)
    case .path(let p): return p?.elements.allSatisfy(\.isFinite) ?? true
    case .colors(let c): return c?.allSatisfy { [$0.red, $0.green, $0.blue, $0.alpha].allSatisfy(\.isFinite) } ?? true
    case .numbers(let n): return n?.allSatisfy(\.isFinite) ?? true
    case .bool, .image, .blendMode: return true
    default: return components?.allSatisfy(\.isFinite) ?? true
    }
  }
}
