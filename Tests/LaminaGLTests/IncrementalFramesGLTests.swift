// Incremental frames on LaminaGL (`renderFrame`: the kept canvas drawn
// again only inside the damage, scissored): every frame of random trees
// changed from frame to frame (IncrementalSequences), and of the S6 bench
// scene, is byte for byte GL's full render of its plan.
//
// Found by the random trees (tree 11971742922845158355, frame 4, about one
// run in three): the background of a redrawn box was one level off where a
// channel's exact value lies between levels (blue 5.88 / 255 stored as 5),
// because one of llvmpipe's clear paths (scissored) truncates where the
// other rounds. Both backends now fill with the background's `bytes`,
// handed to GL as `exactFill` (backgroundFillsAreExact).
import Foundation
import LaminaGL
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite("Incremental frames on GL", requiresGL)
struct IncrementalFramesGLTests {
  @Test func randomSequencesEqualFullRenders() throws {
    let replay = try IncrementalSequences.replay(frames: 5) {
      let incremental = try GLRenderer(), full = try GLRenderer()
      return ({ (try incremental.renderFrame($0), incremental.lastDamage) }, { try full.render($0) })
    }
    #expect(replay.failures.isEmpty, "\(replay.failures.joined(separator: "\n"))")
    #expect(replay.partial * 3 > replay.frames, "\(replay.partial) of \(replay.frames) frames drawn in part")
  }

  /// A background whose channels lie between levels (k + f for f near ½,
  /// and the colour of the tree that found the bug) holds the same bytes,
  /// `PremultipliedColor.bytes`, in a full frame and in the boxes an
  /// incremental frame clears again, on both sides of a moved card.
  @Test func backgroundFillsAreExact() throws {
    var backgrounds = [PremultipliedColor(r: 0.021530181, g: 0.021530181, b: 0.02306805, a: 0.19607843)]
    for k in [3, 5, 100, 200] {
      for f in [0.12, 0.45, 0.49, 0.51, 0.55, 0.88] as [Float] {
        let v = (Float(k) + f) / 255
        backgrounds.append(PremultipliedColor(r: v, g: v / 2, b: min(1, v * 1.5), a: min(1, v * 2)))
      }
    }
    let renderer = try GLRenderer(), full = try GLRenderer()
    for background in backgrounds {
      renderer.forgetFrame()
      for x in [10.0, 33.0, 61.0] {
        let card = PlanFixtures.roundedRect(
          PlanFixtures.rect(x, 20, 30, 24), radius: 5, color: PremultipliedColor(r: 0.2, g: 0.4, b: 0.6, a: 1))
        let plan = PlanFixtures.plan(128, 80, background: background, [card])
        let image = try renderer.renderFrame(plan)
        #expect(IncrementalSequences.difference(image, try full.render(plan)) == nil, "\(background), card at \(x)")
        // (2, 2) is never covered, and lies in no box after the first frame;
        // (x − 4, 30) is left bare by the card that moved right.
        for (px, py) in [(2, 2), (Int(x) - 4, 30)] {
          let i = (py * 128 + px) * 4
          let b = background.bytes
          #expect(Array(image.pixels[i..<i + 4]) == [b.x, b.y, b.z, b.w], "\(background) at (\(px), \(py))")
        }
      }
      #expect(renderer.lastDamage?.isEverything == false)
    }
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
