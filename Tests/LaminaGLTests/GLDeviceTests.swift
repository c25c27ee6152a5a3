// GLDevice applies each GLDraw in full: the blend, target and textures of
// one draw never leak into the next, and code that binds objects behind
// its back (inside `changing`) cannot make a later draw use a stale binding.

import CGLES
import Foundation
import Testing
import LaminaTestSupport

@testable import Lamina
@testable import LaminaGL

@Suite("GL device", requiresGL)
struct GLDeviceTests {
  /// A full-target quad of `color` into `target`, with `blend`.
  static func fill(
    _ target: SurfaceTarget, _ color: PremultipliedColor, blend: Blend, _ r: GLResources
  ) throws(GLError) -> GLDraw {
    let p = try r.programs.roundedRect(rounded: false, continuous: false, ring: false, clips: false)
    let rect = CGRect(x: 0, y: 0, width: target.width, height: target.height)
    guard
      let common = try commonUniforms(
        p.common, matrix: .identity, localBounds: rect, clips: [], target: target.size, name: "fill")
    else { throw .unsupported(reason: "the fill's quad is off its target") }
    return GLDraw(
      program: p.program, target: .surface(target), blend: blend,
      uniforms: common.uniforms + [
        Uniform(p[.rect], .vec4s(rect.edges)), Uniform(p[.radii], .vec4s([0, 0, 0, 0])), .color(p[.color], color),
      ],
      geometry: .quads(common.count))
  }

  @Test func eachDrawSetsItsOwnBlendAndTarget() throws {
    let (pixels, ledger) = try withFreshResources { (r) throws(GLError) -> [[UInt8]] in
      let a = try r.pool.acquire(width: 4, height: 4)
      let b = try r.pool.acquire(width: 4, height: 4)
      defer { a.delete(); b.delete() }
      let red = PremultipliedColor(r: 1, g: 0, b: 0, a: 1)
      let halfBlue = PremultipliedColor(r: 0, g: 0, b: 0.5, a: 0.5)
      r.device.clear(.surface(a), to: (1, 0, 0, 1))
      r.device.clear(.surface(b), to: (1, 0, 0, 1))
      // Replace into a, then source-over into b: b must blend, though the
      // draw before it turned blending off.
      r.device.draw(try Self.fill(a, halfBlue, blend: .replace, r))
      r.device.draw(try Self.fill(b, halfBlue, blend: .sourceOver, r))
      // A target made after a draw into a binds its own framebuffer (in
      // `changing`): the next draw into a must still land in a.
      r.device.draw(try Self.fill(a, halfBlue, blend: .replace, r))
      let c = try r.pool.acquire(width: 4, height: 4)
      defer { c.delete() }
      r.device.draw(try Self.fill(a, red, blend: .sourceOver, r))
      return [a, b].map { r.device.read(.surface($0)) }
    }
    // a: the replace left (0, 0, 128, 128), then opaque red over it.
    #expect(Array(pixels[0].prefix(4)) == [255, 0, 0, 255])
    // b: half blue over opaque red, premultiplied: (128, 0, 128, 255).
    let b = Array(pixels[1].prefix(4)).map(Int.init)
    #expect(abs(b[0] - 128) <= 1 && b[1] == 0 && abs(b[2] - 128) <= 1 && b[3] == 255, "\(b)")
    #expect(ledger.totalLive == 0)
  }

  @Test func replaceWritesTheSourceUnblended() throws {
    let (pixel, ledger) = try withFreshResources { (r) throws(GLError) -> [UInt8] in
      let a = try r.pool.acquire(width: 2, height: 2)
      defer { a.delete() }
      r.device.clear(.surface(a), to: (1, 0, 0, 1))
      r.device.draw(try Self.fill(a, PremultipliedColor(r: 0, g: 0, b: 0.5, a: 0.5), blend: .replace, r))
      return Array(r.device.read(.surface(a)).prefix(4))
    }
    let p = pixel.map(Int.init)
    #expect(p[0] == 0 && p[1] == 0 && abs(p[2] - 128) <= 1 && abs(p[3] - 128) <= 1, "\(p)")
    #expect(ledger.totalLive == 0)
  }
}
