// FillSlabs: the boundary of a fill rule's inside, for contours that may
// overlap and cross themselves, found once for the whole path instead of
// once per pixel row.
//
// Design: the plane is cut into horizontal slabs at every edge end point,
// so every edge present in a slab spans all of it. The edges' order at the
// slab's top and at its bottom tells which pairs cross inside it (an
// insertion sort from one order to the other swaps exactly those pairs:
// lines cross once), and the slab is cut again at each crossing. Inside
// each piece no two edges cross, so the winding number is constant between
// neighbours: walking them by x from 0 (every edge of the path takes part,
// those left of the grid too), an edge where the winding number enters the
// rule's inside is boundary with the inside to its right, added downwards;
// one where it leaves the inside is added upwards; any other is not
// boundary there (most of an overlapping stroke's inner edges). An edge's
// consecutive pieces with the same answer are joined, so the accumulator
// gets each run of boundary once, whatever pixel rows it crosses. The sum
// of the boundary's signed areas is the exact coverage up to rounding: the
// pieces are `FillSweep`'s row bands without the rows' cuts.
//
// Edges that coincide over a piece come in either order: the parts added
// for them telescope to inside(right) − inside(left) along the same line,
// the same area either way. No predicate needs to be exact: a crossing
// missed by a rounding leaves an error bounded by the area between the two
// edges, as in the row sweep.
//
// A slab's crossings are replayed by height: each swaps two neighbours,
// so only those two edges' answers can change there, and a crossing costs
// O(1) instead of a walk of every edge between the outermost crossing
// pair (S4's strokes: ~7 pieces of ~10 edges in a tenth of their slabs).
// Where crossings a rounding apart come in an order that swaps edges that
// are not neighbours, the slab is walked piece by piece instead, each
// piece in its edges' order at its middle.
//
// Cost: O(v · a + k log k) for v end points, k crossings and a edges across
// a slab, against the row sweep's cut, sort and fill of every vertex again in
// every pixel row a cluster of several chains covers (most of a stroke's
// rows: its two sides share pixels). Past a crossing budget (a scribble
// whose every edge crosses every other) it gives up and the row sweep, whose
// work per row is bounded, fills the path.
//
// Rejected: cutting at pixel rows as well (`FillSweep.row`, kept as that
// fallback); a planar arrangement that splits edges at crossings and
// T-junctions once and counts each face's winding, which needs exact
// predicates where the slabs need none.

/// The boundary of the inside of closed polylines under a fill rule,
/// oriented so that the accumulator's sum over it is their coverage.
struct FillSlabs {
  /// Crossing cuts allowed per edge (beyond `minimumCrossingBudget`) before
  /// the slabs give up.
  static let crossingsPerEdge = 16
  /// Crossing cuts every path may use, however few its edges.
  static let minimumCrossingBudget = 4096

  /// The boundary of the rule's inside between rows `top` and `bottom`, as
  /// edges stored top to bottom whose `winding` is +1 (add downwards: inside
  /// to the right) or −1 (add upwards). `edges` are the contours'
  /// non-horizontal edges, in any order (horizontal edges bound no area).
  /// Nil when the edges cross more often than the budget allows.
  static func boundary(
    of edges: [FillSweep.Edge], rule: FillRule, top: Double, bottom: Double
  ) -> [FillSweep.Edge]? {
    guard !edges.isEmpty else { return [] }
    var slabs = FillSlabs(edges, rule: rule)
    defer { slabs.deallocate() }
    return slabs.run(top: top, bottom: bottom) ? slabs.boundary : nil
  }

