// Two opaque cards crossing in one 3D context are cut along their
// intersection; the halves of each must tile it. Anti-aliased cuts had
// composited the halves along the line to 1 − k(1 − k) of the alpha (down
// to 75 %): a seam a relation found (shadowPathMatchesContentShadow).
import Foundation
import Lamina
import LaminaCPU
import Testing

@Suite struct DepthSortSeamTests {
  @Test func crossingPlanesLeaveNoSeam() throws {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    let context = Layer()
    context.frame = root.bounds
    var p = Transform3D.identity
    p.m34 = -1.0 / 400
    context.sublayerTransform = p
    for degrees in [20.0, -20.0] {
      let card = Layer()
      card.frame = CGRect(x: 10, y: 20, width: 80, height: 60)
      card.backgroundColor = Color(red: 0, green: 0.5, blue: 1)
      card.transform = Transform3D(rotationAngle: degrees * .pi / 180, x: 0, y: 1, z: 0)
      try context.addSublayer(card)
    }
    try root.addSublayer(context)
    let image = CPURenderer().render(try RenderPlan(root: root, size: root.bounds.size))
    // Rows well inside both cards, columns across the cut at x = 50.
    for y in 40..<60 {
      for x in 40..<60 {
        let alpha = image.pixels[(y * image.width + x) * 4 + 3]
        #expect(alpha == 255, "pixel \(x),\(y): alpha \(alpha)")
      }
    }
  }
}
