// Composites: nearest copies reproduce the source exactly, masks multiply,
// surface shadows are the blurred alpha (against the Gaussian of a
// rectangle), opacity fades content over shadow as one, shadow clips cut.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct CompositeTests {
  static let nearest = Sampling(minification: .nearest, magnification: .nearest, bias: 0)

  func composite(
    _ surface: Int, matrix: Transform3D = .identity, opacity: Float = 1, mask: Int? = nil,
    shadow: SurfaceShadow? = nil
  ) -> DrawCommand {
    .composite(
      CompositeDraw(
        surface: surface, matrix: matrix, opacity: opacity, mask: mask, shadow: shadow,
        sampling: Self.nearest, clips: [], name: "group"))
  }

  /// Content with anti-aliased edges of many levels.
  let content: [DrawCommand] = [
    F.roundedRect(RoundedRect(rect: F.rect(1.3, 0.6, 7.1, 6.2), radii: [3, 2, 1, 2.5]), color: PremultipliedColor(r: 0.2, g: 0.5, b: 0.6, a: 0.8))
  ]

  @Test func nearestCopiesArePixelExact() {
    let alone = CPURenderer().render(F.plan(10, 8, content))
    let p = F.plan(
      16, 12, [composite(1, matrix: Transform3D(translationX: 3, y: 2))],
      offscreen: [Surface(width: 10, height: 8, label: "group", commands: content)])
    let out = CPURenderer().render(p)
    for j in 0..<8 { for i in 0..<10 { #expect(out.pixel(x: i + 3, y: j + 2) == alone.pixel(x: i, y: j)) } }
    #expect(out.pixel(x: 0, y: 0) == (0, 0, 0, 0))
  }

  @Test func maskMultipliesByItsAlpha() {
    let full = F.roundedRect(RoundedRect(rect: F.rect(0, 0, 4, 4)))
    let half = F.roundedRect(RoundedRect(rect: F.rect(0, 0, 2, 4)), color: PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5))
    let p = F.plan(
      4, 4, [composite(1, mask: 2)],
      offscreen: [
        Surface(width: 4, height: 4, label: "content", commands: [full]),
        Surface(width: 4, height: 4, label: "mask", commands: [half]),
      ])
    let out = CPURenderer().render(p)
    #expect(out.pixel(x: 0, y: 1) == (128, 128, 128, 128))
    #expect(out.pixel(x: 3, y: 1) == (0, 0, 0, 0))
  }

  func shadowPlan(only: Bool, opacity: Float = 1, clip: Clip? = nil) -> RenderPlan {
    let block = F.roundedRect(RoundedRect(rect: F.rect(8, 8, 8, 8)))
    let shadow = SurfaceShadow(
      sigma: 2, offsetX: 0, offsetY: 3, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1),
      shadowOnly: only, clip: clip)
    return F.plan(
      24, 24, [composite(1, opacity: opacity, shadow: shadow)],
      offscreen: [Surface(width: 24, height: 24, label: "group", commands: [block])])
  }

  /// The Gaussian of the block moved by (0, 3), at pixel (i, j).
  func expectedShadow(_ i: Int, _ j: Int) -> Double {
    let x = Double(i) + 0.5, y = Double(j) + 0.5 - 3
    return gaussianIntegral(from: 8 - x, to: 16 - x, sigma: 2) * gaussianIntegral(from: 8 - y, to: 16 - y, sigma: 2)
  }

  @Test func surfaceShadowIsTheBlurredAlpha() {
    let out = CPURenderer().render(shadowPlan(only: true))
    var worst = 0
    for j in 0..<24 {
      for i in 0..<24 {
        worst = max(worst, abs(Int(out.pixel(x: i, y: j).a) - Int((expectedShadow(i, j) * 255).rounded())))
      }
    }
    #expect(worst <= 1)
  }

  @Test func opacityFadesContentOverShadowAsOne() {
    let out = CPURenderer().render(shadowPlan(only: false, opacity: 0.5))
    // Inside the content: opaque white, faded once.
    #expect(out.pixel(x: 10, y: 10) == (128, 128, 128, 128))
    // Below the content: the shadow alone, faded once.
    let s = expectedShadow(12, 17) * 0.5 * 255
    #expect(abs(Double(out.pixel(x: 12, y: 17).a) - s) <= 1)
    #expect(out.pixel(x: 12, y: 17).r == 0)
  }

  @Test func shadowClipCutsTheShadow() {
    let left = Clip(matrix: .identity, shape: .roundedRect(RoundedRect(rect: F.rect(0, 0, 12, 24))))
    let out = CPURenderer().render(shadowPlan(only: true, clip: left))
    #expect(out.pixel(x: 10, y: 18).a > 100)
    #expect(out.pixel(x: 14, y: 18).a == 0)
  }

  @Test func rasterKeysAreReusedAcrossFrames() {
    var group = Surface(width: 10, height: 8, label: "raster", rasterKey: 42, commands: content)
    let p1 = F.plan(12, 10, [composite(1)], offscreen: [group])
    group.commands = []  // A renderer that reuses the key must not look at these.
    let p2 = F.plan(12, 10, [composite(1)], offscreen: [group])
    let renderer = CPURenderer()
    let first = renderer.render(p1)
    #expect(renderer.rasterCacheHits == 0)
    let second = renderer.render(p2)
    #expect(renderer.rasterCacheHits == 1)
    #expect(first.pixels == second.pixels)
  }

  @Test func compositesOfEarlierOrMissingSurfacesAreSkipped() {
    let p = F.plan(4, 4, background: F.white, [composite(0), composite(7)])
    let out = CPURenderer().render(p)
    #expect(out.pixels == [UInt8](repeating: 255, count: 64))
  }
}
