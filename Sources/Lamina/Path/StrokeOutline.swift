// StrokeOutline: the stroke shape of SVG 2 ("Stroke shape") as polygons to
// fill with the non-zero rule. The stroke of a piece is the union of a
// rectangle per segment (the segment swept by a line of `lineWidth` across
// it), a join at every corner (on the outer side: a bevel triangle, a
// miter quad when the miter length over the width is within `miterLimit`,
// or a round wedge), the caps of an open piece (a half square or half disc
// past each end) and, for a piece of one point, a dot (a disc, or a square
// along its direction). Points inside a flattened curve join round, so the
// outline is the flattened curve swept by a disc: no facets, whatever the
// turn between chords. Where the turn inside a curve is small enough, its
// segments are one ribbon through the mitre points instead (the same
// region but for the mitre's overshoot of the round join, kept within the
// tolerance): a tenth of the edges, measured as most of a stroke's cost. Every polygon winds the same way, so the non-zero
// fill of the set is exactly their union; arcs are chords within the
// tolerance given (device pixels brought into path units by the lowering).
//
// Rejected: walking the outline's two sides (as Skia's SkStroke does): far
// fewer edges, but inner joins, cusps and short segments under thick lines
// each need a rule of their own, and a mistake there leaves a notch or a
// spike; the union is exact by construction and the fill sweep merges it.

extension StrokeStyle {
  /// The most chords a full turn of a round join, cap or dot is drawn with
  /// (so that a stroke a billion units wide stays a few thousand edges).
  public static let maximumArcSegmentsPerTurn = 1024

  /// The stroke of `subpaths` (flattened in path units) as polygons for
  /// the non-zero rule; arcs within `tolerance`. At most `maxDashes` dashes
  /// and `maxEdges` edges, else an error.
  public func outline(
    of subpaths: [FlatSubpath], tolerance: Double, maxDashes: Int, maxEdges: Int
  ) throws(StrokeError) -> PolygonSet {
    var out = PolygonSet()
    let hw = lineWidth / 2
    guard hw > 0, hw.isFinite else { return out }
    var builder = OutlineBuilder(
      style: self, hw: hw, tolerance: tolerance.isFinite && tolerance > 0 ? tolerance : 0.01, maxEdges: maxEdges)
    for piece in try pieces(of: subpaths, maxDashes: maxDashes) {
      try builder.stroke(piece, into: &out)
    }
    return out
  }
}

/// Builds the polygons of one stroke.
struct OutlineBuilder {
  let style: StrokeStyle
  let hw: Double
  let tolerance: Double
  let maxEdges: Int

