// A content shadow whose offset falls between pixels: a 40×40 opaque card
// (its sublayer makes the shadow content-derived) under scale(0.5), shadow
// offset (0, −3) and radius 3 points, so −1.5 and 1.5 pixels. Above and
// below the card the shadow must be the closed form of the blurred
// rectangle, worked out here with erf; reading the blurred grid nearest
// had moved it by half a pixel (up to 19 levels).
import Foundation
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite struct ShadowOffsetTests {
  @Test func fractionalOffsetMatchesTheClosedForm() throws {
    let scene = try Scene(contentsOfFile: Corpus.root + "/Tests/Scenes/shadow-fractional-offset.json")
    let image = CPURenderer().render(try scene.renderPlan())
    // The card covers x 40…80, y 20…60; the shadow rectangle is that moved
    // by −1.5 in y, blurred with σ = 1.5; opacity 0.6, black, over #F2F2F7.
    func phi(_ t: Double) -> Double { 0.5 * (1 + erf(t / 2.0.squareRoot())) }
    let s = 1.5
    func shadow(_ x: Int, _ y: Int) -> Double {
      let px = Double(x) + 0.5, py = Double(y) + 0.5
      return (phi((px - 40) / s) - phi((px - 80) / s)) * (phi((py - 18.5) / s) - phi((py - 58.5) / s))
    }
    for (x, y) in [(60, 14), (60, 15), (60, 16), (60, 17), (60, 18), (60, 19), (60, 60), (60, 61), (60, 62),
                   (37, 40), (38, 40), (39, 40), (80, 40), (81, 40), (82, 40)] {
      let expected = 242 * (1 - 0.6 * shadow(x, y))
      let red = Double(image.pixels[(y * image.width + x) * 4])
      // The grid blurs the anti-aliased silhouette (a one-pixel box, then
      // the Gaussian's mass per pixel), not the exact edge: 2 levels.
      #expect(abs(red - expected) <= 2, "pixel \(x),\(y): red \(red), closed form \(expected)")
    }
  }
}
