// SimpleContours decides when FillSweep adds a path's edges to the
// accumulator as they are. A wrong "yes" fills overlaps twice and
// crossings by their signed area, so the checks are: random scenes (the
// cluster tests' contours: circles either way round, random crossing
// polygons, rectangles, stars, often overlapping) filled by the
// accumulation route and by the whole-row sweep agree to rounding wherever
// the route is taken, and it is taken often; hand-made sets that overlap,
// cross, touch or nest the same way round are refused, and rings and
// glyph-like counters are accepted. `FillSweep.accumulateSimple` (a
// marked piece's route) gives the sweep's own accumulation bit for bit.
import Testing

@testable import Lamina

@Suite struct SimpleContoursTests {
  typealias G = FillSweepClusterTests

  static func square(_ x: Double, _ y: Double, _ s: Double, clockwise: Bool = true) -> [SIMD2<Double>] {
    let p = [SIMD2(x, y), SIMD2(x + s, y), SIMD2(x + s, y + s), SIMD2(x, y + s)]
    return clockwise ? p : p.reversed()
  }

  static func accepts(_ contours: [[SIMD2<Double>]]) -> Bool {
    var set = PolygonSet()
    for c in contours { set.append(c) }
    return SimpleContours.fillByAccumulation(points: set.points, ends: set.ends)
  }

  @Test(arguments: [FillRule.nonZero, .evenOdd])
  func theAccumulationRouteGivesTheSweepsAreas(rule: FillRule) {
    var g = G.LCG(state: rule == .nonZero ? 11 : 12)
    let (width, height) = (48, 40)
    var worst = 0.0, accepted = 0, refused = 0
    for _ in 0..<300 {
      let contours = G.scene(&g, least: 1, more: 4)
      if Self.accepts(contours) { accepted += 1 } else { refused += 1 }
      var accumulated = FillSweep(contours, rule: rule)
      var rows = FillSweep(contours, rule: rule)
      rows.clusters = false
      rows.accumulatesSimpleContours = false
      rows.slabs = false
      let a = accumulated.coverage(width: width, height: height)
      let b = rows.coverage(width: width, height: height)
      for (x, y) in zip(a, b) { worst = max(worst, Double(abs(x - y))) }
    }
    // Float coverage of Double sums: the two routes differ by a few ulps.
    #expect(worst < 1e-6, "worst difference \(worst)")
    #expect(accepted > 60 && refused > 60, "accepted \(accepted), refused \(refused)")
  }

  /// Grids taller than one strip (`FillSweep.accumulatedStrip` rows) are
  /// accumulated strip by strip, edges crossing from one to the next.
  @Test func accumulatingAKnownSimpleSetIsTheSweepsAccumulationBitForBit() {
    var g = G.LCG(state: 21)
    var compared = 0
    for k in 0..<200 {
      var set = PolygonSet()
      for c in G.scene(&g, least: 1, more: 4) { set.append(c) }
      // Now and then a horizontal edge, and a polygon left out (not finite).
      if k % 5 == 0 { set.append([SIMD2(3, 7), SIMD2(20.5, 7), SIMD2(12, 30.25)]) }
      if k % 7 == 0 { set.append([SIMD2(1, 1), SIMD2(.nan, 2), SIMD2(3, 9)]) }
      let offset = SIMD2(-0.75, 1.5), (width, height) = (48, 40)
      var sweep = FillSweep(set, offset: offset, rule: .nonZero)
      sweep.simpleContours = true
      let expected = sweep.coverage(width: width, height: height)
      let got = FillSweep.accumulateSimple(set, offset: offset, width: width, height: height)
      #expect(got == expected, "scene \(k)")
      compared += 1
    }
    #expect(compared == 200)
    // Taller than one strip: left to the sweep, which cuts strips.
    let square = PolygonSet([Self.square(2, 2, 90)])
    #expect(FillSweep.accumulateSimple(square, offset: .zero, width: 100, height: FillSweep.accumulatedStrip + 1) == nil)
    #expect(FillSweep.accumulateSimple(PolygonSet(), offset: .zero, width: 4, height: 4) == [Float](repeating: 0, count: 16))
  }

