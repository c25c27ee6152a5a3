// Compositing filters on LaminaCPU: the hand-worked table and the
// relations of BlendChecks (the GL backend runs the same bodies).
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite struct BlendTests {
  @Test func closedFormsWithinOneLevel() throws {
    let failures = try BlendChecks.closedFormFailures { CPURenderer().render($0) }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func relationsHold() throws {
    let failures = try BlendChecks.relationFailures { CPURenderer().render($0) }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func oneShapeBlendsAsItsGroup() throws {
    let failures = try BlendChecks.directShapeFailures { CPURenderer().render($0) }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func everyParitySceneBlends() throws {
    let inert = try BlendChecks.parityScenesThatDoNotBlend { CPURenderer().render($0) }
    #expect(inert.isEmpty, "\(inert)")
  }
}

@Suite struct UnboundedLayerTests {
  @Test func hugeLayersCostWhatIsVisible() throws {
    let failures = try UnboundedLayers.failures { CPURenderer().render($0) }
    #expect(failures.isEmpty, "\(failures)")
  }
}
