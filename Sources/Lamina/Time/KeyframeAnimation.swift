// KeyframeAnimation: `CAKeyframeAnimation`. The animation's progress p (after
// its own timing function) is placed among the key times; the values
// around it are interpolated by the calculation mode:
//
// - `linear`: between neighbours, the segment's `timingFunctions[i]`
//   easing the fraction; key times default to evenly spaced.
// - `discrete`: value i holds from keyTimes[i] until the next key time; key
//   times default to n even intervals (value i for p in [i/n, (i+1)/n)),
//   and may have n or n + 1 entries (Apple documents n + 1).
// - `paced`: key times and timing functions are ignored; each segment gets
//   a share of the time proportional to its length (AnimationValue.distance),
//   so the value moves at one speed.
// - `cubic`: a Catmull–Rom spline through the values (Core Animation's
//   Kochanek–Bartels spline with zero tension, continuity and bias), the
//   end segments using their end value twice; values that are not vectors
//   interpolate linearly.
// - `cubicPaced`: `cubic` with `paced` times.
//
// With a `path` (keyframes of `position`), the points of the path are the
// values: every element's end point is a keyframe and the position moves
// along the element's own curve between them; `paced` and `cubicPaced` move
// at one speed along the path's arc length (measured on 64 samples per
// curve). `rotationMode` `auto` rotates the layer to the path's tangent
// (`autoReverse` adds a half turn), placing the rotation before the
// layer's own transform.
//
// Rejected: flattening the path to a polyline for every mode (a linear
// path animation would then go at the flattening's speed, not the curve's).

/// `CAKeyframeAnimation`: a property through a list of values.
public final class KeyframeAnimation: PropertyAnimation {
  /// `kCAAnimationLinear` and the others.
  public enum CalculationMode: String, CaseIterable, Sendable {
    case linear, discrete, paced, cubic, cubicPaced
  }
  /// `kCAAnimationRotateAuto` and `kCAAnimationRotateAutoReverse`.
  public enum RotationMode: String, CaseIterable, Sendable {
    case auto, autoReverse
  }

  /// The keyframe values, each of the animated property's kind
  /// (AnimationValueConvertible.swift): `values = [0, 0.5, 1]`.
  public var values: [any AnimationValueConvertible]? {
    get { keyframes }
    set { keyframes = newValue?.map(\.animationValue) }
  }
  /// `values` as the animation holds them.
  var keyframes: [AnimationValue]?
  /// The times (fractions of the duration, ascending in 0…1) of the values.
  public var keyTimes: [Double]?
  /// One per segment (values.count − 1), easing each.
  public var timingFunctions: [TimingFunction]?
  /// How values between key times are found.
  public var calculationMode: CalculationMode = .linear
  /// A path for `position` to follow; overrides `values`.
  public var path: Path?
  /// Turns the layer along the path.
  public var rotationMode: RotationMode?

  public override init(keyPath: String?) { super.init(keyPath: keyPath) }

  required init(copying other: Animation) {
    let o = other as! KeyframeAnimation
    (keyframes, keyTimes, timingFunctions) = (o.keyframes, o.keyTimes, o.timingFunctions)
    (calculationMode, path, rotationMode) = (o.calculationMode, o.path, o.rotationMode)
    super.init(copying: other)
  }

  override func mismatchedValue(_ current: AnimationValue) -> (name: String, value: AnimationValue)? {
    guard path == nil else {
      return AnimationValue.point(.zero).sameKind(current) ? nil : ("path", .point(.zero))
    }
    guard let keyframes, let i = keyframes.firstIndex(where: { !$0.sameKind(current) }) else { return nil }
    return ("values[\(i)]", keyframes[i])
  }

  override func apply(progress: Double, time: Double, iteration: Double, to layer: Layer) throws(AnimationError) {
    // No current value: only an additive animation needs it (`write` reads it).
    guard let (target, property) = target(in: layer) else { return }
    if let path {
      let segments = PathSegments(path)
      guard !segments.points.isEmpty else { return }
      let (point, tangent) = pathPosition(segments, at: progress)
      var value = AnimationValue.point(point)
      if isCumulative, iteration > 0, let first = segments.points.first, let lastPoint = segments.points.last {
        value = .advance(value, by: .point(CGPoint(x: lastPoint.x - first.x, y: lastPoint.y - first.y)), times: iteration)
      }
      try write(value, current: nil, to: target, property, time: time)
      if let rotationMode, let t = tangent, t.x != 0 || t.y != 0 {
        let angle = atan2(Double(t.y), Double(t.x)) + (rotationMode == .autoReverse ? Double.pi : 0)
        target.transform = Transform3D(rotationAngle: angle, x: 0, y: 0, z: 1).concatenating(target.transform)
      }
      return
    }
    guard let values = keyframes, !values.isEmpty else { return }
    var value = self.value(values, at: progress)
    if isCumulative, iteration > 0, let step = AnimationValue.difference(values[0], values[values.count - 1]) {
      value = .advance(value, by: step, times: iteration)
    }
    try write(value, current: nil, to: target, property, time: time)
  }