  private let count: Int
  private let nonZero: Bool
  // Per edge (by its index among the edges sorted by top), in raw storage
  // read and written for every edge of every slab with no uniqueness or
  // exclusivity checks: its ends, dx/dy (so x at a slab's side costs no
  // division), winding, its x at the piece's top and bottom, and the run of
  // pieces it has been boundary of since `runStart` (sign +1 down, −1 up,
  // 0 none).
  private let doubles: UnsafeMutablePointer<Double>, ints: UnsafeMutablePointer<Int32>
  private let x0, y0, x1, y1, slope: UnsafeMutablePointer<Double>
  private let xTop, xBottom, runStart, runEnd: UnsafeMutablePointer<Double>
  private let winding, runSign: UnsafeMutablePointer<Int32>
  /// The edges across the current slab (`activeCount` of them) in x
  /// order, and a copy sorted into their order at its bottom.
  private let active, work: UnsafeMutablePointer<Int32>
  /// Every edge's bottom, sorted.
  private let sortedBottoms: [Double]
  private var activeCount = 0
  /// The next edge (by top) to join `active`.
  private var nextEdge = 0
  private var crossings: [Double] = []
  /// Each swap of the slab's top-to-bottom sort: where the pair crosses
  /// (clamped to the slab) and the two edges, left one first at the top.
  private var swaps: [(y: Double, left: Int32, right: Int32)] = []
  /// Each active edge's position in `active` while a slab's swaps are
  /// replayed, and the winding number left of each position.
  private var position: [Int32] = [], windingLeft: [Int32] = []
  private(set) var boundary: [FillSweep.Edge] = []

  private init(_ edges: [FillSweep.Edge], rule: FillRule) {
    nonZero = rule == .nonZero
    let n = edges.count
    count = n
    doubles = .allocate(capacity: 9 * n)
    ints = .allocate(capacity: 4 * n)
    (x0, y0, x1, y1, slope) = (doubles, doubles + n, doubles + 2 * n, doubles + 3 * n, doubles + 4 * n)
    (xTop, xBottom, runStart, runEnd) = (doubles + 5 * n, doubles + 6 * n, doubles + 7 * n, doubles + 8 * n)
    (winding, runSign, active, work) = (ints, ints + n, ints + 2 * n, ints + 3 * n)
    sortedBottoms = Self.stableSort(edges.map(\.y1)).keys
    for (k, index) in Self.stableSort(edges.map(\.y0)).order.enumerated() {
      let e = edges[Int(index)]
      (x0[k], y0[k], x1[k], y1[k]) = (e.x0, e.y0, e.x1, e.y1)
      slope[k] = (e.x1 - e.x0) / (e.y1 - e.y0)
      winding[k] = Int32(e.winding)
      runSign[k] = 0
      runStart[k] = -.infinity
      runEnd[k] = -.infinity
    }
  }

  /// `keys` sorted, stably (equal keys keep their order), and the indices
  /// they came from: a counting sort into about one bucket per key by
  /// value (a bucket's index never decreases as its key grows, so the
  /// buckets are in order), each bucket then sorted by insertion. Edges'
  /// ends spread over the path's height, so buckets hold a few keys each:
  /// O(n) where the natural merge sort of the contours' monotone runs this
  /// replaced took O(n log runs), and a stroke cut into strips and wedges
  /// has runs of one or two (8 % of a cold S4 frame). A few keys, equal
  /// keys only, or non-finite ones (not from a sweep's clamped edges) are
  /// sorted by comparison, stably.
  static func stableSort(_ keys: [Double]) -> (keys: [Double], order: [Int32]) {
    let n = keys.count
    var lo = Double.infinity, hi = -Double.infinity, finite = true
    for k in keys {
      finite = finite && k.isFinite
      (lo, hi) = (min(lo, k), max(hi, k))
    }
    let scale = Double(n) / (hi - lo)
    guard finite, n > 16, hi > lo, scale.isFinite, scale > 0 else {
      let order = keys.indices.sorted { (a: Int, b: Int) -> Bool in
        let (ka, kb) = (keys[a], keys[b])
        return ka < kb || (ka == kb && a < b)
      }
      return (order.map { keys[$0] }, order.map { Int32($0) })
    }
    let buckets = n
    @inline(__always) func bucket(_ k: Double) -> Int { min(buckets - 1, Int((k - lo) * scale)) }
    var starts = [Int](repeating: 0, count: buckets + 1)
    for k in keys { starts[bucket(k) + 1] += 1 }
    for b in 0..<buckets { starts[b + 1] += starts[b] }
    var sortedKeys = [Double](repeating: 0, count: n), order = [Int32](repeating: 0, count: n)
    sortedKeys.withUnsafeMutableBufferPointer { out in
      order.withUnsafeMutableBufferPointer { index in
        var next = starts
        for (i, k) in keys.enumerated() {
          let b = bucket(k), at = next[b]
          (out[at], index[at], next[b]) = (k, Int32(i), at + 1)
        }
        // Within each bucket, by insertion (moving a key left only past
        // greater ones keeps equal keys in order).
        for b in 0..<buckets where starts[b + 1] - starts[b] > 1 {
          for i in (starts[b] + 1)..<starts[b + 1] {
            let (k, o) = (out[i], index[i])
            var j = i
            while j > starts[b], out[j - 1] > k {
              (out[j], index[j]) = (out[j - 1], index[j - 1])
              j -= 1
            }
            (out[j], index[j]) = (k, o)
          }
        }
      }
    }
    return (sortedKeys, order)
  }

