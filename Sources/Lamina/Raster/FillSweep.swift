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
// Rejected: adding the path's own edges to the accumulator (its signed area
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
    /// +1 when the edge pointed down (+y), −1 when up.
    var winding: Int

    func x(at y: Double) -> Double {
      if y <= y0 { return x0 }
      if y >= y1 { return x1 }
      return x0 + (y - y0) * (x1 - x0) / (y1 - y0)
    }
  }

  /// The edges, by their top.
  private var edges: [Edge] = []
  // Scratch storage, reused from row to row.
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
      for k in 0..<points.count {
        addEdge(points[k], points[(k + 1) % points.count])
      }
    }
    edges.sort { $0.y0 < $1.y0 }
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
      var a = points[end - 1] + offset
      for p in points {
        let b = p + offset
        addEdge(a, b)
        a = b
      }
    }
    edges.sort { $0.y0 < $1.y0 }
  }

  private mutating func addEdge(_ a: SIMD2<Double>, _ b: SIMD2<Double>) {
    let limit = SIMD2(repeating: Self.coordinateLimit)
    let a = a.clamped(lowerBound: -limit, upperBound: limit)
    let b = b.clamped(lowerBound: -limit, upperBound: limit)
    if a.y == b.y { return }  // horizontal edges change no winding
    if a.y < b.y {
      edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, winding: 1))
    } else {
      edges.append(Edge(x0: b.x, y0: b.y, x1: a.x, y1: a.y, winding: -1))
    }
  }

  /// The coverage (0…1) of every pixel of a `width × height` grid, rows
  /// top-down, pixel (x, y) covering [x, x+1)×[y, y+1).
  mutating func coverage(width: Int, height: Int) -> [Float] {
    var out = [Float](repeating: 0, count: width * height)
    guard width > 0, height > 0, !edges.isEmpty else { return out }
    let accumulator = CoverageAccumulator<Double>(maximumWidth: width, maximumHeight: 1)
    var next = 0
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
        if active.isEmpty {
          if next == edges.count { break }
          continue
        }
        accumulator.begin(x0: 0, y0: y, width: width, height: 1)
        sweep(active, top: top, bottom: bottom, into: accumulator)
        accumulator.resolve(into: out.baseAddress! + y * width)
      }
    }
    return out
  }

  /// Cuts the row at edge end points, then fills each band.
  private mutating func sweep(
    _ active: [Edge], top: Double, bottom: Double, into accumulator: CoverageAccumulator<Double>
  ) {
    cuts.removeAll(keepingCapacity: true)
    cuts.append(top)
    cuts.append(bottom)
    for e in active {
      if e.y0 > top && e.y0 < bottom { cuts.append(e.y0) }
      if e.y1 > top && e.y1 < bottom { cuts.append(e.y1) }
    }
    cuts.sort()
    splitsLeft = Self.maximumCrossingSplits
    for k in 0..<(cuts.count - 1) {
      let ya = cuts[k]
      let yb = cuts[k + 1]
      if yb <= ya { continue }
      spanning.removeAll(keepingCapacity: true)
      for e in active where e.y0 <= ya && e.y1 >= yb { spanning.append(e) }
      fillBand(spanning, ya, yb, accumulator)
    }
  }

  /// Fills one band whose edges all span it. Insertion-sorting the edges
  /// from their order at the top into their order at the bottom swaps
  /// exactly the pairs that cross inside the band (lines cross once); the
  /// band is cut at all those crossings, so each piece is crossing-free.
  /// Cost: O(n + k) for the k crossings, then O(n) per piece (the order
  /// changes little from piece to piece, which Swift's sort exploits).
  private mutating func fillBand(
    _ edges: [Edge], _ ya: Double, _ yb: Double, _ accumulator: CoverageAccumulator<Double>
  ) {
    let n = edges.count
    guard n > 1 else { return }
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
      fillPiece(edges, &order, lower, upper, accumulator)
      lower = upper
    }
  }

  /// Fills a crossing-free band: a span opens where the winding number
  /// enters the rule's inside and closes where it leaves it, walking the
  /// edges by x. Its left edge is added downwards (+ its height), its right
  /// edge upwards.
  private mutating func fillPiece(
    _ edges: [Edge], _ order: inout [Int], _ ya: Double, _ yb: Double, _ accumulator: CoverageAccumulator<Double>
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
    var winding = 0
    var open = 0
    for k in order {
      let before = winding
      winding += edges[k].winding
      let (was, now) =
        rule == .nonZero ? (before != 0, winding != 0) : (before & 1 != 0, winding & 1 != 0)
      if !was && now {
        open = k
      } else if was && !now {
        accumulator.addEdge(x0: top[open], y0: ya, x1: bottom[open], y1: yb)
        accumulator.addEdge(x0: bottom[k], y0: yb, x1: top[k], y1: ya)
      }
    }
  }
}
