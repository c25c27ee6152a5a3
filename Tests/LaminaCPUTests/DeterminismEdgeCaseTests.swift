// Degenerate geometry renders what it should, every time: each case is
// rendered by two fresh CPU renderers (identical bytes) and compared with
// an expectation computed independently of the renderer —
//   - a layer crossing the viewer's plane (w from 0 to 2 across it) must
//     cover exactly the pixels whose preimage under the homography lies in
//     the layer with w > 0, and nothing of what lies behind the viewer;
//   - singular transforms and layers entirely behind the viewer draw nothing;
//   - 5,000 one-pixel sublayers each land on their own pixel, exactly.
// (The plan-level side of these cases is in LaminaTests/BadInputTests.)

import Foundation
import Testing

@testable import Lamina
@testable import LaminaCPU
import LaminaTestSupport

@Suite struct DeterminismEdgeCaseTests {
  func canvas(_ side: Double) -> Layer { LayerFixtures.canvas(side) }

  func square() -> Layer {
    let layer = Layer()
    layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    layer.position = CGPoint(x: 20, y: 20)
    layer.backgroundColor = .white
    return layer
  }

  /// Renders twice with fresh renderers, expects identical bytes, returns one.
  func render(_ plan: RenderPlan) throws -> Image {
    let a = CPURenderer().render(plan), b = CPURenderer().render(plan)
    #expect(try a.pngData() == b.pngData(), "two renders differ")
    return a
  }

  func plan(_ layer: Layer, side: Double = 40) throws -> RenderPlan {
    let root = canvas(side)
    try root.addSublayer(layer)
    return try RenderPlan(root: root, size: CGSize(width: side, height: side))
  }

  @Test func aLayerCrossingTheViewerPlaneCoversExactlyItsVisiblePart() throws {
    let layer = square()
    layer.transform.m14 = 0.1  // w = 0.1·x + 1 over x ∈ −10…10 (around the anchor)
    let p = try plan(layer)
    let image = try render(p)
    guard case .roundedRect(let s)? = p.surfaces[0].commands.first else {
      Issue.record("expected one shape")
      return
    }
    // The z = 0 plane's homography, local (x, y, 1) → (X, Y, W), and its inverse.
    let m = s.matrix
    let h = [[m.m11, m.m21, m.m41], [m.m12, m.m22, m.m42], [m.m14, m.m24, m.m44]]
    let det = h[0][0] * (h[1][1] * h[2][2] - h[1][2] * h[2][1])
      - h[0][1] * (h[1][0] * h[2][2] - h[1][2] * h[2][0]) + h[0][2] * (h[1][0] * h[2][1] - h[1][1] * h[2][0])
    try #require(abs(det) > 1e-12)
    func cofactor(_ r: Int, _ c: Int) -> Double {
      let rows = [0, 1, 2].filter { $0 != r }, cols = [0, 1, 2].filter { $0 != c }
      let v = h[rows[0]][cols[0]] * h[rows[1]][cols[1]] - h[rows[0]][cols[1]] * h[rows[1]][cols[0]]
      return (r + c) % 2 == 0 ? v : -v
    }
    // inverse[i][j] = cofactor(j, i) / det
    func preimage(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
      let q = (0..<3).map { i in (cofactor(0, i) * x + cofactor(1, i) * y + cofactor(2, i)) / det }
      return (q[0] / q[2], q[1] / q[2], q[2])
    }
    let rect = s.outer.rect
    /// Inside: in front of the viewer (the preimage's w > 0) and in the rect.
    func inside(_ x: Double, _ y: Double) -> Bool {
      let q = preimage(x, y)
      return q.w > 0 && rect.contains(CGPoint(x: q.x, y: q.y))
    }
    var covered = 0, empty = 0
    for py in 0..<image.height {
      for px in 0..<image.width {
        // A pixel whose neighbourhood (±1 px) is all inside or all outside.
        let probes = [(-1.0, -1.0), (2, -1), (-1, 2), (2, 2), (0.5, 0.5)].map {
          inside(Double(px) + $0.0, Double(py) + $0.1)
        }
        let alpha = image.pixel(x: px, y: py).a
        if probes.allSatisfy({ $0 }) {
          covered += 1
          #expect(alpha == 255, "pixel \(px),\(py) should be covered")
        } else if !probes.contains(true) {
          empty += 1
          #expect(alpha == 0, "pixel \(px),\(py) should be empty (behind the viewer or outside)")
        }
      }
    }
    // The layer's w → 0 edge runs to infinity: its visible part reaches the
    // canvas edge, and the rest of the canvas stays empty.
    #expect(covered > 400 && empty > 200, "covered \(covered), empty \(empty)")
  }

  @Test func singularAndBehindTheViewerDrawNothing() throws {
    var cases: [Transform3D] = [Transform3D(scaleX: 0, y: 0), Transform3D(scaleX: 1, y: 0)]
    var behind = Transform3D.identity
    behind.m44 = -1
    cases.append(behind)
    cases.append(Transform3D(rotationAngle: .pi / 2, x: 0, y: 1, z: 0))
    for t in cases {
      let layer = square()
      layer.transform = t
      let image = try render(try plan(layer))
      #expect(image.pixels.allSatisfy { $0 == 0 }, "\(t) drew something")
    }
  }

  @Test func fiveThousandSublayersLandOnTheirPixels() throws {
    let root = canvas(100)
    try LayerFixtures.addUnitSquares(5_000, columns: 100, to: root) {
      Color(red: Double($0 % 256) / 255, green: 128.0 / 255, blue: 64.0 / 255)
    }
    let image = try render(try RenderPlan(root: root, size: CGSize(width: 100, height: 100)))
    for y in 0..<100 {
      for x in 0..<100 {
        let p = image.pixel(x: x, y: y)
        if y < 50 {
          let i = y * 100 + x
          #expect(p.r == UInt8(i % 256) && p.g == 128 && p.b == 64 && p.a == 255, "pixel \(x),\(y): \(p)")
        } else {
          #expect(p.a == 0, "pixel \(x),\(y) below the layers")
        }
      }
    }
  }

  /// Regression: a flat shadow whose extent is huge (found with
  /// `shadowRadius: 1e300`) once trapped allocating a stamp over the whole
  /// extent; it must draw only what is visible.
  @Test
  func aShadowWithAHugeExtentRendersOnlyWhatIsVisible() throws {
    let shape = RoundedRect(rect: CGRect(x: 10, y: 10, width: 20, height: 20))
    let shadow = ShadowDraw(
      matrix: .identity, shape: shape, sigma: 4, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1),
      extent: CGRect(x: -1e7, y: -1e7, width: 2e7, height: 2e7), clips: [], name: "huge")
    let plan = RenderPlan(
      width: 40, height: 40, background: .transparent,
      surfaces: [Surface(width: 40, height: 40, label: "canvas", commands: [.shadow(shadow)])])
    let image = try render(plan)
    #expect(image.pixel(x: 20, y: 20).a > 200)
    #expect(image.pixel(x: 0, y: 0).a < 40)
  }
}
