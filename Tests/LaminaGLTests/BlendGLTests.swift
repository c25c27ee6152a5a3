// Compositing filters on LaminaGL (composite.frag's BLEND variant over a
// copy of the backdrop): the hand-worked table and the relations of
// BlendChecks, and every blend scene against LaminaCPU within `glBlendParity`.
import Lamina
import LaminaCPU
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("Compositing filters (GL)", requiresGL)
struct BlendGLTests {
  @Test func closedFormsWithinOneLevel() throws { try expectNoFailures(BlendChecks.closedFormFailures) }

  @Test func relationsHold() throws { try expectNoFailures(BlendChecks.relationFailures) }

  @Test func oneShapeBlendsAsItsGroup() throws { try expectNoFailures(BlendChecks.directShapeFailures) }

  @Test func blendScenesMatchTheCPU() throws {
    let gl = try GLRenderer()
    for (name, json) in BlendChecks.parityScenes {
      let plan = try BlendChecks.parityPlan(json)
      if let failure = ImageExpectation.check(
        try gl.render(plan), against: CPURenderer().render(plan), tolerance: .glBlendParity, name: "blend-" + name)
      {
        Issue.record(Comment(rawValue: failure))
      }
    }
  }
}

@Suite("Unbounded layers (GL)", requiresGL)
struct UnboundedLayerGLTests {
  @Test func hugeLayersCostWhatIsVisible() throws { try expectNoFailures(UnboundedLayers.failures) }
}

/// Runs `check` (a LaminaTestSupport check of a renderer's images) with a
/// fresh GL renderer and expects it to find nothing wrong.
private func expectNoFailures(
  _ check: ((RenderPlan) throws -> Image) throws -> [String], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let gl = try GLRenderer()
  let failures = try check { try gl.render($0) }
  #expect(failures.isEmpty, "\(failures)", sourceLocation: sourceLocation)
}