  private func deallocate() {
    doubles.deallocate()
    ints.deallocate()
  }

  /// Edge `e`'s x at `y` within its span: its own end points exactly at
  /// its ends (where the next edge of its contour starts at the same x).
  @inline(__always) private func x(_ e: Int, at y: Double) -> Double {
    y <= y0[e] ? x0[e] : (y >= y1[e] ? x1[e] : x0[e] + (y - y0[e]) * slope[e])
  }

  @inline(__always) private func inside(_ winding: Int32) -> Bool {
    nonZero ? winding != 0 : winding & 1 != 0
  }

  /// Hands over edge `e`'s run of boundary, if it has one.
  @inline(__always) private mutating func flush(_ e: Int) {
    let sign = runSign[e]
    runSign[e] = 0
    guard sign != 0, runEnd[e] > runStart[e] else { return }
    let ya = runStart[e], yb = runEnd[e]
    boundary.append(FillSweep.Edge(x0: x(e, at: ya), y0: ya, x1: x(e, at: yb), y1: yb, winding: Int(sign), chain: 0))
  }

  /// Positions `range` of `active` over a crossing-free piece [ya, yb],
  /// in that order, from the winding number left of them; returns the
  /// winding number right of them.
  @inline(__always) @discardableResult
  private mutating func walk(_ range: Range<Int>, _ ya: Double, _ yb: Double, from left: Int32) -> Int32 {
    var w = left
    for i in range {
      let e = Int(active[i])
      let was = inside(w)
      w += winding[e]
      let now = inside(w)
      let sign: Int32 = was == now ? 0 : (now ? 1 : -1)
      if sign != runSign[e] || runEnd[e] != ya {
        flush(e)
        runSign[e] = sign
        runStart[e] = ya
      }
      runEnd[e] = yb
    }
    return w
  }

  /// Insertion sort of positions `range` of `active` by (xTop, xBottom):
  /// nearly sorted already, from the slab or piece before.
  @inline(__always) private func sortActive(_ range: Range<Int>) {
    for i in range.dropFirst() {
      let e = Int(active[i]), t = xTop[e], b = xBottom[e]
      var j = i
      while j > range.lowerBound {
        let f = Int(active[j - 1])
        guard xTop[f] > t || (xTop[f] == t && xBottom[f] > b) else { break }
        active[j] = Int32(f)
        j -= 1
      }
      active[j] = Int32(e)
    }
  }

  /// Sorts a copy of `active` (in top order) into bottom order: each swap
  /// is one crossing pair, whose crossing inside (ya, yb) is recorded.
  /// Returns the positions (in top order) of the pairs that swapped, empty
  /// when none did, or nil past the budget.
  private mutating func findCrossings(_ ya: Double, _ yb: Double, budget: inout Int) -> Range<Int>? {
    work.update(from: active, count: activeCount)
    crossings.removeAll(keepingCapacity: true)
    swaps.removeAll(keepingCapacity: true)
    var lo = Int.max, hi = Int.min
    for i in 1..<max(1, activeCount) {
      var j = i
      while j > 0, xBottom[Int(work[j - 1])] > xBottom[Int(work[j])] {
        // An element moves left only past the ones it swaps with, from i to j − 1.
        (lo, hi) = (min(lo, j - 1), max(hi, i))
        let a = Int(work[j - 1]), b = Int(work[j])
        let dTop = xTop[a] - xTop[b], dBottom = xBottom[a] - xBottom[b]
        let y = ya + dTop / (dTop - dBottom) * (yb - ya)
        // Crossings within 1e-9 px of the slab's sides change no coverage.
        if y - ya > FillSweep.minimumBand && yb - y > FillSweep.minimumBand { crossings.append(y) }
        swaps.append((min(max(y, ya), yb), Int32(a), Int32(b)))
        (work[j - 1], work[j]) = (work[j], work[j - 1])
        j -= 1
        budget -= 1
        if budget < 0 { return nil }
      }
    }
    return lo <= hi ? lo..<(hi + 1) : 0..<0
  }

