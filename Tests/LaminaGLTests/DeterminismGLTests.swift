// Determinism of the GL renderer on corpus scenes: byte-identical PNGs from
// fresh renderers and from one renderer used twice, and several renderers
// on several threads at once give the images one renderer gives alone.
// (LifecycleTests covers the same for a synthetic plan; these use scenes
// that reach shadows, masks, rasterization caches and 3D cuts.)

import Foundation
import LaminaTestSupport
import Synchronization
import Testing

@testable import Lamina
@testable import LaminaGL

@Suite("GL determinism", requiresGL)
struct DeterminismGLTests {
  static let sceneIDs = [
    "scenes/shadow-contents", "scenes/mask-layer", "scenes/rasterize", "scenes/intersecting-planes",
    "scenes/filter-trilinear",
  ]

  static func plans() throws -> [RenderPlan] {
    try sceneIDs.map { id in try #require(Corpus.scenes.first { $0.id == id }).plan() }
  }

  @Test func freshRenderersAndARepeatedRenderGiveIdenticalPNGs() throws {
    for (id, plan) in zip(Self.sceneIDs, try Self.plans()) {
      let renderer = try GLRenderer()
      let first = try renderer.render(plan).pngData()
      #expect(try renderer.render(plan).pngData() == first, "\(id): second frame differs")
      #expect(try GLRenderer().render(plan).pngData() == first, "\(id): a fresh renderer differs")
    }
  }

  @Test func renderersOnSeveralThreadsMatchOneAlone() throws {
    let plans = try Self.plans()
    let alone = try GLRenderer()
    let reference = try plans.map { try alone.render($0).pixels }
    let renders = onThreads(3) { renderer throws(GLError) in
      try plans.map { plan throws(GLError) in try renderer.render(plan).pixels }
    }
    for result in renders {
      let images = try result.get()
      for (i, image) in images.enumerated() {
        #expect(image == reference[i], "\(Self.sceneIDs[i]) differs on a thread")
      }
    }
  }
}
