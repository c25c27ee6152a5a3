// ShapeLayer through the scene format: `"type": "shapeLayer"` makes one
// with CAShapeLayer's defaults; its table (LayerProperties.shape) reads,
// writes, compares and checks every key (samples and poisons are keyed by
// the table, so a new key without one fails here); errors name their JSON
// path; the Swift API's out-of-range values and the stated limits are
// refused by the lowering with the layer's name. The geometry is in
// StrokeGeometryTests.

import Foundation
import Testing

@testable import Lamina

@Suite struct ShapeLayerTests {
  static let table = LayerProperties.shape

  /// A value other than the default for every shape key.
  static let samples: [String: String] = [
    "path": ##"{"svg": "M 0 0 L 10 10"}"##,
    "fillColor": "null",
    "fillRule": ##""kCAFillRuleEvenOdd""##,
    "strokeColor": ##""#FF3B30""##,
    "lineWidth": "2.5",
    "lineCap": ##""kCALineCapRound""##,
    "lineJoin": ##""bevel""##,
    "miterLimit": "0",
    "lineDashPattern": "[4, 2, 1]",
    "lineDashPhase": "-3",
    "strokeStart": "0.25",
    "strokeEnd": "0.75",
  ]

  /// The table checks' view of the class (LayerClassTableTests).
  static let ownTable = OwnTable(LayerClasses.shapeLayer, table, fresh: ShapeLayer(), samples: samples)

  /// Puts a NaN or an infinity into the property named.
  static let poisons: [String: @Sendable (ShapeLayer) -> Void] = [
    "path": { $0.path = Path(elements: [.move(CGPoint(x: Double.nan, y: 0))]) },
    "fillColor": { $0.fillColor = Color(red: .nan, green: 0, blue: 0) },
    "strokeColor": { $0.strokeColor = Color(red: 0, green: 0, blue: .nan) },
    "lineWidth": { $0.lineWidth = .infinity },
    "miterLimit": { $0.miterLimit = .nan },
    "lineDashPattern": { $0.lineDashPattern = [1, .nan] },
    "lineDashPhase": { $0.lineDashPhase = -.infinity },
    "strokeStart": { $0.strokeStart = .nan },
    "strokeEnd": { $0.strokeEnd = .nan },
  ]

  static func shapeLayer(_ body: String) throws -> ShapeLayer {
    try SceneFixtures.firstLayer("shapeLayer", as: ShapeLayer.self, body)
  }

