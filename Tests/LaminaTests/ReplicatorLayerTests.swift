// ReplicatorLayer through the scene format and the lowering's guards:
// `"type": "replicatorLayer"` makes one; its table
// (LayerProperties.replicator) reads, writes, compares and checks every key
// (samples and poisons are keyed by the table, so a new key without one
// fails here); errors name their JSON path exactly, `instanceCount` 1e9
// included; trees whose copies multiply past the limit are refused at
// once, whether read or built in Swift; hit testing finds the sublayers
// once, never a copy. Pixels are checked in LaminaCPU's ReplicatorTests
// and LaminaGL's ReplicatorGLTests.

import Foundation
import Testing

@testable import Lamina

@Suite struct ReplicatorLayerTests {
  static let table = LayerProperties.replicator

  /// A value other than the default for every replicator key.
  static let samples: [String: String] = [
    "instanceCount": "12",
    "instanceTransform": ##""rotate(30deg)""##,
    "instanceColor": ##""#FF3B3080""##,
    "instanceRedOffset": "-0.1",
    "instanceGreenOffset": "0.25",
    "instanceBlueOffset": "-0.5",
    "instanceAlphaOffset": "-0.08",
    "instanceDelay": "0.1",
    "preservesDepth": "true",
  ]

  /// Puts a NaN or an infinity into the property named.
  /// The table checks' view of the class (LayerClassTableTests):
  /// `delayedCopies` exists only in presentation trees
  /// (Time/Presentation.swift), never in a scene.
  static let ownTable = OwnTable(
    LayerClasses.replicatorLayer, table, fresh: ReplicatorLayer(), samples: samples, notInScenes: ["delayedCopies"])

  static let poisons: [String: @Sendable (ReplicatorLayer) -> Void] = [
    "instanceTransform": { $0.instanceTransform = Transform3D(translationX: .nan, y: 0) },
    "instanceColor": { $0.instanceColor = Color(red: 0, green: 0, blue: 0, alpha: 1).with(red: .nan) },
    "instanceRedOffset": { $0.instanceRedOffset = .nan },
    "instanceGreenOffset": { $0.instanceGreenOffset = .infinity },
    "instanceBlueOffset": { $0.instanceBlueOffset = -.infinity },
    "instanceAlphaOffset": { $0.instanceAlphaOffset = .nan },
    "instanceDelay": { $0.instanceDelay = .infinity },
  ]

  static func replicator(_ body: String) throws -> ReplicatorLayer {
    try SceneFixtures.firstLayer("replicatorLayer", as: ReplicatorLayer.self, body)
  }

  @Test func typeReplicatorLayerMakesOneWithCoreAnimationsDefaults() throws {
    let layer = try Self.replicator(##""frame": [0, 0, 10, 10]"##)
    #expect(layer.instanceCount == 1 && layer.instanceTransform == .identity)
    #expect(layer.instanceColor == .white && layer.instanceDelay == 0 && !layer.preservesDepth)
    #expect(
      [layer.instanceRedOffset, layer.instanceGreenOffset, layer.instanceBlueOffset, layer.instanceAlphaOffset]
        == [0, 0, 0, 0])
    #expect(!layer.isTransformLayer)
    layer.preservesDepth = true
    #expect(layer.isTransformLayer)
  }

  @Test func copyColoursAddTheOffsetsAndClamp() {
    let r = ReplicatorLayer()
    r.instanceColor = Color(red: 0.5, green: 0.2, blue: 1, alpha: 0.9)
    (r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset) = (0.2, -0.1, 0.25, -0.3)
    #expect(r.instanceColor(ofCopy: 0) == Color(red: 0.5, green: 0.2, blue: 1, alpha: 0.9))
    let c2 = r.instanceColor(ofCopy: 2)
    #expect(abs(c2.red - 0.9) < 1e-12 && c2.green == 0 && c2.blue == 1 && abs(c2.alpha - 0.3) < 1e-12)
    #expect(r.instanceColor(ofCopy: 4).alpha == 0 && r.instanceColor(ofCopy: 4).red == 1)
    r.instanceColor = nil
    #expect(r.instanceColor(ofCopy: 0) == .white)
  }


