// The metamorphic relations (LaminaTestSupport/Relations.swift) on LaminaCPU:
// 300 random trees per relation by default, `LAMINA_RELATION_TREES=10000`
// for a long run, `LAMINA_RELATION_SEED` for another set of trees. A
// failing tree is shrunk and written under .build/relations/.
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite("Metamorphic relations on LaminaCPU")
struct RelationTests {
  static let trees = RelationRunner.treeCount(default: 300)

  @Test(arguments: Relations.all)
  func relationHolds(_ relation: Relation) {
    let renderer = CPURenderer(threads: 1)
    let report = RelationRunner.run(relation, trees: Self.trees, backend: "cpu") { scene in
      renderer.render(try scene.renderPlan())
    }
    print(report)
    for failure in report.failures { Issue.record(Comment(rawValue: failure)) }
    // A relation that applies to few trees tests little (a third at least).
    #expect(report.applied * 3 >= report.trees, "\(report)")
  }

  /// The generator is a pure function of its seed, and its trees are valid
  /// scenes that read back equal.
  @Test func generatorIsDeterministic() {
    for index in 0..<20 {
      let seed = SplitMix64.treeSeed(base: 7, index: index)
      let a = RandomTrees.scene(seed: seed), b = RandomTrees.scene(seed: seed)
      #expect(a.jsonData() == b.jsonData())
      #expect(RandomTrees.copy(a).jsonData() == a.jsonData())
    }
  }

  /// SplitMix64's first outputs for seed 0 are the published ones.
  @Test func splitMixMatchesTheReference() {
    var g = SplitMix64(seed: 0)
    #expect(g.next() == 0xE220_A839_7B1D_CDAF)
    #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
  }
}
