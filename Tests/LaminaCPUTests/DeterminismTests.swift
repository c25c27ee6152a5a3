// Determinism of the CPU renderer: the same scene gives byte-identical PNG
// files from fresh renderers, from one renderer used twice (its raster and
// shadow-stamp caches warm the second time) and with one thread or two
// (tiles are split across threads, and so are the path coverages a frame
// fills: the result must not depend on it).

import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct DeterminismTests {
  /// Scenes that reach every stage: shadows (closed form and from content),
  /// masks, rasterization caches, 3D sorting with cut planes, mipmaps.
  static let sceneIDs = [
    "scenes/shadow-contents", "scenes/mask-layer", "scenes/rasterize", "scenes/intersecting-planes",
    "scenes/filter-trilinear", "scenes/shape-strokes", "scenes/shape-fills",
  ]

  static func plan(_ id: String) throws -> RenderPlan {
    let scene = try #require(Corpus.scenes.first { $0.id == id }, "no corpus scene \(id)")
    return try scene.plan()
  }

  @Test(arguments: sceneIDs)
  func freshRenderersGiveIdenticalPNGs(id: String) throws {
    let plan = try Self.plan(id)
    let first = try CPURenderer().render(plan).pngData()
    let second = try CPURenderer().render(plan).pngData()
    #expect(first == second)
  }

  @Test(arguments: sceneIDs)
  func oneRendererTwiceAndAnyThreadCountGiveIdenticalPNGs(id: String) throws {
    let plan = try Self.plan(id)
    let renderer = CPURenderer(threads: 2)
    let reference = try renderer.render(plan).pngData()
    #expect(try renderer.render(plan).pngData() == reference, "second frame (warm caches) differs")
    #expect(try CPURenderer(threads: 1).render(plan).pngData() == reference, "one thread differs from two")
  }
}