  /// The key times in use for `n` values (paced modes: by distance).
  func times(_ values: [AnimationValue]) -> [Double] {
    let n = values.count
    switch calculationMode {
    case .paced, .cubicPaced:
      let lengths = (1..<max(n, 1)).map { AnimationValue.distance(values[$0 - 1], values[$0]) }
      return Self.pacedTimes(lengths)
    case .discrete:
      if let keyTimes, keyTimes.count == n || keyTimes.count == n + 1 { return keyTimes }
      return (0...n).map { Double($0) / Double(n) }
    default:
      if let keyTimes, keyTimes.count == n { return keyTimes }
      return n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) }
    }
  }

  /// Cumulative lengths / total (even spacing when the total is 0).
  static func pacedTimes(_ lengths: [Double]) -> [Double] {
    let total = lengths.reduce(0, +)
    var out = [0.0]
    var sum = 0.0
    for (i, l) in lengths.enumerated() {
      sum += l
      out.append(total > 0 ? sum / total : Double(i + 1) / Double(lengths.count))
    }
    return out
  }

  /// The segment index i with times[i] ≤ p < times[i+1] (the last segment at p ≥ its end).
  static func segment(_ times: [Double], _ p: Double) -> Int {
    // Binary search: a million keyframes cost 20 steps.
    var lo = 0, hi = times.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if times[mid] <= p { lo = mid } else { hi = mid }
    }
    return lo
  }

  func value(_ values: [AnimationValue], at p: Double) -> AnimationValue {
    let n = values.count
    if n == 1 { return values[0] }
    let times = self.times(values)
    if calculationMode == .discrete {
      if p >= 1 { return values[n - 1] }
      if p < times[0] { return values[0] }
      return values[min(Self.segment(Array(times.prefix(n)) + [.infinity], p), n - 1)]
    }
    if p <= times[0] { return values[0] }
    if p >= times[n - 1] { return values[n - 1] }
    let i = min(Self.segment(times, p), n - 2)
    let span = times[i + 1] - times[i]
    var f = span > 0 ? (p - times[i]) / span : 1
    if calculationMode == .linear || calculationMode == .cubic, let functions = timingFunctions, i < functions.count {
      f = functions[i].progress(at: f)
    }
    if calculationMode == .cubic || calculationMode == .cubicPaced,
      let p1 = values[i].components, let p2 = values[i + 1].components
    {
      let p0 = values[max(i - 1, 0)].components ?? p1
      let p3 = values[min(i + 2, n - 1)].components ?? p2
      if p0.count == p1.count, p3.count == p1.count, p2.count == p1.count {
        return values[i].with(Self.catmullRom(p0, p1, p2, p3, f))
      }
    }
    return .interpolate(values[i], values[i + 1], f)
  }

  /// The uniform Catmull–Rom spline from p1 to p2 at f.
  static func catmullRom(_ p0: [Double], _ p1: [Double], _ p2: [Double], _ p3: [Double], _ f: Double) -> [Double] {
    let f2 = f * f, f3 = f2 * f
    return (0..<p1.count).map { k in
      0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * f + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * f2
        + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * f3)
    }
  }

  /// The position (and tangent) along the path at p.
  func pathPosition(_ s: PathSegments, at p: Double) -> (CGPoint, CGPoint?) {
    guard !s.curves.isEmpty else { return (s.points[0], nil) }
    let times: [Double]
    switch calculationMode {
    case .paced, .cubicPaced: times = Self.pacedTimes(s.curves.map(\.length))
    default:
      if let keyTimes, keyTimes.count == s.curves.count + 1 {
        times = keyTimes
      } else {
        times = (0...s.curves.count).map { Double($0) / Double(s.curves.count) }
      }
    }
    let q = min(max(p, 0), 1)
    if calculationMode == .discrete {
      let i = min(Self.segment(times, q), s.curves.count)
      return (q >= 1 ? s.points[s.points.count - 1] : s.points[i], nil)
    }
    let i = min(Self.segment(times, q), s.curves.count - 1)
    let span = times[i + 1] - times[i]
    var f = span > 0 ? min(max((q - times[i]) / span, 0), 1) : 1
    if calculationMode == .linear, let functions = timingFunctions, i < functions.count {
      f = functions[i].progress(at: f)
    }
    let curve = s.curves[i]
    if calculationMode == .paced || calculationMode == .cubicPaced { f = curve.parameter(atFraction: f) }
    return (curve.point(f), curve.tangent(f))
  }
}

