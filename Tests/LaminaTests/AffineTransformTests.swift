// CGAffineTransform and its Core Graphics C names: order of chained calls
// (docs/figures.md 5.4), rotation sign, shear (5.5), inverse, rect bounding boxes.
import Testing

@testable import Lamina

@Suite struct AffineTransformTests {
  private func close(_ a: CGPoint, _ b: CGPoint, _ eps: Double = 1e-9) -> Bool {
    abs(Double(a.x) - Double(b.x)) < eps && abs(Double(a.y) - Double(b.y)) < eps
  }

  @Test func combinedTransformsActInReverseOrder() {
    // docs/figures.md 5.4: scale 0.5, rotate 30°, translate 200 along x, chained as
    // CGAffineTransformScale/Rotate/Translate: the move is scaled and rotated.
    var t = CGAffineTransformIdentity
    t = CGAffineTransformScale(t, 0.5, 0.5)
    t = CGAffineTransformRotate(t, .pi / 6)
    t = CGAffineTransformTranslate(t, 200, 0)
    // (0, 0) → translate (200, 0) → rotate (173.205, 100) → scale (86.603, 50).
    #expect(
      close(CGPointApplyAffineTransform(.zero, t), CGPoint(x: 100 * 3.0.squareRoot() / 2, y: 50)))
  }

  @Test func rotationTurnsXTowardsY() {
    #expect(
      close(CGAffineTransformMakeRotation(.pi / 2).apply(CGPoint(x: 1, y: 0)), CGPoint(x: 0, y: 1)))
  }

  @Test func inverseAndConcat() throws {
    let t = CGAffineTransformMake(2, 1, -1, 3, 5, -7)
    let inv = try #require(t.inverted)
    let p = CGPoint(x: 3, y: 4)
    #expect(close(inv.apply(t.apply(p)), p))
    #expect(close(CGAffineTransformConcat(t, inv).apply(p), p))
    let singular = CGAffineTransformMakeScale(0, 2)
    #expect(singular.inverted == nil && CGAffineTransformInvert(singular) == singular)
    // Concat: the first acts first.
    let c = CGAffineTransformConcat(
      CGAffineTransformMakeTranslation(1, 0), CGAffineTransformMakeScale(2, 2))
    #expect(c.apply(.zero) == CGPoint(x: 2, y: 0))
  }

  @Test func shearMovesXByY() {
    // docs/figures.md 5.5: c = −1 shears 45° horizontally.
    let t = CGAffineTransform(shearX: -1, y: 0)
    #expect(t.c == -1 && t.b == 0)
    #expect(t.apply(CGPoint(x: 0, y: 10)) == CGPoint(x: -10, y: 10))
  }

  @Test func rectsMapToBoundingBoxes() {
    let r = CGRect(x: 0, y: 0, width: 10, height: 10)
    let box = CGRectApplyAffineTransform(r, CGAffineTransformMakeRotation(.pi / 4))
    let d = 10 * 2.0.squareRoot()
    #expect(abs(Double(box.width) - d) < 1e-9 && abs(Double(box.minX) + d / 2) < 1e-9)
    #expect(CGRect.null.applying(CGAffineTransformMakeScale(2, 2)).isNull)
    #expect(CGAffineTransformIsIdentity(CGAffineTransformIdentity))
    #expect(
      CGAffineTransformEqualToTransform(
        CGAffineTransformMakeTranslation(1, 2), CGAffineTransform(translationX: 1, y: 2)))
  }
}
