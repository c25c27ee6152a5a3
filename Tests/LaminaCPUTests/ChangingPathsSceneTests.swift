// S10 "changing paths" (docs/bench-scenes.md), the sequence that measures
// frames whose every coverage is new: every one of its 400 layers has a
// different outline from one frame to the next (so no coverage can be
// kept), and a renderer that kept the frame before draws the next one
// exactly as a new renderer on one thread does.
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct ChangingPathsSceneTests {
  static func scene() throws -> Scene { try Scene(contentsOfFile: Corpus.root + "/Tests/Scenes/bench/S10.json") }

  static func paths(_ plan: RenderPlan) -> [PathDraw] {
    plan.surfaces.flatMap(\.commands).compactMap { if case .path(let p) = $0 { p } else { nil } }
  }

  @Test func everyCoverageChangesFromFrameToFrame() throws {
    let scene = try Self.scene()
    #expect(scene.canvas.duration == 2 && scene.canvas.frameRate == 60)
    let frames = try [0, 1, 60].map { try Self.paths(scene.presentation(at: Double($0) / 60).renderPlan()) }
    // 200 fills and 200 strokes, each one draw (a dashed stroke's dashes are one draw).
    for draws in frames { #expect(draws.count == 400) }
    for (a, b) in [(0, 1), (1, 2)] {
      let kept = zip(frames[a], frames[b]).filter {
        let limit = PixelRect(x0: 0, y0: 0, x1: 1920, y1: 1080)
        return $0.0.coverageKey(within: limit) == $0.1.coverageKey(within: limit)
      }
      #expect(kept.isEmpty, "\(kept.count) draws keep their coverage between the frames")
    }
  }

  @Test func aKeptRendererDrawsTheNextFrameAsANewOneDoes() throws {
    let scene = try Self.scene()
    let kept = CPURenderer()
    for n in [0, 1, 2] {
      let plan = try scene.presentation(at: Double(n) / 60).renderPlan()
      let image = kept.render(plan)
      #expect(try image.pngData() == CPURenderer(threads: 1).render(plan).pngData(), "S10 frame \(n)")
    }
  }
}
