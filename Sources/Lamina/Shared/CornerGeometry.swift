// Corner geometry of `RoundedRect`, defined once for the lowering and both
// backends: circular arcs, and Apple's continuous corner built from
// PaintCode's published cubic control points (docs/scene-format.md, Details).
//
// Every corner is described in a canonical frame: (a, b) in units of the
// radius, `a` along the horizontal edge away from the corner point, `b` along
// the vertical edge. A corner curve runs from (extent, 0) on the horizontal
// edge to (0, extent) on the vertical edge, as a list of smooth pieces (arc,
// cubic, line). The CPU flattens the pieces into polygons and integrates
// shadows along them; a GL shader evaluates the same pieces.
//
// Rejected: approximating the circular arc by a cubic (its 2.7e-4·r error is
// a visible 1/255 step on large radii) and describing the continuous corner
// as a superellipse (not what Core Animation draws).

import Synchronization

/// The continuous-corner constants.
public enum ContinuousCorner {
  /// How far along each edge a continuous corner of radius r starts, in
  /// units of r (PaintCode: 1.52866483).
  public static let extent = 1.52866483

  /// True when continuous corners of radius `radius` fit on a `width`×`height`
  /// rectangle; otherwise Core Animation (and Lamina) draws circular corners.
  public static func fits(width: Double, height: Double, radius: Double) -> Bool {
    extent * radius <= min(width, height) / 2 + 1e-9
  }
}

/// One smooth piece of a corner curve in the canonical (a, b) frame.
public enum CornerPiece: Hashable, Sendable {
  /// The quarter circle of unit radius centred at (1, 1), from (1, 0) to (0, 1).
  case quarterArc
  /// A straight segment.
  case line(SIMD2<Double>, SIMD2<Double>)
  /// A cubic Bézier segment.
  case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)

  /// The point and its derivative at parameter `s` in 0…1.
  @inlinable
  public func evaluate(_ s: Double) -> (point: SIMD2<Double>, tangent: SIMD2<Double>) {
    switch self {
    case .quarterArc:
      let phi = s * Double.pi / 2
      let sn = sin(phi), cs = cos(phi)
      return (SIMD2(1 - sn, 1 - cs), SIMD2(-cs, sn) * (Double.pi / 2))
    case .line(let p0, let p1):
      return (p0 + (p1 - p0) * s, p1 - p0)
    case .cubic(let p0, let p1, let p2, let p3):
      let t = 1 - s
      let point = p0 * (t * t * t) + p1 * (3 * t * t * s) + p2 * (3 * t * s * s) + p3 * (s * s * s)
      let tangent = (p1 - p0) * (3 * t * t) + (p2 - p1) * (6 * t * s) + (p3 - p2) * (3 * s * s)
      return (point, tangent)
    }
  }

  /// Segments needed so that a polyline through evenly spaced parameters
  /// stays within `tolerance` (in units of the radius) of the piece.
  public func segments(tolerance: Double) -> Int {
    let tol = max(tolerance, 1e-9)
    switch self {
    case .line:
      return 1
    case .quarterArc:
      // Sagitta of a chord spanning angle θ on a unit circle: 1 − cos(θ/2).
      let theta = 2 * acos(max(-1, 1 - tol))
      return min(4096, max(2, Int((Double.pi / 2 / theta).rounded(.up))))
    case .cubic(let p0, let p1, let p2, let p3):
      // |B''| ≤ 6·max(|p0 − 2p1 + p2|, |p1 − 2p2 + p3|); chord error ≤ |B''|/(8n²).
      let d1 = p0 - 2 * p1 + p2, d2 = p1 - 2 * p2 + p3
      let m = 6 * max((d1 * d1).sum().squareRoot(), (d2 * d2).sum().squareRoot())
      return min(4096, max(1, Int((m / (8 * tol)).squareRoot().rounded(.up))))
    }
  }

  /// The circular corner, one piece.
  public static let circular: [CornerPiece] = [.quarterArc]

  /// Apple's continuous corner (PaintCode's control points, made symmetric
  /// about the corner's diagonal), from (extent, 0) to (0, extent).
  public static let continuous: [CornerPiece] = {
    let e = ContinuousCorner.extent
    let a = SIMD2(0.66993427, 0.06549600), b = SIMD2(0.63149399, 0.07491100)
    func flip(_ p: SIMD2<Double>) -> SIMD2<Double> { SIMD2(p.y, p.x) }
    return [
      .cubic(SIMD2(e, 0), SIMD2(1.08849323, 0), SIMD2(0.86840689, 0), a),
      .line(a, b),
      .cubic(b, SIMD2(0.37282392, 0.16905899), SIMD2(0.16905899, 0.37282392), flip(b)),
      .line(flip(b), flip(a)),
      .cubic(flip(a), SIMD2(0, 0.86840689), SIMD2(0, 1.08849323), SIMD2(0, e)),
    ]
  }()
}