/// A path's pieces as cubic curves between its points (moves start new
/// points; a close is a line back to the subpath's start).
struct PathSegments {
  struct Curve {
    var p0: CGPoint, c1: CGPoint, c2: CGPoint, p3: CGPoint
    /// Arc length at 64 samples, and the cumulative lengths at each sample.
    var length: Double
    var samples: [Double]

    init(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint) {
      self.p0 = p0
      self.c1 = c1
      self.c2 = c2
      self.p3 = p3
      samples = [0]
      var previous = p0
      var sum = 0.0
      for i in 1...64 {
        let q = Self.point(p0, c1, c2, p3, Double(i) / 64)
        sum += hypot(Double(q.x - previous.x), Double(q.y - previous.y))
        samples.append(sum)
        previous = q
      }
      length = sum
    }

    static func point(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint, _ t: Double) -> CGPoint {
      let u = 1 - t
      let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
      return CGPoint(
        x: a * Double(p0.x) + b * Double(c1.x) + c * Double(c2.x) + d * Double(p3.x),
        y: a * Double(p0.y) + b * Double(c1.y) + c * Double(c2.y) + d * Double(p3.y))
    }

    func point(_ t: Double) -> CGPoint { Self.point(p0, c1, c2, p3, t) }

    func tangent(_ t: Double) -> CGPoint {
      let u = 1 - t
      func d(_ a: Double, _ b: Double, _ c: Double, _ e: Double) -> Double {
        3 * u * u * (b - a) + 6 * u * t * (c - b) + 3 * t * t * (e - c)
      }
      var v = CGPoint(
        x: d(Double(p0.x), Double(c1.x), Double(c2.x), Double(p3.x)),
        y: d(Double(p0.y), Double(c1.y), Double(c2.y), Double(p3.y)))
      if v.x == 0 && v.y == 0 { v = CGPoint(x: p3.x - p0.x, y: p3.y - p0.y) }
      return v
    }

    /// The parameter at a fraction of the arc length.
    func parameter(atFraction f: Double) -> Double {
      guard length > 0 else { return f }
      let target = f * length
      var i = 1
      while i < 64 && samples[i] < target { i += 1 }
      let span = samples[i] - samples[i - 1]
      let local = span > 0 ? (target - samples[i - 1]) / span : 0
      return (Double(i - 1) + local) / 64
    }
  }

  var points: [CGPoint] = []
  var curves: [Curve] = []

  init(_ path: Path) {
    var current = CGPoint.zero
    var start = CGPoint.zero
    func lineCurve(_ a: CGPoint, _ b: CGPoint) -> Curve {
      Curve(
        a, CGPoint(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3),
        CGPoint(x: a.x + 2 * (b.x - a.x) / 3, y: a.y + 2 * (b.y - a.y) / 3), b)
    }
    for e in path.elements {
      switch e {
      case .move(let p):
        current = p
        start = p
        if points.isEmpty { points.append(p) }
        continue
      case .line(let p):
        curves.append(lineCurve(current, p))
        current = p
      case .quad(let c, let p):
        let c1 = CGPoint(x: current.x + 2 * (c.x - current.x) / 3, y: current.y + 2 * (c.y - current.y) / 3)
        let c2 = CGPoint(x: p.x + 2 * (c.x - p.x) / 3, y: p.y + 2 * (c.y - p.y) / 3)
        curves.append(Curve(current, c1, c2, p))
        current = p
      case .cubic(let c1, let c2, let p):
        curves.append(Curve(current, c1, c2, p))
        current = p
      case .close:
        curves.append(lineCurve(current, start))
        current = start
      }
      if points.isEmpty { points.append(curves[curves.count - 1].p0) }
      points.append(current)
    }
  }
}
