// CoverageAccumulator, with NonZeroSweep in front for paths, against the
// truth: exact areas where they have a closed form, 64×64 point
// supersampling (non-zero winding) elsewhere.
import Testing

@testable import Lamina

/// The accumulator against exact areas and against 64×64 supersampling.
@Suite struct CoverageAccumulatorTests {
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
    path.coverageMask(transform: t, width: width, height: height).map(Double.init)
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

  @Test func maskIsPremultipliedWhiteAndClipsToTheCanvas() {
    let path = Path(rect: CGRect(x: -10, y: 1.5, width: 12.5, height: 100))
    let mask = path.rasterizedMask(transform: .identity, width: 4, height: 3)
    #expect(mask.width == 4 && mask.height == 3)
    #expect(mask.pixel(x: 0, y: 0) == (0, 0, 0, 0))
    #expect(mask.pixel(x: 0, y: 1) == (128, 128, 128, 128))  // half covered: round(127.5)
    #expect(mask.pixel(x: 1, y: 2) == (255, 255, 255, 255))
    #expect(mask.pixel(x: 2, y: 2) == (128, 128, 128, 128))
    #expect(mask.pixel(x: 3, y: 2) == (0, 0, 0, 0))
    #expect(
      Path(rect: .zero).rasterizedMask(transform: .identity, width: 0, height: 5).pixels.isEmpty)
  }
}
