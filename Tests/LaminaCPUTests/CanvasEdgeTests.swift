// Commands cut by the canvas edge: left of and above the origin, past the
// right and bottom edges, on canvases whose size is not a multiple of the
// tile size, at sub-pixel offsets (shape and shadow stamps placed at
// negative and fractional positions, images and composites sliced by
// partial tiles). The renderer must stay within its buffers (run these
// under `-sanitize=address` when touching the tile loops) and the visible
// part must match the same scene drawn on a larger canvas, shifted by whole
// pixels.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct CanvasEdgeTests {
  func commands(shiftX: Double, shiftY: Double) -> [DrawCommand] {
    var image: [UInt8] = []
    for j in 0..<23 { for i in 0..<31 { image += [UInt8(i * 8), UInt8(j * 11), 90, 255] } }
    let picture = Image(width: 31, height: 23, premultipliedPixels: image)
    var out: [DrawCommand] = []
    let places: [(Double, Double)] = [(-37.3, -12.6), (101.7, 48.2), (-8.5, 55.75), (117.25, -20.5), (40.1, 30.9)]
    for (n, (x, y)) in places.enumerated() {
      let m = Transform3D(translationX: x + shiftX, y: y + shiftY)
      let card = RoundedRect(rect: F.rect(0, 0, 47, 31), radii: [6, 6, 6, 6])
      out.append(
        .shadow(
          ShadowDraw(
            matrix: m, shape: card, sigma: 3, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.4),
            extent: card.rect.insetBy(dx: -12, dy: -12), clips: [], name: "shadow")))
      out.append(F.roundedRect(card, matrix: m, color: PremultipliedColor(r: 0.9, g: 0.8, b: 0.2, a: 1)))
      out.append(
        F.roundedRect(card, border: RoundedRect(rect: F.rect(2, 2, 43, 27), radii: [4, 4, 4, 4]), matrix: m,
          color: PremultipliedColor(r: 0.1, g: 0.1, b: 0.3, a: 1)))
      out.append(
        .image(
          ImageDraw(
            matrix: m.scaledBy(x: n % 2 == 0 ? 1.7 : 0.6, y: 1.3), image: picture,
            slices: [ImageSlice(destination: F.rect(3, 3, 31, 23), source: F.rect(0, 0, 31, 23))],
            sampling: n % 2 == 0 ? .linear : Sampling(minification: .trilinear, magnification: .nearest, bias: 0),
            opacity: 1, clips: [], name: "image")))
    }
    return out
  }

  @Test func partlyOffCanvasCommandsMatchALargerCanvas() {
    let (w, h, pad) = (130, 70, 64)
    let small = CPURenderer().render(F.plan(w, h, background: F.white, commands(shiftX: 0, shiftY: 0)))
    let large = CPURenderer().render(
      F.plan(w + 2 * pad, h + 2 * pad, background: F.white, commands(shiftX: Double(pad), shiftY: Double(pad))))
    #expect(small.width == w && small.height == h)
    var worst = 0
    for j in 0..<h {
      for i in 0..<w {
        for c in 0..<4 {
          let a = Int(small.pixels[(j * w + i) * 4 + c])
          let b = Int(large.pixels[((j + pad) * (w + 2 * pad) + i + pad) * 4 + c])
          worst = max(worst, abs(a - b))
        }
      }
    }
    // Whole-pixel shifts change only the rounding of coordinates.
    #expect(worst <= 1)
    #expect(Set(small.pixels).count > 50)
  }
}
