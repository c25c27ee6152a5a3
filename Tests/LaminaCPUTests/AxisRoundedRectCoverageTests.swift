// AxisRoundedRectCoverage: an axis-aligned rounded rectangle or ring by
// products of overlaps away from its corners and small accumulated patches
// at them. Checked against the closed-form area, against sweeping the
// whole outline, and for values that do not depend on the region asked.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct AxisRoundedRectCoverageTests {
  /// A Float running sum along a 64-pixel tile row (what sweeping the whole
  /// outline does) drifts by a few ulps of 1 from the exact area.
  static let sweepRounding: Float = 1e-5

  /// A random rounded rectangle, sometimes with a border ring, under a
  /// positive scale and a translation.
  static func shape(_ s: inout ShadowSpanTests.Stream) -> (RoundedRect, RoundedRect?, Transform3D) {
    let w = s.range(4, 140), h = s.range(4, 100)
    let curve: CornerCurve = s.unit() < 0.3 ? .continuous : .circular
    let radii = (0..<4).map { _ in s.unit() < 0.2 ? 0 : s.range(0, min(w, h) / 3) }
    let outer = RoundedRect(rect: F.rect(s.range(-5, 30), s.range(-5, 30), w, h), radii: radii, curve: curve)
    let bw = s.range(0.5, 6)
    let border = s.unit() < 0.5 && min(w, h) > 2 * bw + 1
      ? RoundedRect(rect: outer.rect.insetBy(dx: bw, dy: bw), radii: radii.map { max(0, $0 - bw) }, curve: curve) : nil
    let matrix = Transform3D(scaleX: [1, 1, 1.5, 0.75, 2.2][Int(s.next() % 5)], y: [1, 1.25, 0.6][Int(s.next() % 3)], z: 1)
      .concatenating(Transform3D(translationX: s.range(0, 40), y: s.range(0, 40)))
    return (outer, border, matrix)
  }

  /// Values over `area` in 64-pixel tiles whose grid starts at `origin`.
  static func tiled(_ area: PixelRect, origin: (Int, Int), _ evaluate: (PixelRect, TileScratch) -> Void) -> [Float] {
    let scratch = TileScratch()
    var out = [Float](repeating: .nan, count: area.width * area.height)
    let x0 = origin.0 + Int((Double(area.x0 - origin.0) / 64).rounded(.down)) * 64
    let y0 = origin.1 + Int((Double(area.y0 - origin.1) / 64).rounded(.down)) * 64
    for ty in stride(from: y0, to: area.y1, by: 64) {
      for tx in stride(from: x0, to: area.x1, by: 64) {
        let region = PixelRect(x0: tx, y0: ty, x1: tx + 64, y1: ty + 64).intersection(area)
        guard !region.isEmpty else { continue }
        evaluate(region, scratch)
        for y in region.y0..<region.y1 {
          for x in region.x0..<region.x1 {
            out[(y - area.y0) * area.width + (x - area.x0)] = scratch.coverage[(y - region.y0) * region.width + (x - region.x0)]
          }
        }
      }
    }
    return out
  }

  static func coverage(_ outer: RoundedRect, _ border: RoundedRect?, _ matrix: Transform3D) -> AxisRoundedRectCoverage? {
    let h = Homography(matrix)
    return AxisRoundedRectCoverage(
      outer: outer, border: border, h, tolerance: flatteningTolerance / h.maxScale(over: outer.rect))
  }

  @Test(arguments: 0..<4)
  func agreesWithSweepingTheWholeOutline(seed: Int) throws {
    var s = ShadowSpanTests.Stream(state: UInt64(seed) &+ 777)
    var made = 0
    for _ in 0..<40 {
      let (outer, border, matrix) = Self.shape(&s)
      guard let axis = Self.coverage(outer, border, matrix) else { continue }
      made += 1
      let h = Homography(matrix)
      let polygon = projectedOutline(outer, h), hole = border.map { projectedOutline($0, h) }
      let area = axis.bounds
      let swept = Self.tiled(area, origin: (area.x0, area.y0)) { RoundedRectStage.evaluate(polygon, hole, $0, $1) }
      let mine = Self.tiled(area, origin: (area.x0, area.y0)) { axis.evaluate($0, $1) }
      var worst: Float = 0
      for (a, b) in zip(swept, mine) { worst = max(worst, abs(a - b)) }
      #expect(worst <= Self.sweepRounding, "\(outer) border \(String(describing: border)) \(matrix): \(worst)")
    }
    #expect(made >= 25, "most random shapes take the products")
  }

  /// The same bits however the target is cut into tiles: a stamp, its tiles
  /// and a shape drawn where it is agree without evaluating a stamp whole.
  @Test(arguments: 0..<4)
  func valuesDoNotDependOnTheRegionAsked(seed: Int) throws {
    var s = ShadowSpanTests.Stream(state: UInt64(seed) &+ 991)
    for _ in 0..<20 {
      let (outer, border, matrix) = Self.shape(&s)
      guard let axis = Self.coverage(outer, border, matrix) else { continue }
      let area = axis.bounds
      let a = Self.tiled(area, origin: (0, 0)) { axis.evaluate($0, $1) }
      let b = Self.tiled(area, origin: (17, 29)) { axis.evaluate($0, $1) }
      #expect(a.map(\.bitPattern) == b.map(\.bitPattern), "\(outer) \(matrix)")
    }
  }

  /// Outside truth: the covered area is the closed-form area, w·h less
  /// (1 − π/4)·r² for each circular corner, the inner shape's taken away.
  @Test func coverageSumsToTheClosedFormArea() throws {
    func area(_ r: RoundedRect, _ sx: Double, _ sy: Double) -> Double {
      let corners = (0..<4).map { r.radius($0) }
      return (Double(r.rect.width) * Double(r.rect.height) - corners.reduce(0) { $0 + (1 - Double.pi / 4) * $1 * $1 })
        * sx * sy
    }
    let cases: [(RoundedRect, RoundedRect?, Transform3D)] = [
      (RoundedRect(rect: F.rect(14.12, 14.19, 120, 80), radii: [12, 12, 12, 12]), nil, .identity),
      (
        RoundedRect(rect: F.rect(14.12, 14.19, 120, 80), radii: [12, 12, 12, 12]),
        RoundedRect(rect: F.rect(16.12, 16.19, 116, 76), radii: [10, 10, 10, 10]), .identity
      ),
      (
        RoundedRect(rect: F.rect(3.3, 4.7, 52.4, 38.6), radii: [7.7, 3.2, 0, 15.1]), nil,
        Transform3D(scaleX: 1.5, y: 0.75, z: 1).concatenating(Transform3D(translationX: 0.37, y: 0.81))
      ),
    ]
    for (outer, border, matrix) in cases {
      let axis = try #require(Self.coverage(outer, border, matrix))
      let sum = Self.tiled(axis.bounds, origin: (0, 0)) { axis.evaluate($0, $1) }.reduce(0.0) { $0 + Double($1) }
      let (sx, sy) = (matrix.m11, matrix.m22)
      let expected = area(outer, sx, sy) - (border.map { area($0, sx, sy) } ?? 0)
      // The flattened arcs lie inside the circle by at most the 0.001 px
      // tolerance along their length (~π/2·r each, scaled), plus Float sums.
      let arcs = (0..<4).reduce(0.0) { $0 + Double.pi / 2 * outer.radius($1) } * max(sx, sy)
      #expect(abs(sum - expected) <= 0.001 * 2 * arcs + 0.01, "\(outer): \(sum) against \(expected)")
    }
  }

  /// Pills and circles (corners that meet), flips and shapes whose corner
  /// would need a patch larger than a tile are left to the sweep.
  @Test func shapesWhoseCornersMeetAreLeftToTheSweep() {
    let card = RoundedRect(rect: F.rect(2.5, 3.5, 60, 40), radii: [8, 8, 8, 8])
    #expect(Self.coverage(card, nil, .identity) != nil)
    #expect(Self.coverage(RoundedRect(rect: F.rect(2.5, 3.5, 60, 20), radii: [10, 10, 10, 10]), nil, .identity) == nil)
    #expect(Self.coverage(RoundedRect(rect: F.rect(2.5, 3.5, 30, 30), radii: [15, 15, 15, 15]), nil, .identity) == nil)
    #expect(Self.coverage(card, nil, Transform3D(scaleX: -1, y: 1, z: 1)) == nil)
    #expect(Self.coverage(RoundedRect(rect: F.rect(0, 0, 400, 300), radii: [80, 8, 8, 8]), nil, .identity) == nil)
    #expect(Self.coverage(card, nil, Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)) == nil)
  }
}
