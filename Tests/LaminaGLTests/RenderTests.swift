// Simple plans against values known in advance: exact area coverage,
// a rounded corner against supersampling, images reproduced exactly,
// composites with opacity, shadows against the erf closed form.

import Foundation
import Testing
import LaminaTestSupport

@testable import Lamina
@testable import LaminaGL

private typealias F = PlanFixtures

/// The alpha (or one channel) of pixel (x, y).
private func channel(_ image: Image, _ x: Int, _ y: Int, _ c: Int = 3) -> Int {
  Int(image.pixels[(y * image.width + x) * 4 + c])
}

private func level(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }

@Suite("GL rendering", requiresGL)
struct RenderTests {
  @Test func fractionalRectangleHasExactAreaCoverage() throws {
    let renderer = try GLRenderer()
    let rect = CGRect(x: 3.25, y: 4.5, width: 9.5, height: 5.7)  // to 12.75, 10.2
    let image = try renderer.render(F.plan(16, 14, [F.roundedRect(rect)]))
    let expected: [(Int, Int, Double)] = [
      (3, 6, 0.75), (12, 6, 0.75), (6, 4, 0.5), (6, 10, 0.2), (3, 4, 0.375), (12, 10, 0.15),
      (7, 7, 1), (2, 6, 0), (13, 6, 0), (6, 3, 0), (6, 11, 0),
    ]
    for (x, y, coverage) in expected {
      #expect(abs(channel(image, x, y) - level(coverage)) <= 1, "pixel (\(x), \(y))")
      #expect(channel(image, x, y, 0) == 0)
    }
  }

  @Test func roundedCornerMatchesSupersampledCoverage() throws {
    let renderer = try GLRenderer()
    let rect = CGRect(x: 2, y: 2, width: 30, height: 24)
    let radius = 10.0
    let image = try renderer.render(F.plan(34, 28, [F.roundedRect(rect, radius: radius)]))
    // Exact coverage of the top-left corner by 32×32 supersampling.
    func coverage(_ x: Int, _ y: Int) -> Double {
      var inside = 0
      for i in 0..<32 {
        for j in 0..<32 {
          let px = Double(x) + (Double(i) + 0.5) / 32, py = Double(y) + (Double(j) + 0.5) / 32
          let dx = max(0, 12 - px), dy = max(0, 12 - py)
          if px >= 2, py >= 2, dx * dx + dy * dy <= radius * radius { inside += 1 }
        }
      }
      return Double(inside) / 1024
    }
    var worst = 0
    for y in 2..<12 {
      for x in 2..<12 {
        let d = abs(channel(image, x, y) - level(coverage(x, y)))
        if d > 2 { print("corner (\(x), \(y)): GL \(channel(image, x, y)), exact \(level(coverage(x, y)))") }
        worst = max(worst, d)
      }
    }
    #expect(worst <= 2, "largest difference in the corner: \(worst) levels")
    #expect(channel(image, 2, 2) == 0)
    #expect(channel(image, 8, 8) == 255)
  }

  @Test func continuousCornerLeavesTheEdgeEarlier() throws {
    let renderer = try GLRenderer()
    let rect = CGRect(x: 0, y: 0, width: 64, height: 64)
    let circular = try renderer.render(F.plan(64, 64, [F.roundedRect(rect, radius: 12)]))
    let continuous = try renderer.render(F.plan(64, 64, [F.roundedRect(rect, radius: 12, curve: .continuous)]))
    // Apple's corner leaves the edge 1.53 r from the corner (the circle: r),
    // and crosses the diagonal about where the circle does (0.2915 r vs 0.2929 r).
    #expect(abs(channel(continuous, 3, 3) - channel(circular, 3, 3)) <= 12)
    #expect(channel(continuous, 10, 0) < channel(circular, 10, 0) - 20)
    #expect(channel(continuous, 14, 0) < 255 && channel(circular, 14, 0) == 255)
    #expect(channel(continuous, 19, 0) == 255)
    #expect(channel(continuous, 32, 32) == 255 && channel(continuous, 32, 0) == 255)
  }

