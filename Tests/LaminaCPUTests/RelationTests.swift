// The metamorphic relations (LaminaTestSupport/Relations.swift) on LaminaCPU:
// 300 random trees per relation by default, `LAMINA_RELATION_TREES=10000`
// for a long run, `LAMINA_RELATION_SEED` for another set of trees. A
// failing tree is shrunk and written under .build/relations/.
import Foundation
import Lamina
import LaminaCPU
@testable import LaminaTestSupport
import Testing

@Suite("Metamorphic relations on LaminaCPU")
struct RelationTests {
  static let trees = RelationRunner.treeCount(default: 300)

  @Test(arguments: Relations.all)
  func relationHolds(_ relation: Relation) {
    guard RelationRunner.selected(relation.name) else { return }
    let renderer = CPURenderer(threads: 1)
    let report = RelationRunner.run(relation, trees: Self.trees, backend: "cpu") { scene in
      renderer.render(try scene.renderPlan())
    }
    print(report)
    for failure in report.failures { Issue.record(Comment(rawValue: failure)) }
    // A relation that applies to few trees tests little (a third at least).
    if RelationRunner.treeSeeds == nil { #expect(report.applied * 3 >= report.trees, "\(report)") }
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

  /// Gradient, shape and replicator layers each come from a stream of
  /// their own: with the family off, each tree is the same tree (the same
  /// layers, geometry and colours; such a layer is a plain layer with keys
  /// of its own), and with it on, a fair share of trees has one that draws.
  @Test(arguments: ["gradients", "shapes", "replicators"])
  func aFamilyJoinsTheTreesWithoutReshufflingThem(_ family: String) {
    var off = TreeOptions()
    let isMember: (Layer) -> Bool
    let draws: (Layer) -> Bool
    let least: Int
    switch family {
    case "gradients":
      off.gradients = false
      isMember = { $0 is GradientLayer }
      draws = { ($0 as? GradientLayer)?.colors?.isEmpty == false }
      least = 50
    case "shapes":
      off.shapes = false
      isMember = { $0 is ShapeLayer }
      draws = { ($0 as? ShapeLayer)?.path != nil }
      least = 40
    default:
      off.replicators = false
      isMember = { $0 is ReplicatorLayer }
      draws = { ($0 as? ReplicatorLayer)?.sublayers != nil }
      least = 15
    }
    var withMembers = 0
    for index in 0..<100 {
      let seed = SplitMix64.treeSeed(base: 1, index: index)
      let a = allLayers(RandomTrees.scene(seed: seed).root)
      let b = allLayers(RandomTrees.scene(seed: seed, options: off).root)
      #expect(a.map(\.name) == b.map(\.name) && a.map(\.bounds) == b.map(\.bounds), "tree \(index)")
      #expect(a.map(\.backgroundColor) == b.map(\.backgroundColor) && a.map(\.transform) == b.map(\.transform))
      #expect(!b.contains(where: isMember))
      if a.contains(where: draws) { withMembers += 1 }
    }
    #expect(withMembers >= least, "\(withMembers) of 100 trees draw \(family)")
  }

  /// SplitMix64's first outputs for seed 0 are the published ones.
  @Test func splitMixMatchesTheReference() {
    var g = SplitMix64(seed: 0)
    #expect(g.next() == 0xE220_A839_7B1D_CDAF)
    #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
  }
}

// Every tolerance the relations use can fail: each refuses a blank image,
// the image moved by one pixel, and the image tinted by 16 levels of red, on
// a random tree that covers a good part of its canvas. The sweep's ink
// bound refuses a blank frame and a frame with a tenth more ink.

@Suite("Relation tolerances can fail")
struct RelationToleranceTests {
  /// The first random tree whose CPU render covers at least 40 % of its
  /// canvas, with two or more colours.
  /// With the same tree rendered at twice the canvas scale.
  static let references: (image: Image, fine: Image, plan: RenderPlan) = {
    let renderer = CPURenderer(threads: 1)
    var options = TreeOptions()
    options.canvasBackground = false
    for index in 0..<200 {
      var scene = RandomTrees.scene(seed: SplitMix64.treeSeed(base: 99, index: index), options: options)
      guard let image = try? renderer.render(scene.renderPlan()) else { continue }
      let covered = stride(from: 3, to: image.pixels.count, by: 4).filter { image.pixels[$0] > 128 }.count
      guard covered * 10 >= image.width * image.height * 4 else { continue }
      let plan = try! scene.renderPlan()
      scene.canvas.scale *= 2
      return (image, try! renderer.render(scene.renderPlan()), plan)
    }
    fatalError("no random tree covers 40 % of its canvas")
  }()
  static var reference: Image { references.image }
  static var referenceFine: Image { references.fine }

  static let tolerances: [ImageTolerance] = Array(
    Dictionary(Relations.all.map { ($0.tolerance.name, $0.tolerance) }) { a, _ in a }.values
  ) + [.regroup, .regroupDeep, .sameDrawing, .reclip, .pixelShift, .shadowForm, .epsilonStep]

  @Test func everyToleranceRefusesBlankShiftedAndTintedImages() throws {
    let image = Self.reference
    for tolerance in Self.tolerances {
      #expect(tolerance.violations(of: try ImageDiff(image, image)).isEmpty, "\(tolerance.name) refuses the image itself")
      for (name, variant) in WrongImages.all(image, tint: 16) {
        #expect(!tolerance.violations(of: try ImageDiff(image, variant)).isEmpty,
          "\(tolerance.name) accepts a \(name) image")
      }
    }
  }

  /// backgroundComposites leaves out pixels whose difference stacked
  /// blends' rounding can explain (`Surgery.faintStackPixels`); on the
  /// reference tree a blank, shifted or tinted image is still refused.
  @Test func faintStackLeaveOutStillRefusesWrongImages() throws {
    let image = Self.reference
    let depths = Surgery.stackDepths(Self.references.plan)
    #expect(depths.max() ?? 0 > 1, "the reference tree stacks draws")
    for (name, variant) in WrongImages.all(image, tint: 16) {
      let faint = Surgery.faintStackPixels(image, variant, depths: depths, beyond: .regroup)
      let kept = Surgery.replacing(faint, of: image, from: variant)
      #expect(!ImageTolerance.regroup.violations(of: try ImageDiff(kept, variant)).isEmpty,
        "regroup accepts a \(name) image once \(faint.count) faint stacked pixels are left out")
    }
  }

