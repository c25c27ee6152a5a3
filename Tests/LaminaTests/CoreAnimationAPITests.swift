// The Swift API as Core Animation code writes it: the `CA` names, values
// given as Swift values, a `String` variable as a text layer's string,
// colours from literals, out-of-range values clamped, and the mistakes a
// scene file reports (a key path typo, a value of the wrong kind, a
// property of another class) reported from Swift too.
import Lamina
import Testing

@Suite struct CoreAnimationAPITests {
  /// A 100×100 root holding `layer`, named "card".
  static func tree(_ layer: Layer) throws -> Layer {
    let root = CALayer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.name = "card"
    layer.frame = CGRect(x: 10, y: 10, width: 50, height: 40)
    try root.addSublayer(layer)
    return root
  }

  @Test func coreAnimationsNamesAreTheLayerClasses() throws {
    let layers: [CALayer] = [
      CAShapeLayer(), CAGradientLayer(), CATextLayer(), CAReplicatorLayer(), CATransformLayer(),
    ]
    #expect(layers[0] is ShapeLayer && layers[1] is GradientLayer && layers[2] is TextLayer)
    #expect(layers[3] is ReplicatorLayer && layers[4] is TransformLayer)
    #expect(CAMediaTimingFunction(name: .easeOut) == .easeOut)
    #expect(CAMediaTimingFunction(name: .default) == TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1))
    #expect(CAMediaTimingFunctionName.allCases.map { TimingFunction(name: $0).name } == ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"])
    let line = CAShapeLayer()
    line.lineCap = CAShapeLayerLineCap.round
    #expect(line.lineCap == .round)
  }

  @Test func valuesAreWrittenAsSwiftValues() throws {
    let layer = CAShapeLayer()
    layer.path = Path(rect: CGRect(x: 0, y: 0, width: 50, height: 40))
    let root = try Self.tree(layer)
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1.0
    fade.duration = 1
    let move = CABasicAnimation(keyPath: "position")
    move.toValue = CGPoint(x: 85, y: 30)
    move.duration = 1
    let tint = CABasicAnimation(keyPath: "fillColor")
    tint.fromValue = Color.red
    tint.toValue = Color.blue
    tint.duration = 1
    let grow = CABasicAnimation(keyPath: "transform")
    grow.toValue = CATransform3DMakeScale(3, 3, 1)
    grow.duration = 1
    let draw = CAKeyframeAnimation(keyPath: "strokeEnd")
    draw.values = [0, 0.5, 1]
    draw.keyTimes = [0, 0.5, 1]
    draw.duration = 1
    let enum_ = CABasicAnimation(keyPath: "lineWidth")
    enum_.toValue = .number(9)  // AnimationValue's cases still read as before
    enum_.duration = 1
    for (key, a) in [("fade", fade), ("move", move), ("tint", tint), ("grow", grow), ("draw", draw), ("width", enum_)] {
      layer.add(a, forKey: key)
    }
    let p = try #require(try root.presentation(at: 0.5).sublayers?.first as? ShapeLayer)
    #expect(abs(p.opacity - 0.5) < 1e-12)
    #expect(p.position == CGPoint(x: 60, y: 30))  // from (35, 30) half way to (85, 30)
    #expect(p.transform.m11 == 2 && p.transform.m22 == 2)
    #expect(abs(p.strokeEnd - 0.5) < 1e-12)
    #expect(abs(p.lineWidth - 5) < 1e-12)
    let fill = try #require(p.fillColor)
    #expect(abs(fill.red - 0.5) < 1e-12 && abs(fill.blue - 0.5) < 1e-12)
    if case .number(1)? = fade.toValue?.animationValue {} else { Issue.record("toValue reads back as .number(1)") }
  }

  @Test func aStringVariableIsATextLayersString() throws {
    let title: String = ["Lower", "third"].joined(separator: " ")
    let text = CATextLayer()
    text.string = title
    #expect(text.string as? String == "Lower third")
    #expect(text.textContent == .plain("Lower third"))
    text.string = title.dropFirst(6)
    #expect(text.string as? String == "third")
    text.string = .attributed([TextRun("a"), TextRun("b", fontSize: 9)])
    #expect(text.string as? String == nil && text.textContent?.text == "ab")
    text.string = nil
    #expect(text.textContent == nil)
  }

