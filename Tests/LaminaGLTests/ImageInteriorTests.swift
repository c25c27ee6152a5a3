// The INTERIOR fast path of one-slice images (affine texel map, one λ per
// draw, no coverage, unblended when opaque) draws what the full shader
// draws: the same draw with a clip around the whole canvas (which keeps
// it on the full shader) must give the same bytes, to a level, for
// magnification, minification and the mip chain, opaque or not. (Offsets
// avoid pixel centres that land exactly on a texel edge, where nearest
// sampling is a tie that any rounding may break either way.)

import Foundation
import Testing
import LaminaTestSupport

@testable import Lamina
@testable import LaminaGL

@Suite("GL image interior", requiresGL)
struct ImageInteriorTests {
  static let samplings: [Sampling] = [
    Sampling(minification: .nearest, magnification: .nearest, bias: 0),
    Sampling(minification: .linear, magnification: .linear, bias: 0),
    Sampling(minification: .trilinear, magnification: .linear, bias: 0),
    Sampling(minification: .linear, magnification: .nearest, bias: 0.5),
  ]

  @Test(arguments: [0.37, 1.0, 2.6])
  func interiorMatchesTheFullShader(scale: Double) throws {
    let renderer = try GLRenderer()
    var opaque = PlanFixtures.noise(width: 40, height: 30, seed: 9).pixels
    for i in stride(from: 3, to: opaque.count, by: 4) { opaque[i] = 255 }
    let images = [
      PlanFixtures.noise(width: 40, height: 30, seed: 9),
      Image(width: 40, height: 30, premultipliedPixels: opaque),
    ]
    let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)
    let everything = Clip(matrix: .identity, shape: .roundedRect(RoundedRect(rect: CGRect(x: -10, y: -10, width: 200, height: 200))))
    for image in images {
      for sampling in Self.samplings {
        let destination = CGRect(x: 3.31, y: 2.63, width: 40 * scale, height: 30 * scale)
        var draw = ImageDraw(
          matrix: Transform3D(translationX: 0.27, y: 0), image: image,
          slices: [ImageSlice(destination: destination, source: CGRect(x: 0, y: 0, width: 40, height: 30))],
          sampling: sampling, opacity: 1, clips: [], name: "image")
        let fast = try renderer.render(PlanFixtures.plan(120, 90, background: white, [.image(draw)]))
        draw.clips = [everything]
        let full = try renderer.render(PlanFixtures.plan(120, 90, background: white, [.image(draw)]))
        let worst = zip(fast.pixels, full.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "scale \(scale), \(sampling): largest difference \(worst)")
      }
    }
  }
}