  /// The slabs' sides between `start` and `end`: every end point there,
  /// the sorted tops and bottoms merged.
  private func cuts(start: Double, end: Double) -> [Double] {
    let bottoms = sortedBottoms.filter { $0 > start && $0 < end }
    var cuts: [Double] = [start]
    cuts.reserveCapacity(2 * count + 2)
    var b = 0
    for k in 0..<count where y0[k] > start && y0[k] < end {
      while b < bottoms.count, bottoms[b] < y0[k] {
        cuts.append(bottoms[b])
        b += 1
      }
      cuts.append(y0[k])
    }
    cuts.append(contentsOf: bottoms[b...])
    cuts.append(end)
    return cuts
  }

  /// At a slab's top `ya`: the edges that ended leave `active` (their runs
  /// handed over), those that begin join it at its end. Returns how many
  /// were there before (the continuing ones).
  private mutating func advance(to ya: Double) -> Int {
    var kept = 0
    for i in 0..<activeCount {
      let e = Int(active[i])
      if y1[e] <= ya {
        flush(e)
      } else {
        active[kept] = Int32(e)
        kept += 1
      }
    }
    let continuing = kept
    while nextEdge < count, y0[nextEdge] <= ya {
      if y1[nextEdge] > ya {
        active[kept] = Int32(nextEdge)
        kept += 1
      }
      nextEdge += 1
    }
    activeCount = kept
    return continuing
  }

  /// A slab [ya, yb] whose swaps, taken by height, each exchange two
  /// neighbours: the order changes only there, so the winding numbers
  /// change only between the two, and only their runs can end (the walk of
  /// every piece would find the same runs at the cost of the whole range
  /// per piece). Swaps within `minimumBand` of the top count at the top
  /// (the first piece's order has them), of the bottom not at all (the last
  /// piece's has not). False, with nothing changed, when some swap's two
  /// edges are not neighbours when its turn comes (crossings a rounding
  /// apart taken in another order): then `walkCrossing` walks the pieces.
  private mutating func replaySwaps(_ mixed: Range<Int>, _ ya: Double, _ yb: Double) -> Bool {
    let band = FillSweep.minimumBand
    swaps.sort { $0.y < $1.y }
    if position.count < count {
      position = [Int32](repeating: 0, count: count)
      windingLeft = [Int32](repeating: 0, count: count + 1)
    }
    // First check that every swap meets neighbours, on the positions alone.
    for i in mixed { position[Int(active[i])] = Int32(i) }
    for s in swaps where yb - s.y > band {
      let (p, q) = (position[Int(s.left)], position[Int(s.right)])
      guard q == p + 1 else {
        for i in mixed { position[Int(active[i])] = Int32(i) }
        return false
      }
      (position[Int(s.left)], position[Int(s.right)]) = (q, p)
    }
    for i in mixed { position[Int(active[i])] = Int32(i) }
    // The edges outside `mixed` keep the top order for the whole slab.
    let before = walk(0..<mixed.lowerBound, ya, yb, from: 0)
    var after = before
    for i in mixed { after += winding[Int(active[i])] }
    walk(mixed.upperBound..<activeCount, ya, yb, from: after)
    // Swaps at the top first, then the runs opened at the top (a piece of
    // no height), then each swap at its height.
    var next = 0
    while next < swaps.count, swaps[next].y - ya <= band, yb - swaps[next].y > band {
      exchange(swaps[next])
      next += 1
    }
    walk(mixed, ya, ya, from: before)
    var left = before
    for i in mixed {
      windingLeft[i] = left
      left += winding[Int(active[i])]
    }
    while next < swaps.count, yb - swaps[next].y > band {
      let s = swaps[next]
      next += 1
      let p = Int(position[Int(s.left)])
      exchange(s)
      // Positions p and p + 1 now hold `right` then `left`.
      let w = windingLeft[p]
      let middle = w + winding[Int(s.right)]
      windingLeft[p + 1] = middle
      rerun(Int(s.right), from: w, at: s.y)
      rerun(Int(s.left), from: middle, at: s.y)
    }
    for i in mixed { runEnd[Int(active[i])] = yb }
    return true
  }

