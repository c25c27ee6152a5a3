// Replicator layers on LaminaCPU: the pairs and probes of
// LaminaTestSupport's ReplicatorChecks (a replicator against the same tree
// written out by hand, byte for byte; instance colours, tinted contents,
// nested replicators and no copies against closed forms). LaminaGL runs
// the same checks (ReplicatorGLTests).
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite struct ReplicatorTests {
  @Test(arguments: ReplicatorChecks.pairs.map(\.name))
  func aReplicatorDrawsAsItsCopiesWrittenOut(_ name: String) throws {
    let pair = try #require(ReplicatorChecks.pairs.first { $0.name == name })
    let a = CPURenderer().render(try pair.replicated.renderPlan())
    let b = CPURenderer().render(try pair.explicit.renderPlan())
    #expect(a.pixels == b.pixels, "\(name): the replicator and its copies written out differ")
    // Something was drawn: not the canvas alone.
    #expect(Set(stride(from: 0, to: a.pixels.count, by: 4).map { a.pixels[$0] }).count > 2, "\(name): blank")
  }

  @Test(arguments: ReplicatorChecks.cases.map(\.name))
  func pixelsMatchTheClosedForm(_ name: String) throws {
    let failures = try GradientChecks.failures(named: name, in: ReplicatorChecks.cases) { CPURenderer().render(try $0.renderPlan()) }
    for failure in failures { Issue.record(Comment(rawValue: failure)) }
  }

  /// The checks can fail: the probes miss a render of the copies untinted,
  /// and the pairs tell preservesDepth true from false.
  @Test func theChecksCanFail() throws {
    for c in ReplicatorChecks.cases where c.name != "instanceCount 0 draws its background only" {
      let copy = RandomTrees.copy(c.scene)
      for l in allLayers(copy.root) {
        guard let r = l as? ReplicatorLayer else { continue }
        (r.instanceColor, r.instanceRedOffset, r.instanceBlueOffset) = (.white, 0, 0)
      }
      let image = CPURenderer().render(try copy.renderPlan())
      #expect(!ReplicatorChecks.failures(of: c, in: image).isEmpty, "\(c.name): untinted copies pass")
    }
    let pairs = ReplicatorChecks.pairs.filter { $0.name.hasPrefix("preservesDepth") }
    #expect(pairs.count == 2)
    let images = try pairs.map { CPURenderer().render(try $0.replicated.renderPlan()).pixels }
    #expect(images[0] != images[1], "preservesDepth makes no difference")
  }
}
