// OutlineCoverage against the accumulator it shortcuts: the same coverage
// bytes in every tile region of random rounded rectangles under affine and
// perspective matrices, regions called wholly inside resolving to exactly
// 1 in the accumulator too, ImageStage's interior of whole pixels
// (accumulated, every pixel exactly 1; the pixels around it not), and
// vectorAtan2 against libm's atan2.
import Foundation
import Testing
@testable import Lamina
@testable import LaminaCPU

@Suite struct OutlineCoverageTests {
  @Test func sameCoverageAsTheWholeOutlineAccumulated() {
    var r = GradientFastPathTests.Random(state: 0xC0DE)
    let accumulator = CoverageAccumulator<Float>(maximumWidth: 64, maximumHeight: 64)
    let expected = UnsafeMutablePointer<Float>.allocate(capacity: 64 * 64)
    let got = UnsafeMutablePointer<Float>.allocate(capacity: 64 * 64)
    defer { expected.deallocate(); got.deallocate() }
    let limit = PixelRect(x0: 0, y0: 0, x1: 400, y1: 330)
    var insideRegions = 0, regions = 0
    for n in 0..<80 {
      let draw = GradientFastPathTests.randomDraw(&r, type: .axial, matrixKind: n % 5)
      // Larger shapes too, so that whole tiles fall inside.
      var shape = draw.shape
      if n % 2 == 0 { shape.rect = shape.rect.insetBy(dx: -60, dy: -50) }
      let polygon = projectedOutline(shape, Homography(draw.matrix))
      let bounds = pixelBounds(polygon, within: limit)
      let outline = OutlineCoverage(polygon, bounds: bounds)
      for y0 in stride(from: 0, to: limit.y1, by: 64) {
        for x0 in stride(from: 0, to: limit.x1, by: 64) {
          let region = bounds.intersection(PixelRect(x0: x0, y0: y0, x1: x0 + 64, y1: y0 + 64))
          guard !region.isEmpty else { continue }
          regions += 1
          accumulator.begin(region)
          accumulator.add(polygon)
          accumulator.resolve(into: expected)
          let inside = outline.resolve(region, accumulator, into: got)
          if inside { insideRegions += 1 }
          let count = region.width * region.height
          let first = (0..<count).first { expected[$0].bitPattern != got[$0].bitPattern }
          #expect(first == nil, "case \(n), region \(region): coverage differs at \(first ?? -1)")
        }
      }
    }
    // Both kinds of region were met.
    #expect(insideRegions > 20 && regions - insideRegions > 200, "\(insideRegions) inside of \(regions)")
  }

  /// `ImageStage.wholePixels`: for random rectangles with fractional edges
  /// (flipped too) under a scale and translation, every pixel of the
  /// interior accumulates to exactly 1 — what `prepareCoverage` writes
  /// there without accumulating — and a pixel just outside it on each side
  /// does not (so the interior is not too small to be tested).
  @Test func anImagesInteriorAccumulatesToExactlyOne() {
    var r = GradientFastPathTests.Random(state: 0x1A6E)
    let accumulator = CoverageAccumulator<Float>(maximumWidth: 64, maximumHeight: 64)
    let values = UnsafeMutablePointer<Float>.allocate(capacity: 64 * 64)
    defer { values.deallocate() }
    var checked = 0
    for n in 0..<60 {
      let x: Double = r.range(-10, 30), y: Double = r.range(-10, 30)
      let w: Double = r.range(30, 230), hgt: Double = r.range(30, 180)
      let rect = CGRect(x: x, y: y, width: w, height: hgt)
      let flip: Double = n % 7 == 3 ? -1 : 1
      let sx: Double = r.range(0.5, 2.5) * flip, sy: Double = r.range(0.5, 2.5)
      let tx: Double = r.range(300, 301), ty: Double = r.range(0, 5)
      let matrix = Transform3D(scaleX: sx, y: sy).concatenating(Transform3D(translationX: tx, y: ty))
      let h = Homography(matrix)
      #expect(h.isAxisAligned)
      let polygon = h.project(rect.polygon)
      let interior = ImageStage.wholePixels(inside: polygon)
      guard !interior.isEmpty else { continue }
      let grown = PixelRect(x0: interior.x0 - 1, y0: interior.y0 - 1, x1: interior.x1 + 1, y1: interior.y1 + 1)
      for y0 in stride(from: grown.y0, to: grown.y1, by: 64) {
        for x0 in stride(from: grown.x0, to: grown.x1, by: 64) {
          let region = grown.intersection(PixelRect(x0: x0, y0: y0, x1: x0 + 64, y1: y0 + 64))
          accumulator.begin(region)
          accumulator.add(polygon)
          accumulator.resolve(into: values)
          for y in region.y0..<region.y1 {
            for x in region.x0..<region.x1 {
              let v = values[(y - region.y0) * region.width + (x - region.x0)]
              let inColumns = x >= interior.x0 && x < interior.x1
              let inRows = y >= interior.y0 && y < interior.y1
              let beside = x == interior.x0 - 1 || x == interior.x1
              if inColumns && inRows {
                #expect(v == 1, "case \(n): pixel (\(x), \(y)) of the interior \(interior) accumulates to \(v)")
                checked += 1
              } else if beside && inRows {
                #expect(v < 1, "case \(n): pixel (\(x), \(y)) left of or right of \(interior) is whole")
              }
            }
          }
        }
      }
    }
    #expect(checked > 100_000, "\(checked) interior pixels")
  }