  @Test func inkBoundRefusesBlankAndBrighterFrames() {
    let ink = Relations.ink(Self.reference)
    let n = Self.reference.width * Self.reference.height
    #expect(Relations.inkViolation(predicted: ink, actual: ink, pixels: n) == nil)
    #expect(Relations.inkViolation(predicted: ink, actual: [0, 0, 0, 0], pixels: n) != nil)
    #expect(Relations.inkViolation(predicted: ink, actual: ink.map { $0 * 1.1 }, pixels: n) != nil)
    // With the allowance for grid-dependent ink of a tree of ordinary
    // layers (its render at twice the scale), a blank frame and a tenth
    // more ink still fail.
    let grid = Relations.gridDependentInk(Self.reference, fine: Self.referenceFine)
    #expect(Relations.inkViolation(predicted: ink, actual: [0, 0, 0, 0], pixels: n, grid: grid) != nil)
    #expect(Relations.inkViolation(predicted: ink, actual: ink.map { $0 * 1.1 }, pixels: n, grid: grid) != nil)
  }
}

/// Trees on which a relation once failed (Tests/Scenes/relations) pass.
@Suite struct RelationRegressionTests {
  @Test func everyKeptTreeIsNamedAfterARelation() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Corpus.root + "/Tests/Scenes/relations")
    #expect(RelationRegression.all.count == files.filter { $0.hasSuffix(".json") }.count)
    #expect(RelationRegression.all.count >= 10)
  }

  @Test(arguments: RelationRegression.all)
  func keptTreePasses(_ kept: RelationRegression) throws {
    let renderer = CPURenderer(threads: 1)
    let outcome = try kept.check { scene in renderer.render(try scene.renderPlan()) }
    if case .fail(let why, _, _) = outcome { Issue.record(Comment(rawValue: "\(kept): \(why)")) }
  }
}