  @Test func coloursFromLiteralsAndGreys() {
    #expect(Color.hex("#FF3B30") == Color(red: 1, green: 59.0 / 255, blue: 48.0 / 255))
    #expect(Color.hex("#0008") == Color(red: 0, green: 0, blue: 0, alpha: 136.0 / 255))
    #expect(Color(white: 0.5, alpha: 0.25) == Color(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25))
    #expect(Color(white: 2) == .white)
  }

  @Test func outOfRangeValuesAreClampedWhenSet() {
    let layer = CALayer()
    layer.opacity = 1.5
    layer.cornerRadius = -4
    layer.shadowOpacity = -1
    #expect(layer.opacity == 1 && layer.cornerRadius == 0 && layer.shadowOpacity == 0)
    layer.opacity = .infinity  // kept, for the lowering to refuse by name
    #expect(layer.opacity == .infinity)
    let gradient = CAGradientLayer()
    gradient.locations = [-0.5, 0.5, 1.5]
    #expect(gradient.locations == [0, 0.5, 1])
  }

  @Test func isRemovedOnCompletionChangesNothing() throws {
    func opacity(removed: Bool, at t: Double) throws -> Double {
      let layer = CALayer()
      layer.backgroundColor = .red
      let root = try Self.tree(layer)
      let a = CABasicAnimation(keyPath: "opacity")
      a.toValue = 0.25
      a.duration = 1
      a.fillMode = .forwards
      a.isRemovedOnCompletion = removed
      layer.add(a, forKey: "fade")
      return try root.presentation(at: t).sublayers![0].opacity
    }
    #expect(try opacity(removed: true, at: 2) == 0.25)
    #expect(try opacity(removed: false, at: 2) == 0.25)
  }

  /// Each mistake is an error from `presentation(at:)` naming the layer,
  /// the animation's key and the key path, even before the animation starts.
  @Test(arguments: [
    ("opactiy", 1 as AnimationValue, #"layers[0] ('card'): the animation "a": unknown key path "opactiy"; did you mean 'opacity'?"#),
    ("opacity", .point(CGPoint(x: 1, y: 2)), #"layers[0] ('card'): the animation "a": toValue is a point, but opacity takes a number"#),
    ("strokeEnd", 0.5, #"layers[0] ('card'): the animation "a": strokeEnd is a property of shapeLayer; 'card' is a layer"#),
    ("sublayers.badge.opacity", 0.5, #"layers[0] ('card'): the animation "a": 'card' has no sublayer named "badge""#),
  ])
  func mistakesAreErrorsThatNameTheLayerKeyAndKeyPath(keyPath: String, value: AnimationValue, message: String) throws {
    let layer = CALayer()
    let root = try Self.tree(layer)
    let a = CABasicAnimation(keyPath: keyPath)
    a.toValue = value
    a.beginTime = 10  // not yet active at t = 0: refused all the same
    layer.add(a, forKey: "a")
    let error = try #require(throws: AnimationError.self) { try root.presentation(at: 0) }
    #expect(error.message == message)
  }

  @Test func mistakesInsideGroupsAndKeyframesAreNamed() throws {
    let layer = CALayer()
    let root = try Self.tree(layer)
    let keyframes = CAKeyframeAnimation(keyPath: "position")
    keyframes.values = [CGPoint(x: 0, y: 0), 3]
    let group = CAAnimationGroup()
    group.animations = [CABasicAnimation(keyPath: "opacity"), keyframes]
    layer.add(group, forKey: nil)
    let error = try #require(throws: AnimationError.self) { try root.presentation(at: 0) }
    #expect(error.message.hasSuffix("an animation: animations[1]: values[1] is a number, but position takes a point"), "\(error.message)")
    // Fixed, the same tree presents.
    keyframes.values = [CGPoint(x: 0, y: 0), CGPoint(x: 3, y: 3)]
    layer.removeAllAnimations()
    layer.add(group, forKey: nil)
    _ = try root.presentation(at: 0)
  }
}
