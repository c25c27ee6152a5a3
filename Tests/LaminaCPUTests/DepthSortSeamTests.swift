// A card cut by another card's plane must be tiled by its fragments: the
// 3D sort splits it along the line where the planes meet, and anti-aliased
// cuts had composited its two halves there to 1 − k(1 − k) of its alpha (a
// seam down to 75 %), found by the shadowPathMatchesContentShadow relation.
// The other card is a thin strip at the top, so the cut through the first
// card's middle is seen uncovered.
import Foundation
import Lamina
import LaminaCPU
import Testing

@Suite struct DepthSortSeamTests {
  @Test func aCutLayerLeavesNoSeam() throws {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    let context = Layer()
    context.frame = root.bounds
    var p = Transform3D.identity
    p.m34 = -1.0 / 400
    context.sublayerTransform = p
    // Both turn about the vertical line x = 50.3, which falls inside pixel 50.
    let card = Layer()
    card.frame = CGRect(x: 10.3, y: 20, width: 80, height: 60)
    card.backgroundColor = Color(red: 0, green: 0.5, blue: 1)
    card.transform = Transform3D(rotationAngle: 20 * .pi / 180, x: 0, y: 1, z: 0)
    let strip = Layer()
    strip.frame = CGRect(x: 10.3, y: 2, width: 80, height: 6)
    strip.anchorPoint = CGPoint(x: 0.5, y: 8)  // turns about y = 50, the card's centre line
    strip.frame = CGRect(x: 10.3, y: 2, width: 80, height: 6)
    strip.backgroundColor = Color(red: 1, green: 0.6, blue: 0)
    strip.transform = Transform3D(rotationAngle: -20 * .pi / 180, x: 0, y: 1, z: 0)
    try context.addSublayer(strip)
    try context.addSublayer(card)
    try root.addSublayer(context)
    let plan = try RenderPlan(root: root, size: root.bounds.size)
    // The card (the blue fill) is drawn in two fragments.
    let cuts = plan.surfaces[0].commands.filter { c in
      guard case .roundedRect(let d) = c, d.color.b > 0.9 else { return false }
      return c.clips.contains { if case .convex = $0.shape { true } else { false } }
    }
    #expect(cuts.count == 2, "the card must be cut in two: \(cuts.count) cut fragments")
    let image = CPURenderer().render(plan)
    // Rows well inside the card, columns across the cut at x = 50.3.
    for y in 40..<60 {
      for x in 45..<56 {
        let alpha = image.pixels[(y * image.width + x) * 4 + 3]
        #expect(alpha == 255, "pixel \(x),\(y): alpha \(alpha)")
      }
    }
  }
}
