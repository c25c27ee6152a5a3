// FillSweep: the non-zero and even-odd fill rules in front of
// `CoverageAccumulator`, for paths, whose subpaths may overlap and cross
// themselves.
//
// Design: the polylines are swept row by row. Each pixel row is cut into
// horizontal bands at every edge end point inside it and, where two edges
// cross inside a band, at the crossing. Within such a band every edge spans
// the full height and no two edges cross, so the winding number is constant
// between neighbouring edges and the filled region is a union of disjoint
// trapezoids: walking the edges sorted by x, a span opens where the winding
// number enters the rule's inside (non-zero: leaves 0; even-odd: becomes
// odd) and closes where it leaves it. Each span's left edge is added
// to the accumulator downwards and its right edge upwards, so the
// accumulator's signed areas are the exact coverage (up to floating-point
// rounding). Only when a row needs more than `maximumCrossingSplits`
// crossing cuts are the remaining bands taken as they are (then the error
// is at most the area between the crossing edges inside those bands).
// Crossings are found by insertion-sorting each band's edges from their top
// order to their bottom order: every swap is one crossing.
//
// Most of a row needs none of that. The row's edges are grouped into
// clusters whose pixels they share (a horizontal edge inside the row joins
// the clusters of its two ends); no vertical line between two clusters
// meets an edge inside the row, so the winding number there is one number,
// counted along the row. A cluster of one monotone chain (consecutive
// edges of one contour going the same way, horizontal ones between them
// allowed) separates its pixels into two regions, the winding numbers
// before and after it: it is added whole, downwards where it enters the
// rule's inside, upwards where it leaves it, not at all where it does
// neither (an edge inside another shape, most of a stroke's). Only a
// cluster of several chains (two shapes' edges in one pixel, a vertex
// where a contour turns back, a crossing) is cut into bands, starting from
// the winding number before it. The bands are the same areas as before;
// the sums differ only by floating-point rounding.
//
// Contours that never meet and whose winding numbers are only 0 and one
// sign's 1 (glyph outlines, stars, pie slices, rings) skip all of that:
// their edges are added to the accumulator as they are, whose sum is then
// the exact coverage (`SimpleContours` decides, conservatively, in time
// linear in the edges). The others go first to `FillSlabs`, which finds the
// same boundary once for the whole path, cut at its vertices and crossings
// but not at pixel rows; the row sweep below runs only where the path
// crosses itself more often than its budget allows.
//
// Rejected: adding every path's own edges to the accumulator (its signed area
// is the winding-weighted area, so two overlapping same-direction rects
// would count twice and opposite ones partly cancel inside a pixel); and
// sub-scanline point sampling, whose error on near-horizontal edges is up
// to half a sub-scanline.

/// The coverage of closed polylines under a fill rule, one pixel row at a
/// time, through a `CoverageAccumulator<Double>`.
struct FillSweep {
  /// Crossing cuts allowed per pixel row before bands are taken as they are.
  static let maximumCrossingSplits = 4096
  /// Bands thinner than this (px) are not cut further at crossings.
  static let minimumBand = 1e-9
  /// Coordinates are clamped to ±`coordinateLimit` px so that all edge
  /// arithmetic stays finite; canvases are far smaller.
  static let coordinateLimit = 1e9

  /// One edge, stored top to bottom with the direction it had.
  struct Edge {
    var x0: Double, y0: Double, x1: Double, y1: Double
    /// +1 when the edge pointed down (+y), −1 when up; 0 for a horizontal edge.
    var winding: Int
    /// The monotone chain the edge belongs to: consecutive edges of one
    /// contour going the same way (see the design note).
    var chain: Int32

    func x(at y: Double) -> Double {
      if y <= y0 { return x0 }
      if y >= y1 { return x1 }
      return x0 + (y - y0) * (x1 - x0) / (y1 - y0)
    }
  }

