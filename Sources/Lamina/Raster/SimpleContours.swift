// SimpleContours: whether closed polylines can be filled by adding their
// edges straight to a `CoverageAccumulator`, without `FillSweep`'s bands.
//
// The accumulator's sum is the winding-weighted area: the exact coverage
// wherever the winding number takes only 0 and one of ±1. That holds when
// no two edges meet (except consecutive edges of one contour at their
// shared point) and every contour's inside and outside have winding
// numbers in {0, s} for one sign s: contours that neither cross nor
// touch are nested or apart, so the winding number of the region just
// inside a contour is the sum of the orientations of the contours around
// it plus its own. Glyph outlines (outer contours one way, counters the
// other), stars, pie slices and rings are such sets; stroke outlines
// (pieces that overlap) and self-crossing polylines are not, and keep the
// sweep.
//
// The check cuts the edges into monotone chains (no two edges of one meet
// but neighbours), walks each pair of chains whose boxes overlap from top
// to bottom testing the edges that share a y with orientation signs, then a
// crossing-number test of one vertex of each contour against the others.
// It gives up (answers `false`, so the sweep runs) past a work budget
// linear in the edge count, and treats any touching or collinear contact as
// a meeting, so a `true` is conservative. The orientation signs are
// computed in Double: two edges that cross by less than a rounding may be
// missed, an error bounded by the area between them (a rounding).
//
// Rejected: deciding per row inside the sweep (what its clusters already do
// for one chain; with two chains in a pixel, as every small glyph's outer
// contour and counter have, it cannot know without the bands whether they
// cross); and trusting fonts' outlines to be simple (variable and
// composite glyphs overlap their contours by design).

/// Whether closed polylines fill exactly by accumulating their edges.
enum SimpleContours {
  /// Edge pairs examined per edge before the check gives up.
  static let pairsPerEdge = 48
  /// Up to this many edges, every pair is tested (no sort).
  static let allPairsUpTo = 48
  /// Vertex-against-edge tests for the nesting (of contours whose box holds
  /// the vertex) before the check gives up.
  static let nestingWork = 200_000

  /// One edge of a contour, with where it sits in it.
  private struct Segment {
    var a: SIMD2<Double>, b: SIMD2<Double>
    var minY: Double, maxY: Double, minX: Double, maxX: Double
    var contour: Int32, index: Int32, count: Int32
  }

  /// True when the contours `points[ends[k-1] ..< ends[k]]` (each closed
  /// back to its first point, finite) meet nowhere but at their own
  /// consecutive edges' shared points, and every region's winding number
  /// is 0 or one sign's 1. A contour of fewer than three distinct points
  /// (no area, but edges whose sums cancel only to a rounding) answers
  /// `false`.
  static func fillByAccumulation(points: [SIMD2<Double>], ends: [Int]) -> Bool {
    var segments: [Segment] = []
    segments.reserveCapacity(points.count)
    var contours: [(start: Int, end: Int)] = []
    var start = 0
    for (c, end) in ends.enumerated() {
      defer { start = end }
      // Consecutive repeats (and the last point repeating the first) are
      // not edges.
      var distinct = 0, previous = points[max(start, end - 1)]
      for i in start..<end where points[i] != previous {
        distinct += 1
        previous = points[i]
      }
      guard distinct >= 3 else { return false }
      contours.append((start, end))
      let first = segments.count
      var a = points[end - 1], index: Int32 = 0
      for i in start..<end where points[i] != a {
        let b = points[i]
        segments.append(
          Segment(
            a: a, b: b, minY: min(a.y, b.y), maxY: max(a.y, b.y), minX: min(a.x, b.x), maxX: max(a.x, b.x),
            contour: Int32(c), index: index, count: Int32(distinct)))
        index += 1
        a = b
      }
      assert(segments.count - first == distinct)
    }
    guard !segments.isEmpty else { return true }
    if !noTwoMeet(segments) { return false }
    // Orientation of each contour, then the winding just outside and
    // just inside it.
    var orientation: [Int] = [], boxes: [(lo: SIMD2<Double>, hi: SIMD2<Double>)] = []
    for (start, end) in contours {
      var twice = 0.0, a = points[end - 1]
      var lo = a, hi = a
      for i in start..<end {
        let b = points[i]
        twice += a.x * b.y - b.x * a.y
        lo = pointwiseMin(lo, b)
        hi = pointwiseMax(hi, b)
        a = b
      }
      guard twice != 0, twice.isFinite else { return false }
      orientation.append(twice > 0 ? 1 : -1)
      boxes.append((lo, hi))
    }
    var sign = 0, work = 0
    // A winding number allowed beside a contour: 0, or the one sign's 1.
    func allowed(_ w: Int) -> Bool {
      if w == 0 { return true }
      if sign == 0 && abs(w) == 1 { sign = w }
      return w == sign
    }
    for (c, contour) in contours.enumerated() {
      let p = points[contour.start]
      var outside = 0
      for (d, other) in contours.enumerated() where d != c {
        let box = boxes[d]
        guard p.x >= box.lo.x && p.x <= box.hi.x && p.y >= box.lo.y && p.y <= box.hi.y else { continue }
        work += other.end - other.start
        if work > nestingWork { return false }
        if contains(p, points[other.start..<other.end]) { outside += orientation[d] }
      }
      // Just outside the contour, and just inside it.
      if !allowed(outside) || !allowed(outside + orientation[c]) { return false }
    }
    return true
  }

