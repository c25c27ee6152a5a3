// Animations against values worked by hand or computed independently:
// CABasicAnimation's from/to/by table, springs against a numerical
// integration of m x″ + c x′ + k x = 0 (RK4, an independent solver), paced
// keyframes against arc lengths worked by hand, paths, groups, additive and
// cumulative, colours in premultiplied components, transforms by
// decomposition, and the presentation leaving the model untouched.

import Foundation
import Testing

@testable import Lamina

@Suite struct AnimationTests {
  /// A root with one sublayer; returns both.
  func tree(_ layer: Layer = Layer()) throws -> (Layer, Layer) {
    let root = Layer()
    try root.addSublayer(layer)
    return (root, layer)
  }

  func presented(_ root: Layer, _ t: Double) throws -> Layer { try root.presentation(at: t).sublayers![0] }

  func basic(_ keyPath: String, from: AnimationValue? = nil, to: AnimationValue? = nil, by: AnimationValue? = nil)
    -> BasicAnimation
  {
    let a = BasicAnimation(keyPath: keyPath)
    a.fromValue = from
    a.toValue = to
    a.byValue = by
    a.duration = 1
    return a
  }

  @Test func fromToByInEveryCombinationCoreAnimationAllows() throws {
    // Model opacity 0.5; at half way (linear): each row's end points worked by hand.
    let rows: [(AnimationValue?, AnimationValue?, AnimationValue?, Double)] = [
      (.number(0), .number(1), nil, 0.5),  // 0 … 1
      (.number(0.2), nil, .number(0.4), 0.4),  // 0.2 … 0.6
      (nil, .number(0.9), .number(0.4), 0.7),  // 0.5 … 0.9
      (.number(0.1), nil, nil, 0.3),  // 0.1 … model 0.5
      (nil, .number(0.9), nil, 0.7),  // model 0.5 … 0.9
      (nil, nil, .number(0.2), 0.6),  // 0.5 … 0.7
      (nil, nil, nil, 0.5),  // model … model
    ]
    for (from, to, by, expected) in rows {
      let layer = Layer()
      layer.opacity = 0.5
      let (root, _) = try tree(layer)
      layer.add(basic("opacity", from: from, to: to, by: by), forKey: "a")
      let got = try presented(root, 0.5).opacity
      #expect(abs(got - expected) < 1e-12, "\(String(describing: from)) \(String(describing: to)) \(String(describing: by))")
    }
  }

  @Test func laterAnimationsWinUnlessAdditiveAndCumulativeAddsEachCycle() throws {
    let layer = Layer()
    layer.position = CGPoint(x: 100, y: 0)
    let (root, _) = try tree(layer)
    layer.add(basic("position.x", from: .number(0), to: .number(10)), forKey: "a")
    layer.add(basic("position.x", from: .number(50), to: .number(60)), forKey: "b")
    #expect(try presented(root, 0.5).position.x == 55)
    // Additive: 55 + (0 … 20 at half) = 65.
    let add = basic("position.x", from: .number(0), to: .number(20))
    add.isAdditive = true
    layer.add(add, forKey: "c")
    #expect(try presented(root, 0.5).position.x == 65)
    // Cumulative: 0 … 10 repeated 3 times; t = 2.5: cycle 2, 5 + 2 × 10 = 25.
    layer.removeAllAnimations()
    let c = basic("position.x", from: .number(0), to: .number(10))
    c.repeatCount = 3
    c.isCumulative = true
    layer.add(c, forKey: nil)
    #expect(abs(try presented(root, 2.5).position.x - 25) < 1e-9)
    // After the animation (removed): the model again.
    #expect(try presented(root, 3.5).position.x == 100)
  }

  @Test func theDefaultDurationIsAQuarterSecond() throws {
    let (root, layer) = try tree()
    let a = basic("opacity", from: .number(0), to: .number(1))
    a.duration = 0
    layer.add(a, forKey: nil)
    #expect(abs(try presented(root, 0.125).opacity - 0.5) < 1e-12)
    #expect(try presented(root, 0.3).opacity == 1)  // over: the model
  }

