// PathGeometry: what a path measures and how it becomes polylines.
//
// Design: flattening picks a uniform parameter step per curve from the
// second-difference bound (the chord error of a curve with |B''| ≤ M over a
// step h is at most M·h²/8), so the tolerance is a guarantee, not a guess,
// and the count is computed once instead of by recursive subdivision (which
// is no more accurate here and is harder to bound). Bounds are tight: they
// use the curves' extrema, as `CGPath.boundingBoxOfPath` does.

extension Path {
  /// The most segments one curve is flattened into, so that a huge curve or
  /// a tiny tolerance cannot exhaust memory.
  public static let maximumSegmentsPerCurve = 1 << 16

  /// The most chords all curves of one path are flattened into (262,144:
  /// a circle filling a 16384-pixel canvas needs under 2,000 at the raster
  /// tolerance); beyond it the tolerance is coarsened for the whole path,
  /// so that a million huge arcs cannot ask for 10^11 points.
  public static let maximumCurveSegmentsPerPath = 1 << 18

  /// The tight bounding box of the path (curve extrema, not control points),
  /// including the points of moves, as `CGPath.boundingBoxOfPath`;
  /// `CGRect.null` for an empty path.
  public var boundingBox: CGRect {
    var box = BoundsAccumulator()
    var current = CGPoint.zero
    var start = CGPoint.zero
    for element in elements {
      switch element {
      case .move(let p):
        box.add(p)
        current = p
        start = p
      case .line(let p):
        box.add(current)
        box.add(p)
        current = p
      case .quad(let c, let p):
        box.add(current)
        box.add(p)
        for t in Path.quadExtrema(current, c, p) { box.add(Path.quadPoint(current, c, p, t)) }
        current = p
      case .cubic(let c1, let c2, let p):
        box.add(current)
        box.add(p)
        for t in Path.cubicExtrema(current, c1, c2, p) {
          box.add(Path.cubicPoint(current, c1, c2, p, t))
        }
        current = p
      case .close:
        current = start
      }
    }
    return box.rect
  }

  /// The path with every point mapped by `t` (Bézier curves map exactly
  /// under affine transforms). `shape` is dropped unless `t` is the identity.
  public func applying(_ t: CGAffineTransform) -> Path {
    if t.isIdentity { return self }
    return Path(elements: elements.map { $0.mapped { t.apply($0) } })
  }

  /// The subpaths as polylines. Curves are replaced by chords whose distance
  /// from the curve is at most `tolerance`, in the path's own units: the
  /// default 0.1 suits a path already transformed to device pixels (apply
  /// the transform first with `applying(_:)`). A closed subpath ends with its
  /// first point repeated; for filling, every polyline is closed implicitly.
  /// A drawing element with no move before it starts at the last point (or
  /// the origin). Subpaths of a single point are dropped. Curves with
  /// non-finite points become single chords; one curve yields at most
  /// `Path.maximumSegmentsPerCurve` chords.
  public func flattened(tolerance: Double = 0.1) -> [[CGPoint]] {
    flattenedSubpaths(tolerance: tolerance).compactMap { $0.points.count > 1 ? $0.points : nil }
  }

  // MARK: Curve helpers

  /// |a − b − c + d|: the second difference of control points (a, b, c, d)
  /// with b == c for quadratics.
  static func norm(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint, _ d: CGPoint) -> Double {
    let x = Double(a.x) - Double(b.x) - Double(c.x) + Double(d.x)
    let y = Double(a.y) - Double(b.y) - Double(c.y) + Double(d.y)
    return hypot(x, y)
  }

  /// Chords needed so that the chord error M·h²/8 stays within `tolerance`,
  /// where |B''| ≤ factor·d (factor 2 for quadratics, 6 for cubics).
  /// How many chords `flattened(tolerance:)` makes of the path's curves.
  func curveSegments(tolerance tol: Double) -> Int {
    var total = 0
    var start = CGPoint.zero
    var current = CGPoint.zero
    for element in elements {
      switch element {
      case .move(let p):
        start = p
        current = p
      case .line(let p):
        current = p
      case .quad(let c, let p):
        total += Path.segmentCount(secondDifference: Path.norm(current, c, c, p), factor: 2, tolerance: tol)
        current = p
      case .cubic(let c1, let c2, let p):
        let m = max(Path.norm(current, c1, c1, c2), Path.norm(c1, c2, c2, p))
        total += Path.segmentCount(secondDifference: m, factor: 6, tolerance: tol)
        current = p
      case .close:
        current = start
      }
    }
    return total
  }