  /// A run of consecutive segments of one contour, all going down or all
  /// going up (strictly), or one horizontal segment: no two of its
  /// segments but neighbours share a y, so none meet but neighbours.
  private struct Chain {
    var first: Int, last: Int
    /// Whether y grows from `first` to `last` (a horizontal one: true).
    var down: Bool
    var minX: Double, maxX: Double, minY: Double, maxY: Double
  }

  /// Whether no two segments meet but consecutive ones of a contour. Up
  /// to `allPairsUpTo` segments every pair is tested. Above, the segments
  /// are cut into monotone chains; chains whose boxes overlap (a sweep and
  /// prune over the chains by their top) are walked together from top to
  /// bottom, testing only the segments that share a y. Within a budget.
  private static func noTwoMeet(_ segments: [Segment]) -> Bool {
    @inline(__always) func meetApart(_ s: Segment, _ t: Segment) -> Bool {
      if t.maxX < s.minX || t.minX > s.maxX || t.maxY < s.minY || t.minY > s.maxY { return false }
      if s.contour == t.contour {
        let step = (t.index - s.index + s.count) % s.count
        if step == 1 || step == s.count - 1 { return false }
      }
      return meet(s.a, s.b, t.a, t.b)
    }
    let n = segments.count
    if n <= allPairsUpTo {
      for i in 0..<n {
        for j in (i + 1)..<n where meetApart(segments[i], segments[j]) { return false }
      }
      return true
    }
    @inline(__always) func direction(_ s: Segment) -> Int { s.b.y > s.a.y ? 1 : (s.b.y < s.a.y ? -1 : 0) }
    var chains: [Chain] = []
    var start = 0
    while start < n {
      let s = segments[start], d = direction(s)
      var chain = Chain(first: start, last: start, down: d >= 0, minX: s.minX, maxX: s.maxX, minY: s.minY, maxY: s.maxY)
      while d != 0, chain.last + 1 < n, segments[chain.last + 1].contour == s.contour,
        direction(segments[chain.last + 1]) == d
      {
        chain.last += 1
        let t = segments[chain.last]
        (chain.minX, chain.maxX) = (min(chain.minX, t.minX), max(chain.maxX, t.maxX))
        (chain.minY, chain.maxY) = (min(chain.minY, t.minY), max(chain.maxY, t.maxY))
      }
      chains.append(chain)
      start = chain.last + 1
    }
    chains.sort { $0.minY < $1.minY }
    var budget = pairsPerEdge * n
    // The k-th segment of `c` from its top.
    @inline(__always) func segment(_ c: Chain, _ k: Int) -> Segment {
      segments[c.down ? c.first + k : c.last - k]
    }
    for a in chains.indices {
      let ca = chains[a], na = ca.last - ca.first + 1
      var b = a + 1
      while b < chains.count, chains[b].minY <= ca.maxY {
        defer { b += 1 }
        let cb = chains[b]
        budget -= 1
        if cb.maxX < ca.minX || cb.minX > ca.maxX { continue }
        let nb = cb.last - cb.first + 1
        var p = 0, q = 0
        while p < na && q < nb {
          let s = segment(ca, p), t = segment(cb, q)
          if s.maxY < t.minY { p += 1; continue }
          if t.maxY < s.minY { q += 1; continue }
          budget -= 1
          if budget < 0 || meetApart(s, t) { return false }
          if s.maxY < t.maxY {
            p += 1
          } else if t.maxY < s.maxY {
            q += 1
          } else {
            // Both end on one y, where each may touch the other's next.
            if q + 1 < nb, meetApart(s, segment(cb, q + 1)) { return false }
            p += 1
          }
        }
      }
    }
    return budget >= 0
  }

  /// The sign of the turn a → b → c.
  @inline(__always) private static func orient(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Int {
    let v = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    return v > 0 ? 1 : (v < 0 ? -1 : 0)
  }

  /// Whether the closed segments ab and cd share a point (a crossing, a
  /// touch or a collinear overlap).
  private static func meet(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>, _ d: SIMD2<Double>) -> Bool {
    let o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b)
    if o1 * o2 < 0 && o3 * o4 < 0 { return true }
    @inline(__always) func within(_ p: SIMD2<Double>, _ q: SIMD2<Double>, _ r: SIMD2<Double>) -> Bool {
      min(q.x, r.x) <= p.x && p.x <= max(q.x, r.x) && min(q.y, r.y) <= p.y && p.y <= max(q.y, r.y)
    }
    return (o1 == 0 && within(c, a, b)) || (o2 == 0 && within(d, a, b)) || (o3 == 0 && within(a, c, d))
      || (o4 == 0 && within(b, c, d))
  }

  /// Whether `p` lies inside the closed polyline (crossing number; `p` is
  /// on none of its edges).
  private static func contains(_ p: SIMD2<Double>, _ polygon: ArraySlice<SIMD2<Double>>) -> Bool {
    var inside = false
    var a = polygon.last!
    for b in polygon {
      if (a.y > p.y) != (b.y > p.y) {
        let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
        if x > p.x { inside.toggle() }
      }
      a = b
    }
    return inside
  }
}
