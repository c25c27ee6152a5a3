// A plane 0.1° from edge-on is a sliver narrower than a pixel: its pixels
// must be covered by exactly the sliver's area, worked out here from the
// projection by hand (the card's two vertical edges land at known x), not
// by the renderer.
import Foundation
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite struct SliverTests {
  /// The sliver's edges in canvas pixels, from the card's own transform:
  /// local x ∈ {0, 100} about the anchor (50, 50), then rotateY, then
  /// m34 = −1/500, then the position (60, 70): x' = 60 + X / W.
  static func edges() -> (Double, Double) {
    let t = Transform3D(rotationAngle: 89.9 * .pi / 180, x: 0, y: 1, z: 0)
    var p = Transform3D.identity
    p.m34 = -1.0 / 500
    let m = Transform3D(translationX: -50, y: -50).concatenating(t).concatenating(p)
    let xs = [0.0, 100].map { x in 60 + (x * m.m11 + m.m41) / (x * m.m14 + m.m44) }
    return (xs.min()!, xs.max()!)
  }

  @Test func subPixelSliverCoversItsExactArea() throws {
    let plan = try TransformSweeps.sliverPlan()
    let (x0, x1) = Self.edges()
    #expect(x1 - x0 > 0.1 && x1 - x0 < 0.3, "the sliver is \(x1 - x0) pixels wide")
    let image = CPURenderer().render(plan)
    for px in 58...61 {
      let covered = max(0, min(Double(px + 1), x1) - max(Double(px), x0))
      let expected = 255 * (1 - covered)  // green of red over white
      let green = Double(image.pixels[(70 * image.width + px) * 4 + 1])
      #expect(abs(green - expected) <= 1, "pixel \(px): green \(green), expected \(expected) (coverage \(covered))")
    }
  }
}