  /// Exchanges a swap's two neighbouring edges in `active`.
  @inline(__always) private mutating func exchange(_ s: (y: Double, left: Int32, right: Int32)) {
    let (p, q) = (Int(position[Int(s.left)]), Int(position[Int(s.right)]))
    (active[p], active[q]) = (s.right, s.left)
    (position[Int(s.left)], position[Int(s.right)]) = (Int32(q), Int32(p))
  }

  /// Edge `e`, now with winding number `left` to its left, from height `y`
  /// on: its run goes on if its answer is the same, else ends at `y`.
  @inline(__always) private mutating func rerun(_ e: Int, from left: Int32, at y: Double) {
    let was = inside(left), now = inside(left + winding[e])
    let sign: Int32 = was == now ? 0 : (now ? 1 : -1)
    runEnd[e] = y
    if sign != runSign[e] {
      flush(e)
      runSign[e] = sign
      runStart[e] = y
    }
  }

  /// A slab [ya, yb] whose edges at positions `mixed` change order (even
  /// within `minimumBand` of a side: a vertex a rounding off another edge):
  /// they are walked piece by piece between the crossings, in their order
  /// at each piece's middle; the edges either side of them keep the top
  /// order, and the winding numbers around them, for the whole slab.
  private mutating func walkCrossing(_ mixed: Range<Int>, _ ya: Double, _ yb: Double) {
    if replaySwaps(mixed, ya, yb) { return }
    let before = walk(0..<mixed.lowerBound, ya, yb, from: 0)
    var after = before
    for i in mixed { after += winding[Int(active[i])] }
    walk(mixed.upperBound..<activeCount, ya, yb, from: after)
    crossings.sort()
    crossings.append(yb)
    var lower = ya
    for c in crossings.indices where crossings[c] > lower {
      let upper = crossings[c]
      for i in mixed {
        let e = Int(active[i])
        let m = x(e, at: lower) + x(e, at: upper)
        (xTop[e], xBottom[e]) = (m, m)
      }
      sortActive(mixed)
      walk(mixed, lower, upper, from: before)
      lower = upper
    }
  }

  /// Walks every slab between `top` and `bottom`; false past the budget.
  private mutating func run(top: Double, bottom: Double) -> Bool {
    let start = max(top, y0[0])
    var end = -Double.infinity
    for k in 0..<count { end = max(end, y1[k]) }
    end = min(end, bottom)
    guard start < end else { return true }
    let cuts = cuts(start: start, end: end)
    var budget = Self.minimumCrossingBudget + Self.crossingsPerEdge * count
    // Whether xBottom holds every continuing edge's x at the slab's top
    // (the slab before had no crossing pieces, which overwrite it).
    var bottomsHeld = false
    var ya = cuts[0]
    for k in cuts.indices.dropFirst() {
      let yb = cuts[k]
      guard yb > ya else { continue }
      defer { ya = yb }
      let continuing = advance(to: ya)
      let kept = activeCount
      guard kept > 0 else {
        bottomsHeld = false
        continue
      }
      // x at both sides, and whether the edges are already in order at
      // both (most slabs: nothing crosses, nothing joins out of place).
      var ordered = true
      var (lastTop, lastBottom) = (-Double.infinity, -Double.infinity)
      for i in 0..<kept {
        let e = Int(active[i])
        let t = bottomsHeld && i < continuing ? xBottom[e] : x(e, at: ya), b = x(e, at: yb)
        (xTop[e], xBottom[e]) = (t, b)
        if t < lastTop || b < lastBottom { ordered = false }
        (lastTop, lastBottom) = (t, b)
      }
      bottomsHeld = true
      if !ordered {
        sortActive(0..<kept)
        guard let mixed = findCrossings(ya, yb, budget: &budget) else { return false }
        if !mixed.isEmpty {
          walkCrossing(mixed, ya, yb)
          bottomsHeld = false
          continue
        }
      }
      // No pair changes order: the top order holds throughout.
      walk(0..<kept, ya, yb, from: 0)
    }
    for i in 0..<activeCount { flush(Int(active[i])) }
    return true
  }
}
