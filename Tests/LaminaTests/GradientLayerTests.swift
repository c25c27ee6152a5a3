// GradientLayer through the scene format: `"type": "gradientLayer"` makes
// one; its table (LayerProperties.gradient) reads, writes, compares and
// checks every key as `Layer`'s does (samples and poisons are keyed by the
// table, so a new key without one fails here); the errors name their JSON
// path exactly; the Swift API's invalid stops are refused by the lowering;
// and random gradient trees round-trip. The maths of t and the stops is in
// GradientMathTests.

import Foundation
import Testing

@testable import Lamina

@Suite struct GradientLayerTests {
  static let table = LayerProperties.gradient

  /// A value other than the default for every gradient key.
  static let samples: [String: String] = [
    "colors": ##"["#FF3B30", [0.25, 0.5, 0.75, 0.5], "#00000000"]"##,
    "locations": "[0, 0.25, 1]",
    "startPoint": "[0, 0.5]",
    "endPoint": "[1.5, -0.25]",
    "gradientType": ##""kCAGradientLayerConic""##,
  ]

  /// The table checks' view of the class (LayerClassTableTests); locations
  /// need as many colours.
  static let ownTable = OwnTable(
    LayerClasses.gradientLayer, table, fresh: GradientLayer(), samples: samples,
    extra: ["locations": ##""colors": ["#000", "#FFF", "#F00"]"##])

  /// Puts a NaN or an infinity into the property named.
  static let poisons: [String: @Sendable (GradientLayer) -> Void] = [
    "colors": { $0.colors = [.red, Color(red: 0, green: .nan, blue: 0)] },
    "locations": { $0.colors = [.red, .blue]; $0.locations = [0, .infinity] },
    "startPoint": { $0.startPoint.x = .nan },
    "endPoint": { $0.endPoint.y = -.infinity },
  ]

  static func gradientLayer(_ body: String) throws -> GradientLayer {
    try SceneFixtures.firstLayer("gradientLayer", as: GradientLayer.self, body)
  }

  @Test func typeGradientLayerMakesAGradientLayerWithCoreAnimationsDefaults() throws {
    let layer = try Self.gradientLayer(##""frame": [0, 0, 10, 10]"##)
    #expect(layer.colors == nil && layer.locations == nil)
    #expect(layer.startPoint == CGPoint(x: 0.5, y: 0) && layer.endPoint == CGPoint(x: 0.5, y: 1))
    #expect(layer.type == .axial)
    #expect(!layer.drawsGradient && layer.gradient == nil)
    let read = try Self.gradientLayer(
      ##""colors": ["#FF0000", "#0000FF80"], "locations": [0.25, 0.75], "startPoint": [0, 0],"##
        + ##" "endPoint": [1, 1], "gradientType": "radial", "frame": [0, 0, 40, 20]"##)
    #expect(read.colors == [.red, Color(red: 0, green: 0, blue: 1, alpha: 128.0 / 255)])
    #expect(read.locations == [0.25, 0.75] && read.type == .radial)
    let g = try #require(read.gradient)
    #expect(g.start == CGPoint(x: 0, y: 0) && g.end == CGPoint(x: 40, y: 20))
    #expect(g.stops.map(\.location) == [0.25, 0.75])
    // Evenly spaced without locations; one colour sits at 0.
    read.locations = nil
    read.colors = [.red, .green, .blue]
    #expect(read.gradient?.stops.map(\.location) == [0, 0.5, 1])
    read.colors = [.red]
    #expect(read.gradient?.stops.map(\.location) == [0])
    #expect(read.gradient?.solidColor == .red)
  }

  @Test func theTableListsTheGradientKeysInCoreAnimationsOrder() {
    #expect(Self.table.map(\.key) == ["colors", "locations", "startPoint", "endPoint", "gradientType"])
  }

  @Test func aWrittenGradientSceneIsVersionTwoAndAPlainOneStaysVersionOne() throws {
    func version(_ text: String) throws -> String {
      let written = String(decoding: try SceneFixtures.load(text).jsonData(), as: UTF8.self)
      return try #require(written.firstMatch(of: /"version": (\d)/)).1.description
    }
    #expect(try version(SceneFixtures.oneLayer(##""type": "gradientLayer""##)) == "2")
    #expect(try version(SceneFixtures.oneLayer(##""mask": { "type": "gradientLayer" }"##)) == "2")
    #expect(try version(SceneFixtures.oneLayer(##""type": "transformLayer""##)) == "1")
  }


  @Test func invalidValuesNameTheirPathExactly() {
    let cases: [(String, [String])] = [
      (
        ##""colors": ["#F00", "#0F0"], "locations": [0, 0.6, 0.4]"##,
        ["layers[0].locations[2]: must be ≥ the location before it (0.6), got 0.4"]
      ),
      (
        ##""colors": ["#F00", "#0F0", "#00F"], "locations": [0, 1]"##,
        ["layers[0].locations: expected 3 locations, one per colour, got 2"]
      ),
      (##""locations": [0.5]"##, ["layers[0].locations: expected 0 locations, one per colour, got 1"]),
      (
        ##""colors": ["#F00", "#0F0"], "locations": [-0.1, 1.5]"##,
        ["layers[0].locations[0]: must be in 0…1, got -0.1", "layers[0].locations[1]: must be in 0…1, got 1.5"]
      ),
      (
        ##""gradientType": "linear""##,
        [##"layers[0].gradientType: expected one of "axial", "radial", "conic", got "linear""##]
      ),
      (##""colors": "#F00""##, ["layers[0].colors: expected an array of colours, got a string"]),
      (
        ##""colors": ["#F00", null]"##,
        [##"layers[0].colors[1]: expected a colour ("#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or [r, g, b, a]), got null"##]
      ),
      (##""locations": {}"##, ["layers[0].locations: expected an array of numbers, got an object"]),
      (##""startPoint": [0, 1e999]"##, ["layers[0].startPoint[1]: must be finite"]),
      (##""endPoint": [1]"##, ["layers[0].endPoint: expected [x, y], got 1 number"]),
    ]
    for (body, messages) in cases {
      #expect(
        SceneFixtures.errors(SceneFixtures.oneLayer(##""type": "gradientLayer", \##(body)"##)) == messages, "\(body)")
    }
    // Colours that could not be read do not add a count error.
    #expect(
      SceneFixtures.errors(
        SceneFixtures.oneLayer(##""type": "gradientLayer", "colors": ["#F00", "red"], "locations": [0, 1]"##))
        .count == 1)
  }

  @Test func theLoweringRefusesStopsTheSceneFormatRefuses() throws {
    let cases: [(([Color]?, [Double]?), String)] = [
      (([.red, .blue], [0, 0.5, 1]), "locations: expected 2 locations, one per colour, got 3"),
      ((nil, [0.5]), "locations: expected 0 locations, one per colour, got 1"),
      (([.red, .blue], [0.5, 0.25]), "locations[1]: must be ≥ the location before it (0.5), got 0.25"),
    ]
    for ((colors, locations), reason) in cases {
      let root = Layer()
      root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
      let g = GradientLayer()
      g.name = "g"
      g.colors = colors
      g.locations = locations
      g.isHidden = true  // validated all the same
      try root.addSublayer(g)
      #expect(throws: LoweringError.invalidGradient(layer: "layers[0] ('g')", reason: reason)) {
        _ = try RenderPlan(root: root, size: CGSize(width: 10, height: 10))
      }
    }
  }

  @Test func everyNonFiniteNumberIsNamedByTheFinitenessCheck() throws {
    // Layer's checks, then the class's own, in table order.
    let checked = LayerClasses.gradientLayer.finiteChecks.map(\.name)
    #expect(checked == LayerClasses.layer.finiteChecks.map(\.name) + ["colors", "locations", "startPoint", "endPoint"])
    try LayerClassChecks.poisonsAreNamed(LayerClasses.gradientLayer, make: { GradientLayer() }, poisons: Self.poisons)
    // Layer's own properties are still checked on a gradient layer.
    let layer = GradientLayer()
    layer.opacity = .nan
    #expect(layer.firstNonFiniteProperty() == "opacity")
  }

  @Test func equivalenceTellsClassesAndGradientsApart() {
    let a = GradientLayer(), b = GradientLayer()
    #expect(a.isEquivalent(to: b) && !a.isEquivalent(to: Layer()) && !Layer().isEquivalent(to: a))
    b.colors = [.red]
    #expect(!a.isEquivalent(to: b))
    a.colors = [.red]
    b.type = .conic
    #expect(!a.isEquivalent(to: b))
    #expect(!a.isEquivalent(to: TransformLayer()))
  }
}
