// CoverageAccumulator (with FillSweep in front for paths) against the
// truth: exact areas where they have a closed form (a polygon clipped to
// each pixel's square, by Sutherland–Hodgman, and its shoelace area), 64×64
// point supersampling (non-zero winding) elsewhere.
import Testing

@testable import Lamina

/// The accumulator against exact areas and against 64×64 supersampling.
@Suite struct CoverageAccumulatorTests {
  /// The exact area of `polygon` inside the square [x, x+1)×[y, y+1): the
  /// polygon clipped to the square's four sides, then the shoelace formula.
  /// Exact for a polygon that does not cross itself.
  private func exactArea(_ polygon: [SIMD2<Double>], pixelX x: Int, y: Int) -> Double {
    var points = polygon
    // Each side as (axis, bound, keep below): inside when p[axis] is on the kept side of bound.
    let sides: [(Int, Double, Bool)] = [
      (0, Double(x), false), (0, Double(x + 1), true), (1, Double(y), false), (1, Double(y + 1), true),
    ]
    for (axis, bound, below) in sides {
      guard !points.isEmpty else { break }
      func inside(_ p: SIMD2<Double>) -> Bool { below ? p[axis] <= bound : p[axis] >= bound }
      var clipped: [SIMD2<Double>] = []
      var p = points[points.count - 1]
      for q in points {
        if inside(q) != inside(p) {
          let t = (bound - p[axis]) / (q[axis] - p[axis])
          var cut = p + (q - p) * t
          cut[axis] = bound
          clipped.append(cut)
        }
        if inside(q) { clipped.append(q) }
        p = q
      }
      points = clipped
    }
    guard points.count >= 3 else { return 0 }
    var twice = 0.0
    var p = points[points.count - 1]
    for q in points {
      twice += p.x * q.y - q.x * p.y
      p = q
    }
    return abs(twice) / 2
  }

  private typealias Region = (x0: Int, y0: Int, width: Int, height: Int)

  /// The accumulator's coverage of `polygons` over `region`, row-major.
  private func accumulated<Cell: BinaryFloatingPoint>(
    _ cell: Cell.Type, _ region: Region, add: [[SIMD2<Double>]], subtract: [[SIMD2<Double>]] = []
  ) -> [Double] {
    let accumulator = CoverageAccumulator<Cell>(maximumWidth: region.width, maximumHeight: region.height)
    accumulator.begin(x0: region.x0, y0: region.y0, width: region.width, height: region.height)
    for p in add { accumulator.add(p) }
    for p in subtract { accumulator.subtract(p) }
    var out = [Float](repeating: -1, count: region.width * region.height)
    out.withUnsafeMutableBufferPointer { accumulator.resolve(into: $0.baseAddress!) }
    return out.map(Double.init)
  }

  /// A triangle at arbitrary fractional positions, running out of the
  /// region on every side: each pixel's coverage is its exact clipped area.
  @Test(arguments: [false, true])
  func triangleCoverageIsItsExactClippedArea(clockwise: Bool) {
    var triangle: [SIMD2<Double>] = [SIMD2(-3.7, 1.3), SIMD2(12.55, -2.15), SIMD2(5.2, 11.85)]
    if clockwise { triangle.reverse() }
    let region: Region = (-1, 0, 11, 9)
    let viaFloat = accumulated(Float.self, region, add: [triangle])
    let viaDouble = accumulated(Double.self, region, add: [triangle])
    let points = triangle.map { CGPoint(x: $0.x, y: $0.y) }
    let path = Path(elements: [.move(points[0]), .line(points[1]), .line(points[2]), .close])
    let viaPath = path.coverageGrid(
      transform: CGAffineTransform(translationX: 1, y: 0), width: 11, height: 9
    ).map(Double.init)
    var partial = 0
    for j in 0..<region.height {
      for i in 0..<region.width {
        let want = exactArea(triangle, pixelX: region.x0 + i, y: region.y0 + j)
        if want > 0 && want < 1 { partial += 1 }
        let k = j * region.width + i
        #expect(abs(viaDouble[k] - want) < 1e-6, "Double, pixel \(i),\(j)")
        #expect(abs(viaPath[k] - want) < 1e-6, "path, pixel \(i),\(j)")
        #expect(abs(viaFloat[k] - want) < 1e-6, "Float, pixel \(i),\(j)")
      }
    }
    #expect(partial > 20)  // the edges cross many pixels, not just their corners
  }

