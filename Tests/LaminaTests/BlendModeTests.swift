// Compositing filters in the model: the scene key (read, validated with its
// JSON path, written back), the discrete animation, the lowering's group,
// and `BlendMode.composite` against the hand-worked table of BlendChecks.
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite struct BlendModeTests {
  @Test(arguments: BlendChecks.closedForms)
  func compositeMatchesTheHandWorkedRow(_ row: BlendChecks.Row) throws {
    let mode = try #require(BlendMode(rawValue: row.filter))
    func premultiplied(_ hex: String, _ opacity: Double) -> SIMD4<Float> {
      let c = Color(hex: hex)!
      let a = Float(c.alpha * opacity)
      return SIMD4(Float(c.red) * a, Float(c.green) * a, Float(c.blue) * a, a)
    }
    // The backdrop as the renderers hold it: 8-bit premultiplied.
    var b = premultiplied(row.backdrop, 1)
    b = (b * 255).rounded(.toNearestOrAwayFromZero) / 255
    let out = mode.composite(premultiplied(row.source, row.opacity), over: b)
    let bytes = (0..<4).map { Int((out[$0] * 255).rounded()) }
    #expect(zip(bytes, row.expected).allSatisfy { abs($0 - $1) <= 1 }, "\(row): \(bytes)")
  }

  @Test func everyNameReadsAndWritesBack() throws {
    for mode in BlendMode.allCases {
      let scene = try SceneFixtures.load(SceneFixtures.oneLayer(#""compositingFilter": "\#(mode.rawValue)""#))
      let layer = try #require(scene.layers.first)
      #expect(layer.compositingFilter == mode)
      let written = String(decoding: scene.jsonData(), as: UTF8.self)
      #expect(written.contains("\"compositingFilter\": \"\(mode.rawValue)\""), "\(mode)")
      #expect(written.contains("\"version\": 3"))
    }
    // Core Image's class names read too; null is none.
    let ci = try SceneFixtures.load(SceneFixtures.oneLayer(#""compositingFilter": "CIMultiplyBlendMode""#))
    #expect(ci.layers.first?.compositingFilter == .multiply)
    let none = try SceneFixtures.load(SceneFixtures.oneLayer(#""compositingFilter": null"#))
    #expect(none.layers.first?.compositingFilter == nil)
  }

  @Test func unknownNamesAreErrorsWithTheirPath() {
    let errors = SceneFixtures.errors(SceneFixtures.oneLayer(#""compositingFilter": "multiply""#))
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("layers[0].compositingFilter: expected one of \"normalBlendMode\"") == true, "\(errors)")
    #expect(errors.first?.hasSuffix("got \"multiply\"") == true)
    let typed = SceneFixtures.errors(SceneFixtures.oneLayer(#""compositingFilter": 3"#))
    #expect(typed == ["layers[0].compositingFilter: expected a string, got a number"])
  }

  @Test func theFilterAnimatesDiscretely() throws {
    let scene = try SceneFixtures.load(
      SceneFixtures.oneLayer(
        #""animations": [{"type": "basic", "keyPath": "compositingFilter", "fromValue": "multiplyBlendMode", "toValue": "xor", "duration": 1}]"#
      ))
    let layer = try #require(scene.layers.first)
    #expect(try layer.presentation(at: 0.25).compositingFilter == .multiply)
    #expect(try layer.presentation(at: 0.75).compositingFilter == .xor)
    let bad = SceneFixtures.errors(
      SceneFixtures.oneLayer(
        #""animations": [{"type": "basic", "keyPath": "compositingFilter", "fromValue": "multiplyBlendMode", "toValue": "plus", "duration": 1}]"#
      ))
    #expect(bad.count == 1 && bad[0].hasPrefix("layers[0].animations[0].toValue: expected one of"), "\(bad)")
  }

  /// A 40×40 canvas holding a red 20×20 card at opacity 0.5 under `filter`.
  static func fadedRedCard(_ filter: BlendMode) throws -> (root: Layer, card: Layer) {
    let root = LayerFixtures.canvas(40)
    let card = Layer()
    card.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
    card.backgroundColor = .red
    card.opacity = 0.5
    card.compositingFilter = filter
    try root.addSublayer(card)
    return (root, card)
  }

  /// A blended layer is one group composited with its mode, faded as a
  /// group; `normal` opens nothing.
  @Test func theLoweringBlendsOneGroup() throws {
    let (root, card) = try Self.fadedRedCard(.screen)
    card.borderWidth = 2
    var plan = try RenderPlan(root: root, size: CGSize(width: 40, height: 40))
    #expect(plan.surfaces.count == 2)
    guard case .composite(let c) = plan.surfaces[0].commands.last else {
      Issue.record("no composite: \(plan.surfaces[0].commands)")
      return
    }
    #expect(c.blendMode == .screen)
    #expect(c.opacity == 0.5)
    card.compositingFilter = .normal
    card.opacity = 1
    plan = try RenderPlan(root: root, size: CGSize(width: 40, height: 40))
    #expect(plan.surfaces.count == 1)
  }

  /// A blended layer that draws one rounded rectangle (a background, or a
  /// border alone) is that shape drawn with the mode, faded by its colour:
  /// no group. With a second primitive, a mask or a shadow it is a group.
  @Test func aBlendedLayerOfOneShapeOpensNoGroup() throws {
    let (root, card) = try Self.fadedRedCard(.colorBurn)
    card.cornerRadius = 4
    func shape() throws -> (surfaces: Int, draw: RoundedRectDraw?) {
      let plan = try RenderPlan(root: root, size: CGSize(width: 40, height: 40))
      guard case .roundedRect(let d) = plan.surfaces[0].commands.last else { return (plan.surfaces.count, nil) }
      return (plan.surfaces.count, d)
    }
    var (surfaces, draw) = try shape()
    #expect(surfaces == 1)
    #expect(draw?.blendMode == .colorBurn)
    #expect(draw?.color.a == 0.5 && draw?.color.r == 0.5, "faded by the colour: \(String(describing: draw?.color))")
    // A border alone.
    card.backgroundColor = nil
    card.borderWidth = 3
    (surfaces, draw) = try shape()
    #expect(surfaces == 1 && draw?.blendMode == .colorBurn && draw?.border != nil)
    // Each of these makes it a group again.
    card.backgroundColor = .red
    (surfaces, draw) = try shape()
    #expect(surfaces == 2 && draw == nil, "background and border")
    card.borderWidth = 0
    card.shadowOpacity = 1
    (surfaces, draw) = try shape()
    #expect(surfaces == 2 && draw == nil, "a shadow")
    card.shadowOpacity = 0
    let mask = Layer()
    mask.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
    mask.backgroundColor = .black
    card.mask = mask
    (surfaces, draw) = try shape()
    #expect(surfaces >= 2 && draw == nil, "a mask")
  }
}