  @Test func springsFollowTheDampedOscillator() {
    // RK4 on m x″ = −k (x − 1) − c x′, x(0) = 0, x′(0) = v₀, step 1e-4 s
    // (its error is far below 1e-9 over 2 s).
    func integrate(_ m: Double, _ k: Double, _ c: Double, _ v0: Double, to t: Double) -> Double {
      var x = 0.0, v = v0
      let h = 1e-4
      let steps = Int((t / h).rounded())
      func acc(_ x: Double, _ v: Double) -> Double { (-k * (x - 1) - c * v) / m }
      for _ in 0..<steps {
        let (k1x, k1v) = (v, acc(x, v))
        let (k2x, k2v) = (v + h / 2 * k1v, acc(x + h / 2 * k1x, v + h / 2 * k1v))
        let (k3x, k3v) = (v + h / 2 * k2v, acc(x + h / 2 * k2x, v + h / 2 * k2v))
        let (k4x, k4v) = (v + h * k3v, acc(x + h * k3x, v + h * k3v))
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
      }
      return x
    }
    // Under-, critically and over-damped, with and without initial velocity.
    let springs: [(Double, Double, Double, Double)] = [
      (1, 100, 10, 0), (1, 100, 20, 0), (2, 50, 40, 3), (1, 300, 5, -2), (0.5, 80, 2 * (80 * 0.5).squareRoot(), 1),
    ]
    for (m, k, c, v0) in springs {
      let s = SpringAnimation(keyPath: "opacity")
      (s.mass, s.stiffness, s.damping, s.initialVelocity) = (m, k, c, v0)
      for t in [0.05, 0.1, 0.3, 0.7, 1.3, 2.0] {
        let expected = integrate(m, k, c, v0, to: t)
        #expect(abs((1 - s.displacement(at: t)) - expected) < 1e-6, "m \(m) k \(k) c \(c) v0 \(v0) t \(t)")
      }
    }
  }

  @Test func aSpringsDefaultDurationIsItsSettlingDuration() throws {
    // The default spring: ζ = 10 / (2√100) = 0.5, ω₀ = 10, ω_d = √75; the
    // envelope √(1 + (5/√75)²) e^(−5t) = 0.001 at t = ln(1154.70…)/5.
    let s = SpringAnimation(keyPath: "opacity")
    let expected = log((1 + 25.0 / 75).squareRoot() / 0.001) / 5
    #expect(abs(s.settlingDuration - expected) < 1e-12)
    #expect(abs(s.settlingDuration - 1.4103) < 1e-4)
    // Past it, the displacement stays within the tolerance.
    for i in 0..<200 {
      #expect(abs(s.displacement(at: s.settlingDuration + Double(i) * 0.01)) <= 0.001)
    }
    // Over-damped: the time found is where |u| falls to 0.001.
    let o = SpringAnimation(keyPath: "opacity")
    o.damping = 40
    #expect(abs(abs(o.displacement(at: o.settlingDuration)) - 0.001) < 1e-6)
    // Presented with its default duration, a spring runs until it settles.
    let (root, layer) = try tree()
    s.fromValue = .number(0)
    s.toValue = .number(1)
    layer.add(s, forKey: nil)
    #expect(abs(try presented(root, 0.3).opacity - min(1, 1 - s.displacement(at: 0.3))) < 1e-12)
    #expect(try presented(root, 1.5).opacity == 1)
  }

  @Test func pacedKeyframesMoveAtOneSpeed() throws {
    // (0,0) → (3,4) → (3,10): lengths 5 and 6 of 11, key times 0, 5/11, 1.
    // At p = 0.5: segment 1, f = (0.5 − 5/11) / (6/11) = 1/12 → (3, 4.5).
    let (root, layer) = try tree()
    let k = KeyframeAnimation(keyPath: "position")
    k.values = [.point(.zero), .point(CGPoint(x: 3, y: 4)), .point(CGPoint(x: 3, y: 10))]
    k.calculationMode = .paced
    k.keyTimes = [0, 0.9, 1]  // ignored when paced
    k.duration = 1
    layer.add(k, forKey: nil)
    let p = try presented(root, 0.5).position
    #expect(abs(p.x - 3) < 1e-12 && abs(p.y - 4.5) < 1e-12)
    // At p = 0.2: 2.2 of 11 along the first segment: (3, 4) × 2.2/5.
    let q = try presented(root, 0.2).position
    #expect(abs(q.x - 1.32) < 1e-12 && abs(q.y - 1.76) < 1e-12)
  }