  /// A ring (a square with a rotated square hole added backwards): every
  /// pixel holds the outer area less the hole's.
  @Test func ringIsOuterLessHoleExactly() {
    let outer: [SIMD2<Double>] = [SIMD2(0.4, 0.6), SIMD2(9.3, 0.6), SIMD2(9.3, 8.45), SIMD2(0.4, 8.45)]
    let hole: [SIMD2<Double>] = [SIMD2(4.85, 1.9), SIMD2(7.9, 4.5), SIMD2(4.85, 7.1), SIMD2(1.8, 4.5)]
    let region: Region = (0, 0, 10, 9)
    let got = accumulated(Float.self, region, add: [outer], subtract: [hole])
    for j in 0..<9 {
      for i in 0..<10 {
        let want = exactArea(outer, pixelX: i, y: j) - exactArea(hole, pixelX: i, y: j)
        #expect(abs(got[j * 10 + i] - want) < 1e-6, "pixel \(i),\(j)")
      }
    }
  }

  /// Coverage by 64×64 point samples per pixel, with a non-zero winding
  /// test: per sample row, the crossings sorted by x with their directions.
  private func supersampled(_ polylines: [[CGPoint]], width: Int, height: Int) -> [Double] {
    var out = [Double](repeating: 0, count: width * height)
    let n = 64
    for sampleRow in 0..<(height * n) {
      let y = (Double(sampleRow) + 0.5) / Double(n)
      var crossings: [(x: Double, dir: Int)] = []
      for line in polylines {
        for k in 0..<line.count {
          let a = line[k]
          let b = line[(k + 1) % line.count]
          let (ax, ay, bx, by) = (Double(a.x), Double(a.y), Double(b.x), Double(b.y))
          if (ay <= y) != (by <= y) {
            crossings.append((ax + (y - ay) * (bx - ax) / (by - ay), ay < by ? 1 : -1))
          }
        }
      }
      crossings.sort { $0.x < $1.x }
      var next = 0
      var winding = 0
      for sampleColumn in 0..<(width * n) {
        let x = (Double(sampleColumn) + 0.5) / Double(n)
        while next < crossings.count, crossings[next].x < x {
          winding += crossings[next].dir
          next += 1
        }
        if winding != 0 { out[(sampleRow / n) * width + sampleColumn / n] += 1 / Double(n * n) }
      }
    }
    return out
  }

  private func coverage(_ path: Path, _ t: CGAffineTransform = .identity, width: Int, height: Int)
    -> [Double]
  {
    path.coverageGrid(transform: t, width: width, height: height).map(Double.init)
  }

  @Test func rectAtFractionalOffsetsIsExact() {
    let rect = CGRect(x: 1.25, y: 0.5, width: 2.5, height: 1.75)
    let got = coverage(Path(rect: rect), width: 5, height: 3)
    for y in 0..<3 {
      for x in 0..<5 {
        let ox = max(0, min(Double(x + 1), 3.75) - max(Double(x), 1.25))
        let oy = max(0, min(Double(y + 1), 2.25) - max(Double(y), 0.5))
        #expect(abs(got[y * 5 + x] - ox * oy) < 1e-6, "pixel \(x),\(y)")
      }
    }
  }

  @Test func rotatedSquareMatchesSupersampling() {
    let t = CGAffineTransform(translationX: 8.3, y: 7.9).rotated(by: 0.4)
    let path = Path(rect: CGRect(x: -5, y: -5, width: 10, height: 10))
    let got = coverage(path, t, width: 16, height: 16)
    let want = supersampled(path.applying(t).flattened(), width: 16, height: 16)
    let worst = zip(got, want).map { abs($0 - $1) }.max()!
    #expect(worst < 0.02)
    // The total area is exact: 100.
    #expect(abs(got.reduce(0, +) - 100) < 1e-6)
  }

  @Test func circleMatchesSupersampling() {
    let path = Path(ellipseIn: CGRect(x: 2.3, y: 1.7, width: 14.2, height: 14.2))
    let got = coverage(path, width: 19, height: 18)
    let want = supersampled(path.flattened(tolerance: 0.001), width: 19, height: 18)
    let worst = zip(got, want).map { abs($0 - $1) }.max()!
    #expect(worst < 0.03)
    // The area of the true circle, less the flattening (chords inside arcs).
    let area = Double.pi * 7.1 * 7.1
    let total: Double = got.reduce(0, +)
    #expect(abs(total - area) < 0.2)
  }

  @Test func overlappingSameDirectionRectsDoNotCancelOrDoubleCount() throws {
    // Two clockwise squares overlapping in [4, 6]×[0.5, 3.5], at fractional offsets.
    let path = try Path(svg: "M0.5 0.5 H6 V3.5 H0.5 Z M4 0.5 H9.5 V3.5 H4 Z")
    let got = coverage(path, width: 10, height: 4)
    #expect(abs(got[1 * 10 + 5] - 1) < 1e-9)  // overlap: 1, not 2 clamped and not 0
    #expect(abs(got[0 * 10 + 5] - 0.5) < 1e-9)
    let total: Double = got.reduce(0, +)
    #expect(abs(total - 27) < 1e-9)
  }