  /// The left normal of a unit direction (x turned towards y).
  @inline(__always) func normal(_ d: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-d.y, d.x) }

  mutating func stroke(_ piece: StrokePiece, into out: inout PolygonSet) throws(StrokeError) {
    // Points closer than this are one point: a direction from them means nothing.
    let epsilon = 1e-9 * max(1, hw)
    var pts: [SIMD2<Double>] = []
    var corners: [Bool] = []
    for (p, c) in zip(piece.points, piece.corners) {
      if let last = pts.last, distance(last, p) <= epsilon {
        corners[corners.count - 1] = corners[corners.count - 1] || c
        continue
      }
      pts.append(p)
      corners.append(c)
    }
    let closed = piece.closed
    if closed, pts.count > 1, distance(pts[0], pts[pts.count - 1]) <= epsilon {
      pts.removeLast()
      corners.removeLast()
    }
    if pts.count == 1 {
      try dot(pts[0], piece.direction, into: &out)
      return
    }
    if pts.count < 2 { return }
    let n = pts.count
    let segments = closed ? n : n - 1
    var dirs: [SIMD2<Double>] = []
    dirs.reserveCapacity(segments)
    var lengths: [Double] = []
    lengths.reserveCapacity(segments)
    for i in 0..<segments {
      let d = pts[(i + 1) % n] - pts[i]
      let length = (d.x * d.x + d.y * d.y).squareRoot()
      dirs.append(d / length)
      lengths.append(length)
    }
    // Points inside a curve where the stroke may be drawn as one ribbon.
    var smooth = [Bool](repeating: false, count: n)
    for i in 1..<(closed ? n : n - 1) where !corners[i] {
      smooth[i] = ribbonJoins(dirs[i - 1], dirs[i], lengths[i - 1], lengths[i])
    }
    // Runs of segments joined at smooth points: one ribbon each.
    var i = 0
    while i < segments {
      var end = i
      while end + 1 < segments && smooth[end + 1] { end += 1 }
      try ribbon(pts, dirs, from: i, to: end, &out)
      i = end + 1
    }
    // Joins: every interior point, and every point of a closed piece, but
    // those inside a ribbon.
    let joined = closed ? Array(0..<n) : Array(1..<(n - 1))
    for i in joined where !smooth[i] {
      let d0 = dirs[(i - 1 + segments) % segments], d1 = dirs[i % segments]
      try join(pts[i], d0, d1, corners[i] ? style.lineJoin : .round, &out)
    }
    if !closed {
      try cap(pts[0], -dirs[0], &out)
      try cap(pts[n - 1], dirs[segments - 1], &out)
    }
  }

  /// Whether the smooth join between segments of directions `d0`, `d1` and
  /// lengths `l0`, `l1` may be the mitre points of a ribbon: the mitre
  /// overshoots the round join the curve needs by hw·(1/cos(α/2) − 1),
  /// which must stay within the tolerance, and on the inner side the mitre
  /// point must lie within half of each segment (so the inner edge never
  /// turns back on itself). Then the ribbon is exactly the union of the
  /// segments' rectangles and bevels, and within the tolerance of the round
  /// joins, with 2 edges a point instead of 7.
  func ribbonJoins(_ d0: SIMD2<Double>, _ d1: SIMD2<Double>, _ l0: Double, _ l1: Double) -> Bool {
    let dot = d0.x * d1.x + d0.y * d1.y
    guard dot > 0 else { return false }
    let cosHalf = ((1 + dot) / 2).squareRoot()
    let sinHalf = ((1 - dot) / 2).squareRoot()
    return hw * (1 / cosHalf - 1) <= tolerance && hw * sinHalf / cosHalf <= 0.5 * min(l0, l1)
  }

  /// Segments `first` through `last` (consecutive, joined at smooth points)
  /// as one polygon: the left offset forwards, then the right backwards,
  /// through the mitre points of the joins in between.
  mutating func ribbon(
    _ pts: [SIMD2<Double>], _ dirs: [SIMD2<Double>], from first: Int, to last: Int, _ out: inout PolygonSet
  ) throws(StrokeError) {
    let n = pts.count
    if first == last {
      let p = pts[first], q = pts[(first + 1) % n], o = normal(dirs[first]) * hw
      try emit([p + o, q + o, q - o, p - o], &out)
      return
    }
    var left: [SIMD2<Double>] = [pts[first] + normal(dirs[first]) * hw]
    var right: [SIMD2<Double>] = [pts[first] - normal(dirs[first]) * hw]
    for k in (first + 1)...last {
      let n0 = normal(dirs[k - 1]), n1 = normal(dirs[k])
      let mid = n0 + n1
      let cosHalf = (mid.x * mid.x + mid.y * mid.y).squareRoot() / 2
      let m = mid / (2 * cosHalf) * (hw / cosHalf)
      left.append(pts[k] + m)
      right.append(pts[k] - m)
    }
    let end = pts[(last + 1) % n], o = normal(dirs[last]) * hw
    left.append(end + o)
    right.append(end - o)
    try emit(left + right.reversed(), &out)
  }

  /// The join at `p` between directions `d0` (arriving) and `d1` (leaving).
  mutating func join(
    _ p: SIMD2<Double>, _ d0: SIMD2<Double>, _ d1: SIMD2<Double>, _ kind: LineJoin, _ out: inout PolygonSet
  ) throws(StrokeError) {
    let cross = d0.x * d1.y - d0.y * d1.x
    let dot = d0.x * d1.x + d0.y * d1.y
    if abs(cross) < 1e-12 && dot > 0 { return }  // straight on: the rectangles meet
    // The outer side is away from the turn.
    let side: Double = cross > 0 ? -1 : 1
    let o0 = normal(d0) * (hw * side), o1 = normal(d1) * (hw * side)
    switch kind {
    case .bevel:
      try emit([p, p + o0, p + o1], &out)
    case .miter:
      // Miter length / width = 1 / sin(θ/2), θ the angle between the
      // segments: 1 / cos(α/2) for the turn α (SVG's ratio rule).
      let cosHalf = ((1 + dot) / 2).squareRoot()
      if cosHalf > 0, 1 / cosHalf <= style.miterLimit {
        let mid = o0 + o1
        let tip = p + mid / (mid.x * mid.x + mid.y * mid.y).squareRoot() * (hw / cosHalf)
        try emit([p, p + o0, tip, p + o1], &out)
      } else {
        try emit([p, p + o0, p + o1], &out)
      }
    case .round:
      // The arc from o0 to o1 through the outside of the turn (forward, d0, at a U-turn).
      var angle = atan2(o0.x * o1.y - o0.y * o1.x, o0.x * o1.x + o0.y * o1.y)
      if abs(cross) < 1e-12 {
        let turned = SIMD2(-o0.y, o0.x)  // o0 turned by +90°
        angle = (turned.x * d0.x + turned.y * d0.y) > 0 ? Double.pi : -Double.pi
      }
      try emit([p] + arc(p, from: o0, angle: angle), &out)
    }
  }

  /// A cap at end point `p`, the stroke leaving it along `d` (outwards).
  mutating func cap(_ p: SIMD2<Double>, _ d: SIMD2<Double>, _ out: inout PolygonSet) throws(StrokeError) {
    let o = normal(d) * hw, f = d * hw
    switch style.lineCap {
    case .butt: return
    case .square: try emit([p + o, p + o + f, p - o + f, p - o], &out)
    case .round: try emit(arc(p, from: o, angle: -Double.pi), &out)
    }
  }

  /// A zero-length piece: a disc (round) or a square along `d` (square).
  mutating func dot(_ p: SIMD2<Double>, _ d: SIMD2<Double>, into out: inout PolygonSet) throws(StrokeError) {
    let o = normal(d) * hw, f = d * hw
    switch style.lineCap {
    case .butt: return
    case .square: try emit([p - f + o, p + f + o, p + f - o, p - f - o], &out)
    case .round:
      var circle = arc(p, from: o, angle: 2 * Double.pi)
      circle.removeLast()
      try emit(circle, &out)
    }
  }

  /// Points of the arc about `c` from `c + v`, turning by `angle` (both ends included).
  func arc(_ c: SIMD2<Double>, from v: SIMD2<Double>, angle: Double) -> [SIMD2<Double>] {
    // Chord error r·(1 − cos(step/2)) within the tolerance.
    let ratio = min(1, max(-1, 1 - tolerance / hw))
    let step = max(2 * acos(ratio), 2 * Double.pi / Double(StrokeStyle.maximumArcSegmentsPerTurn))
    let count = max(1, Int((abs(angle) / step).rounded(.up)))
    var points: [SIMD2<Double>] = []
    points.reserveCapacity(count + 1)
    for k in 0...count {
      let a = angle * Double(k) / Double(count)
      let (s, co) = (sin(a), cos(a))
      points.append(c + SIMD2(v.x * co - v.y * s, v.x * s + v.y * co))
    }
    return points
  }

  private func emit(_ polygon: [SIMD2<Double>], _ out: inout PolygonSet) throws(StrokeError) {
    out.appendPositive(polygon)
    if out.edgeCount > maxEdges { throw .tooManyEdges(limit: maxEdges) }
  }

  private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let d = a - b
    return (d.x * d.x + d.y * d.y).squareRoot()
  }
}
