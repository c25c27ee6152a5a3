// Animated frames on GL: the sampler's frames (AnimatedScenes) drawn by
// LaminaGL are pure functions of time (alone with a fresh renderer, and in
// sequence with one whose caches carry over, byte for byte) and match
// LaminaCPU's frames within `glParity`: the presentation at a time is
// computed once in Lamina, so both backends draw the same plan.

import Foundation
import LaminaCPU
import LaminaGL
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite("Animated frames on GL", requiresGL)
struct AnimationFramesGLTests {
  static func plan(_ n: Int) throws -> RenderPlan {
    let scene = try AnimatedScenes.sampler()
    return try scene.presentation(at: Double(n) / scene.canvas.frameRate).renderPlan()
  }

  @Test func framesArePureFunctionsOfTimeAndMatchTheCPU() throws {
    let count = 12
    let renderer = try GLRenderer()
    let sequence = try (0..<count).map { try renderer.render(try Self.plan($0)) }
    for n in 0..<count {
      let alone = try GLRenderer().render(try Self.plan(n))
      #expect(alone.pixels == sequence[n].pixels, "frame \(n): alone and in sequence differ")
      let cpu = CPURenderer().render(try Self.plan(n))
      if let failure = ImageExpectation.check(sequence[n], against: cpu, tolerance: .glParity, name: "animation-gl-\(n)") {
        Issue.record(Comment(rawValue: failure))
      }
    }
    // The frames differ (a still scene would pass the rest).
    #expect(Set(sequence.map(\.pixels)).count == count)
  }
}
