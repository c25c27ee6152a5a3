// The stroker and the fill rules against closed forms (SVG 2's stroke
// shape): areas of stroked lines with each cap, of closed squares with
// each join, of one corner's join against the bevel, of dashes, of trims,
// of dots, and of even-odd against non-zero fills. Areas are the sums of
// `PathDraw.coverage` (exact area coverage, the backends' input), so a
// wrong cap, join, dash or rule moves them by far more than the tolerances.

import Foundation
import Testing

@testable import Lamina

@Suite struct StrokeGeometryTests {
  /// Exact-area coverage sums of straight outlines: only floating-point
  /// rounding (1e-6 px² is ~10⁹ ulps of a pixel's area below any cap or
  /// join difference tested here, the smallest being 2 px²).
  static let straightTolerance = 1e-6
  /// Round caps, joins and dots are chords within the flattening
  /// tolerance t = 0.005: each chord cuts at most t deep into its arc, so
  /// the area lost is below t × the arc's length (π·h for a cap, h·α for a
  /// join); the bound is taken per test from the arcs drawn.
  static func arcTolerance(length: Double) -> Double { 0.005 * length }
  /// Where edges cross, the fill sweep cuts bands at computed crossing
  /// points: rounding there moved a pentagram's 3,600 px² by 1.6e-5.
  static let crossingTolerance = 1e-4

  /// The covered area (px²) of `polygons` filled with `rule` on a 256-pixel square.
  static func area(_ polygons: PolygonSet, _ rule: FillRule = .nonZero) -> Double {
    let draw = PathDraw(
      matrix: .identity, polygons: polygons, rule: rule, color: Color.black.premultiplied, clips: [], name: "")
    guard let grid = draw.coverage(within: PixelRect(x0: 0, y0: 0, x1: 256, y1: 256)) else { return 0 }
    return grid.values.reduce(0) { $0 + Double($1) }
  }

  static func stroke(_ svg: String, _ style: StrokeStyle, tolerance: Double = 0.005) throws -> Double {
    let path = try Path(svg: svg)
    let outline = try style.outline(
      of: path.flattenedSubpaths(tolerance: tolerance), tolerance: tolerance, maxDashes: 100_000,
      maxEdges: 1 << 21)
    return area(outline)
  }