  /// The edges, by their top.
  private var edges: [Edge] = []
  /// The horizontal edges, by their y: they change no winding number, but
  /// join the clusters of their two ends.
  private var horizontals: [Edge] = []
  private var nextChain: Int32 = 0
  /// Whether rows are cut into clusters (tests compare with whole rows).
  var clusters = true
  /// Whether paths that need the sweep have their boundary found once by
  /// `FillSlabs` (tests compare with the row sweep, its fallback).
  var slabs = true
  /// Whether contours that `SimpleContours` finds fill exactly by
  /// accumulation skip the sweep (tests compare with the sweep).
  var accumulatesSimpleContours = true
  /// `SimpleContours`' answer where the caller knows it (a glyph's outline,
  /// checked once for all its phases); nil: checked here.
  var simpleContours: Bool? = nil
  /// The contours as added (moved and clamped), for `SimpleContours`.
  private var points: [SIMD2<Double>] = [], ends: [Int] = []
  // Scratch storage, reused from row to row.
  private var items: [RowItem] = []
  private var clusterEdges: [Edge] = [], chainA: [Edge] = [], chainB: [Edge] = []
  private var cuts: [Double] = []
  private var spanning: [Edge] = []
  private var splitsLeft = 0
  private var bandTop: [Double] = [], bandBottom: [Double] = [], bandCrossings: [Double] = []
  private var bandOrder: [Int] = [], bandWork: [Int] = []
  private var pieceTop: [Double] = [], pieceBottom: [Double] = []
  private let rule: FillRule

  /// The edges of `polylines` (pixels, y down), each closed back to its
  /// first point. Points must be finite.
  init(_ polylines: [[SIMD2<Double>]], rule: FillRule = .nonZero) {
    self.rule = rule
    for points in polylines where points.count > 1 {
      addContour(points, offset: .zero)
    }
  }

  /// The edges of `polygons`, each moved by `offset` (pixels, y down).
  /// Non-finite points leave their polygon out.
  init(_ polygons: PolygonSet, offset: SIMD2<Double>, rule: FillRule) {
    self.rule = rule
    var start = 0
    for end in polygons.ends {
      defer { start = end }
      let points = polygons.points[start..<end]
      guard points.count > 1, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
      addContour(points, offset: offset)
    }
  }