  @Test func oppositeDirectionMakesAHole() throws {
    // Outer clockwise, inner counter-clockwise with its edges mid-pixel.
    let path = try Path(svg: "M0 0 H8 V8 H0 Z M2.5 2.5 V5.5 H5.5 V2.5 Z")
    let got = coverage(path, width: 8, height: 8)
    #expect(got[3 * 8 + 3] == 0 && got[4 * 8 + 4] == 0)
    #expect(abs(got[2 * 8 + 2] - 0.75) < 1e-9)  // a corner of the hole takes a quarter
    #expect(abs(got[2 * 8 + 3] - 0.5) < 1e-9)
    let total: Double = got.reduce(0, +)
    #expect(abs(total - 55) < 1e-9)
  }

  @Test func selfIntersectingStarMatchesSupersampling() throws {
    // A pentagram: the centre has winding 2 and must be filled.
    var d = "M"
    for k in 0..<5 {
      let a = Double(k) * 4 * Double.pi / 5 - Double.pi / 2
      d += " \(10.3 + 9 * cos(a)) \(10.1 + 9 * sin(a))"
    }
    let path = try Path(svg: d + " Z")
    let got = coverage(path, width: 21, height: 21)
    #expect(got[10 * 21 + 10] == 1)
    let want = supersampled(path.flattened(), width: 21, height: 21)
    let worst = zip(got, want).map { abs($0 - $1) }.max()!
    #expect(worst < 0.03)
  }

  @Test func manyCrossingsInOneRowStayCorrect() throws {
    // A star polygon {61/30}: 61 points on a circle, each joined to the one
    // 30 steps on, crossing each other about 1,800 times; the core has
    // winding 30.
    var d = "M"
    for k in 0..<61 {
      let a = Double(k * 30 % 61) * 2 * Double.pi / 61
      d += " \(10.2 + 9.5 * cos(a)) \(10.1 + 9.5 * sin(a))"
    }
    let path = try Path(svg: d + " Z")
    let got = coverage(path, width: 21, height: 21)
    let want = supersampled(path.flattened(), width: 21, height: 21)
    let worst = zip(got, want).map { abs($0 - $1) }.max()!
    #expect(worst < 0.05)
  }

  @Test func thinAndShallowShapesAreExact() throws {
    // A sliver 0.1 px high: every pixel it crosses holds exactly 0.1 (point
    // sampling with 16 sub-scanlines would give 0 or 1/16).
    let sliver = coverage(
      Path(rect: CGRect(x: 0, y: 1.43, width: 4, height: 0.1)), width: 4, height: 3)
    #expect(sliver[4..<8].allSatisfy { abs($0 - 0.1) < 1e-6 })
    let total: Double = sliver.reduce(0, +)
    #expect(abs(total - 0.4) < 1e-6)
    // A shallow triangle (0,0) (20,1) (0,1) under a 2× scale: the region
    // above the line y = x/20 over 40×2 pixels. Where the line crosses a
    // pixel, its coverage is the pixel's height above the line's mean.
    let triangle = try Path(svg: "M0 0 L20 1 L0 1 Z")
    let got = coverage(triangle, CGAffineTransform(scaleX: 2, y: 2), width: 40, height: 2)
    for x in 0..<40 {
      let lineY = (Double(x) + 0.5) / 20
      let row0 = x < 20 ? 1 - lineY : 0
      let row1 = x < 20 ? 1 : 2 - lineY
      #expect(abs(got[x] - row0) < 1e-6, "pixel \(x), 0")
      #expect(abs(got[40 + x] - row1) < 1e-6, "pixel \(x), 1")
    }
  }

  @Test func coverageImageIsPremultipliedWhiteAndClipsToTheCanvas() {
    let path = Path(rect: CGRect(x: -10, y: 1.5, width: 12.5, height: 100))
    let coverage = path.coverageImage(transform: .identity, width: 4, height: 3)
    #expect(coverage.width == 4 && coverage.height == 3)
    #expect(coverage.pixel(x: 0, y: 0) == (0, 0, 0, 0))
    #expect(coverage.pixel(x: 0, y: 1) == (128, 128, 128, 128))  // half covered: round(127.5)
    #expect(coverage.pixel(x: 1, y: 2) == (255, 255, 255, 255))
    #expect(coverage.pixel(x: 2, y: 2) == (128, 128, 128, 128))
    #expect(coverage.pixel(x: 3, y: 2) == (0, 0, 0, 0))
    #expect(
      Path(rect: .zero).coverageImage(transform: .identity, width: 0, height: 5).pixels.isEmpty)
  }
}