  /// A polygon that turns both ways (an L) gets no interior shortcut.
  @Test func concavePolygonsHaveNoInterior() {
    let l: [SIMD2<Double>] = [[0, 0], [200, 0], [200, 70], [70, 70], [70, 200], [0, 200]]
    #expect(!OutlineCoverage.isConvex(l))
    let outline = OutlineCoverage(l, bounds: PixelRect(x0: 0, y0: 0, x1: 200, y1: 200))
    #expect(!outline.isInside(PixelRect(x0: 4, y0: 4, x1: 60, y1: 60)))
    // A square: its whole pixels inside, none beyond its sides.
    let square: [SIMD2<Double>] = [[-0.5, 0], [200.5, 0], [200.5, 200], [-0.5, 200]]
    let full = OutlineCoverage(square, bounds: PixelRect(x0: -1, y0: 0, x1: 201, y1: 200))
    #expect(full.isInside(PixelRect(x0: 0, y0: 0, x1: 200, y1: 200)))
    #expect(!full.isInside(PixelRect(x0: 0, y0: 0, x1: 201, y1: 200)))
    #expect(!full.isInside(PixelRect(x0: -1, y0: 0, x1: 200, y1: 200)))
  }

  /// Within 2 ulps of libm's atan2 over eight decades, exactly libm's on
  /// the axes and diagonals (with their signed zeros).
  @Test func vectorAtan2IsWithinTwoUlpsOfLibm() {
    var r = GradientFastPathTests.Random(state: 0xA7A2)
    var worst = 0.0
    for _ in 0..<50_000 {
      let ys = SIMD4((0..<4).map { _ in r.range(-1, 1) * pow(10, Double(r.next() % 8) - 3) })
      let xs = SIMD4((0..<4).map { _ in r.range(-1, 1) * pow(10, Double(r.next() % 8) - 3) })
      let got = vectorAtan2(ys, xs)
      for l in 0..<4 {
        let want = atan2(ys[l], xs[l])
        worst = max(worst, abs(got[l] - want) / want.magnitude.ulp)
      }
    }
    #expect(worst <= 2, "\(worst) ulps")
    let ys = SIMD4<Double>(1, -1, 0, -0.0), xs = SIMD4<Double>(0, 0, -1, 1)
    let exact = vectorAtan2(ys, xs)
    for l in 0..<4 { #expect(exact[l].bitPattern == atan2(ys[l], xs[l]).bitPattern, "lane \(l)") }
    let d = vectorAtan2(SIMD4(1, -3, 2, -0.0), SIMD4(1, 3, -2, -1))
    for (l, (y, x)) in [(1.0, 1.0), (-3, 3), (2, -2), (-0.0, -1)].enumerated() {
      #expect(d[l].bitPattern == atan2(y, x).bitPattern, "diagonal lane \(l)")
    }
  }
}