  @Test func typeShapeLayerMakesAShapeLayerWithCoreAnimationsDefaults() throws {
    let layer = try Self.shapeLayer(##""frame": [0, 0, 10, 10]"##)
    #expect(layer.path == nil && layer.fillColor == .black && layer.strokeColor == nil)
    #expect(layer.fillRule == .nonZero && layer.lineWidth == 1 && layer.lineCap == .butt)
    #expect(layer.lineJoin == .miter && layer.miterLimit == 10 && layer.lineDashPattern == nil)
    #expect(layer.lineDashPhase == 0 && layer.strokeStart == 0 && layer.strokeEnd == 1)
    #expect(!layer.drawsShape, "no path, nothing drawn")
    let read = try Self.shapeLayer(
      ##""strokeColor": "#0000FF", "lineWidth": 3, "lineCap": "square", "lineJoin": "kCALineJoinRound","##
        + ##" "fillRule": "evenOdd", "fillColor": null, "lineDashPattern": [1, 2], "strokeEnd": 0.5"##)
    #expect(read.strokeColor == .blue && read.fillColor == nil && read.fillRule == .evenOdd)
    #expect(read.lineCap == .square && read.lineJoin == .round && read.lineDashPattern == [1, 2])
    #expect(read.strokeStyle.strokeEnd == 0.5 && read.strokeStyle.lineWidth == 3)
  }


  @Test func invalidValuesNameTheirPathExactly() {
    let cases: [(String, [String])] = [
      (##""lineWidth": -1"##, ["layers[0].lineWidth: must be ≥ 0, got -1"]),
      (##""miterLimit": -0.5"##, ["layers[0].miterLimit: must be ≥ 0, got -0.5"]),
      (##""strokeStart": -0.1"##, ["layers[0].strokeStart: must be in 0…1, got -0.1"]),
      (##""strokeEnd": 1.5"##, ["layers[0].strokeEnd: must be in 0…1, got 1.5"]),
      (##""lineDashPattern": [2, -1, 3]"##, ["layers[0].lineDashPattern[1]: must be ≥ 0, got -1"]),
      (##""lineDashPattern": 4"##, ["layers[0].lineDashPattern: expected an array of numbers, got a number"]),
      (
        ##""fillRule": "winding""##,
        [##"layers[0].fillRule: expected one of "nonZero", "evenOdd", got "winding""##]
      ),
      (##""lineCap": "flat""##, [##"layers[0].lineCap: expected one of "butt", "round", "square", got "flat""##]),
      (##""lineJoin": 1"##, ["layers[0].lineJoin: expected a string, got a number"]),
      (##""lineDashPhase": "3""##, ["layers[0].lineDashPhase: expected a number, got a string"]),
    ]
    for (body, messages) in cases {
      #expect(
        SceneFixtures.errors(SceneFixtures.oneLayer(##""type": "shapeLayer", \##(body)"##)) == messages, "\(body)")
    }
  }

  static func lower(_ shape: ShapeLayer) throws(LoweringError) {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
    shape.name = "s"
    try? root.addSublayer(shape)
    _ = try RenderPlan(root: root, size: CGSize(width: 64, height: 64))
  }

  /// Out of range in Swift, a value is clamped when set, as Core Animation
  /// draws it (ValueRange.swift): the plan is the clamped value's plan, and
  /// only a value that is not a number is refused, by name.
  @Test func outOfRangeValuesAreClampedAsCoreAnimationDrawsThem() throws {
    let cases: [((ShapeLayer) -> Void, (ShapeLayer) -> Void)] = [
      ({ $0.lineWidth = -2 }, { $0.lineWidth = 0 }),
      ({ $0.miterLimit = -1 }, { $0.miterLimit = 0 }),
      ({ $0.strokeStart = 2 }, { $0.strokeStart = 1 }),
      ({ $0.strokeEnd = 1.2 }, { $0.strokeEnd = 1 }),
      ({ $0.strokeEnd = -1 }, { $0.strokeEnd = 0 }),
      ({ $0.lineDashPattern = [4, -1] }, { $0.lineDashPattern = [4, 0] }),
    ]
    func plan(_ set: (ShapeLayer) -> Void) throws -> RenderPlan {
      let root = Layer()
      root.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
      let s = ShapeLayer()
      s.path = Path(ellipseIn: CGRect(x: 8, y: 8, width: 48, height: 40))
      s.strokeColor = .black
      s.lineWidth = 3
      s.strokeEnd = 0.6
      set(s)
      try root.addSublayer(s)
      return try RenderPlan(root: root, size: CGSize(width: 64, height: 64))
    }
    for (outside, clamped) in cases {
      #expect(try plan(outside) == plan(clamped))
    }
    let s = ShapeLayer()
    s.strokeEnd = 1.2
    #expect(s.strokeEnd == 1)
    s.strokeEnd = .nan
    #expect(throws: LoweringError.self) { try Self.lower(s) }
  }

  @Test func theLimitsAreErrorsThatNameTheLayer() throws {
    // A million tiny dashes.
    let dashed = ShapeLayer()
    dashed.path = try Path(svg: "M 0 10 L 60 10")
    dashed.strokeColor = .red
    dashed.lineDashPattern = [0.0001, 0.0001]
    #expect(
      throws: LoweringError.invalidShape(
        layer: "layers[0] ('s')", reason: StrokeError.tooManyDashes(limit: RenderLimits.default.maxStrokeDashes).description)
    ) { try Self.lower(dashed) }
    // A path of a million segments, stroked.
    let long = ShapeLayer()
    long.path = Path(elements: [.move(.zero)] + (0..<1_000_000).map { .line(CGPoint(x: Double($0 % 64), y: Double($0 % 7))) })
    long.strokeColor = .red
    long.fillColor = nil
    #expect(
      throws: LoweringError.invalidShape(
        layer: "layers[0] ('s')", reason: StrokeError.tooManyEdges(limit: RenderLimits.default.maxShapeEdges).description)
    ) { try Self.lower(long) }
    // A billion-wide stroke and a miter limit of 0 draw.
    let wide = ShapeLayer()
    wide.path = try Path(svg: "M 10 10 L 50 50 L 10 50")
    wide.strokeColor = .red
    wide.lineWidth = 1e9
    wide.lineCap = .round
    wide.miterLimit = 0
    try Self.lower(wide)
  }

  @Test func everyNonFiniteNumberIsNamedByTheFinitenessCheck() throws {
    try LayerClassChecks.poisonsAreNamed(LayerClasses.shapeLayer, make: { ShapeLayer() }, poisons: Self.poisons)
  }

  @Test func equivalenceTellsClassesAndShapesApart() {
    let a = ShapeLayer(), b = ShapeLayer()
    #expect(a.isEquivalent(to: b) && !a.isEquivalent(to: Layer()) && !a.isEquivalent(to: GradientLayer()))
    b.lineDashPattern = [1]
    #expect(!a.isEquivalent(to: b))
  }
}
