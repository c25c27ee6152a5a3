// A plane 0.1° from edge-on is a sliver narrower than a pixel: its pixels
// must be covered by exactly the sliver's area, worked out here from the
// projection by hand (the card's two vertical edges land at known x), not
// by the renderer.
import Foundation
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

private typealias F = PlanFixtures

@Suite struct SliverTests {
  @Test func subPixelSliverCoversItsExactArea() throws {
    let plan = try TransformSweeps.sliverPlan()
    let (x0, x1) = TransformSweeps.sliverEdges()
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