  @Test func invalidValuesNameTheirPathExactly() {
    let cases: [(String, [String])] = [
      (##""instanceCount": 1e9"##, ["layers[0].instanceCount: must be ≤ 10000, got 1000000000"]),
      (##""instanceCount": 1e300"##, ["layers[0].instanceCount: must be ≤ 10000, got 1e+300"]),
      (##""instanceCount": 2.5"##, ["layers[0].instanceCount: must be a whole number, got 2.5"]),
      (##""instanceCount": -1"##, ["layers[0].instanceCount: must be ≥ 0, got -1"]),
      (##""instanceCount": "3""##, ["layers[0].instanceCount: expected a number, got a string"]),
      (##""instanceTransform": "spin(3deg)""##, nil),
      (##""instanceColor": "white""##, nil),
      (##""instanceRedOffset": 1e999"##, ["layers[0].instanceRedOffset: must be finite"]),
      (##""preservesDepth": 1"##, ["layers[0].preservesDepth: expected true or false, got a number"]),
    ].map { ($0.0, $0.1 ?? []) }
    for (body, messages) in cases {
      let errors = SceneFixtures.errors(SceneFixtures.oneLayer(##""type": "replicatorLayer", \##(body)"##))
      if messages.isEmpty {
        // Transforms and colours have their codecs' own messages: one error, at this key.
        #expect(errors.count == 1 && errors[0].hasPrefix("layers[0].instance"), "\(body): \(errors)")
      } else {
        #expect(errors == messages, "\(body)")
      }
    }
    // The limit itself is allowed.
    #expect(SceneFixtures.errors(SceneFixtures.oneLayer(##""type": "replicatorLayer", "instanceCount": 10000"##)) == [])
  }

  /// Copies that multiply past `maximumReplicatedLayers` are refused at
  /// once (a count in Swift has no scene limit), never drawn.
  @Test func copiesPastTheLimitAreRefusedAtOnce() throws {
    func tree(_ counts: [Int], leaves: Int = 1) throws -> Layer {
      let root = Layer()
      root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
      var parent = root
      for n in counts {
        let r = ReplicatorLayer()
        r.instanceCount = n
        r.instanceTransform = Transform3D(translationX: 1, y: 0)
        try parent.addSublayer(r)
        parent = r
      }
      for _ in 0..<leaves {
        let leaf = Layer()
        leaf.frame = CGRect(x: 0, y: 0, width: 2, height: 2)
        leaf.backgroundColor = .red
        try parent.addSublayer(leaf)
      }
      return root
    }
    let start = Date()
    for counts in [[Int.max], [10_000, 10_000, 10_000], [1_000_000_000], [Int.max, Int.max]] {
      let root = try tree(counts)
      #expect(throws: LoweringError.self) { _ = try RenderPlan(root: root, size: CGSize(width: 10, height: 10)) }
    }
    #expect(Date().timeIntervalSince(start) < 5, "refusing took too long")
    let million = try tree([1000, 1000])
    do {
      _ = try RenderPlan(root: million, size: CGSize(width: 10, height: 10))
      Issue.record("a million copies were drawn")
    } catch {
      // Named by the replicator whose copies pass the limit (the outer one).
      #expect(
        error.description
          == "layers[0]: the replicators' copies make more than 200000 layers; the limit is 200000 (instanceCount × sublayers, nested replicators multiplying)")
    }
    // Under the limit: drawn, one shape per copy; negative counts draw none.
    let plan = try RenderPlan(root: try tree([10, 20], leaves: 2), size: CGSize(width: 10, height: 10))
    #expect(plan.surfaces[0].commands.count == 400)
    let none = try RenderPlan(root: try tree([-3]), size: CGSize(width: 10, height: 10))
    #expect(none.surfaces[0].commands.isEmpty)
    #expect(TreeCheck.expandedCount(try tree([10, 20], leaves: 2), limit: 1000).count == 1 + 1 + 10 * (1 + 20 * 2))
  }

  /// Copies are drawn, not hit: the sublayer is hit where it is (copy 0),
  /// even with no copies; a point on copy 1 hits the replicator's own bounds.
  @Test func hitTestingFindsTheSublayersOnceNeverACopy() throws {
    let root = try SceneFixtures.load(
      SceneFixtures.oneLayer(
        ##""type": "replicatorLayer", "name": "r", "frame": [0, 0, 200, 100], "instanceCount": 3, "instanceTransform": "translateX(50px)", "sublayers": [ { "name": "bar", "frame": [10, 10, 20, 20], "backgroundColor": "#F00" } ]"##
      )).root
    #expect(root.hitTestPath(CGPoint(x: 20, y: 20)) == "root/r/bar")
    #expect(root.hitTestPath(CGPoint(x: 70, y: 20)) == "root/r")
    #expect(root.hitTestPath(CGPoint(x: 120, y: 20)) == "root/r")
    let r = try #require(root.sublayers?.first as? ReplicatorLayer)
    r.instanceCount = 0
    #expect(root.hitTestPath(CGPoint(x: 20, y: 20)) == "root/r/bar")
  }

  @Test func everyNonFiniteNumberIsNamedByTheFinitenessCheck() throws {
    try LayerClassChecks.poisonsAreNamed(LayerClasses.replicatorLayer, make: { ReplicatorLayer() }, poisons: Self.poisons)
  }

  @Test func equivalenceTellsReplicatorsApart() {
    let a = ReplicatorLayer(), b = ReplicatorLayer()
    #expect(a.isEquivalent(to: b) && !a.isEquivalent(to: Layer()) && !a.isEquivalent(to: TransformLayer()))
    b.instanceCount = 2
    #expect(!a.isEquivalent(to: b))
  }
}

extension Color {
  /// The colour with `red` set as is (no clamping: a NaN stays a NaN).
  fileprivate func with(red: Double) -> Color {
    var c = self
    c.red = red
    return c
  }
}