  @Test(arguments: [ContentsFilter.nearest, .linear])
  func imageDrawnOneToOneIsReproduced(filter: ContentsFilter) throws {
    let renderer = try GLRenderer()
    let source = F.noise(width: 13, height: 7)
    let sampling = Sampling(minification: filter, magnification: filter, bias: 0)
    let image = try renderer.render(
      F.plan(17, 10, [F.image(source, at: CGRect(x: 3, y: 2, width: 13, height: 7), sampling: sampling)]))
    for y in 0..<7 {
      for x in 0..<13 {
        let a = source.pixel(x: x, y: y), b = image.pixel(x: x + 3, y: y + 2)
        #expect(a == b, "texel (\(x), \(y))")
      }
    }
    #expect(image.pixel(x: 2, y: 2) == (0, 0, 0, 0))
  }

  @Test func bilinearMagnificationMatchesTheHandComputedSamples() throws {
    let renderer = try GLRenderer()
    // Texels 0 and 255 (red) stretched over 4 pixels: pixel centres read
    // texel coordinates 0.25, 0.75, 1.25, 1.75 (centres at 0.5 and 1.5,
    // clamped at the edge): 0, 64, 191, 255.
    let image = Image(width: 2, height: 1, premultipliedPixels: [0, 0, 0, 255, 255, 0, 0, 255])
    let out = try renderer.render(F.plan(4, 1, [F.image(image, at: CGRect(x: 0, y: 0, width: 4, height: 1))]))
    let red = (0..<4).map { channel(out, $0, 0, 0) }
    for (got, expected) in zip(red, [0, 64, 191, 255]) { #expect(abs(got - expected) <= 1, "\(red)") }
    // Below λ = 0 the magnification filter decides: nearest reads 0, 0, 255, 255.
    let nearest = Sampling(minification: .linear, magnification: .nearest, bias: 0)
    let sharp = try renderer.render(F.plan(4, 1, [F.image(image, at: CGRect(x: 0, y: 0, width: 4, height: 1), sampling: nearest)]))
    #expect((0..<4).map { channel(sharp, $0, 0, 0) } == [0, 0, 255, 255])
    // A bias of +2 moves λ = −1 above 0: the minification filter (linear) decides.
    let biased = Sampling(minification: .linear, magnification: .nearest, bias: 2)
    let soft = try renderer.render(F.plan(4, 1, [F.image(image, at: CGRect(x: 0, y: 0, width: 4, height: 1), sampling: biased)]))
    #expect(abs(channel(soft, 1, 0, 0) - 64) <= 1)
  }

  @Test func trilinearMinificationReadsTheMipChain() throws {
    let renderer = try GLRenderer()
    // A 1-pixel black/white checkerboard averages to mid grey at every level ≥ 1.
    var pixels: [UInt8] = []
    for y in 0..<64 { for x in 0..<64 { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; pixels += [v, v, v, 255] } }
    let checker = Image(width: 64, height: 64, premultipliedPixels: pixels)
    let trilinear = Sampling(minification: .trilinear, magnification: .linear, bias: 0)
    let image = try renderer.render(
      F.plan(8, 8, [F.image(checker, at: CGRect(x: 0, y: 0, width: 8, height: 8), sampling: trilinear)]))
    for y in 0..<8 { for x in 0..<8 { #expect(abs(channel(image, x, y, 0) - 128) <= 1) } }
    // `linear` minification reads level 0 only: each pixel centre falls between 4 texels at ρ = 8... (bilinear)
    let nearest = Sampling(minification: .nearest, magnification: .nearest, bias: 0)
    let sharp = try renderer.render(
      F.plan(8, 8, [F.image(checker, at: CGRect(x: 0, y: 0, width: 8, height: 8), sampling: nearest)]))
    // Pixel centre (i+0.5)·8 = 8i+4 → texel (8i+4, 8j+4): even sum → white.
    for y in 0..<8 { for x in 0..<8 { #expect(channel(sharp, x, y, 0) == 255) } }
  }

  @Test func compositeWithOpacity() throws {
    let renderer = try GLRenderer()
    let red = PremultipliedColor(r: 1, g: 0, b: 0, a: 1)
    let group = Surface(width: 10, height: 10, label: "group", commands: [F.roundedRect(CGRect(x: 0, y: 0, width: 10, height: 5), color: red)])
    let plan = F.plan(
      12, 12, background: F.white, [F.composite(1, matrix: Transform3D(translationX: 2, y: 2), opacity: 0.5)],
      offscreen: [group])
    let image = try renderer.render(plan)
    let p = image.pixel(x: 5, y: 4)
    #expect(p.r == 255 && abs(Int(p.g) - 128) <= 1 && abs(Int(p.b) - 128) <= 1 && p.a == 255)
    #expect(image.pixel(x: 5, y: 9) == (255, 255, 255, 255), "transparent part of the group")
    #expect(image.pixel(x: 1, y: 1) == (255, 255, 255, 255), "outside the group")
  }

  @Test func maskMultipliesByTheMaskAlpha() throws {
    let renderer = try GLRenderer()
    let content = Surface(width: 8, height: 8, label: "content", commands: [F.roundedRect(CGRect(x: 0, y: 0, width: 8, height: 8))])
    let mask = Surface(width: 8, height: 8, label: "mask", commands: [F.roundedRect(CGRect(x: 0, y: 0, width: 4, height: 8))])
    let image = try renderer.render(F.plan(8, 8, [F.composite(1, mask: 2)], offscreen: [content, mask]))
    #expect(channel(image, 1, 4) == 255)
    #expect(channel(image, 6, 4) == 0)
  }

  @Test func rectangleShadowMatchesTheErfClosedForm() throws {
    let renderer = try GLRenderer()
    let rect = CGRect(x: 20, y: 16, width: 30, height: 20)
    let sigma = 4.0
    let image = try renderer.render(F.plan(72, 56, [F.shadow(rect, sigma: sigma)]))
    func phi(_ lo: Double, _ hi: Double, _ x: Double) -> Double {
      0.5 * (erf((hi - x) / (sigma * 2.0.squareRoot())) - erf((lo - x) / (sigma * 2.0.squareRoot())))
    }
    var worst = 0
    for y in stride(from: 4, to: 50, by: 3) {
      for x in stride(from: 6, to: 66, by: 3) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let value = phi(rect.minX, rect.maxX, px) * phi(rect.minY, rect.maxY, py)
        worst = max(worst, abs(channel(image, x, y) - level(value)))
      }
    }
    #expect(worst <= 2, "largest difference from the closed form: \(worst) levels")
  }

  @Test func roundedShadowIsBetweenTheRectangleAndItsCornerDeficit() throws {
    let renderer = try GLRenderer()
    let rect = CGRect(x: 16, y: 16, width: 40, height: 32)
    let square = try renderer.render(F.plan(72, 64, [F.shadow(rect, sigma: 4)]))
    let rounded = try renderer.render(F.plan(72, 64, [F.shadow(rect, radius: 12, sigma: 4)]))
    #expect(channel(rounded, 16, 16) < channel(square, 16, 16), "the rounded corner is lighter")
    #expect(abs(channel(rounded, 36, 14) - channel(square, 36, 14)) <= 2, "mid-edge is the same")
    #expect(channel(rounded, 36, 32) == 255)
  }

  @Test func surfaceShadowBlursTheAlpha() throws {
    let renderer = try GLRenderer()
    for sigma in [2.0, 12.0] {
      let group = Surface(
        width: 96, height: 96, label: "group",
        commands: [F.roundedRect(CGRect(x: 32, y: 32, width: 32, height: 32))])
      let shadow = SurfaceShadow(
        sigma: sigma, offsetX: 0, offsetY: 0, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1), shadowOnly: true,
        clip: nil)
      let image = try renderer.render(F.plan(96, 96, [F.composite(1, shadow: shadow)], offscreen: [group]))
      func phi(_ lo: Double, _ hi: Double, _ x: Double) -> Double {
        0.5 * (erf((hi - x) / (sigma * 2.0.squareRoot())) - erf((lo - x) / (sigma * 2.0.squareRoot())))
      }
      var worst = 0
      for y in stride(from: 8, to: 88, by: 4) {
        for x in stride(from: 8, to: 88, by: 4) {
          let value = phi(32, 64, Double(x) + 0.5) * phi(32, 64, Double(y) + 0.5)
          worst = max(worst, abs(channel(image, x, y) - level(value)))
        }
      }
      #expect(worst <= (sigma > 4 ? 6 : 3), "σ = \(sigma): largest difference \(worst) levels")
    }
  }

  @Test func perspectiveBehindTheEyeIsNotDrawn() throws {
    let renderer = try GLRenderer()
    var m = Transform3D.identity
    m.m14 = -0.1  // W = 1 − 0.1·x: ≤ 0 from x = 10 on
    let image = try renderer.render(F.plan(20, 8, [F.roundedRect(CGRect(x: 0, y: 0, width: 40, height: 8), matrix: m)]))
    #expect(channel(image, 0, 4) == 255)
    #expect(channel(image, 19, 4) == 0 || channel(image, 19, 4) == 255)  // nothing behind the eye leaks partial garbage
  }

  @Test func badPlansThrowInsteadOfTrapping() throws {
    let renderer = try GLRenderer()
    #expect(throws: GLError.self) { try renderer.render(F.plan(8, 8, [F.composite(0)])) }
    #expect(throws: GLError.self) { try renderer.render(F.plan(8, 8, [F.composite(5)])) }
    var empty = F.plan(8, 8, [])
    empty.surfaces = []
    #expect(throws: GLError.self) { try renderer.render(empty) }
    #expect(throws: GLError.self) { try renderer.render(F.plan(0, 8, [])) }
  }
}

@Suite("GL shape cells", requiresGL)
struct ShapeCellTests {
  /// A clip that covers everything turns the cell split off (clipped draws
  /// are one quad), so the two images must agree.
  static let noOpClip = Clip(matrix: .identity, shape: .roundedRect(RoundedRect(rect: CGRect(x: -1000, y: -1000, width: 3000, height: 3000))))

  static func compare(_ commands: [DrawCommand], clipped: [DrawCommand], tolerance: Int) throws {
    let renderer = try GLRenderer()
    renderer.stacking = false  // each command on its own, as the clipped ones are
    let a = try renderer.render(PlanFixtures.plan(160, 120, background: PlanFixtures.white, commands))
    let b = try renderer.render(PlanFixtures.plan(160, 120, background: PlanFixtures.white, clipped))
    var worst = 0
    for i in a.pixels.indices { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
    #expect(worst <= tolerance, "cells differ from one quad by \(worst) levels")
  }

  @Test func fillsAndRingsAreUnchangedBySplitting() throws {
    let grey = PremultipliedColor(r: 0.2, g: 0.4, b: 0.6, a: 0.8)
    for curve in [CornerCurve.circular, .continuous] {
      let rect = CGRect(x: 10.3, y: 12.6, width: 120.5, height: 80.25)
      let border = RoundedRect(rect: rect.insetBy(dx: 2.5, dy: 2.5), radii: [9.5, 9.5, 9.5, 9.5], curve: curve)
      let m = Transform3D(scaleX: 1.1, y: 0.9).concatenating(Transform3D(translationX: 3.5, y: 2))
      try Self.compare(
        [PlanFixtures.roundedRect(rect, radius: 12, curve: curve, color: grey, matrix: m),
         PlanFixtures.roundedRect(rect, radius: 12, curve: curve, border: border, color: PlanFixtures.black, matrix: m)],
        clipped: [PlanFixtures.roundedRect(rect, radius: 12, curve: curve, color: grey, matrix: m, clips: [Self.noOpClip]),
                  PlanFixtures.roundedRect(rect, radius: 12, curve: curve, border: border, color: PlanFixtures.black, matrix: m, clips: [Self.noOpClip])],
        tolerance: 0)
    }
  }

  @Test func shadowUnderAnOpaqueFillIsUnchangedByLeavingOutItsMiddle() throws {
    let rect = CGRect(x: 30, y: 25, width: 100, height: 70)
    let shadow = ShadowDraw(
      matrix: .identity, shape: RoundedRect(rect: rect.offsetBy(dx: 0, dy: 4), radii: [12, 12, 12, 12]), sigma: 4,
      color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5), extent: rect.offsetBy(dx: 0, dy: 4).insetBy(dx: -12, dy: -12),
      clips: [], name: "shadow")
    let fill = PlanFixtures.roundedRect(rect, radius: 12, color: PlanFixtures.white)
    let clippedFill = PlanFixtures.roundedRect(rect, radius: 12, color: PlanFixtures.white, clips: [Self.noOpClip])
    // The clipped fill has no opaque interior to leave out; shadows come from masks in both.
    try Self.compare([.shadow(shadow), fill], clipped: [.shadow(shadow), clippedFill], tolerance: 0)
    #expect(px(0, 0, 10, 10).subtracting(px(2, 2, 4, 4)).count == 4)
    #expect(px(0, 0, 10, 10).subtracting(px(20, 20, 30, 30)).count == 1)
  }

  @Test func shadowsAreUnchangedBySplitting() throws {
    let rect = CGRect(x: 30, y: 25, width: 100, height: 70)
    let color = PremultipliedColor(r: 0, g: 0, b: 0, a: 0.6)
    for radius in [0.0, 12.0] {
      let plain = ShadowDraw(
        matrix: .identity, shape: RoundedRect(rect: rect, radii: [radius, radius, radius, radius]), sigma: 3,
        color: color, extent: rect.insetBy(dx: -12, dy: -12), clips: [], name: "shadow")
      var clipped = plain
      clipped.clips = [Self.noOpClip]
      try Self.compare([.shadow(plain)], clipped: [.shadow(clipped)], tolerance: 1)
    }
  }
}

@Suite("GL continuous shadows", requiresGL)
struct ContinuousShadowTests {
  static func render(_ curve: CornerCurve, sigma: Double, _ renderer: GLRenderer) throws -> Image {
    let rect = CGRect(x: 16, y: 16, width: 48, height: 40)
    let shadow = ShadowDraw(
      matrix: .identity, shape: RoundedRect(rect: rect, radii: [12, 12, 12, 12], curve: curve), sigma: sigma,
      color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1), extent: rect.insetBy(dx: -4 * sigma, dy: -4 * sigma),
      clips: [], name: "shadow")
    return try renderer.render(PlanFixtures.plan(80, 72, [.shadow(shadow)]))
  }

  /// The truth: the rounded shape (rect 16…64 × 16…56, r = 12; continuous
  /// corners from PaintCode's points, flattened finely) blurred by numeric
  /// integration on a 1/8-pixel grid over ±4σ.
  static func blurred(_ curve: CornerCurve, x: Double, y: Double, sigma: Double) -> Double {
    let points = ShaderSource.continuousCorner
    let r = 12.0, reach = ShaderSource.continuousReach
    func inside(_ px: Double, _ py: Double) -> Bool {
      guard px >= 16, px <= 64, py >= 16, py <= 56 else { return false }
      // Distances from the nearest vertical and horizontal edges, in radii.
      let a = min(px - 16, 64 - px) / r, b = min(py - 16, 56 - py) / r
      if curve == .circular { return a >= 1 || b >= 1 || (1 - a) * (1 - a) + (1 - b) * (1 - b) <= 1 }
      guard a < reach, b < reach else { return true }
      // Inside when on the far side of the curve from the corner: find the
      // polyline segment spanning a and compare heights.
      for i in 0..<(points.count - 1) {
        let (a0, b0) = points[i], (a1, b1) = points[i + 1]
        if a <= a0 && a >= a1 {
          let t = a0 == a1 ? 0 : (a0 - a) / (a0 - a1)
          return b >= b0 + t * (b1 - b0)
        }
      }
      return true
    }
    let step = 0.125
    var sum = 0.0, total = 0.0
    var dy = -4 * sigma
    while dy <= 4 * sigma {
      var dx = -4 * sigma
      while dx <= 4 * sigma {
        let w = exp(-(dx * dx + dy * dy) / (2 * sigma * sigma))
        if inside(x + dx, y + dy) { sum += w }
        total += w
        dx += step
      }
      dy += step
    }
    return sum / total
  }

  /// Apple's corner leaves the edge earlier (1.53 r from the corner), so
  /// its shadow is lighter along the edge near the corner, and the same as
  /// the circular corner's along the middle of the edges.
  @Test func roundedShadowsMatchTheBlurredShapes() throws {
    let renderer = try GLRenderer()
    let circular = try Self.render(.circular, sigma: 2, renderer)
    let continuous = try Self.render(.continuous, sigma: 2, renderer)
    let alpha = { (image: Image, x: Int, y: Int) in Int(image.pixels[(y * 80 + x) * 4 + 3]) }
    for (x, y) in [(27, 16), (16, 27), (53, 16), (19, 19)] {
      let truth = Self.blurred(.continuous, x: Double(x) + 0.5, y: Double(y) + 0.5, sigma: 2)
      #expect(abs(alpha(continuous, x, y) - Int((truth * 255).rounded())) <= 2, "(\(x), \(y)) against the blurred shape")
      let circle = Self.blurred(.circular, x: Double(x) + 0.5, y: Double(y) + 0.5, sigma: 2)
      #expect(abs(alpha(circular, x, y) - Int((circle * 255).rounded())) <= 2, "(\(x), \(y)) against the blurred circular shape")
    }
    #expect(alpha(continuous, 27, 16) < alpha(circular, 27, 16) - 1)
    for (x, y) in [(40, 16), (16, 36), (40, 36)] {
      #expect(alpha(continuous, x, y) == alpha(circular, x, y), "(\(x), \(y)) is far from the corners")
    }
  }
}
