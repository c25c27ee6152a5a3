// FillSlabs finds a path's boundary once, cut at its vertices and
// crossings, where FillSweep's row sweep cut every pixel row again. The
// checks: closed forms (overlapping rectangles either way round, whose
// per-pixel coverage is a sum of rectangle intersections; a bow tie's
// area), the row sweep's areas over random overlapping and crossing
// scenes (the row sweep is itself checked against exact areas and
// supersampling in CoverageAccumulatorTests), coincident and abutting
// edges in either order, grids taller than one accumulation strip, and the
// crossing budget's fallback.
import Testing

@testable import Lamina

@Suite struct FillSlabsTests {
  typealias G = FillSweepClusterTests

  /// Coverage through the slabs (never the accumulation shortcut) and
  /// through the whole-row sweep.
  static func both(_ contours: [[SIMD2<Double>]], _ rule: FillRule, _ width: Int, _ height: Int) -> ([Float], [Float]) {
    var slabs = FillSweep(contours, rule: rule)
    slabs.accumulatesSimpleContours = false
    var rows = FillSweep(contours, rule: rule)
    (rows.slabs, rows.clusters, rows.accumulatesSimpleContours) = (false, false, false)
    return (slabs.coverage(width: width, height: height), rows.coverage(width: width, height: height))
  }