  @Test func aRotationReadsTheModelOnlyWhereItIsUsed() throws {
    // Model rotated by 0.3 rad about z; at half way (linear). The model's
    // angle counts where an end is missing or the animation is additive,
    // and nowhere else (an animation that read it always, or never, fails a row).
    let rows: [(AnimationValue?, AnimationValue?, Bool, Double)] = [
      (.number(0), .number(1), false, 0.5),  // 0 … 1
      (.number(0), .number(1), true, 0.8),  // 0.3 + (0 … 1)
      (nil, .number(1), false, 0.65),  // model 0.3 … 1
      (.number(0.1), nil, false, 0.2),  // 0.1 … model 0.3
    ]
    for (from, to, additive, expected) in rows {
      let layer = Layer()
      layer.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
      let (root, _) = try tree(layer)
      let a = basic("transform.rotation.z", from: from, to: to)
      a.isAdditive = additive
      layer.add(a, forKey: "spin")
      let angle = TransformDecomposition(try presented(root, 0.5).transform)?.eulerAngles[2]
      #expect(angle.map { abs($0 - expected) < 1e-12 } == true, "\(String(describing: from)) … \(String(describing: to)), additive \(additive): \(String(describing: angle))")
    }
    // Keyframes: additive over the model, else the keyframes alone.
    for additive in [false, true] {
      let layer = Layer()
      layer.transform = Transform3D(rotationAngle: 0.3, x: 0, y: 0, z: 1)
      let (root, _) = try tree(layer)
      let k = KeyframeAnimation(keyPath: "transform.rotation.z")
      k.values = [.number(0), .number(1)]
      k.duration = 1
      k.isAdditive = additive
      layer.add(k, forKey: "spin")
      let angle = TransformDecomposition(try presented(root, 0.5).transform)?.eulerAngles[2]
      #expect(angle.map { abs($0 - (additive ? 0.8 : 0.5)) < 1e-12 } == true, "keyframes, additive \(additive)")
    }
  }