/// A corner of a `RoundedRect` placed in local space.
public struct PlacedCorner: Hashable, Sendable {
  /// The rectangle's corner point.
  public var origin: SIMD2<Double>
  /// Unit direction along the horizontal edge, away from the corner.
  public var horizontal: SIMD2<Double>
  /// Unit direction along the vertical edge, away from the corner.
  public var vertical: SIMD2<Double>
  public var radius: Double
  /// How far the curve reaches along each edge (r, or 1.528665·r).
  public var reach: Double
  public var pieces: [CornerPiece]
  /// True when the outline (clockwise on a y-down screen) runs through the
  /// pieces backwards: from the vertical edge to the horizontal one.
  public var reversed: Bool

  /// The local point and derivative (with respect to the outline's
  /// direction) of piece `index` at parameter `s`.
  @inlinable
  public func evaluate(piece index: Int, at s: Double) -> (point: SIMD2<Double>, tangent: SIMD2<Double>) {
    let (p, t) = pieces[index].evaluate(reversed ? 1 - s : s)
    let point = origin + (horizontal * p.x + vertical * p.y) * radius
    let tangent = (horizontal * t.x + vertical * t.y) * (reversed ? -radius : radius)
    return (point, tangent)
  }

  /// The pieces in outline order.
  public var orderedPieceIndices: [Int] {
    reversed ? Array(pieces.indices.reversed()) : Array(pieces.indices)
  }
}

extension RoundedRect {
  /// The radius of corner `index` (0 when missing, negative or not finite).
  @inlinable
  public func radius(_ index: Int) -> Double {
    guard index < radii.count, radii[index].isFinite else { return 0 }
    return max(0, radii[index])
  }

  /// True when continuous corners are drawn (the curve is continuous and the
  /// corners fit; otherwise they fall back to circular, as in Core Animation).
  public var usesContinuousCorners: Bool {
    guard curve == .continuous else { return false }
    let r = max(max(radius(0), radius(1)), max(radius(2), radius(3)))
    return ContinuousCorner.fits(width: Double(rect.width), height: Double(rect.height), radius: r)
  }

  /// The four corners in outline order (minXminY, maxXminY, maxXmaxY,
  /// minXmaxY); corners of radius 0 have no pieces.
  public var corners: [PlacedCorner] {
    let r = rect.standardized
    let x0 = Double(r.minX), x1 = Double(r.maxX), y0 = Double(r.minY), y1 = Double(r.maxY)
    let continuous = usesContinuousCorners
    let shape = continuous ? CornerPiece.continuous : CornerPiece.circular
    let k = continuous ? ContinuousCorner.extent : 1
    // One array made (the corners' points and directions were three more,
    // for every card prepared).
    var corners: [PlacedCorner] = []
    corners.reserveCapacity(4)
    for i in 0..<4 {
      let atMaxX = i == 1 || i == 2, atMaxY = i >= 2
      let radius = radius(i)
      corners.append(PlacedCorner(
        origin: SIMD2(atMaxX ? x1 : x0, atMaxY ? y1 : y0), horizontal: SIMD2(atMaxX ? -1.0 : 1.0, 0),
        vertical: SIMD2(0, atMaxY ? -1.0 : 1.0), radius: radius, reach: radius * k, pieces: radius > 0 ? shape : [],
        reversed: i == 0 || i == 2))
    }
    return corners
  }

  /// The outline as a closed polygon (clockwise on a y-down screen, first
  /// point not repeated), within `tolerance` local units of the true curve.
  public func outline(tolerance: Double) -> [SIMD2<Double>] {
    var points: [SIMD2<Double>] = []
    for corner in corners { Self.appendPoints(of: corner, tolerance: tolerance, to: &points) }
    return points
  }

