// Path constructors, tight bounds, flattening within its stated tolerance,
// transforms, and degenerate input that must not trap.
import Testing

@testable import Lamina

@Suite struct PathTests {
  /// Polygon sets are equal when their points are the same bits and their
  /// polygons end at the same places (the coverage caches' keys), and a
  /// draw's digest of them is the hash its coverage key uses.
  @Test func polygonSetsCompareByTheirBytes() {
    let square: [SIMD2<Double>] = [[0, 0], [1, 0], [1, 1], [0, 1]]
    let a = PolygonSet([square]), b = PolygonSet([square])
    #expect(a == b && a.hashValue == b.hashValue)
    var moved = square
    moved[2].x = 1.0000000000000002
    #expect(PolygonSet([moved]) != a)
    #expect(PolygonSet([square, square]) != PolygonSet([square + square]))
    #expect(PolygonSet() == PolygonSet())
    func draw(_ p: PolygonSet) -> PathDraw {
      PathDraw(matrix: .identity, polygons: p, rule: .nonZero, color: .transparent, clips: [], name: "p")
    }
    let limit = PixelRect(x0: 0, y0: 0, x1: 4, y1: 4)
    let k1 = draw(a).coverageKey(within: limit), k2 = draw(b).coverageKey(within: limit)
    #expect(k1 == k2 && k1.hashValue == k2.hashValue)
    #expect(draw(PolygonSet([moved])).coverageKey(within: limit) != k1)
  }

  /// A draw of pieces fills each apart and places them side by side;
  /// values worked out by hand (a square of side 1 over pixel columns).
  @Test func piecesAreFilledApartAndPlaced() throws {
    func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> [SIMD2<Double>] {
      [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]
    }
    let limit = PixelRect(x0: 0, y0: 0, x1: 8, y1: 4)
    // [0.25, 1.75] × [0, 1] and [3.5, 4.5] × [0, 1]: columns 0–1 hold 3/4
    // each, 2 nothing, 3–4 a half each.
    let apart = PolygonSet([rect(0.25, 0, 1.75, 1), rect(3.5, 0, 4.5, 1)])
    let draw = PathDraw(
      matrix: .identity, polygons: apart, rule: .nonZero, color: .transparent, clips: [], name: "p",
      pieceEnds: [1, 2])
    #expect(draw.pieceEnds == [1, 2])
    let pieces = try #require(draw.coverage(within: limit))
    #expect(pieces.rect == PixelRect(x0: 0, y0: 0, x1: 5, y1: 1))
    #expect(pieces.values == [0.75, 0.75, 0, 0.5, 0.5])
    // Pieces that share no pixel: the same values as one draw of both.
    let whole = PathDraw(matrix: .identity, polygons: apart, rule: .nonZero, color: .transparent, clips: [], name: "p")
    #expect(whole.coverage(within: limit)?.values == pieces.values)
    #expect(whole.coverageKey(within: limit) != draw.coverageKey(within: limit))
    // Overlapping pieces are summed (at most 1), not united: [0, 1] × [0, ½]
    // and [0, 1] × [¼, ¾] give ½ + ½ where their union is ¾. The lowering
    // never overlaps pieces; this is what such a draw would mean.
    let over = PolygonSet([rect(0, 0, 1, 0.5), rect(0, 0.25, 1, 0.75)])
    let summed = PathDraw(
      matrix: .identity, polygons: over, rule: .nonZero, color: .transparent, clips: [], name: "p",
      pieceEnds: [1, 2])
    #expect(summed.coverage(within: limit)?.values == [1])
    let united = PathDraw(matrix: .identity, polygons: over, rule: .nonZero, color: .transparent, clips: [], name: "p")
    #expect(united.coverage(within: limit)?.values == [0.75])
    // A list that does not end at the polygons' count, or does not rise,
    // is one piece.
    for bad in [[1], [2, 1], [0, 2], [1, 3]] {
      let d = PathDraw(
        matrix: .identity, polygons: over, rule: .nonZero, color: .transparent, clips: [], name: "p", pieceEnds: bad)
      #expect(d.pieceEnds.isEmpty, "\(bad)")
    }
  }

  @Test func rectIsFourLinesAndClose() {
    let path = Path(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
    #expect(
      path.elements == [
        .move(CGPoint(x: 1, y: 2)), .line(CGPoint(x: 4, y: 2)), .line(CGPoint(x: 4, y: 6)),
        .line(CGPoint(x: 1, y: 6)), .close,
      ])
    #expect(path.shape == .rect(CGRect(x: 1, y: 2, width: 3, height: 4)))
    #expect(path.boundingBox == CGRect(x: 1, y: 2, width: 3, height: 4))
  }