  @Test func linearDiscreteAndCubicKeyframes() throws {
    let k = KeyframeAnimation(keyPath: "opacity")
    let values: [AnimationValue] = [.number(0), .number(1), .number(0.5)]
    // Linear with key times 0, 0.25, 1: at 0.625, half way from 1 to 0.5.
    k.keyTimes = [0, 0.25, 1]
    if case .number(let v) = k.value(values, at: 0.625) { #expect(abs(v - 0.75) < 1e-12) } else { Issue.record() }
    // Segment timing functions: easeIn over segment 0 at f = 0.5.
    k.timingFunctions = [.easeIn, .linear]
    if case .number(let v) = k.value(values, at: 0.125) {
      #expect(abs(v - TimingFunction.easeIn.progress(at: 0.5)) < 1e-12)
    } else { Issue.record() }
    // Discrete without key times: thirds.
    k.calculationMode = .discrete
    k.keyTimes = nil
    k.timingFunctions = nil
    for (p, expected) in [(0.0, 0.0), (0.33, 0.0), (0.34, 1.0), (0.7, 0.5), (1.0, 0.5)] {
      if case .number(let v) = k.value(values, at: p) { #expect(v == expected, "\(p)") } else { Issue.record() }
    }
    // Cubic: Catmull–Rom through (0, 1, 0.5); at the middle of segment 0
    // (p = 0.25): 0.5 × (2·0 + (−0 + 1)·0.5 + (0 − 0 + 4 − 0.5)·0.25 + (−0 + 0 − 3 + 0.5)·0.125)
    //   = 0.5 × (0.5 + 0.875 − 0.3125) = 0.53125.
    k.calculationMode = .cubic
    if case .number(let v) = k.value(values, at: 0.25) { #expect(abs(v - 0.53125) < 1e-12) } else { Issue.record() }
  }

  @Test func keyframesAlongAPath() throws {
    // M 0 0 L 30 0 L 30 10: two segments.
    let path = Path(elements: [.move(.zero), .line(CGPoint(x: 30, y: 0)), .line(CGPoint(x: 30, y: 10))])
    let (root, layer) = try tree()
    let k = KeyframeAnimation(keyPath: "position")
    k.path = path
    k.duration = 1
    layer.add(k, forKey: "walk")
    // Linear: each segment half the time. p 0.25 → (15, 0); 0.75 → (30, 5).
    #expect(try presented(root, 0.25).position == CGPoint(x: 15, y: 0))
    #expect(try presented(root, 0.75).position == CGPoint(x: 30, y: 5))
    // Paced: lengths 30 and 10; p 0.5 → 20 along → (20, 0); 0.875 → 35 → (30, 5).
    k.calculationMode = .paced
    k.rotationMode = .auto
    layer.add(k, forKey: "walk")
    let a = try presented(root, 0.5)
    #expect(abs(a.position.x - 20) < 1e-9 && abs(a.position.y) < 1e-9)
    let b = try presented(root, 0.875)
    #expect(abs(b.position.x - 30) < 1e-9 && abs(b.position.y - 5) < 1e-9)
    // rotationMode auto: along +y on the second segment, a quarter turn.
    let r = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    #expect(zip(b.transform.values, r.values).allSatisfy { abs($0 - $1) < 1e-9 })
  }

  @Test func coloursInterpolateInPremultipliedComponents() throws {
    // clear → opaque red at half: premultiplied (0.5, 0, 0, 0.5) = straight
    // red at alpha 0.5 (straight interpolation would give dark red (0.5, 0, 0, 0.5)).
    let v = AnimationValue.interpolate(.color(.clear), .color(.red), 0.5)
    guard case .color(let c?) = v else { Issue.record(); return }
    #expect(abs(c.red - 1) < 1e-12 && c.green == 0 && c.blue == 0 && abs(c.alpha - 0.5) < 1e-12)
  }

  @Test func transformsInterpolateByDecomposition() throws {
    // rotate(0) → rotate(90°) at half: rotate(45°), not the mean of the matrices.
    let a = Transform3D.identity
    let b = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    guard case .transform(let m) = AnimationValue.interpolate(.transform(a), .transform(b), 0.5) else {
      Issue.record()
      return
    }
    let r = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    #expect(zip(m.values, r.values).allSatisfy { abs($0 - $1) < 1e-12 })
    // scale 1 → 3 with a translation 0 → 10: at half, scale 2 and translation 5.
    let c = Transform3D(scaleX: 3, y: 3).concatenating(Transform3D(translationX: 10, y: 0))
    guard case .transform(let n) = AnimationValue.interpolate(.transform(a), .transform(c), 0.5) else {
      Issue.record()
      return
    }
    #expect(abs(n.m11 - 2) < 1e-12 && abs(n.m22 - 2) < 1e-12 && abs(n.m41 - 5) < 1e-12)
  }

  @Test func decompositionRecomposesTheMatrix() {
    let cases: [Transform3D] = [
      .identity,
      Transform3D(rotationAngle: 1.1, x: 1, y: 2, z: 3).concatenating(Transform3D(translationX: 3, y: -4, z: 5)),
      Transform3D(scaleX: 2, y: -0.5, z: 3).concatenating(Transform3D(rotationAngle: 2.5, x: 0, y: 0, z: 1)),
      Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0).concatenating(Transform3D(perspective: 500)),
      Transform3D(CGAffineTransform(a: 1, b: 0.3, c: 0.7, d: 1, tx: 4, ty: 9)),
    ]
    for t in cases {
      guard let d = TransformDecomposition(t) else {
        Issue.record("\(t) did not decompose")
        continue
      }
      #expect(zip(d.matrix.values, t.values).allSatisfy { abs($0 - $1) < 1e-9 }, "\(t) → \(d.matrix)")
    }
    // A singular matrix does not decompose (and interpolates discretely).
    #expect(TransformDecomposition(Transform3D(scaleX: 0, y: 1)) == nil)
  }

  @Test func rotationSubPathTurnsAFullCircle() throws {
    let (root, layer) = try tree()
    layer.transform = Transform3D(scaleX: 2, y: 2)
    layer.add(basic("transform.rotation.z", from: .number(0), to: .number(2 * .pi)), forKey: nil)
    // At a quarter: a quarter turn, keeping the model's scale 2.
    let q = try presented(root, 0.25).transform
    let expected = Transform3D(scaleX: 2, y: 2).concatenating(Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1))
    #expect(zip(q.values, expected.values).allSatisfy { abs($0 - $1) < 1e-12 })
    // At three quarters: three quarters of a turn (a `transform` animation
    // between equal end matrices would not move at all).
    let t = try presented(root, 0.75).transform
    let e3 = Transform3D(scaleX: 2, y: 2).concatenating(Transform3D(rotationAngle: 1.5 * .pi, x: 0, y: 0, z: 1))
    #expect(zip(t.values, e3.values).allSatisfy { abs($0 - $1) < 1e-12 })
  }

  @Test func subPathsAndSublayersByName() throws {
    let (root, layer) = try tree()
    let child = Layer()
    child.name = "dot"
    try layer.addSublayer(child)
    layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    layer.add(basic("bounds.size.width", to: .number(30)), forKey: nil)
    layer.add(basic("sublayers.dot.opacity", from: .number(0), to: .number(1)), forKey: nil)
    let p = try presented(root, 0.5)
    #expect(p.bounds.size.width == 20 && p.bounds.size.height == 10)
    #expect(p.sublayers![0].opacity == 0.5)
    #expect(p.sublayers![0].name == "dot")
  }

  @Test func overshootIsClampedToThePropertysRange() throws {
    let (root, layer) = try tree()
    let a = basic("opacity", from: .number(0), to: .number(1))
    a.timingFunction = TimingFunction(controlPoints: 0.3, 1.8, 0.6, 1.8)  // overshoots
    layer.add(a, forKey: nil)
    let corner = basic("cornerRadius", from: .number(0), to: .number(-5))
    layer.add(corner, forKey: nil)
    let p = try presented(root, 0.5)
    #expect(p.opacity == 1)
    #expect(p.cornerRadius == 0)
  }

  @Test func thePresentationLeavesTheModelAndTheAnimationsAlone() throws {
    let (root, layer) = try tree()
    layer.opacity = 0.3
    let a = basic("opacity", from: .number(0), to: .number(1))
    layer.add(a, forKey: "fade")
    a.toValue = .number(0)  // added as a copy: no effect
    let p = try presented(root, 0.5)
    #expect(p.opacity == 0.5)
    #expect(layer.opacity == 0.3)
    #expect(p.animations.isEmpty)
    #expect(layer.animationKeys() == ["fade"])
    #expect((layer.animation(forKey: "fade") as? BasicAnimation).map { if case .number(1) = $0.toValue!.animationValue { true } else { false } } == true)
    layer.removeAnimation(forKey: "fade")
    #expect(layer.animationKeys() == nil)
  }

  @Test func nonFiniteResultsAreErrorsNotPictures() throws {
    let (root, layer) = try tree()
    let a = basic("position.x", from: .number(0), to: .number(1e308))
    a.timingFunction = TimingFunction(controlPoints: 0.5, 3, 0.5, 3)  // 1e308 × > 1 overflows
    layer.add(a, forKey: nil)
    #expect(throws: AnimationError.self) { try root.presentation(at: 0.5) }
  }

  @Test func replicatorCopiesRunTheirAnimationsLater() throws {
    let r = ReplicatorLayer()
    r.instanceCount = 3
    r.instanceDelay = 0.25
    let dot = Layer()
    try r.addSublayer(dot)
    dot.add(basic("opacity", from: .number(0), to: .number(1)), forKey: nil)
    let (root, _) = try tree(r)
    let p = try presented(root, 0.5).asReplicator!
    // Copy k at 0.5 − 0.25 k: 0.5, 0.25, 0.
    #expect(p.sublayers(ofCopy: 0)[0].opacity == 0.5)
    #expect(p.sublayers(ofCopy: 1)[0].opacity == 0.25)
    #expect(p.sublayers(ofCopy: 2)[0].opacity == 0)
    // Without animations below it, no copies are made.
    dot.removeAllAnimations()
    #expect(try root.presentation(at: 0.5).sublayers![0].asReplicator!.delayedCopies == nil)
  }

  /// The replicator's own `sublayers.NAME…` animation changes the one
  /// sublayer every copy draws, at the replicator's time: every copy,
  /// undelayed, while the sublayer's own animation stays delayed per copy.
  @Test func replicatorsSublayerAnimationsReachEveryCopyUndelayed() throws {
    let r = ReplicatorLayer()
    r.instanceCount = 3
    r.instanceDelay = 0.25
    let dot = Layer()
    dot.name = "dot"
    try r.addSublayer(dot)
    dot.add(basic("position.x", from: .number(0), to: .number(100)), forKey: nil)
    r.add(basic("sublayers.dot.opacity", from: .number(1), to: .number(0)), forKey: nil)
    let (root, _) = try tree(r)
    let p = try presented(root, 0.5).asReplicator!
    for k in 0..<3 {
      #expect(p.sublayers(ofCopy: k)[0].opacity == 0.5, "copy \(k)")
      #expect(abs(Double(p.sublayers(ofCopy: k)[0].position.x) - (50 - 25 * Double(k))) < 1e-9, "copy \(k)")
    }
    #expect(r.sublayers![0].opacity == 1, "the model is unchanged")
  }

  @Test func aLayerInTwoPlacesIsRefusedNotLoopedOver() throws {
    let (root, layer) = try tree()
    layer.mask = root  // a cycle through a mask
    layer.add(basic("opacity", to: .number(0)), forKey: nil)
    #expect(throws: AnimationError.self) { try root.presentation(at: 0) }
    layer.mask = nil
  }
}
