// Regression: a large face under perspective, its edges a few degrees off
// the pixel axes, must be exactly opaque well inside and exactly empty
// well outside. Float32 box-edge coverage once squared distances of
// hundreds of pixels and cancelled them into speckles (figure 5.21's
// noisy faces and ghosts of hidden faces). The quad's straight edges are
// the projected corners' lines, so inside/outside is known in Double.

import Foundation
import Testing
import LaminaTestSupport

@testable import Lamina
@testable import LaminaGL

@Suite("GL perspective precision", requiresGL)
struct PerspectivePrecisionTests {
  @Test func perspectiveFaceHasNoSpeckles() throws {
    let size = 480
    let rect = CGRect(x: 0, y: 0, width: 400, height: 400)
    let matrix = Transform3D(translationX: -200, y: -200)
      .concatenating(Transform3D(rotationAngle: 2 * .pi / 180, x: 0, y: 0, z: 1))
      .concatenating(Transform3D(rotationAngle: 35 * .pi / 180, x: 0, y: 1, z: 0))
      .concatenating(Transform3D(rotationAngle: -20 * .pi / 180, x: 1, y: 0, z: 0))
      .concatenating(Transform3D(perspective: 600))
      .concatenating(Transform3D(translationX: 240, y: 240))
    let corners = try [(0.0, 0.0), (400.0, 0.0), (400.0, 400.0), (0.0, 400.0)].map {
      try #require(matrix.project(CGPoint(x: $0.0, y: $0.1)))
    }
    // Signed distance (pixels) from each edge line, positive on the quad's side.
    let centre = CGPoint(
      x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
    func insideDistance(_ x: Double, _ y: Double) -> Double {
      var nearest = Double.infinity
      for k in 0..<4 {
        let a = corners[k], b = corners[(k + 1) % 4]
        let nx = -(b.y - a.y), ny = b.x - a.x
        let len = (nx * nx + ny * ny).squareRoot()
        var d = ((x - a.x) * nx + (y - a.y) * ny) / len
        if (centre.x - a.x) * nx + (centre.y - a.y) * ny < 0 { d = -d }
        nearest = min(nearest, d)
      }
      return nearest
    }
    let image = try GLRenderer().render(
      PlanFixtures.plan(size, size, [PlanFixtures.roundedRect(rect, matrix: matrix)]))
    var speckledInside = 0, speckledOutside = 0, inside = 0
    for y in 0..<size {
      for x in 0..<size {
        let d = insideDistance(Double(x) + 0.5, Double(y) + 0.5)
        let alpha = image.pixels[(y * size + x) * 4 + 3]
        if d > 1.5 {
          inside += 1
          if alpha != 255 { speckledInside += 1 }
        } else if d < -1.5, alpha != 0 {
          speckledOutside += 1
        }
      }
    }
    #expect(inside > size * size / 4, "the face covers much of the canvas")
    #expect(speckledInside == 0, "pixels inside the face not opaque")
    #expect(speckledOutside == 0, "pixels outside the face not empty")
  }
}
