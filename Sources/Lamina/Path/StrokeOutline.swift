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
// tolerance). Arcs are chords within the tolerance given (device pixels
// brought into path units by the lowering).
//
// Drawn: each piece walked along its two sides (`sides`): one polygon
// whose inner side is cut where the offsets cross, with the joins' and
// caps' points on the outer side, wherever every segment is long enough
// for the cuts at its two ends (then the polygon's non-zero fill is the
// union above, by the immersion argument at `sides`); elsewhere the piece
// is cut into such strips at the offending joins, each cut filled by its
// join's wedge; and a piece of which every join would be cut is drawn as
// ribbons, wedges and caps, every polygon wound the same way, whose
// non-zero fill is their union by construction. A walked piece is a tenth
// of the polygons and shares no edge with itself, so the fill accumulates
// it with no sweep where nothing else meets it (SimpleContours): S4's
// strokes drew in 24 ms instead of 30, S10's frames in 10 instead of 15,
// the same bytes. StrokeSidesTests holds the walk to the pieces' coverage
// over random paths, joins, caps and dashes.
//
// Rejected: walking the sides everywhere with a rule of its own for inner
// joins, cusps and short segments under thick lines (Skia's SkStroke):
// where such a rule is wrong it leaves a notch or a spike, while a cut
// falls back on the union, which is exact by construction.

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
    try outline(of: subpaths, tolerance: tolerance, maxDashes: maxDashes, maxEdges: maxEdges, walkingSides: true)
  }

  /// `walkingSides: false`: ribbons, wedges and caps alone (OutlineBuilder.sides
  /// is checked against them).
  func outline(
    of subpaths: [FlatSubpath], tolerance: Double, maxDashes: Int, maxEdges: Int, walkingSides: Bool
  ) throws(StrokeError) -> PolygonSet {
    var out = PolygonSet()
    let hw = lineWidth / 2
    guard hw > 0, hw.isFinite else { return out }
    var builder = OutlineBuilder(
      style: self, hw: hw, tolerance: tolerance.isFinite && tolerance > 0 ? tolerance : 0.01, maxEdges: maxEdges,
      walksSides: walkingSides)
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
  /// Whether pieces are drawn as strips along their sides where they can be (`sides`).
  var walksSides = true

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
    // The piece as strips walked along their two sides, cut where a join's
    // inner side would reach too far (`sides`), each cut filled by its
    // join's wedge.
    if walksSides, let (strips, cuts) = sides(pts, corners, dirs, lengths, smooth, closed: closed) {
      for polygon in strips { try emit(polygon, &out, positive: false) }
      for i in cuts {
        let d0 = dirs[(i - 1 + segments) % segments], d1 = dirs[i % segments]
        // A smooth point keeps its ribbon's mitre (within the tolerance of round).
        if smooth[i] {
          try join(pts[i], d0, d1, .miter, &out, miterLimit: .infinity)
        } else {
          try join(pts[i], d0, d1, corners[i] ? style.lineJoin : .round, &out)
        }
      }
      return
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

  /// The piece's outline walked along its two sides: one polygon (two
  /// loops when closed and whole), or strips cut at the joins `cuts` (each
  /// then drawn by its wedge), or nil when every join would be a cut (the
  /// ribbons and wedges are as good). The right side (p − n·hw, n the left
  /// normal) forwards, the end, the left side backwards and the start bound
  /// the strip [0, L] × [−hw, hw] mapped by (s, t) ↦ c(s) + t·n(s), with the
  /// joins' wedges glued on the outer sides and the inner sides cut where
  /// the two offsets cross, hw·tan(turn/2) along each segment. Where a
  /// segment's two end cuts on one side do not pass each other, each
  /// segment's part is a convex polygon and the parts glue into an
  /// immersion of a disc (an annulus when closed: the right loop forwards,
  /// the left loop backwards) that keeps orientation, so the boundary's
  /// winding number about a point is how many points of the strip land on
  /// it: non-zero exactly on the union of the pieces, however the stroke
  /// overlaps itself elsewhere. Where they pass (a curve tighter than hw,
  /// a turn near 180° beside a short segment), the piece is cut at the
  /// join with the longer cut. One polygon instead of ribbons, wedges and
  /// caps that share edges: where nothing else meets it, the fill adds its
  /// edges to the accumulator with no sweep (SimpleContours).
  func sides(
    _ pts: [SIMD2<Double>], _ corners: [Bool], _ dirs: [SIMD2<Double>], _ lengths: [Double], _ smooth: [Bool],
    closed: Bool
  ) -> (strips: [[SIMD2<Double>]], cuts: [Int])? {
    let n = pts.count, segments = dirs.count
    // Each join's reach along the segments beside it.
    var reach = [Double](repeating: 0, count: n)
    for i in (closed ? 0 : 1)..<(closed ? n : n - 1) {
      let d0 = dirs[(i - 1 + segments) % segments], d1 = dirs[i % segments]
      let cross = d0.x * d1.y - d0.y * d1.x, dot = d0.x * d1.x + d0.y * d1.y
      if abs(cross) < 1e-12 && dot > 0 { continue }
      let cosHalf = ((1 + dot) / 2).squareRoot(), sinHalf = ((1 - dot) / 2).squareRoot()
      // The cut's reach, or (but inside a ribbon, whose mitre points the
      // pieces use too) the far corner of the neighbour's end it takes
      // over, hw·sin(turn) along the segment, whichever is further.
      let cut = hw * sinHalf / cosHalf
      reach[i] = cosHalf > 1e-6 ? smooth[i] ? cut : max(cut, hw * abs(cross)) : .infinity
    }
    // Joins to cut at: a segment whose ends' reaches pass each other loses
    // one (then the other, if one alone is too long).
    var cut = [Bool](repeating: false, count: n), cuts: [Int] = []
    for k in 0..<segments {
      let a = k, b = (k + 1) % n
      while true {
        let ra = cut[a] ? 0 : reach[a], rb = cut[b] ? 0 : reach[b]
        let passes = ra + rb
        guard !(passes <= lengths[k]) else { break }
        // An uncut end; a ribbon's point (within half of each segment) last.
        let j: Int
        if cut[a] || cut[b] {
          j = cut[a] ? b : a
        } else if smooth[a] != smooth[b] {
          j = smooth[a] ? b : a
        } else {
          j = ra >= rb ? a : b
        }
        cut[j] = true
        cuts.append(j)
      }
    }
    if cuts.isEmpty {
      if closed {
        var right: [SIMD2<Double>] = [], left: [SIMD2<Double>] = []
        for i in 0..<n { joinSides(i, pts, corners, dirs, smooth, right: &right, left: &left) }
        guard right.count >= 3, left.count >= 3 else { return nil }
        return ([right, left.reversed()], [])
      }
      return ([strip(pts, corners, dirs, smooth, from: 0, segments: segments, caps: (true, true))], [])
    }
    guard cuts.count < (closed ? n : n - 2) else { return nil }
    cuts.sort()
    // The strips between the cuts (and the ends of an open piece).
    var strips: [[SIMD2<Double>]] = []
    if closed {
      for (k, a) in cuts.enumerated() {
        let b = k + 1 < cuts.count ? cuts[k + 1] : cuts[0] + n
        strips.append(strip(pts, corners, dirs, smooth, from: a, segments: b - a, caps: (false, false)))
      }
    } else {
      let stops = [0] + cuts + [n - 1]
      for k in 0..<(stops.count - 1) {
        strips.append(
          strip(pts, corners, dirs, smooth, from: stops[k], segments: stops[k + 1] - stops[k],
            caps: (k == 0, k == stops.count - 2)))
      }
    }
    return (strips, cuts)
  }

  /// One strip from point `first` along `segments` segments (indices taken
  /// round a closed piece), its ends capped (`caps`) or cut square: the
  /// right side forwards, the end, the left side backwards, the start.
  func strip(
    _ pts: [SIMD2<Double>], _ corners: [Bool], _ dirs: [SIMD2<Double>], _ smooth: [Bool], from first: Int,
    segments count: Int, caps: (start: Bool, end: Bool)
  ) -> [SIMD2<Double>] {
    let n = pts.count, segments = dirs.count
    let d0 = dirs[first % segments], o0 = normal(d0) * hw, p0 = pts[first % n]
    var right: [SIMD2<Double>] = [p0 - o0], left: [SIMD2<Double>] = [p0 + o0]
    right.reserveCapacity(2 * count + 2)
    left.reserveCapacity(2 * count + 2)
    for k in stride(from: first + 1, to: first + count, by: 1) {
      joinSides(k % n, pts, corners, dirs, smooth, right: &right, left: &left)
    }
    let last = pts[(first + count) % n], d = dirs[(first + count - 1) % segments], o = normal(d) * hw
    Self.add(last - o, to: &right)
    Self.add(last + o, to: &left)
    // The polygon is the right side with the rest appended; a round cap's
    // arc without its two ends, which the sides hold.
    if caps.end {
      switch style.lineCap {
      case .butt: break
      case .square: right += [last - o + d * hw, last + o + d * hw]
      case .round: forEachArcPoint(last, from: -o, angle: Double.pi) { k, n, q in if k > 0 && k < n { right.append(q) } }
      }
    }
    right.append(contentsOf: left.reversed())
    if caps.start {
      switch style.lineCap {
      case .butt: break
      case .square: right += [p0 + o0 - d0 * hw, p0 - o0 - d0 * hw]
      case .round: forEachArcPoint(p0, from: o0, angle: Double.pi) { k, n, q in if k > 0 && k < n { right.append(q) } }
      }
    }
    return right
  }

  /// The points join `i` adds to each side: the offsets' crossing on the
  /// inner side, the join's outer points (a mitre point inside a ribbon,
  /// else `addOuterJoin`) on the other.
  func joinSides(
    _ i: Int, _ pts: [SIMD2<Double>], _ corners: [Bool], _ dirs: [SIMD2<Double>], _ smooth: [Bool],
    right: inout [SIMD2<Double>], left: inout [SIMD2<Double>]
  ) {
    let segments = dirs.count
    let d0 = dirs[(i - 1 + segments) % segments], d1 = dirs[i % segments], p = pts[i]
    let cross = d0.x * d1.y - d0.y * d1.x, dot = d0.x * d1.x + d0.y * d1.y
    if abs(cross) < 1e-12 && dot > 0 {  // straight on
      let o = normal(d0) * hw
      Self.add(p - o, to: &right)
      Self.add(p + o, to: &left)
      return
    }
    let cosHalf = ((1 + dot) / 2).squareRoot()
    let bisector = normal(d0) + normal(d1)
    let mitre = bisector / (bisector.x * bisector.x + bisector.y * bisector.y).squareRoot() * (hw / cosHalf)
    if smooth[i] {
      Self.add(p - mitre, to: &right)
      Self.add(p + mitre, to: &left)
      return
    }
    // The outer side is away from the turn (right for a left turn).
    let kind = corners[i] ? style.lineJoin : .round
    if cross > 0 {
      addOuterJoin(p, d0, d1, kind, cross: cross, dot: dot, to: &right)
      Self.add(p + mitre, to: &left)
    } else {
      Self.add(p - mitre, to: &right)
      addOuterJoin(p, d0, d1, kind, cross: cross, dot: dot, to: &left)
    }
  }

  /// Appends `q` unless it is the last point already (a zero edge would
  /// meet its neighbours' neighbours, which SimpleContours refuses).
  @inline(__always) static func add(_ q: SIMD2<Double>, to side: inout [SIMD2<Double>]) {
    if side.last != q { side.append(q) }
  }

  /// Adds to `side` the outer side of the join at `p`, from the arriving
  /// segment's offset to the leaving one's (`miterLimit` in place of the
  /// style's): the walked sides' outer points, and a wedge's after `p`.
  func addOuterJoin(
    _ p: SIMD2<Double>, _ d0: SIMD2<Double>, _ d1: SIMD2<Double>, _ kind: LineJoin, cross: Double, dot: Double,
    miterLimit: Double? = nil, to side: inout [SIMD2<Double>]
  ) {
    // The outer side is away from the turn.
    let turn: Double = cross > 0 ? -1 : 1
    let o0 = normal(d0) * (hw * turn), o1 = normal(d1) * (hw * turn)
    switch kind {
    case .bevel:
      break
    case .miter:
      // Miter length / width = 1 / sin(θ/2), θ the angle between the
      // segments: 1 / cos(α/2) for the turn α (SVG's ratio rule).
      let cosHalf = ((1 + dot) / 2).squareRoot()
      guard cosHalf > 0, 1 / cosHalf <= miterLimit ?? style.miterLimit else { break }
      let mid = o0 + o1
      Self.add(p + o0, to: &side)
      Self.add(p + mid / (mid.x * mid.x + mid.y * mid.y).squareRoot() * (hw / cosHalf), to: &side)
      Self.add(p + o1, to: &side)
      return
    case .round:
      // The arc from o0 to o1 through the outside of the turn (forward, d0, at a U-turn).
      var angle = atan2(o0.x * o1.y - o0.y * o1.x, o0.x * o1.x + o0.y * o1.y)
      if abs(cross) < 1e-12 {
        let turned = SIMD2(-o0.y, o0.x)  // o0 turned by +90°
        angle = (turned.x * d0.x + turned.y * d0.y) > 0 ? Double.pi : -Double.pi
      }
      forEachArcPoint(p, from: o0, angle: angle) { _, _, q in Self.add(q, to: &side) }
      return
    }
    Self.add(p + o0, to: &side)
    Self.add(p + o1, to: &side)
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
    _ p: SIMD2<Double>, _ d0: SIMD2<Double>, _ d1: SIMD2<Double>, _ kind: LineJoin, _ out: inout PolygonSet,
    miterLimit: Double? = nil
  ) throws(StrokeError) {
    let cross = d0.x * d1.y - d0.y * d1.x
    let dot = d0.x * d1.x + d0.y * d1.y
    if abs(cross) < 1e-12 && dot > 0 { return }  // straight on: the rectangles meet
    var wedge = [p]
    addOuterJoin(p, d0, d1, kind, cross: cross, dot: dot, miterLimit: miterLimit, to: &wedge)
    try emit(wedge, &out)
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
    var points: [SIMD2<Double>] = []
    forEachArcPoint(c, from: v, angle: angle) { k, count, q in
      if k == 0 { points.reserveCapacity(count + 1) }
      points.append(q)
    }
    return points
  }

  /// `body(k, count, point)` for the points k = 0…count of `arc(_:from:angle:)`,
  /// in order (the walked sides take them without an array of their own).
  @inline(__always)
  func forEachArcPoint(
    _ c: SIMD2<Double>, from v: SIMD2<Double>, angle: Double, _ body: (Int, Int, SIMD2<Double>) -> Void
  ) {
    // Chord error r·(1 − cos(step/2)) within the tolerance.
    let ratio = min(1, max(-1, 1 - tolerance / hw))
    let step = max(2 * acos(ratio), 2 * Double.pi / Double(StrokeStyle.maximumArcSegmentsPerTurn))
    let count = max(1, Int((abs(angle) / step).rounded(.up)))
    for k in 0...count {
      let a = angle * Double(k) / Double(count)
      let (s, co) = (sin(a), cos(a))
      body(k, count, c + SIMD2(v.x * co - v.y * s, v.x * s + v.y * co))
    }
  }

  /// Appends `polygon`, turned to wind positively (`positive`) or as it is.
  private func emit(_ polygon: [SIMD2<Double>], _ out: inout PolygonSet, positive: Bool = true) throws(StrokeError) {
    if positive { out.appendPositive(polygon) } else { out.append(polygon) }
    if out.edgeCount > maxEdges { throw .tooManyEdges(limit: maxEdges) }
  }

  private func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let d = a - b
    return (d.x * d.x + d.y * d.y).squareRoot()
  }
}
