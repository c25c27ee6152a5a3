// The metamorphic relations (LaminaTestSupport/Relations.swift) on LaminaGL:
// 120 random trees per relation by default (`LAMINA_RELATION_GL_TREES`, or
// `LAMINA_RELATION_TREES`, for more). The relations compare GL with GL, so
// they catch lowering bugs the GL path meets and GL-only bugs that break a
// relation; GL against the CPU reference is CorpusParityTests' job.
import Lamina
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("Metamorphic relations on LaminaGL", requiresGL)
struct RelationGLTests {
  static let trees =
    ProcessInfo.processInfo.environment["LAMINA_RELATION_GL_TREES"].flatMap { Int($0) }
    ?? RelationRunner.treeCount(default: 120)

  @Test(arguments: Relations.all)
  func relationHolds(_ relation: Relation) throws {
    guard RelationRunner.selected(relation.name) else { return }
    let renderer = try GLRenderer()
    let report = RelationRunner.run(relation, trees: Self.trees, backend: "gl") { scene in
      try renderer.render(try scene.renderPlan())
    }
    print(report)
    for failure in report.failures { Issue.record(Comment(rawValue: failure)) }
    if RelationRunner.treeSeeds == nil { #expect(report.applied * 3 >= report.trees, "\(report)") }
  }
}

/// The trees on which a relation once failed (Tests/Scenes/relations) pass
/// on LaminaGL too, as their folder says they must.
@Suite("Kept relation failures on LaminaGL", requiresGL)
struct RelationRegressionGLTests {
  @Test(arguments: RelationRegression.all)
  func keptTreePasses(_ kept: RelationRegression) throws {
    let renderer = try GLRenderer()
    let outcome = try kept.check { scene in try renderer.render(try scene.renderPlan()) }
    if case .fail(let why, _, _) = outcome { Issue.record(Comment(rawValue: "\(kept): \(why)")) }
  }
}