  @Test func ellipsePointsLieOnTheEllipse() {
    let rect = CGRect(x: 10, y: 20, width: 40, height: 20)
    let path = Path(ellipseIn: rect)
    #expect(path.shape == .ellipse(rect))
    // The cubic approximation deviates at most 0.03 % of the radius.
    for polyline in path.flattened(tolerance: 0.001) {
      for p in polyline {
        let u = (Double(p.x) - 30) / 20
        let v = (Double(p.y) - 30) / 10
        #expect(abs((u * u + v * v).squareRoot() - 1) < 3e-4)
      }
    }
    let box = path.boundingBox
    #expect(abs(Double(box.minX) - 10) < 1e-9 && abs(Double(box.maxY) - 40) < 1e-9)
  }

  @Test func roundedRectClampsTheRadius() {
    let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
    let path = Path(roundedRect: rect, cornerRadius: 50)
    #expect(path.shape == .roundedRect(rect, cornerRadius: 50))
    // Clamped to 20: a capsule whose first point sits 20 from the left edge.
    #expect(path.elements.first == .move(CGPoint(x: 20, y: 0)))
    for p in path.flattened(tolerance: 0.001).flatMap({ $0 }) where Double(p.x) < 20 {
      let d = ((Double(p.x) - 20) * (Double(p.x) - 20) + (Double(p.y) - 20) * (Double(p.y) - 20))
        .squareRoot()
      #expect(abs(d - 20) < 0.01)
    }
    #expect(path.boundingBox == rect)
    // A zero radius is a plain rectangle with no curves.
    let square = Path(roundedRect: rect, cornerRadius: 0)
    #expect(!square.elements.contains { if case .cubic = $0 { return true } else { return false } })
  }

  @Test func boundingBoxUsesCurveExtremaNotControlPoints() throws {
    let path = try Path(svg: "M0 0 Q 50 100 100 0")
    // The quadratic peaks at t = 1/2: y = 50.
    #expect(path.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 50))
    let cubic = try Path(svg: "M0 0 C 0 100 100 100 100 0")
    #expect(abs(Double(cubic.boundingBox.height) - 75) < 1e-9)
    #expect(Path(elements: []).boundingBox.isNull)
  }

  @Test func flatteningStaysWithinTolerance() throws {
    let path = try Path(svg: "M0 0 C 0 300 300 -200 300 100")
    for tolerance in [1.0, 0.1, 0.01] {
      let polyline = try #require(path.flattened(tolerance: tolerance).first)
      // Every chord's midpoint parameter is within tolerance of the chord.
      let n = polyline.count - 1
      for k in 0..<n {
        let t = (Double(k) + 0.5) / Double(n)
        let curve = Path.cubicPoint(
          CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 300), CGPoint(x: 300, y: -200),
          CGPoint(x: 300, y: 100), t)
        let a = polyline[k]
        let b = polyline[k + 1]
        let mid = CGPoint(x: (Double(a.x) + Double(b.x)) / 2, y: (Double(a.y) + Double(b.y)) / 2)
        let d = hypot(Double(curve.x) - Double(mid.x), Double(curve.y) - Double(mid.y))
        #expect(d <= tolerance)
      }
      #expect(polyline.first == CGPoint(x: 0, y: 0) && polyline.last == CGPoint(x: 300, y: 100))
    }
  }

  @Test func closedSubpathsRepeatTheirStart() throws {
    let lines = try Path(svg: "M0 0 L10 0 L10 10 Z M20 20 L30 20").flattened()
    #expect(lines.count == 2)
    #expect(lines[0].last == CGPoint(x: 0, y: 0) && lines[0].count == 4)
    #expect(lines[1] == [CGPoint(x: 20, y: 20), CGPoint(x: 30, y: 20)])
  }

  @Test func applyingMapsEveryPoint() {
    let t = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1)
    let path = Path(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).applying(t)
    #expect(path.boundingBox == CGRect(x: 2, y: 3, width: 2, height: 3))
    #expect(path.shape == nil)
  }

  @Test func hugeCurvesAndNonFinitePointsDoNotTrap() {
    let big = Path(elements: [
      .move(.zero),
      .cubic(
        control1: CGPoint(x: 1e300, y: 0), control2: CGPoint(x: 0, y: 1e300),
        to: CGPoint(x: 1, y: 1)),
    ])
    let lines = big.flattened(tolerance: 1e-9)
    #expect(lines[0].count == Path.maximumSegmentsPerCurve + 1)
    let bad = Path(elements: [
      .move(.zero), .line(CGPoint(x: Double.nan, y: 1)), .line(CGPoint(x: 1, y: 1)), .close,
    ])
    let mask = bad.coverageImage(transform: .identity, width: 4, height: 4)
    #expect(mask.pixels.allSatisfy { $0 == 0 })
  }
}
