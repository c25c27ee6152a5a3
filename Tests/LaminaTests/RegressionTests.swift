// Findings kept as tests: inputs that once trapped, hung or drew the wrong
// thing, found by the fuzzers (tools/fuzz) or by the bad-input probes.
// Each names where it was found and what was wrong.

import Foundation
import Testing

@testable import Lamina

@Suite struct RegressionTests {
  /// Found probing degenerate arcs: with radii whose square underflows
  /// (1e-300² = 0) and the endpoints on one axis, λ = ∞ + 0/0 = NaN, the
  /// "radii too small" test `λ > 1` was false, and the arc collapsed to a
  /// line instead of the half circle SVG F.6.6 asks for.
  @Test func arcWithUnderflowingRadiiIsAHalfCircle() throws {
    for svg in ["M0 0 A 1e-300 1e-300 0 0 1 10 0", "M0 0 A 1e-300 2e-300 0 0 1 0 10"] {
      let points = try Path(svg: svg).flattened(tolerance: 1e-4).flatMap { $0 }
      let far = points.map { hypot(Double($0.x) - (svg.hasSuffix("10 0") ? 5 : 0), Double($0.y) - (svg.hasSuffix("10 0") ? 0 : 5)) }
      // Every point lies on a circle of radius 5 around the chord's midpoint
      // (the second has rx:ry = 1:2 scaled up to reach: an ellipse; check its extent).
      if svg.hasSuffix("10 0") {
        #expect(far.allSatisfy { abs($0 - 5) < 0.01 }, "\(svg)")  // cubic pieces: radial error < 3e-4·r
      } else {
        let xs = points.map { abs(Double($0.x)) }
        #expect(xs.max()! > 2.4 && xs.max()! < 2.6, "\(svg): half ellipse 2.5 wide, got \(xs.max()!)")
      }
    }
  }

  /// Found probing absurd radii: a `shadowRadius` of 1e300 made the CPU
  /// renderer allocate a shadow stamp over its whole 6e300-point extent and
  /// trap in `UnsafeMutablePointer.allocate` (ShadowStage.swift:37); a
  /// layer scaled 100,000× did the same with an ordinary radius. The
  /// lowering now drops shadows that light nothing and cuts the extent of
  /// the others to the target surface.
  @Test func absurdShadowRadiusLowersToNoShadow() throws {
    let scene = try Scene(jsonData: Array(##"""
      { "canvas": { "width": 40, "height": 40 }, "layers": [
        { "frame": [10, 10, 20, 20], "backgroundColor": "#fff", "shadowOpacity": 1, "shadowRadius": 1e300 },
        { "frame": [0, 0, 100, 100], "transform": "scale(100000)", "shadowOpacity": 1, "shadowRadius": 4,
          "shadowPath": { "rect": [0, 0, 100, 100] } } ] }
      """##.utf8))
    let plan = try scene.renderPlan()
    var shadows = 0
    for case .shadow(let s) in plan.surfaces.flatMap(\.commands) {
      shadows += 1
      #expect(s.extent.width < 50 && s.extent.height < 50, "extent \(s.extent)")
    }
    #expect(shadows == 1)
  }

  /// Suspected from a lowering-fuzzer timeout (14 s on one input, whose
  /// report hung before saving it): each curve was capped at 65,536 chords
  /// but a path was not, so a short shadowPath of huge arcs asked for
  /// hundreds of millions of points. The whole path is now capped.
  @Test func manyHugeArcsFlattenIntoABoundedNumberOfPoints() throws {
    let arcs = String(repeating: " A1e12 1e12 0 1 1 1 0 A1e12 1e12 0 1 1 0 0", count: 200)
    let path = try Path(svg: "M0 0" + arcs)
    #expect(path.curveSegments(tolerance: Path.rasterTolerance) > 10 * Path.maximumCurveSegmentsPerPath)
    let points = path.flattened(tolerance: Path.rasterTolerance).reduce(0) { $0 + $1.count }
    #expect(points <= Path.maximumCurveSegmentsPerPath + path.elements.count + 1, "\(points) points")
  }
}
