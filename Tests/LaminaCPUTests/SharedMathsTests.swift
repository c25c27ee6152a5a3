// The shared maths the lowering and both backends follow: continuous-corner
// geometry and its circular fallback, the Gaussian kernel, and bilinear
// resampling of a composite (shouldRasterize magnified).
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct SharedMathsTests {
  @Test func continuousCornersStartAtTheirExtentAndFallBack() {
    let card = RoundedRect(rect: F.rect(0, 0, 100, 60), radii: [10, 10, 10, 10], curve: .continuous)
    #expect(card.usesContinuousCorners)
    let top = card.corners[1]  // maxXminY: starts on the top edge
    let start = top.evaluate(piece: 0, at: 0).point
    #expect(abs(start.x - (100 - 10 * ContinuousCorner.extent)) < 1e-9 && start.y == 0)
    // The curve is symmetric about the corner's diagonal and inside the box.
    #expect(card.contains(x: 50, y: 30))
    #expect(!card.contains(x: 99.5, y: 0.5))
    #expect(card.contains(x: 100 - 10 * ContinuousCorner.extent - 0.01, y: 0.01))
    // 1.528665·r beyond half the shorter side: circular, as Core Animation.
    let capsule = RoundedRect(rect: F.rect(0, 0, 100, 20), radii: [10, 10, 10, 10], curve: .continuous)
    #expect(!capsule.usesContinuousCorners)
    #expect(!ContinuousCorner.fits(width: 100, height: 20, radius: 10))
    #expect(ContinuousCorner.fits(width: 100, height: 20, radius: 6.5))
  }

  /// The outline's tabulated quarter arcs are the bits `evaluate` gives
  /// (the definition, written out here): every corner direction, radii from
  /// a hair to large, tolerances from 1e-4 to 0.5 (segment counts from 2 to
  /// past the table), circular and continuous corners, mixed radii.
  @Test func tabulatedArcsAreTheEvaluatedBits() {
    func definition(_ rr: RoundedRect, tolerance: Double) -> [SIMD2<Double>] {
      var points: [SIMD2<Double>] = []
      for corner in rr.corners {
        if corner.pieces.isEmpty {
          points.append(corner.origin)
          continue
        }
        for index in corner.orderedPieceIndices {
          let n = corner.pieces[index].segments(tolerance: tolerance / corner.radius)
          for step in 0..<n { points.append(corner.evaluate(piece: index, at: Double(step) / Double(n)).point) }
        }
        points.append(corner.evaluate(piece: corner.orderedPieceIndices.last!, at: 1).point)
      }
      return points
    }
    var tabulated = 0
    for curve in [CornerCurve.circular, .continuous] {
      for radii in [[12.0, 12, 12, 12], [0.01, 3.7, 0, 48.5], [250, 1, 90, 0.3]] {
        for tolerance in [1e-4, 1e-3, 0.0125, 0.1, 0.5] {
          let rr = RoundedRect(rect: F.rect(10.37, -4.2, 700, 520), radii: radii, curve: curve)
          let got = rr.outline(tolerance: tolerance), want = definition(rr, tolerance: tolerance)
          #expect(got.count == want.count && zip(got, want).allSatisfy { $0.x.bitPattern == $1.x.bitPattern && $0.y.bitPattern == $1.y.bitPattern },
                  "\(curve) \(radii) \(tolerance)")
          if curve == .circular { tabulated += got.count }
        }
      }
    }
    #expect(tabulated > 1000)
    // n + 1 points up to the table's largest n; past it, evaluated.
    #expect(QuarterArcTable.points(7, reversed: true)?.count == 8)
    #expect(QuarterArcTable.points(QuarterArcTable.largest + 1, reversed: false) == nil)
  }

  @Test func outlineStaysWithinTolerance() {
    let rr = RoundedRect(rect: F.rect(0, 0, 50, 50), radii: [20, 20, 20, 20])
    for p in rr.outline(tolerance: 0.001) {
      // Every vertex lies on the circle of its corner (or on an edge).
      let cx = p.x < 25 ? 20.0 : 30, cy = p.y < 25 ? 20.0 : 30
      let onArc = abs(((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)).squareRoot() - 20) < 1e-9
      #expect(onArc)
    }
  }

  @Test func gaussianKernelIsNormalisedAndPixelIntegrated() {
    let k = gaussianKernel(sigma: 1.5)
    #expect(k.count == 2 * 6 + 1)
    #expect(abs(k.reduce(0, +) - 1) < 1e-6)
    #expect(abs(Double(k[6]) - gaussianIntegral(from: -0.5, to: 0.5, sigma: 1.5)) < 1e-4)
    #expect(k[5] == k[7])
    #expect(gaussianKernel(sigma: 0) == [1])
  }

  @Test func bilinearCompositeMagnifiesAsByHand() {
    // A 2×1 raster (black, white) magnified 4× with linear filtering.
    let left = F.roundedRect(RoundedRect(rect: F.rect(1, 0, 1, 1)))
    let p = F.plan(
      8, 4,
      [
        .composite(
          CompositeDraw(
            surface: 1, matrix: Transform3D(scaleX: 4, y: 4), opacity: 1, mask: nil, shadow: nil,
            sampling: .linear, clips: [], name: "raster"))
      ],
      offscreen: [Surface(width: 2, height: 1, label: "raster", commands: [left])])
    let out = CPURenderer().render(p)
    // Pixel 3 reads source x = 0.875: between texel 0 (0) and 1 (255) at 0.375.
    #expect(out.pixel(x: 3, y: 1).a == 96)
    #expect(out.pixel(x: 0, y: 1).a == 0)
    #expect(out.pixel(x: 7, y: 1).a == 255)
  }
}