  static func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool) -> [SIMD2<Double>] {
    let p = [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1)]
    return clockwise ? p : p.reversed()
  }

  /// The area of [x0, x1] × [y0, y1] inside pixel (i, j).
  static func overlap(_ r: (Double, Double, Double, Double), _ i: Int, _ j: Int) -> Double {
    let w = min(r.2, Double(i + 1)) - max(r.0, Double(i))
    let h = min(r.3, Double(j + 1)) - max(r.1, Double(j))
    return w > 0 && h > 0 ? w * h : 0
  }

  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func overlappingRectanglesCoverWhatTheirIntersectionsSay(rule: FillRule) {
    var g = G.LCG(state: rule == .nonZero ? 31 : 32)
    var worst = 0.0
    for trial in 0..<60 {
      func random() -> (Double, Double, Double, Double) {
        let x = g.next() * 30 - 4, y = g.next() * 26 - 4
        return (x, y, x + 2 + g.next() * 20, y + 2 + g.next() * 18)
      }
      let a = random(), b = random()
      let sameWay = trial % 2 == 0
      let contours = [
        Self.rectangle(a.0, a.1, a.2, a.3, clockwise: true),
        Self.rectangle(b.0, b.1, b.2, b.3, clockwise: sameWay),
      ]
      let both = (max(a.0, b.0), max(a.1, b.1), min(a.2, b.2), min(a.3, b.3))
      var slabs = FillSweep(contours, rule: rule)
      slabs.accumulatesSimpleContours = false
      let coverage = slabs.coverage(width: 40, height: 36)
      for j in 0..<36 {
        for i in 0..<40 {
          let inA = Self.overlap(a, i, j), inB = Self.overlap(b, i, j)
          let inBoth = both.0 < both.2 && both.1 < both.3 ? Self.overlap(both, i, j) : 0
          // Union where the windings add (non-zero, the same way round);
          // the symmetric difference where the overlap winds 0 or 2 outside the rule.
          let exact = rule == .nonZero && sameWay ? inA + inB - inBoth : inA + inB - 2 * inBoth
          worst = max(worst, abs(Double(coverage[j * 40 + i]) - exact))
        }
      }
    }
    // Float coverage of Double sums.
    #expect(worst < 1e-6, "worst difference \(worst)")
  }

  @Test func aBowTieCoversItsTwoTriangles() {
    // Its halves wind +1 and −1: both inside under either rule.
    let bowTie: [SIMD2<Double>] = [SIMD2(2.25, 3.5), SIMD2(22.25, 23.5), SIMD2(22.25, 3.5), SIMD2(2.25, 23.5)]
    for rule in [FillRule.nonZero, .evenOdd] {
      var slabs = FillSweep([bowTie], rule: rule)
      slabs.accumulatesSimpleContours = false
      let total = slabs.coverage(width: 30, height: 30).reduce(0.0) { $0 + Double($1) }
      #expect(abs(total - 200) < 1e-4, "\(rule): area \(total)")
    }
  }

  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func randomScenesGiveTheRowSweepsAreas(rule: FillRule) {
    var g = G.LCG(state: rule == .nonZero ? 33 : 34)
    var worst = 0.0, partial = 0
    for _ in 0..<200 {
      let (a, b) = Self.both(G.scene(&g, least: 2, more: 6), rule, 48, 40)
      for (x, y) in zip(a, b) {
        worst = max(worst, Double(abs(x - y)))
        if y > 0 && y < 1 { partial += 1 }
      }
    }
    #expect(worst < 1e-6, "worst difference \(worst)")
    #expect(partial > 10_000)  // the scenes do cross and overlap
  }

  @Test func coincidentAndAbuttingEdgesInEitherOrder() {
    let square = Self.rectangle(3.5, 2.25, 13.5, 12.25, clockwise: true)
    let backwards = Self.rectangle(3.5, 2.25, 13.5, 12.25, clockwise: false)
    let neighbour = Self.rectangle(13.5, 2.25, 20.75, 12.25, clockwise: true)
    let cases: [(String, [[SIMD2<Double>]], Double)] = [
      ("a square twice, the same way", [square, square], 100),
      ("a square and itself backwards", [square, backwards], 0),
      ("two squares sharing a side", [square, neighbour], 172.5),
      ("the neighbour first", [neighbour, square], 172.5),
    ]
    for (name, contours, area) in cases {
      for rule in [FillRule.nonZero, .evenOdd] {
        let (a, b) = Self.both(contours, rule, 24, 16)
        let total = a.reduce(0.0) { $0 + Double($1) }
        let expected = rule == .evenOdd && name.hasSuffix("the same way") ? 0 : area
        #expect(abs(total - expected) < 1e-4, "\(name), \(rule): area \(total)")
        #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 }, "\(name), \(rule)")
      }
    }
  }

  /// A stroke's ribbons, wedges and caps end on each other's sides: their
  /// vertices lie a rounding off the edges they meet, so two edges' order at
  /// a slab's side may be the rounding's and not their order inside it.
  @Test func strokePiecesMeetingOnEachOthersSides() throws {
    var s = StrokeSidesTests.Stream(state: 37)
    var worst: Float = 0
    for trial in 0..<48 {
      let svg = StrokeSidesTests.path(&s, kind: trial % 4)
      var style = StrokeStyle(lineWidth: [0.5, 1.5, 3, 4.5, 8, 14][Int(s.range(0, 6))])
      style.lineJoin = [.round, .miter, .bevel][Int(s.range(0, 3))]
      style.lineCap = [.butt, .round, .square][Int(s.range(0, 3))]
      if s.unit() < 0.4 { style.dashPattern = [s.range(0.5, 6), s.range(0.5, 5)] }
      let subpaths = try Path(svg: svg).flattenedSubpaths(tolerance: 0.005)
      for walking in [true, false] {
        let set = try style.outline(
          of: subpaths, tolerance: 0.005, maxDashes: 100_000, maxEdges: 1 << 21, walkingSides: walking)
        let (a, b) = Self.both((0..<set.count).map { Array(set.polygon($0)) }, .nonZero, 64, 64)
        worst = max(worst, zip(a, b).map { abs($0 - $1) }.max() ?? 0)
      }
    }
    #expect(worst < 1e-6, "worst difference \(worst)")
  }

  @Test func edgesAreOrderedByTheirTopsStably() {
    // Runs that rise, fall and repeat, as contours' chains give them, with
    // ties (equal keys keep their order: the slabs' output depends on it),
    // a tight cluster with one far key, and keys all equal.
    var g = G.LCG(state: 38)
    var cases: [[Double]] = []
    for count in [0, 1, 2, 3, 7, 17, 64, 501] {
      var keys: [Double] = []
      var y = 0.0
      for k in 0..<count {
        y += (k / 5 % 2 == 0 ? 1 : -1) * (g.next() < 0.2 ? 0 : (g.next() * 12).rounded() / 4)
        keys.append(y)
      }
      cases.append(keys)
    }
    cases.append((0..<100).map { _ in g.next() * 1e-9 } + [1e6])
    cases.append([Double](repeating: 2.5, count: 40))
    cases.append((0..<50).map { Double($0 % 7) } + [-.infinity, .infinity])
    for keys in cases {
      let (sorted, order) = FillSlabs.stableSort(keys)
      let expected = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }
      #expect(order.map(Int.init) == expected, "\(keys.count) keys")
      #expect(sorted == expected.map { keys[$0] })
    }
  }

  @Test func tallGridsAgreeAcrossAccumulationStrips() {
    var g = G.LCG(state: 35)
    let height = 40 * 5
    #expect(height > 2 * FillSweep.accumulatedStrip)
    var worst = 0.0
    for _ in 0..<60 {
      let contours = G.scene(&g, least: 2, more: 4).map { $0.map { SIMD2($0.x, $0.y * 5) } }
      let (a, b) = Self.both(contours, .nonZero, 48, height)
      for (x, y) in zip(a, b) { worst = max(worst, Double(abs(x - y))) }
    }
    #expect(worst < 1e-6, "worst difference \(worst)")
  }

  @Test func aScribbleOverTheCrossingBudgetFallsBackToTheRowSweep() {
    var g = G.LCG(state: 36)
    let scribble = (0..<400).map { _ in SIMD2(g.next() * 48, g.next() * 40) }
    var edges: [FillSweep.Edge] = []
    for (k, p) in scribble.enumerated() {
      let q = scribble[(k + 1) % scribble.count]
      guard p.y != q.y else { continue }
      edges.append(
        p.y < q.y
          ? FillSweep.Edge(x0: p.x, y0: p.y, x1: q.x, y1: q.y, winding: 1, chain: 0)
          : FillSweep.Edge(x0: q.x, y0: q.y, x1: p.x, y1: p.y, winding: -1, chain: 0))
    }
    edges.sort { $0.y0 < $1.y0 }
    // 400 random chords cross about 400² / 10 times: over 4096 + 16 · 400.
    #expect(FillSlabs.boundary(of: edges, rule: .nonZero, top: 0, bottom: 40) == nil)
    let (a, b) = Self.both([scribble], .nonZero, 48, 40)
    #expect(zip(a, b).allSatisfy { abs($0 - $1) < 1e-6 })
    #expect(a.contains { $0 > 0 })
  }
}
