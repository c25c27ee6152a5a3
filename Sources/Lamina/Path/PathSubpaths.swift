// PathSubpaths: a path flattened subpath by subpath, keeping what a stroke
// needs and a fill does not: whether each subpath was closed, which of its
// points are corners (where two of the path's elements meet, shaped by the
// line join) rather than points inside a flattened curve (where the stroke
// turns smoothly), and subpaths of one point that a drawing command or a
// close made (a round or square cap draws them as a dot). `flattened`,
// the fill's input, is this with the one-point subpaths left out.
//
// Rejected: a second flattening loop for strokes beside `flattened` (the
// chord counts, the path-wide coarsening and the handling of a drawing
// element without a move would have been written twice).

/// One subpath as a polyline.
public struct FlatSubpath: Hashable, Sendable {
  /// The points in order; a closed subpath ends with its first point
  /// repeated (unless its last element already ended there).
  public var points: [CGPoint]
  /// True when the subpath ended with a close.
  public var closed: Bool
  /// Per point: true where elements of the path meet (and at the ends),
  /// false inside a flattened curve.
  public var corners: [Bool]
}

extension Path {
  /// The subpaths as polylines, curves replaced by chords within
  /// `tolerance` (as `flattened(tolerance:)`, whose rules, limits and
  /// coarsening it shares). Subpaths of a single point are kept when a
  /// drawing element or a close made them (`M p Z`, `M p L p`); a lone move
  /// makes none.
  public func flattenedSubpaths(tolerance: Double = 0.1) -> [FlatSubpath] {
    var tol = tolerance.isFinite && tolerance > 0 ? tolerance : 0.1
    // Chords per curve go as 1/√tolerance: scale it so the total fits.
    for _ in 0..<4 {
      let total = curveSegments(tolerance: tol)
      guard total > Path.maximumCurveSegmentsPerPath else { break }
      let ratio = Double(total) / Double(Path.maximumCurveSegmentsPerPath)
      tol *= ratio * ratio
    }
    var result: [FlatSubpath] = []
    var polyline: [CGPoint] = []
    var corners: [Bool] = []
    var drawn = false
    var start = CGPoint.zero
    var current = CGPoint.zero
    func finish(closed: Bool) {
      if polyline.count > 1 || (drawn && !polyline.isEmpty) {
        result.append(FlatSubpath(points: polyline, closed: closed, corners: corners))
      }
      polyline = []
      corners = []
      drawn = false
    }
    func begin() {
      if polyline.isEmpty {
        polyline.append(current)
        corners.append(true)
      }
      drawn = true
    }
    func add(_ p: CGPoint, corner: Bool) {
      polyline.append(p)
      corners.append(corner)
    }
    for element in elements {
      switch element {
      case .move(let p):
        finish(closed: false)
        start = p
        current = p
        polyline = [p]
        corners = [true]
      case .line(let p):
        begin()
        add(p, corner: true)
        current = p
      case .quad(let c, let p):
        begin()
        let n = Path.segmentCount(
          secondDifference: Path.norm(current, c, c, p), factor: 2, tolerance: tol)
        let p0 = current
        for k in 1..<n { add(Path.quadPoint(p0, c, p, Double(k) / Double(n)), corner: false) }
        add(p, corner: true)
        current = p
      case .cubic(let c1, let c2, let p):
        begin()
        let m = max(Path.norm(current, c1, c1, c2), Path.norm(c1, c2, c2, p))
        let n = Path.segmentCount(secondDifference: m, factor: 6, tolerance: tol)
        let p0 = current
        for k in 1..<n { add(Path.cubicPoint(p0, c1, c2, p, Double(k) / Double(n)), corner: false) }
        add(p, corner: true)
        current = p
      case .close:
        if polyline.isEmpty { polyline = [start]; corners = [true] }
        if polyline.count > 1, polyline.last != start { add(start, corner: true) }
        drawn = true
        finish(closed: true)
        current = start
      }
    }
    finish(closed: false)
    return result
  }
}
