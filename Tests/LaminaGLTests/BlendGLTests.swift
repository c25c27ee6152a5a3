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
  @Test func closedFormsWithinOneLevel() throws {
    let gl = try GLRenderer()
    let failures = try BlendChecks.closedFormFailures { try gl.render($0) }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func relationsHold() throws {
    let gl = try GLRenderer()
    let failures = try BlendChecks.relationFailures { try gl.render($0) }
    #expect(failures.isEmpty, "\(failures)")
  }

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
  @Test func hugeLayersCostWhatIsVisible() throws {
    let gl = try GLRenderer()
    let failures = try UnboundedLayers.failures { try gl.render($0) }
    #expect(failures.isEmpty, "\(failures)")
  }
}