  @Test func tallGridsAccumulateStripByStrip() {
    var g = G.LCG(state: 13)
    let (width, height) = (48, 40 * 5)
    #expect(height > 2 * FillSweep.accumulatedStrip)
    var worst = 0.0, accepted = 0
    for _ in 0..<80 {
      let contours = G.scene(&g, least: 1, more: 3).map { $0.map { SIMD2($0.x, $0.y * 5) } }
      if Self.accepts(contours) { accepted += 1 }
      var accumulated = FillSweep(contours, rule: .nonZero)
      var rows = FillSweep(contours, rule: .nonZero)
      rows.accumulatesSimpleContours = false
      rows.slabs = false
      let a = accumulated.coverage(width: width, height: height)
      let b = rows.coverage(width: width, height: height)
      for (x, y) in zip(a, b) { worst = max(worst, Double(abs(x - y))) }
    }
    #expect(worst < 1e-6, "worst difference \(worst)")
    #expect(accepted > 20, "accepted \(accepted)")
  }

  @Test func overlapsCrossingsTouchesAndSameWayNestingAreRefused() {
    let refused: [(String, [[SIMD2<Double>]])] = [
      ("two overlapping squares, the same way round", [Self.square(0, 0, 10), Self.square(5, 5, 10)]),
      (
        "two overlapping squares, opposite ways (windings 1 and −1)",
        [Self.square(0, 0, 10), Self.square(5, 5, 10, clockwise: false)]
      ),
      ("a square inside a square, the same way round", [Self.square(0, 0, 10), Self.square(2, 2, 4)]),
      ("two squares sharing a side", [Self.square(0, 0, 10), Self.square(10, 0, 10)]),
      ("two squares sharing a corner", [Self.square(0, 0, 10), Self.square(10, 10, 10)]),
      ("a figure eight", [[SIMD2(0, 0), SIMD2(10, 10), SIMD2(10, 0), SIMD2(0, 10)]]),
      ("a pentagram", [(0..<5).map { k in
        let a = Double(k * 2) * 2 * .pi / 5
        return SIMD2(10 + 8 * cos(a), 10 + 8 * sin(a))
      }]),
      ("a contour of two distinct points", [Self.square(0, 0, 10), [SIMD2(20, 20), SIMD2(30, 30), SIMD2(20, 20)]]),
      (
        "squares apart, one each way (windings 1 and −1)",
        [Self.square(0, 0, 10), Self.square(20, 0, 10, clockwise: false)]
      ),
    ]
    for (what, contours) in refused {
      #expect(!Self.accepts(contours), "\(what)")
    }
  }

  @Test func ringsCountersAndShapesApartAreAccepted() {
    let accepted: [(String, [[SIMD2<Double>]])] = [
      ("one square", [Self.square(0, 0, 10)]),
      ("a ring", [Self.square(0, 0, 10), Self.square(2, 2, 6, clockwise: false)]),
      (
        "an 8 with two counters and a dot inside one",
        [
          Self.square(0, 0, 10), Self.square(1, 1, 3, clockwise: false), Self.square(6, 6, 3, clockwise: false),
          Self.square(1.5, 1.5, 1),
        ]
      ),
      ("squares apart, the same way", [Self.square(0, 0, 10), Self.square(20, 0, 10)]),
      (
        "the other way round throughout",
        [Self.square(0, 0, 10, clockwise: false), Self.square(2, 2, 6), Self.square(20, 0, 5, clockwise: false)]
      ),
      ("a repeated point and a closing point", [[SIMD2(0, 0), SIMD2(10, 0), SIMD2(10, 0), SIMD2(10, 10), SIMD2(0, 0)]]),
    ]
    for (what, contours) in accepted {
      #expect(Self.accepts(contours), "\(what)")
    }
  }
}