  /// The points `outline(tolerance:)` gives for one corner, in outline
  /// order: its origin alone when it has no pieces.
  public static func appendPoints(of corner: PlacedCorner, tolerance: Double, to points: inout [SIMD2<Double>]) {
    if corner.pieces.isEmpty {
      points.append(corner.origin)
      return
    }
    let tol = tolerance / corner.radius
    // A circular corner's points from the table, placed as `evaluate` places them.
    func placed(_ p: SIMD2<Double>) -> SIMD2<Double> {
      corner.origin + (corner.horizontal * p.x + corner.vertical * p.y) * corner.radius
    }
    var arc: [SIMD2<Double>]? = nil
    for index in corner.orderedPieceIndices {
      let n = corner.pieces[index].segments(tolerance: tol)
      arc = corner.pieces[index] == .quarterArc ? QuarterArcTable.points(n, reversed: corner.reversed) : nil
      for step in 0..<n {
        points.append(arc.map { placed($0[step]) } ?? corner.evaluate(piece: index, at: Double(step) / Double(n)).point)
      }
    }
    let last = corner.orderedPieceIndices.last!
    points.append(arc.map { placed($0[$0.count - 1]) } ?? corner.evaluate(piece: last, at: 1).point)
  }
}

/// The canonical points of a quarter arc split into n segments, as
/// `CornerPiece.quarterArc.evaluate` gives them at s = k/n (or 1 − k/n for
/// a reversed corner), k = 0…n: the same bits, with the sines and cosines
/// taken once per n instead of at every corner of every shape (a card
/// flattened at 0.001 px takes ~80 segments a corner: ~1,000 sines and
/// cosines a card, ~5 % of S1-frac's cold frame). Tables are made as
/// their n is first met, up to `largest`.
enum QuarterArcTable {
  /// Segment counts kept (at most ~4 MB of tables); more are evaluated as they come.
  static let largest = 512
  private static let tables = Mutex<[Int: [SIMD2<Double>]]>([:])

  static func table(_ n: Int, reversed: Bool) -> [SIMD2<Double>] {
    (0...n).map { k in
      let s = Double(k) / Double(n)
      return CornerPiece.quarterArc.evaluate(reversed ? 1 - s : s).point
    }
  }

  /// The n + 1 points, or nil for n outside 1…`largest`.
  static func points(_ n: Int, reversed: Bool) -> [SIMD2<Double>]? {
    guard n > 0, n <= largest else { return nil }
    let key = reversed ? -n : n
    if let t = tables.withLock({ $0[key] }) { return t }
    let t = table(n, reversed: reversed)
    tables.withLock { $0[key] = t }
    return t
  }
}

extension RoundedRect {
  /// Whether the local point lies inside (a reference test for tests and
  /// brute-force integration; exact for circular corners, within 1e-6·r of
  /// the curve for continuous ones).
  public func contains(x: Double, y: Double) -> Bool {
    let r = rect.standardized
    let x0 = Double(r.minX), x1 = Double(r.maxX), y0 = Double(r.minY), y1 = Double(r.maxY)
    guard x >= x0, x <= x1, y >= y0, y <= y1 else { return false }
    let continuous = usesContinuousCorners
    let reach = continuous ? ContinuousCorner.extent : 1
    for i in 0..<4 {
      let radius = radius(i)
      guard radius > 0 else { continue }
      // Distances from the corner along its horizontal and vertical edges.
      let a = (i == 0 || i == 3 ? x - x0 : x1 - x) / radius
      let b = (i < 2 ? y - y0 : y1 - y) / radius
      guard a < reach, b < reach else { continue }
      if !continuous {
        if a < 1, b < 1, (1 - a) * (1 - a) + (1 - b) * (1 - b) > 1 { return false }
      } else if !Self.insideContinuous(a: a, b: b) {
        return false
      }
    }
    return true
  }

  /// Inside test against the continuous corner in its canonical frame. The
  /// curve is symmetric about a = b; its first half is a graph b(a), with a
  /// decreasing along it, tabulated densely once and searched by bisection.
  private static func insideContinuous(a: Double, b: Double) -> Bool {
    let (u, v) = a >= b ? (a, b) : (b, a)
    let table = continuousTable
    // table[k].x decreases from `extent` to below the diagonal.
    guard u >= table[table.count - 1].x else { return false }
    if u >= table[0].x { return true }
    var lo = 0, hi = table.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if table[mid].x >= u { lo = mid } else { hi = mid }
    }
    let p = table[lo], q = table[hi]
    let t = p.x == q.x ? 0 : (p.x - u) / (p.x - q.x)
    return v >= p.y + (q.y - p.y) * t
  }

  /// The first three pieces of the continuous corner, 2048 points each.
  private static let continuousTable: [SIMD2<Double>] = {
    var points: [SIMD2<Double>] = []
    for piece in CornerPiece.continuous.prefix(3) {
      for step in 0...2048 { points.append(piece.evaluate(Double(step) / 2048).point) }
    }
    return points
  }()
}
