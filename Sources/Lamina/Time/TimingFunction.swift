// TimingFunction: `CAMediaTimingFunction`, a cubic Bézier from (0, 0) to
// (1, 1) through two control points, mapping the time fraction x to the
// progress y. The named functions carry Apple's control points (the same as
// CSS's `ease`, `ease-in`, `ease-out`, `ease-in-out`, `linear`, except
// `default`, which is Core Animation's own (0.25, 0.1, 0.25, 1) = CSS `ease`).
//
// Solving x(s) = x for the curve parameter s: Newton's method from s = x
// (eight steps at most, kept while the derivative is usable), then
// bisection on 0…1, which always converges because x(s) is monotonic for
// control x's in 0…1 (the scene format requires that, as CSS does). Both
// stop at |x(s) − x| ≤ 1e-7, so the progress is within 1e-6 of the exact
// curve (checked against Chromium's Web Animations, TimingFunctionTests).
//
// Rejected: a sampled lookup table (as WebKit's fast path), whose error
// depends on the curve; and tracking Chromium's own solver, which would tie
// the result to one engine's epsilon instead of to the curve.

/// `CAMediaTimingFunction`: a cubic Bézier easing curve.
public struct TimingFunction: Hashable, Sendable {
  /// The first control point (x in 0…1).
  public var c1x: Double, c1y: Double
  /// The second control point (x in 0…1).
  public var c2x: Double, c2y: Double

  /// A curve through `(c1x, c1y)` and `(c2x, c2y)`.
  public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    self.c1x = c1x
    self.c1y = c1y
    self.c2x = c2x
    self.c2y = c2y
  }

  /// `kCAMediaTimingFunctionLinear`.
  public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
  /// `kCAMediaTimingFunctionEaseIn`: (0.42, 0, 1, 1).
  public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
  /// `kCAMediaTimingFunctionEaseOut`: (0, 0, 0.58, 1).
  public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionEaseInEaseOut`: (0.42, 0, 0.58, 1).
  public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionDefault`: (0.25, 0.1, 0.25, 1).
  public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

  /// The named functions by their scene-format names.
  public static let named: [(name: String, function: TimingFunction)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
    ("easeInEaseOut", .easeInEaseOut), ("default", .default),
  ]

  /// `CAMediaTimingFunctionName`: the named curves.
  public enum Name: String, CaseIterable, Sendable {
    case linear, easeIn, easeOut, easeInEaseOut, `default`
  }

  /// The named curve: `CAMediaTimingFunction(name: .easeOut)`.
  public init(name: Name) {
    switch name {
    case .linear: self = .linear
    case .easeIn: self = .easeIn
    case .easeOut: self = .easeOut
    case .easeInEaseOut: self = .easeInEaseOut
    case .default: self = .default
    }
  }

  /// The scene-format name of a named function, or `nil`.
  public var name: String? { Self.named.first { $0.function == self }?.name }

  /// The progress at time fraction `x` (clamped to 0…1).
  public func progress(at x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    if c1x == c1y && c2x == c2y { return x }  // a straight line
    return bezier(c1y, c2y, solve(x))
  }

  /// One coordinate of the curve at parameter `s`, end points 0 and 1.
  private func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
  }

  private func slope(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
  }

  /// The parameter s with x(s) = x.
  func solve(_ x: Double) -> Double {
    let epsilon = 1e-7
    var s = x
    for _ in 0..<8 {
      let error = bezier(c1x, c2x, s) - x
      if abs(error) <= epsilon { return s }
      let d = slope(c1x, c2x, s)
      if abs(d) < 1e-6 { break }
      s -= error / d
      if !(0...1).contains(s) { break }
    }
    var lo = 0.0, hi = 1.0
    s = x
    for _ in 0..<64 {
      let value = bezier(c1x, c2x, s)
      if abs(value - x) <= epsilon { return s }
      if value < x { lo = s } else { hi = s }
      s = (lo + hi) / 2
    }
    return s
  }
}