  @Test func anOpenLineHasTheAreaOfItsCaps() throws {
    let (L, w) = (40.0, 6.0)
    let line = "M 10.3 20.7 L 50.3 20.7"
    #expect(abs(try Self.stroke(line, StrokeStyle(lineWidth: w, lineCap: .butt)) - L * w) < Self.straightTolerance)
    #expect(
      abs(try Self.stroke(line, StrokeStyle(lineWidth: w, lineCap: .square)) - (L + w) * w) < Self.straightTolerance)
    let round = L * w + Double.pi * w * w / 4
    #expect(
      abs(try Self.stroke(line, StrokeStyle(lineWidth: w, lineCap: .round)) - round)
        < Self.arcTolerance(length: Double.pi * w))
    // A diagonal line: the same areas, whatever the direction.
    let diagonal = "M 20 20 L \(20 + L * 0.6) \(20 + L * 0.8)"
    #expect(
      abs(try Self.stroke(diagonal, StrokeStyle(lineWidth: w, lineCap: .square)) - (L + w) * w) < Self.straightTolerance)
  }

  @Test func aStrokedCircleIsAnAnnulus() throws {
    let (r, w) = (30.0, 8.0)
    let path = Path(ellipseIn: CGRect(x: 50, y: 50, width: 2 * r, height: 2 * r))
    let outline = try StrokeStyle(lineWidth: w).outline(
      of: path.flattenedSubpaths(tolerance: 0.005), tolerance: 0.005, maxDashes: 10, maxEdges: 1 << 20)
    let expected = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
    // Four cubics are a circle to 2.7e-4·r in radius (the constant's
    // known error), plus the flattening's 0.005: the area moves by at most
    // the two edges' lengths times that.
    let tolerance = 2 * Double.pi * 2 * r * (2.7e-4 * r + 0.005)
    #expect(abs(Self.area(outline) - expected) < tolerance, "\(Self.area(outline)) vs \(expected)")
    // A wrong width (a 1-pixel-narrower ring) is far outside it.
    #expect(2 * Double.pi * r > 3 * tolerance)
  }

  @Test func aClosedSquareJoinsItsCornersByTheJoin() throws {
    let (s, w, h) = (40.0, 4.0, 2.0)
    let square = "M 20 20 h \(s) v \(s) h -\(s) Z"
    let miter = (s + w) * (s + w) - (s - w) * (s - w)
    #expect(abs(try Self.stroke(square, StrokeStyle(lineWidth: w, lineJoin: .miter)) - miter) < Self.straightTolerance)
    #expect(
      abs(try Self.stroke(square, StrokeStyle(lineWidth: w, lineJoin: .bevel)) - (miter - 4 * h * h / 2))
        < Self.straightTolerance)
    let round = miter - 4 * (h * h - Double.pi * h * h / 4)
    #expect(
      abs(try Self.stroke(square, StrokeStyle(lineWidth: w, lineJoin: .round)) - round)
        < Self.arcTolerance(length: 2 * Double.pi * h))
    // Closed: no caps at the start, whatever the cap.
    #expect(
      abs(try Self.stroke(square, StrokeStyle(lineWidth: w, lineCap: .square, lineJoin: .miter)) - miter)
        < Self.straightTolerance)
  }

  /// One corner turning by α between segments of lengths L1 and L2 (butt
  /// caps): the rectangles overlap by h²·tan(α/2) on the inner side, the
  /// bevel adds ½h²·sin α outside, a miter h²·sin³(α/2)/cos(α/2) more, a
  /// round join the circular segment ½h²·(α − sin α) more.
  @Test(arguments: [60.0, 120.0, 150.0])
  func aCornerAddsItsJoinsClosedForm(degrees: Double) throws {
    let (L1, L2, w) = (50.0, 40.0, 10.0)
    let h = w / 2, a = degrees * .pi / 180
    let b = SIMD2(60.0, 128.0)
    let c = b + SIMD2(cos(a), sin(a)) * L2
    let svg = "M \(b.x - L1) \(b.y) L \(b.x) \(b.y) L \(c.x) \(c.y)"
    let bevel = (L1 + L2) * w - h * h * tan(a / 2) + h * h * sin(a) / 2
    let miterExtra = h * h * pow(sin(a / 2), 3) / cos(a / 2)
    let roundExtra = h * h / 2 * (a - sin(a))
    let ratio = 1 / cos(a / 2)  // miter length / width
    #expect(abs(try Self.stroke(svg, StrokeStyle(lineWidth: w, lineJoin: .bevel)) - bevel) < Self.straightTolerance)
    #expect(
      abs(try Self.stroke(svg, StrokeStyle(lineWidth: w, lineJoin: .round)) - (bevel + roundExtra))
        < Self.arcTolerance(length: h * a))
    // Just within the limit: a miter; just beyond: a bevel (SVG's ratio rule).
    #expect(
      abs(try Self.stroke(svg, StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: ratio * 1.0001)) - (bevel + miterExtra))
        < Self.straightTolerance)
    #expect(
      abs(try Self.stroke(svg, StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: ratio * 0.9999)) - bevel)
        < Self.straightTolerance)
    // A limit below 1 bevels every join (Core Graphics' clamp; SVG 1.1 refused it).
    #expect(abs(try Self.stroke(svg, StrokeStyle(lineWidth: w, lineJoin: .miter, miterLimit: 0)) - bevel) < Self.straightTolerance)
    #expect(miterExtra > 1 && roundExtra > 0.5, "the joins differ by whole pixels")
  }

  @Test func dashesCoverTheirClosedFormLength() throws {
    let w = 4.0
    let line = "M 10 50 L 110 50"
    func covered(_ pattern: [Double], phase: Double = 0, cap: LineCap = .butt) throws -> Double {
      try Self.stroke(line, StrokeStyle(lineWidth: w, lineCap: cap, dashPattern: pattern, dashPhase: phase)) / w
    }
    // [10, 5] from 0: dashes at 0, 15, …, 90: seven of 10.
    #expect(abs(try covered([10, 5]) - 70) < Self.straightTolerance)
    // Phase 3: the first dash is 7 long, then six of 10.
    #expect(abs(try covered([10, 5], phase: 3) - 67) < Self.straightTolerance)
    // A negative phase moves the pattern forwards: −5 starts in a gap of 5.
    #expect(abs(try covered([10, 5], phase: -5) - (10 * 6 + 5)) < Self.straightTolerance)
    // An odd count repeats: [10, 5, 3, 10, 5, 3]: 10 + 3 + 5 per 36.
    #expect(abs(try covered([10, 5, 3]) - 49) < Self.straightTolerance)
    // All zero: no dashes, a solid stroke (SVG 2's rule).
    #expect(abs(try covered([0, 0]) - 100) < Self.straightTolerance)
    // Square caps grow every dash by w: 7 dashes.
    #expect(abs(try covered([10, 5], cap: .square) - (70 + 7 * w)) < Self.straightTolerance)
    // Zero-length dashes with round caps are dots: [0, 20] puts 5 on 0…100
    // (at 0, 20, …, 80: none at the open end, as Skia draws it).
    let dots = try Self.stroke(line, StrokeStyle(lineWidth: w, lineCap: .round, dashPattern: [0, 20]))
    #expect(abs(dots - 5 * Double.pi * w * w / 4) < Self.arcTolerance(length: 5 * Double.pi * w))
  }

  /// A closed square (perimeter 160) dashed [30, 10] at phase 10: dashes
  /// 0…20, 30…60, 70…100, 110…140 and 150…160. Every corner lies inside a
  /// dash, the start's included (the last dash runs on into the first
  /// there), so every corner is mitred and the area is 120·w; butt ends
  /// meeting at the start would leave 120·w − 2h².
  @Test func dashesOfAClosedSubpathJoinThroughItsStart() throws {
    let (w, h) = (4.0, 2.0)
    let area = try Self.stroke(
      "M 20 20 h 40 v 40 h -40 Z", StrokeStyle(lineWidth: w, dashPattern: [30, 10], dashPhase: 10))
    #expect(abs(area - 120 * w) < Self.straightTolerance, "\(area) vs \(120 * w) (unjoined: \(120 * w - 2 * h * h))")
    // One dash longer than the path is the closed path itself: no caps.
    let whole = try Self.stroke(
      "M 20 20 h 40 v 40 h -40 Z", StrokeStyle(lineWidth: w, lineCap: .square, dashPattern: [500, 10]))
    #expect(abs(whole - 160 * w) < Self.straightTolerance)
  }

  @Test func strokeStartAndEndTrimTheWholePathsLength() throws {
    let w = 2.0
    let line = "M 10 50 L 110 50"
    #expect(
      abs(try Self.stroke(line, StrokeStyle(lineWidth: w, strokeStart: 0.25, strokeEnd: 0.6)) - 35 * w)
        < Self.straightTolerance)
    // Two subpaths of 50: 0.3…0.8 is 30…50 of the first and 0…30 of the second.
    let two = "M 10 20 L 60 20 M 10 80 L 60 80"
    #expect(
      abs(try Self.stroke(two, StrokeStyle(lineWidth: w, strokeStart: 0.3, strokeEnd: 0.8)) - 50 * w)
        < Self.straightTolerance)
    // Dashes stay where they are: [10, 10] trimmed to 0.05…0.55 keeps
    // 5…10, 20…30, 40…50: 25.
    #expect(
      abs(
        try Self.stroke(line, StrokeStyle(lineWidth: w, dashPattern: [10, 10], strokeStart: 0.05, strokeEnd: 0.55))
          - 25 * w) < Self.straightTolerance)
    #expect(try Self.stroke(line, StrokeStyle(lineWidth: w, strokeStart: 0.6, strokeEnd: 0.6)) == 0)
  }

  @Test func zeroLengthSubpathsDrawDotsWithRoundAndSquareCaps() throws {
    let w = 10.0
    for svg in ["M 40 40 L 40 40", "M 40 40 Z"] {
      #expect(
        abs(try Self.stroke(svg, StrokeStyle(lineWidth: w, lineCap: .round)) - .pi * 25)
          < Self.arcTolerance(length: Double.pi * w), "\(svg)")
      #expect(abs(try Self.stroke(svg, StrokeStyle(lineWidth: w, lineCap: .square)) - 100) < Self.straightTolerance)
      #expect(try Self.stroke(svg, StrokeStyle(lineWidth: w, lineCap: .butt)) == 0)
    }
    // A lone move draws nothing.
    #expect(try Self.stroke("M 40 40", StrokeStyle(lineWidth: w, lineCap: .round)) == 0)
  }

  @Test func evenOddLeavesTheRingOfNestedSquaresAndTheStarsPoints() throws {
    let nested = try Path(svg: "M 20 20 h 40 v 40 h -40 Z M 30 30 h 20 v 20 h -20 Z")
    let polygons = PolygonSet(
      nested.flattened().map { $0.map { SIMD2(Double($0.x), Double($0.y)) } })
    #expect(abs(Self.area(polygons, .nonZero) - 1600) < Self.straightTolerance)
    #expect(abs(Self.area(polygons, .evenOdd) - 1200) < Self.straightTolerance)
    // A pentagram of circumradius R: non-zero fills the inner pentagon too.
    let R = 50.0, c = SIMD2(100.0, 100.0)
    let points = (0..<5).map { k -> SIMD2<Double> in
      let a = -Double.pi / 2 + Double(k * 2) * 2 * .pi / 5
      return c + SIMD2(cos(a), sin(a)) * R
    }
    let star = PolygonSet([points])
    let inner = R * cos(2 * .pi / 5) / cos(.pi / 5)
    let starArea = 10 * 0.5 * R * inner * sin(.pi / 5)
    let pentagon = 2.5 * inner * inner * sin(2 * .pi / 5)
    #expect(abs(Self.area(star, .nonZero) - starArea) < Self.crossingTolerance)
    #expect(abs(Self.area(star, .evenOdd) - (starArea - pentagon)) < Self.crossingTolerance)
    #expect(pentagon > 100, "the rules differ by far more than the tolerance")
  }

  @Test func aCurveIsStrokedWithoutFacets() throws {
    // A quarter circle as one cubic, stroked 20 wide: the outline's
    // farthest points lie on the offset circle within the tolerance.
    let path = Path(ellipseIn: CGRect(x: 40, y: 40, width: 100, height: 100))
    let outline = try StrokeStyle(lineWidth: 20).outline(
      of: path.flattenedSubpaths(tolerance: 0.005), tolerance: 0.005, maxDashes: 10, maxEdges: 1 << 20)
    var worst = 0.0
    for p in outline.points {
      let d = ((p.x - 90) * (p.x - 90) + (p.y - 90) * (p.y - 90)).squareRoot()
      if d > 55 { worst = max(worst, abs(d - 60)) }
    }
    // 2.7e-4·r of the cubic circle, plus chords.
    #expect(worst < 2.7e-4 * 50 + 0.01, "outer edge off the offset circle by \(worst)")
  }

  @Test func limitsAreErrorsNotHangs() throws {
    let line = try Path(svg: "M 0 0 L 1000000 0")
    let style = StrokeStyle(lineWidth: 1, dashPattern: [1e-6, 1e-6])
    #expect(throws: StrokeError.tooManyDashes(limit: 1000)) {
      _ = try style.outline(of: line.flattenedSubpaths(), tolerance: 0.01, maxDashes: 1000, maxEdges: 1 << 20)
    }
    let zigzag = try Path(svg: "M 0 0" + String(repeating: " l 1 1 l 1 -1", count: 5000))
    #expect(throws: StrokeError.tooManyEdges(limit: 10000)) {
      _ = try StrokeStyle(lineWidth: 1).outline(
        of: zigzag.flattenedSubpaths(), tolerance: 0.01, maxDashes: 10, maxEdges: 10000)
    }
    // A billion-wide round cap is at most maximumArcSegmentsPerTurn chords.
    let wide = try StrokeStyle(lineWidth: 1e9, lineCap: .round).outline(
      of: Path(svg: "M 0 0 L 10 0").flattenedSubpaths(), tolerance: 0.001, maxDashes: 10, maxEdges: 1 << 20)
    #expect(wide.edgeCount < 2 * StrokeStyle.maximumArcSegmentsPerTurn)
  }
}
