// FillSweep's clusters against its whole-row sweep: the same areas, cut
// differently, so every pixel must agree to rounding. Random contours
// cover what the clusters take apart: single chains (added whole), the two
// sides of a turn (added whole when they do not cross), crossings, shared
// pixels of several shapes, horizontal edges, contours left and right of
// the grid, both fill rules. The whole-row sweep is itself checked against
// exact areas and supersampling (CoverageAccumulatorTests).
import Testing

@testable import Lamina

@Suite struct FillSweepClusterTests {
  /// A small deterministic generator (the tests' scenes must not move).
  struct LCG {
    var state: UInt64
    mutating func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
  }

  /// A closed contour of one of four kinds around (cx, cy).
  static func contour(_ kind: Int, _ cx: Double, _ cy: Double, _ r: Double, _ g: inout LCG) -> [SIMD2<Double>] {
    switch kind {
    case 0:  // a circle of many short chords, either way round
      let n = 4 * (4 + Int(g.next() * 50))
      let sense = g.next() < 0.5 ? -1.0 : 1
      return (0..<n).map { k in
        let a = sense * Double(k) * 2 * .pi / Double(n)
        return SIMD2(cx + r * cos(a), cy + r * sin(a))
      }
    case 1:  // random points: crossings
      return (0..<(3 + Int(g.next() * 9))).map { _ in SIMD2(cx + (g.next() * 2 - 1) * r, cy + (g.next() * 2 - 1) * r) }
    case 2:  // an axis-aligned rectangle at fractional offsets: horizontal edges
      let w = r * (0.2 + g.next()), h = r * (0.2 + g.next())
      return [SIMD2(cx - w, cy - h), SIMD2(cx + w, cy - h), SIMD2(cx + w, cy + h), SIMD2(cx - w, cy + h)]
    default:  // a star, points on two radii, turned at random
      let n = 5 + Int(g.next() * 4), turn = g.next() * 2 * .pi
      return (0..<(2 * n)).map { k in
        let a = turn + Double(k) * .pi / Double(n), rr = k % 2 == 0 ? r : r * 0.45
        return SIMD2(cx + rr * cos(a), cy + rr * sin(a))
      }
    }
  }

  /// `least` up to `least + more − 1` contours of random kinds over a
  /// 48 × 40 grid, some running off it on either side. Half the scenes on
  /// whole pixels: vertices on pixel sides and corners, edges along them.
  static func scene(_ g: inout LCG, least: Int, more: Int) -> [[SIMD2<Double>]] {
    let whole = g.next() < 0.5
    return (0..<(least + Int(g.next() * Double(more)))).map { _ in
      let (x, y, r) = (g.next() * 70 - 11, g.next() * 50 - 5, 1 + g.next() * 14)
      return whole
        ? Self.contour(Int(g.next() * 4), x.rounded(), y.rounded(), r.rounded(), &g)
        : Self.contour(Int(g.next() * 4), x, y, r, &g)
    }
  }

  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func clustersGiveTheWholeRowSweepsAreas(rule: FillRule) {
    var g = LCG(state: rule == .nonZero ? 1 : 2)
    let (width, height) = (48, 40)
    var worst = 0.0
    var partial = 0
    for _ in 0..<150 {
      let contours = Self.scene(&g, least: 2, more: 5)
      var clustered = FillSweep(contours, rule: rule)
      var rows = FillSweep(contours, rule: rule)
      rows.clusters = false
      // Both sweep rows (not `FillSlabs`), even where the contours could be accumulated whole.
      clustered.accumulatesSimpleContours = false
      rows.accumulatesSimpleContours = false
      (clustered.slabs, rows.slabs) = (false, false)
      let a = clustered.coverage(width: width, height: height)
      let b = rows.coverage(width: width, height: height)
      for (x, y) in zip(a, b) {
        worst = max(worst, Double(abs(x - y)))
        if y > 0 && y < 1 { partial += 1 }
      }
    }
    // Float coverage of Double sums: the two cuts differ by a few ulps.
    #expect(worst < 1e-6, "worst difference \(worst)")
    #expect(partial > 10_000)  // the scenes do cross edges
  }

  @Test func theTwoSidesOfATurnAreAddedWholeAndExactly() {
    // A circle in one row of pixels' worth of chords near its top and
    // bottom: the turn's two chains share pixels; the result is the
    // circle's area less its chords' segments (under 0.001 px² here).
    let n = 2000, r = 9.3
    let circle = (0..<n).map { k in
      let a = Double(k) * 2 * .pi / Double(n)
      return SIMD2(12.4 + r * cos(a), 11.7 + r * sin(a))
    }
    var sweep = FillSweep([circle], rule: .nonZero)
    sweep.accumulatesSimpleContours = false
    sweep.slabs = false
    let total = sweep.coverage(width: 25, height: 24).reduce(0, { $0 + Double($1) })
    let polygon = 0.5 * Double(n) * r * r * sin(2 * .pi / Double(n))
    #expect(abs(total - polygon) < 1e-4, "area \(total), polygon \(polygon)")
  }
}