  /// The edges of one closed contour, each numbered with its chain: a new
  /// chain wherever the contour turns from going down to going up or back;
  /// the last run joins the first where the contour closes going one way.
  private mutating func addContour(_ points: some BidirectionalCollection<SIMD2<Double>>, offset: SIMD2<Double>) {
    let limit = SIMD2(repeating: Self.coordinateLimit)
    let firstEdge = edges.count, firstHorizontal = horizontals.count
    let firstChain = nextChain
    var chain = firstChain
    var direction = 0, firstDirection = 0
    guard var a = points.last.map({ ($0 + offset).clamped(lowerBound: -limit, upperBound: limit) }) else { return }
    for p in points {
      let b = (p + offset).clamped(lowerBound: -limit, upperBound: limit)
      self.points.append(b)
      defer { a = b }
      if a.y == b.y {
        horizontals.append(Edge(x0: min(a.x, b.x), y0: a.y, x1: max(a.x, b.x), y1: a.y, winding: 0, chain: chain))
        continue
      }
      let d = a.y < b.y ? 1 : -1
      if direction == 0 { firstDirection = d } else if d != direction { chain += 1 }
      direction = d
      if d > 0 {
        edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, winding: 1, chain: chain))
      } else {
        edges.append(Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, winding: -1, chain: chain))
      }
    }
    if direction == firstDirection && chain != firstChain {
      for k in firstEdge..<edges.count where edges[k].chain == chain { edges[k].chain = firstChain }
      for k in firstHorizontal..<horizontals.count where horizontals[k].chain == chain {
        horizontals[k].chain = firstChain
      }
    }
    nextChain = chain + 1
    ends.append(self.points.count)
  }

  /// The coverage (0…1) of every pixel of a `width × height` grid, rows
  /// top-down, pixel (x, y) covering [x, x+1)×[y, y+1).
  mutating func coverage(width: Int, height: Int) -> [Float] {
    var out = [Float](repeating: 0, count: width * height)
    guard width > 0, height > 0, !edges.isEmpty else { return out }
    if accumulatesSimpleContours && (simpleContours ?? SimpleContours.fillByAccumulation(points: points, ends: ends)) {
      accumulate(edges, width: width, height: height, into: &out)
      return out
    }
    if slabs, let boundary = FillSlabs.boundary(of: edges, rule: rule, top: 0, bottom: Double(height)) {
      accumulate(boundary, width: width, height: height, into: &out)
      return out
    }
    edges.sort { $0.y0 < $1.y0 }
    horizontals.sort { $0.y0 < $1.y0 }
    let accumulator = CoverageAccumulator<Double>(maximumWidth: width, maximumHeight: 1)
    var next = 0, nextHorizontal = 0
    var active: [Edge] = []
    let firstRow = max(0, Int(min(max(edges[0].y0, -1), Double(height)).rounded(.down)))
    out.withUnsafeMutableBufferPointer { out in
      for y in firstRow..<height {
        let top = Double(y)
        let bottom = top + 1
        active.removeAll { $0.y1 <= top }
        while next < edges.count, edges[next].y0 < bottom {
          if edges[next].y1 > top { active.append(edges[next]) }
          next += 1
        }
        while nextHorizontal < horizontals.count, horizontals[nextHorizontal].y0 <= top { nextHorizontal += 1 }
        if active.isEmpty {
          if next == edges.count { break }
          continue
        }
        accumulator.begin(x0: 0, y0: y, width: width, height: 1)
        splitsLeft = Self.maximumCrossingSplits
        if clusters {
          row(active, horizontalsFrom: nextHorizontal, top: top, bottom: bottom, width: width, into: accumulator)
        } else {
          sweep(active, top: top, bottom: bottom, winding: 0, into: accumulator)
        }
        accumulator.resolve(into: out.baseAddress! + y * width)
      }
    }
    return out
  }

  /// Every edge added to the accumulator as it is (downwards where its
  /// `winding` is positive), in strips of rows: the exact coverage of
  /// contours `SimpleContours` accepts, and of `FillSlabs`' boundaries.
  private func accumulate(_ edges: [Edge], width: Int, height: Int, into out: inout [Float]) {
    let stripHeight = min(height, Self.accumulatedStrip)
    let accumulator = CoverageAccumulator<Double>(maximumWidth: width, maximumHeight: stripHeight)
    @inline(__always) func add(_ e: Edge) {
      if e.winding > 0 {
        accumulator.addEdge(x0: e.x0, y0: e.y0, x1: e.x1, y1: e.y1)
      } else {
        accumulator.addEdge(x0: e.x1, y0: e.y1, x1: e.x0, y1: e.y0)
      }
    }
    out.withUnsafeMutableBufferPointer { out in
      // One strip (a glyph, a small shape) takes every edge in any order.
      if stripHeight == height {
        accumulator.begin(x0: 0, y0: 0, width: width, height: height)
        for e in edges { add(e) }
        accumulator.resolve(into: out.baseAddress!)
        return
      }
      let edges = edges.sorted { $0.y0 < $1.y0 }
      var next = 0
      var active: [Edge] = []
      for top in stride(from: 0, to: height, by: stripHeight) {
        let rows = min(stripHeight, height - top), bottom = Double(top + rows)
        active.removeAll { $0.y1 <= Double(top) }
        while next < edges.count, edges[next].y0 < bottom {
          if edges[next].y1 > Double(top) { active.append(edges[next]) }
          next += 1
        }
        if active.isEmpty {
          if next == edges.count { break }
          continue
        }
        accumulator.begin(x0: 0, y0: top, width: width, height: rows)
        for e in active { add(e) }
        accumulator.resolve(into: out.baseAddress! + top * width)
      }
    }
  }

  /// Rows accumulated at once on the simple contours' route: the
  /// accumulator's cells stay small (a strip of a 4K grid is 2 MiB).
  static let accumulatedStrip = 64

  /// The coverage of contours known to fill by accumulation (SimpleContours'
  /// answer known: a marked glyph piece) over a grid of at most
  /// `accumulatedStrip` rows: `coverage(width:height:)` of a sweep made of
  /// them with `simpleContours` true, the same edges handed to the
  /// accumulator in the same order, without building the sweep's edges,
  /// chains and points (a sixth of S7's drawing). Nil for a taller grid.
  static func accumulateSimple(_ polygons: PolygonSet, offset: SIMD2<Double>, width: Int, height: Int) -> [Float]? {
    guard height <= accumulatedStrip else { return nil }
    var out = [Float](repeating: 0, count: max(0, width * height))
    guard width > 0, height > 0 else { return out }
    let limit = SIMD2(repeating: coordinateLimit)
    var accumulator: CoverageAccumulator<Double>? = nil
    var start = 0
    for end in polygons.ends {
      defer { start = end }
      let points = polygons.points[start..<end]
      guard points.count > 1, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
      var a = (points[end - 1] + offset).clamped(lowerBound: -limit, upperBound: limit)
      for p in points {
        let b = (p + offset).clamped(lowerBound: -limit, upperBound: limit)
        defer { a = b }
        guard a.y != b.y else { continue }
        if accumulator == nil {
          accumulator = CoverageAccumulator<Double>(maximumWidth: width, maximumHeight: height)
          accumulator!.begin(x0: 0, y0: 0, width: width, height: height)
        }
        accumulator!.addEdge(x0: a.x, y0: a.y, x1: b.x, y1: b.y)
      }
    }
    guard let accumulator else { return out }
    out.withUnsafeMutableBufferPointer { accumulator.resolve(into: $0.baseAddress!) }
    return out
  }

  /// One edge's part of a pixel row: the pixel columns it touches, its
  /// chain, and its index among the row's active edges (−1: horizontal).
  private struct RowItem {
    var first: Int, last: Int
    var chain: Int32
    var edge: Int
  }

  /// Whether a winding number is inside the fill rule.
  @inline(__always) private func inside(_ winding: Int) -> Bool {
    rule == .nonZero ? winding != 0 : winding & 1 != 0
  }

  /// One pixel row, cluster by cluster (see the design note).
  private mutating func row(
    _ active: [Edge], horizontalsFrom firstHorizontal: Int, top: Double, bottom: Double, width: Int,
    into accumulator: CoverageAccumulator<Double>
  ) {
    // The columns an edge touches, both ends included (an edge ending on
    // a pixel's left side touches it): two clusters then have a gap
    // between them that no edge meets, not only a shared pixel side.
    @inline(__always) func columns(_ a: Double, _ b: Double) -> (Int, Int) {
      (Int(min(a, b).rounded(.down)), Int(max(a, b).rounded(.down)))
    }
    items.removeAll(keepingCapacity: true)
    for (k, e) in active.enumerated() where e.y1 > top && e.y0 < bottom {
      let (first, last) = columns(e.x(at: max(top, e.y0)), e.x(at: min(bottom, e.y1)))
      items.append(RowItem(first: first, last: last, chain: e.chain, edge: k))
    }
    var h = firstHorizontal
    while h < horizontals.count, horizontals[h].y0 < bottom {
      let e = horizontals[h]
      let (first, last) = columns(e.x0, e.x1)
      items.append(RowItem(first: first, last: last, chain: e.chain, edge: -1))
      h += 1
    }
    items.sort { $0.first < $1.first }
    // The winding number left of the next cluster, counted on the row's
    // middle line with the half-open rule (an edge counts on [y0, y1)).
    let middle = top + 0.5
    var winding = 0
    var k = 0
    while k < items.count, items[k].first < width {
      var last = items[k].last
      var oneChain = true
      var after = winding
      var j = k
      while j < items.count, j == k || items[j].first <= last {
        let item = items[j]
        last = max(last, item.last)
        oneChain = oneChain && item.chain == items[k].chain
        if item.edge >= 0, active[item.edge].y0 <= middle, middle < active[item.edge].y1 {
          after += active[item.edge].winding
        }
        j += 1
      }
      let (was, now) = (inside(winding), inside(after))
      if last < 0 {
        // Left of the grid: only whether it enters or leaves the inside shows.
        if was != now { accumulator.addEdge(x0: 0, y0: now ? top : bottom, x1: 0, y1: now ? bottom : top) }
      } else if oneChain {
        if was != now {
          for item in items[k..<j] where item.edge >= 0 {
            let e = active[item.edge]
            let ya = max(top, e.y0), yb = min(bottom, e.y1)
            let (xa, xb) = (e.x(at: ya), e.x(at: yb))
            // Down where the inside begins (area to its right), up where it ends.
            if now {
              accumulator.addEdge(x0: xa, y0: ya, x1: xb, y1: yb)
            } else {
              accumulator.addEdge(x0: xb, y0: yb, x1: xa, y1: ya)
            }
          }
        }
      } else if !twoChains(k..<j, active, top: top, bottom: bottom, winding: winding, into: accumulator) {
        clusterEdges.removeAll(keepingCapacity: true)
        for item in items[k..<j] where item.edge >= 0 { clusterEdges.append(active[item.edge]) }
        let edges = clusterEdges
        sweep(edges, top: top, bottom: bottom, winding: winding, into: accumulator)
      }
      winding = after
      k = j
    }
  }

  /// A cluster of two monotone chains over the same part of the row (the
  /// two sides of a contour's turn, as at the top of a circle) that
  /// neither cross nor touch between their ends: left of the left chain,
  /// between them and right of the right one the winding number is one
  /// number each, so each chain is added whole, as a single chain is.
  /// Returns false, adding nothing, for any other cluster.
  private mutating func twoChains(
    _ cluster: Range<Int>, _ active: [Edge], top: Double, bottom: Double, winding: Int,
    into accumulator: CoverageAccumulator<Double>
  ) -> Bool {
    var a = chainA, b = chainB
    defer { (chainA, chainB) = (a, b) }
    (chainA, chainB) = ([], [])
    a.removeAll(keepingCapacity: true)
    b.removeAll(keepingCapacity: true)
    let first = items[cluster.lowerBound].chain
    for item in items[cluster] {
      guard item.edge >= 0 else { return false }
      if item.chain == first {
        a.append(active[item.edge])
      } else if b.isEmpty || item.chain == b[0].chain {
        b.append(active[item.edge])
      } else {
        return false
      }
    }
    guard !b.isEmpty else { return false }
    a.sort { $0.y0 < $1.y0 }
    b.sort { $0.y0 < $1.y0 }
    // Both over the same part of the row, each one unbroken line.
    let lo = max(top, a[0].y0), hi = min(bottom, a[a.count - 1].y1)
    guard lo < hi, lo == max(top, b[0].y0), hi == min(bottom, b[b.count - 1].y1),
      Self.unbroken(a), Self.unbroken(b)
    else { return false }
    // The gap between them is straight between end points: its sign at
    // every end point (zero allowed only at the two ends) is its sign between.
    var sign = 0.0
    var ia = 0, ib = 0
    var y = lo
    while true {
      while a[ia].y1 < y { ia += 1 }
      while b[ib].y1 < y { ib += 1 }
      let gap = a[ia].x(at: y) - b[ib].x(at: y)
      if gap != 0 {
        if sign == 0 { sign = gap < 0 ? -1 : 1 } else if (gap < 0) != (sign < 0) { return false }
      } else if y != lo && y != hi {
        return false
      }
      if y == hi { break }
      // The next end point of either chain (an edge ending at y hands over to the next).
      let nextA = a[ia].y1 > y ? a[ia].y1 : a[min(ia + 1, a.count - 1)].y1
      let nextB = b[ib].y1 > y ? b[ib].y1 : b[min(ib + 1, b.count - 1)].y1
      y = min(hi, nextA, nextB)
    }
    guard sign != 0 else { return false }
    let (left, right) = sign < 0 ? (a, b) : (b, a)
    let between = winding + left[0].winding
    addChain(left, top: top, bottom: bottom, from: winding, to: between, into: accumulator)
    addChain(right, top: top, bottom: bottom, from: between, to: between + right[0].winding, into: accumulator)
    return true
  }

  /// Whether a chain's edges, by their tops, join end to start.
  private static func unbroken(_ chain: [Edge]) -> Bool {
    for k in chain.indices.dropFirst() where chain[k - 1].y1 != chain[k].y0 || chain[k - 1].x1 != chain[k].x0 {
      return false
    }
    return true
  }

  /// Adds a chain's edges within the row: downwards where the winding
  /// number across it enters the rule's inside, upwards where it leaves it.
  private func addChain(
    _ chain: [Edge], top: Double, bottom: Double, from: Int, to: Int, into accumulator: CoverageAccumulator<Double>
  ) {
    let (was, now) = (inside(from), inside(to))
    guard was != now else { return }
    for e in chain {
      let ya = max(top, e.y0), yb = min(bottom, e.y1)
      guard yb > ya else { continue }
      let (xa, xb) = (e.x(at: ya), e.x(at: yb))
      if now {
        accumulator.addEdge(x0: xa, y0: ya, x1: xb, y1: yb)
      } else {
        accumulator.addEdge(x0: xb, y0: yb, x1: xa, y1: ya)
      }
    }
  }

  /// Cuts the row (or a cluster of it) at edge end points, then fills each
  /// band, starting from the winding number left of the edges.
  private mutating func sweep(
    _ active: [Edge], top: Double, bottom: Double, winding: Int, into accumulator: CoverageAccumulator<Double>
  ) {
    cuts.removeAll(keepingCapacity: true)
    cuts.append(top)
    cuts.append(bottom)
    for e in active {
      if e.y0 > top && e.y0 < bottom { cuts.append(e.y0) }
      if e.y1 > top && e.y1 < bottom { cuts.append(e.y1) }
    }
    cuts.sort()
    for k in 0..<(cuts.count - 1) {
      let ya = cuts[k]
      let yb = cuts[k + 1]
      if yb <= ya { continue }
      spanning.removeAll(keepingCapacity: true)
      for e in active where e.y0 <= ya && e.y1 >= yb { spanning.append(e) }
      fillBand(spanning, ya, yb, winding, accumulator)
    }
  }

  /// Fills one band whose edges all span it. Insertion-sorting the edges
  /// from their order at the top into their order at the bottom swaps
  /// exactly the pairs that cross inside the band (lines cross once); the
  /// band is cut at all those crossings, so each piece is crossing-free.
  /// Cost: O(n + k) for the k crossings, then O(n) per piece (the order
  /// changes little from piece to piece, which Swift's sort exploits).
  private mutating func fillBand(
    _ edges: [Edge], _ ya: Double, _ yb: Double, _ winding: Int, _ accumulator: CoverageAccumulator<Double>
  ) {
    let n = edges.count
    guard n > 1 || (n == 1 && inside(winding) != inside(winding + edges[0].winding)) else { return }
    // Scratch arrays kept from band to band (allocating them per band was
    // most of a stroke's sweep).
    var top = bandTop, bottom = bandBottom, order = bandOrder, work = bandWork, crossings = bandCrossings
    defer { (bandTop, bandBottom, bandOrder, bandWork, bandCrossings) = (top, bottom, order, work, crossings) }
    (bandTop, bandBottom, bandOrder, bandWork, bandCrossings) = ([], [], [], [], [])
    top.removeAll(keepingCapacity: true)
    bottom.removeAll(keepingCapacity: true)
    for e in edges {
      top.append(e.x(at: ya))
      bottom.append(e.x(at: yb))
    }
    order.removeAll(keepingCapacity: true)
    order.append(contentsOf: 0..<n)
    order.sort { top[$0] < top[$1] || (top[$0] == top[$1] && bottom[$0] < bottom[$1]) }
    crossings.removeAll(keepingCapacity: true)
    work.removeAll(keepingCapacity: true)
    work.append(contentsOf: order)
    var swapsLeft = splitsLeft
    sorting: for i in 1..<n {
      var j = i
      while j > 0, bottom[work[j - 1]] > bottom[work[j]] {
        // a is left of b at the top and right of it at the bottom.
        let a = work[j - 1]
        let b = work[j]
        let dTop = top[a] - top[b]
        let dBottom = bottom[a] - bottom[b]
        let y = ya + dTop / (dTop - dBottom) * (yb - ya)
        // Crossings within 1e-9 px of the band's edges change no coverage.
        if y - ya > Self.minimumBand && yb - y > Self.minimumBand {
          crossings.append(y)
        }
        work.swapAt(j - 1, j)
        j -= 1
        swapsLeft -= 1
        if swapsLeft <= 0 { break sorting }  // over budget: keep the cuts found
      }
    }
    crossings.sort()
    splitsLeft = max(0, splitsLeft - crossings.count)
    crossings.append(yb)
    var lower = ya
    for upper in crossings where upper > lower {
      fillPiece(edges, &order, lower, upper, winding, accumulator)
      lower = upper
    }
  }

  /// Fills a crossing-free band: walking the edges by x from the winding
  /// number left of them, an edge where the winding number enters the
  /// rule's inside is added downwards (area to its right), one where it
  /// leaves it upwards.
  private mutating func fillPiece(
    _ edges: [Edge], _ order: inout [Int], _ ya: Double, _ yb: Double, _ winding: Int,
    _ accumulator: CoverageAccumulator<Double>
  ) {
    var top = pieceTop, bottom = pieceBottom
    defer { (pieceTop, pieceBottom) = (top, bottom) }
    (pieceTop, pieceBottom) = ([], [])
    top.removeAll(keepingCapacity: true)
    bottom.removeAll(keepingCapacity: true)
    for e in edges {
      top.append(e.x(at: ya))
      bottom.append(e.x(at: yb))
    }
    order.sort { top[$0] + bottom[$0] < top[$1] + bottom[$1] }
    var winding = winding
    for k in order {
      let was = inside(winding)
      winding += edges[k].winding
      let now = inside(winding)
      if !was && now {
        accumulator.addEdge(x0: top[k], y0: ya, x1: bottom[k], y1: yb)
      } else if was && !now {
        accumulator.addEdge(x0: bottom[k], y0: yb, x1: top[k], y1: ya)
      }
    }
  }
}
