// Transform3D and the CATransform3D C names: Core Animation's rotation
// signs, the order of chained calls, inverse, perspective divide.
import Testing

@testable import Lamina

@Suite struct TransformTests {
  private func close(_ a: Transform3D, _ b: Transform3D, _ eps: Double = 1e-12) -> Bool {
    zip(a.values, b.values).allSatisfy { abs($0 - $1) < eps }
  }

  @Test func inverseRoundTrips() throws {
    let t = Transform3D(perspective: 500).rotated(by: 0.7, x: 0, y: 1, z: 0).translatedBy(
      x: 3, y: -2, z: 5)
    let inv = try #require(t.inverted)
    let p = t.concatenating(inv)
    for (a, b) in zip(p.values, Transform3D.identity.values) { #expect(abs(a - b) < 1e-12) }
  }

  @Test func rotationSignMatchesCoreAnimation() throws {
    // CATransform3DMakeRotation(π/2, 0, 0, 1) maps (1, 0) to (0, 1): on a
    // y-down screen, clockwise.
    let z = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    let p = try #require(z.project(CGPoint(x: 1, y: 0)))
    #expect(abs(Double(p.x)) < 1e-15 && abs(Double(p.y) - 1) < 1e-15)
    // About y by +90°: +x goes to −z (m13 = −1), as in Core Animation.
    let y = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    let v = y.apply(x: 1, y: 0)
    #expect(abs(v.x) < 1e-15 && abs(v.z + 1) < 1e-15)
    // About x by +90°: +y goes to +z.
    let x = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
    #expect(abs(x.apply(x: 0, y: 1).z - 1) < 1e-15)
    // A zero axis is the identity.
    #expect(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
  }

  @Test func functionsActOnPointsFirst() throws {
    // CATransform3DTranslate(scale(2), 10, 0, 0): translate, then scale.
    let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 10, 0, 0)
    let p = try #require(t.project(CGPoint(x: 1, y: 1)))
    #expect(p == CGPoint(x: 22, y: 2))
    let r = CATransform3DRotate(CATransform3DMakeTranslation(5, 0, 0), .pi / 2, 0, 0, 1)
    let q = try #require(r.project(CGPoint(x: 1, y: 0)))
    #expect(abs(Double(q.x) - 5) < 1e-12 && abs(Double(q.y) - 1) < 1e-12)
    #expect(
      CATransform3DConcat(CATransform3DMakeScale(2, 2, 1), CATransform3DMakeTranslation(1, 0, 0))
        == Transform3D(scaleX: 2, y: 2).concatenating(Transform3D(translationX: 1, y: 0)))
  }

  @Test func invertKeepsSingularInputs() {
    let singular = CATransform3DMakeScale(0, 1, 1)
    #expect(singular.inverted == nil)
    #expect(CATransform3DInvert(singular) == singular)
    let t = CATransform3DMakeTranslation(3, 4, 5)
    #expect(close(CATransform3DInvert(t), CATransform3DMakeTranslation(-3, -4, -5)))
    #expect(CATransform3DEqualToTransform(CATransform3DIdentity, .identity))
  }

  @Test func affineConversions() {
    let a = CGAffineTransformMake(1, 2, 3, 4, 5, 6)
    let t = CATransform3DMakeAffineTransform(a)
    #expect(CATransform3DIsAffine(t))
    #expect(CATransform3DGetAffineTransform(t) == a)
    #expect(!CATransform3DIsAffine(Transform3D(perspective: 500)))
    #expect(!CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 1, 0)))
    #expect(CATransform3DIsAffine(CATransform3DMakeRotation(0.3, 0, 0, 1)))
  }

  @Test func perspectiveDividesByW() throws {
    // A point 100 towards the viewer with the eye at 500 grows by 500/400.
    let t = Transform3D(perspective: 500).translatedBy(x: 0, y: 0, z: 100)
    let p = try #require(t.project(CGPoint(x: 40, y: 0)))
    #expect(abs(Double(p.x) - 50) < 1e-12)
    // At the eye's distance and beyond, nothing projects.
    #expect(Transform3D(perspective: 500).translatedBy(x: 0, y: 0, z: 500).project(.zero) == nil)
  }

  @Test func valuesRoundTrip() throws {
    let t = CATransform3DRotate(Transform3D(perspective: 300), 0.5, 1, 1, 0)
    #expect(Transform3D(t.values) == t)
    #expect(Transform3D([1, 2, 3]) == nil)
    #expect(abs(t.determinant - (t.inverted.map { 1 / $0.determinant } ?? 0)) < 1e-12)
  }
}

/// The identity's shortcut in `TransformDecomposition.init(_:)` gives the
/// bits the general decomposition gives it, lane for lane, and a rotation
/// written through it recomposes to the same matrix.
@Suite struct IdentityDecompositionTests {
  static func bits(_ d: TransformDecomposition) -> [UInt64] {
    [d.translation[0], d.translation[1], d.translation[2], d.scale[0], d.scale[1], d.scale[2], d.skew[0], d.skew[1],
      d.skew[2], d.perspective[0], d.perspective[1], d.perspective[2], d.perspective[3], d.quaternion[0],
      d.quaternion[1], d.quaternion[2], d.quaternion[3]].map(\.bitPattern)
  }

  @Test func theShortcutIsTheGeneralDecomposition() throws {
    let fast = try #require(TransformDecomposition(.identity))
    let general = try #require(TransformDecomposition(decomposing: .identity))
    #expect(Self.bits(fast) == Self.bits(general))
    for angle in [0.3, -2.1, .pi] {
      var a = fast, b = general
      a.setEulerAngles(SIMD3(0, 0, angle))
      b.setEulerAngles(SIMD3(0, 0, angle))
      #expect(a.matrix == b.matrix)
    }
    // Not the identity: the general path.
    let turned = Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)
    #expect(try #require(TransformDecomposition(turned)) == (try #require(TransformDecomposition(decomposing: turned))))
  }
}
