// Incremental frames on LaminaCPU (`renderFrame`): every frame of random
// trees changed from frame to frame (IncrementalSequences), and of the S6
// bench scene's animation, is byte for byte the full render of its plan;
// frames where something changed really were drawn in part (so a renderer
// that redrew everything would not pass the count, and one that redrew
// too little would not pass the bytes).
import Foundation
import LaminaCPU
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite("Incremental frames (CPU)")
struct IncrementalFramesTests {
  @Test func randomSequencesEqualFullRenders() throws {
    let replay = try IncrementalSequences.replay(frames: 6) {
      let incremental = CPURenderer(), full = CPURenderer()
      return ({ (incremental.renderFrame($0), incremental.lastDamage) }, { full.render($0) })
    }
    #expect(replay.failures.isEmpty, "\(replay.failures.joined(separator: "\n"))")
    // Most changed frames were drawn in part, not whole.
    #expect(replay.partial * 3 > replay.frames, "\(replay.partial) of \(replay.frames) frames drawn in part")
  }

  @Test func s6FramesEqualFullRendersAndAFrameWithoutChangeDrawsNothing() throws {
    let scene = try Scene(contentsOfFile: Corpus.root + "/Tests/Scenes/bench/S6.json")
    let incremental = CPURenderer(), full = CPURenderer()
    for n in [0, 1, 60] {
      let plan = try scene.presentation(at: Double(n) / 60).renderPlan()
      let image = incremental.renderFrame(plan)
      let difference = IncrementalSequences.difference(image, full.render(plan))
      #expect(difference == nil, "S6 frame \(n): \(difference ?? "")")
    }
    // Frame 60 again: it draws nothing and keeps the bytes.
    #expect(incremental.lastDamage?.isEmpty == false)
    let again = try scene.presentation(at: 1).renderPlan()
    let kept = incremental.renderFrame(again)
    #expect(incremental.lastDamage?.isEmpty == true)
    #expect(IncrementalSequences.difference(kept, full.render(again)) == nil)
  }
}