  static func segmentCount(secondDifference d: Double, factor: Double, tolerance: Double) -> Int {
    let n = (factor * d / (8 * tolerance)).squareRoot().rounded(.up)
    guard !n.isNaN else { return 1 }
    return Int(min(max(n, 1), Double(maximumSegmentsPerCurve)))
  }

  static func quadPoint(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint, _ t: Double) -> CGPoint {
    let u = 1 - t
    let a = u * u
    let b = 2 * u * t
    let d = t * t
    return CGPoint(
      x: a * Double(p0.x) + b * Double(c.x) + d * Double(p1.x),
      y: a * Double(p0.y) + b * Double(c.y) + d * Double(p1.y))
  }

  static func cubicPoint(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint, _ t: Double)
    -> CGPoint
  {
    let u = 1 - t
    let a = u * u * u
    let b = 3 * u * u * t
    let c = 3 * u * t * t
    let d = t * t * t
    return CGPoint(
      x: a * Double(p0.x) + b * Double(c1.x) + c * Double(c2.x) + d * Double(p1.x),
      y: a * Double(p0.y) + b * Double(c1.y) + c * Double(c2.y) + d * Double(p1.y))
  }

  /// Parameters in (0, 1) where a quadratic's x or y derivative vanishes.
  static func quadExtrema(_ p0: CGPoint, _ c: CGPoint, _ p1: CGPoint) -> [Double] {
    var ts: [Double] = []
    for (a, b, d) in [(p0.x, c.x, p1.x), (p0.y, c.y, p1.y)] {
      let den = Double(a) - 2 * Double(b) + Double(d)
      if den != 0 {
        let t = (Double(a) - Double(b)) / den
        if t > 0 && t < 1 { ts.append(t) }
      }
    }
    return ts
  }

  /// Parameters in (0, 1) where a cubic's x or y derivative vanishes.
  static func cubicExtrema(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p1: CGPoint) -> [Double] {
    var ts: [Double] = []
    for (q0, q1, q2, q3) in [(p0.x, c1.x, c2.x, p1.x), (p0.y, c1.y, c2.y, p1.y)] {
      // B'(t)/3 = a t² + b t + c.
      let (d0, d1, d2, d3) = (Double(q0), Double(q1), Double(q2), Double(q3))
      let a = -d0 + 3 * d1 - 3 * d2 + d3
      let b = 2 * (d0 - 2 * d1 + d2)
      let c = d1 - d0
      var roots: [Double] = []
      if Swift.abs(a) < 1e-12 * max(1, Swift.abs(b), Swift.abs(c)) {
        if b != 0 { roots.append(-c / b) }
      } else {
        let disc = b * b - 4 * a * c
        if disc >= 0 {
          let s = disc.squareRoot()
          roots.append((-b + s) / (2 * a))
          roots.append((-b - s) / (2 * a))
        }
      }
      ts.append(contentsOf: roots.filter { $0 > 0 && $0 < 1 })
    }
    return ts
  }
}

/// Grows a rectangle point by point.
struct BoundsAccumulator {
  private var minX = Double.infinity, minY = Double.infinity
  private var maxX = -Double.infinity, maxY = -Double.infinity

  mutating func add(_ p: CGPoint) {
    let x = Double(p.x)
    let y = Double(p.y)
    minX = min(minX, x)
    minY = min(minY, y)
    maxX = max(maxX, x)
    maxY = max(maxY, y)
  }

  var rect: CGRect {
    guard minX <= maxX, minY <= maxY else { return .null }
    return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}

extension Path.Element {
  /// The element with every point (end and control points) mapped by `f`.
  @inline(__always)
  func mapped(_ f: (CGPoint) -> CGPoint) -> Path.Element {
    switch self {
    case .move(let p): return .move(f(p))
    case .line(let p): return .line(f(p))
    case .quad(let c, let p): return .quad(control: f(c), to: f(p))
    case .cubic(let c1, let c2, let p): return .cubic(control1: f(c1), control2: f(c2), to: f(p))
    case .close: return .close
    }
  }
}
