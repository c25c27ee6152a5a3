// Incremental frames on LaminaGL (`renderFrame`: the kept canvas drawn
// again only inside the damage, scissored): every frame of random trees
// changed from frame to frame (IncrementalSequences), and of the S6 bench
// scene, is byte for byte GL's full render of its plan.
import Foundation
import LaminaGL
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite("Incremental frames on GL", requiresGL)
struct IncrementalFramesGLTests {
  @Test func randomSequencesEqualFullRenders() throws {
    let incremental = try GLRenderer(), full = try GLRenderer()
    var partial = 0, frames = 0
    for index in 0..<16 {
      let seed = SplitMix64.treeSeed(base: 0x18_1AC, index: index)
      incremental.forgetFrame()
      for (n, (plan, change)) in try IncrementalSequences.plans(seed: seed, frames: 5).enumerated() {
        let image = try incremental.renderFrame(plan)
        let expected = try full.render(plan)
        let difference = IncrementalSequences.difference(image, expected)
        #expect(
          difference == nil,
          "tree \(seed), frame \(n) after \(change) change: \(difference ?? ""); damage \(String(describing: incremental.lastDamage?.rects))")
        if n > 0, let d = incremental.lastDamage, !d.isEverything, !d.isEmpty { partial += 1 }
        frames += 1
      }
    }
    #expect(partial * 3 > frames, "\(partial) of \(frames) frames drawn in part")
  }

  @Test func s6FramesEqualFullRenders() throws {
    let scene = try Scene(contentsOfFile: Corpus.root + "/Tests/Scenes/bench/S6.json")
    let incremental = try GLRenderer(), full = try GLRenderer()
    for n in [0, 1, 60] {
      let plan = try scene.presentation(at: Double(n) / 60).renderPlan()
      let difference = IncrementalSequences.difference(try incremental.renderFrame(plan), try full.render(plan))
      #expect(difference == nil, "S6 frame \(n): \(difference ?? "")")
      if n > 0 { #expect(incremental.lastDamage?.isEverything == false) }
    }
  }
}
