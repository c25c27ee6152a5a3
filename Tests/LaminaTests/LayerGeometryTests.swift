// Layer geometry worked out by hand (expected values derived in comments):
// frame under transforms, anchorPoint, convert in 2D and through perspective,
// sublayerTransform, flattening versus transform layers.
import Testing

@testable import Lamina

/// Geometry worked out by hand: frame, anchorPoint, convert in 2D and 3D.
@Suite struct LayerGeometryTests {
  private func close(_ a: CGPoint, _ b: CGPoint, _ eps: Double = 1e-9) -> Bool {
    abs(Double(a.x) - Double(b.x)) < eps && abs(Double(a.y) - Double(b.y)) < eps
  }
  private func close(_ a: CGRect, _ b: CGRect, _ eps: Double = 1e-9) -> Bool {
    close(a.origin, b.origin, eps) && abs(Double(a.width) - Double(b.width)) < eps
      && abs(Double(a.height) - Double(b.height)) < eps
  }

  @Test func frameUnderA45DegreeRotationIsTheBoundingBox() {
    let layer = Layer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    layer.position = CGPoint(x: 200, y: 200)
    layer.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    // The half diagonal 50·√2 = 70.7107 reaches out on every side of the centre.
    let h = 50 * 2.0.squareRoot()
    #expect(close(layer.frame, CGRect(x: 200 - h, y: 200 - h, width: 2 * h, height: 2 * h)))
  }

  @Test func settingFrameUnderATransform() {
    let layer = Layer()
    // A quarter turn: the frame's 100×50 becomes bounds 50×100; it round-trips.
    layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
    #expect(
      layer.bounds.size == CGSize(width: 50, height: 100)
        || close(
          CGRect(origin: .zero, size: layer.bounds.size), CGRect(x: 0, y: 0, width: 50, height: 100)
        ))
    #expect(close(layer.position, CGPoint(x: 50, y: 25)))
    #expect(close(layer.frame, CGRect(x: 0, y: 0, width: 100, height: 50)))
    // A scale: the bounds are the frame's size divided by it.
    layer.transform = Transform3D(scaleX: 2, y: 4)
    layer.frame = CGRect(x: 10, y: 10, width: 100, height: 100)
    #expect(layer.bounds.size == CGSize(width: 50, height: 25))
    #expect(close(layer.frame, CGRect(x: 10, y: 10, width: 100, height: 100)))
    // 45°: the size is the frame mapped back by the inverse rotation (its
    // bounding box, 141.42 square), so reading the frame gives 200×200 about
    // the same centre. Core Animation calls this case undefined.
    layer.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
    let s = 100 * 2.0.squareRoot()
    #expect(
      abs(Double(layer.bounds.width) - s) < 1e-9 && abs(Double(layer.bounds.height) - s) < 1e-9)
    #expect(close(layer.position, CGPoint(x: 50, y: 50)))
    #expect(close(layer.frame, CGRect(x: -50, y: -50, width: 200, height: 200)))
  }

  @Test func changingTheAnchorPointMovesTheLayer() {
    let layer = Layer()
    layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    layer.position = CGPoint(x: 100, y: 100)
    #expect(layer.frame == CGRect(x: 50, y: 75, width: 100, height: 50))
    // The position stays; the layer moves so that its top-left sits there.
    layer.anchorPoint = .zero
    #expect(layer.frame == CGRect(x: 100, y: 100, width: 100, height: 50))
    // Rotations now turn about the top-left corner: (100, 0) goes to (0, 100).
    layer.transform = Transform3D(rotationAngle: .pi / 2, x: 0, y: 0, z: 1)
    let parent = Layer()
    try? parent.addSublayer(layer)
    #expect(close(layer.convert(CGPoint(x: 100, y: 0), to: parent), CGPoint(x: 100, y: 200)))
  }

  @Test func convertThroughPerspective() throws {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 300, height: 300)
    let child = Layer()
    child.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    child.position = CGPoint(x: 150, y: 150)
    // m34 = -1/500, then CATransform3DRotate(t, 45°, 0, 1, 0): the rotation acts first.
    child.transform = Transform3D(perspective: 500).rotated(by: .pi / 4, x: 0, y: 1, z: 0)
    try root.addSublayer(child)
    // (200, 100) is 100 right of the anchor: rotated about y it is
    // (100·cos45, 0, −100·sin45) = (70.7107, 0, −70.7107); then
    // w = 1 − z/500 = 1.141421, x = 70.7107 / 1.141421 = 61.9497; plus the
    // position: (211.9497, 150).
    let right = child.convert(CGPoint(x: 200, y: 100), to: root)
    #expect(close(right, CGPoint(x: 150 + 70.71067811865476 / 1.1414213562373094, y: 150)))
    #expect(abs(Double(right.x) - 211.9497) < 1e-4)
    // (0, 100): z = +70.7107, w = 0.858579, x = −82.3578 → 67.6422.
    let left = child.convert(CGPoint(x: 0, y: 100), to: nil)
    #expect(abs(Double(left.x) - 67.6422) < 1e-4 && abs(Double(left.y) - 150) < 1e-9)
    // (200, 0): y = −100 is divided by the same w: 150 − 100/1.141421 = 62.3899.
    let corner = child.convert(CGPoint(x: 200, y: 0), to: root)
    #expect(abs(Double(corner.y) - 62.3899) < 1e-4)
    // And back down, by the inverse homography.
    #expect(close(child.convert(right, from: root), CGPoint(x: 200, y: 100), 1e-9))
    #expect(close(root.convert(corner, to: child), CGPoint(x: 200, y: 0), 1e-9))
    // transformToRoot agrees.
    #expect(close(try #require(child.transformToRoot.project(CGPoint(x: 200, y: 100))), right))
  }

  @Test func pointsBehindTheViewerHaveNoImage() throws {
    let root = Layer()
    let child = Layer()
    child.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    child.transform = Transform3D(perspective: 50).rotated(by: 80 * .pi / 180, x: 0, y: 1, z: 0)
    try root.addSublayer(child)
    // (0, 100): z = 100·sin80 = 98.48, w = 1 − 98.48/50 < 0.
    #expect(child.convertedPoint(CGPoint(x: 0, y: 100), to: root) == nil)
    #expect(child.convert(CGPoint(x: 0, y: 100), to: root).x.isNaN)
    #expect(child.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root).isNull)
    #expect(child.convertedPoint(CGPoint(x: 200, y: 100), to: root) != nil)
  }

  /// The one cutting rule (`Homography.nearW`) is relative to the matrix:
  /// a matrix and any positive multiple of it are the same projective map,
  /// so every box and outline cut at the near plane must be the same. An
  /// absolute bound (the lowering's old 1e-6) cuts a scaled-down matrix
  /// elsewhere, or everywhere.
  @Test func theNearPlaneCutIsTheSameForEveryMultipleOfAMatrix() throws {
    let m = Transform3D(perspective: 50).rotated(by: 80 * .pi / 180, x: 0, y: 1, z: 0)
      .concatenating(Transform3D(translationX: 300, y: 200))
    let rect = CGRect(x: -100, y: -100, width: 200, height: 200)
    let polygon: [SIMD2<Double>] = [[-100, -100], [100, -100], [100, 100], [-100, 100]]
    let box = try #require(projectedBounds(of: rect, m))
    let outline = Homography(m).project(polygon)
    #expect(box.width.isFinite && box.width > 1e6, "the rectangle crosses the plane: its box runs far out")
    #expect(outline.count >= 3 && outline.allSatisfy { $0.x.isFinite && $0.y.isFinite })
    for k in [1e-8, 1e-3, 1e4] {
      var scaled = m
      for path in [\Transform3D.m11, \.m12, \.m13, \.m14, \.m21, \.m22, \.m23, \.m24,
                   \.m31, \.m32, \.m33, \.m34, \.m41, \.m42, \.m43, \.m44] { scaled[keyPath: path] *= k }
      let b = try #require(projectedBounds(of: rect, scaled), "k = \(k)")
      #expect(abs(b.minX - box.minX) <= 1e-6 * abs(box.minX) && abs(b.maxX - box.maxX) <= 1e-6 * abs(box.maxX), "k = \(k)")
      let o = Homography(scaled).project(polygon)
      #expect(o.count == outline.count && zip(o, outline).allSatisfy { length($0 - $1) <= 1e-6 * length($1) })
      #expect(abs(Homography(scaled).nearW - k * Homography(m).nearW) <= 1e-12 * k)
    }
    func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
  }

  @Test func sublayerTransformActsAboutTheCentre() throws {
    let parent = Layer()
    parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    parent.sublayerTransform = Transform3D(scaleX: 2, y: 2)
    let child = Layer()
    child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
    child.position = CGPoint(x: 50, y: 50)
    try parent.addSublayer(child)
    // The child's centre sits at (50, 50), scaled ×2 about (100, 100): (0, 0).
    #expect(close(child.convert(CGPoint(x: 10, y: 10), to: parent), .zero))
    #expect(close(parent.convert(CGPoint(x: 40, y: 40), to: child), CGPoint(x: 30, y: 30)))
  }

  @Test func boundsOriginOffsetsSublayers() throws {
    let parent = Layer()
    parent.bounds = CGRect(x: 10, y: 20, width: 100, height: 100)
    parent.position = CGPoint(x: 50, y: 50)
    let root = Layer()
    try root.addSublayer(parent)
    let child = Layer()
    child.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    child.anchorPoint = .zero
    child.position = CGPoint(x: 10, y: 20)
    try parent.addSublayer(child)
    // The parent's top-left (its bounds origin (10, 20)) is at (0, 0) in root.
    #expect(close(child.convert(CGPoint.zero, to: root), .zero))
    #expect(
      close(
        child.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: root),
        CGRect(x: 0, y: 0, width: 10, height: 10)))
  }

  /// A new root holding `outer` (100 × 100, turned π/4 about `axis`),
  /// which holds an `inner` layer of that size at (50, 50) turned back by
  /// π/4 about the same axis: the root and the inner layer.
  func counterRotated(_ outer: Layer, about axis: (Double, Double, Double), inner size: CGSize) throws -> (Layer, Layer) {
    let root = Layer()
    outer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    outer.transform = Transform3D(rotationAngle: .pi / 4, x: axis.0, y: axis.1, z: axis.2)
    let inner = Layer()
    inner.bounds = CGRect(origin: .zero, size: size)
    inner.position = CGPoint(x: 50, y: 50)
    inner.transform = Transform3D(rotationAngle: -.pi / 4, x: axis.0, y: axis.1, z: axis.2)
    try root.addSublayer(outer)
    try outer.addSublayer(inner)
    return (root, inner)
  }

  @Test func nestedRotationsCancelAndRectsConvertToBoundingBoxes() throws {
    let outer = Layer()
    outer.position = CGPoint(x: 100, y: 100)
    let (root, inner) = try counterRotated(outer, about: (0, 0, 1), inner: CGSize(width: 40, height: 20))
    // Upright again: the inner rect lands centred on (100, 100), 40×20.
    #expect(
      close(
        inner.convert(inner.bounds, to: root), CGRect(x: 80, y: 90, width: 40, height: 20), 1e-9))
    // In the outer layer's space the inner rect's bounding box is rotated.
    let inOuter = inner.convert(inner.bounds, to: outer)
    let w = (40 + 20) / 2.0.squareRoot()
    #expect(abs(Double(inOuter.width) - w) < 1e-9 && abs(Double(inOuter.height) - w) < 1e-9)
  }

  @Test func normalLayersFlattenAndTransformLayersDoNot() throws {
    func build(_ outer: Layer) throws -> (Layer, Layer) {
      try counterRotated(outer, about: (0, 1, 0), inner: CGSize(width: 100, height: 100))
    }
    // Flattened: x = 50 → inner rotation → 50·cos45 (z dropped) → outer →
    // 50·cos²45 = 25.
    let (root, inner) = try build(Layer())
    #expect(close(inner.convert(CGPoint(x: 100, y: 50), to: root), CGPoint(x: 25, y: 0)))
    // Through a transform layer the rotations cancel: x stays 50.
    let (root3D, inner3D) = try build(TransformLayer())
    #expect(close(inner3D.convert(CGPoint(x: 100, y: 50), to: root3D), CGPoint(x: 50, y: 0), 1e-9))
    // Between siblings inside the 3D context, convert goes through the plane above.
    let sibling = Layer()
    sibling.bounds = inner3D.bounds
    sibling.position = inner3D.position
    sibling.transform = inner3D.transform
    try inner3D.superlayer?.addSublayer(sibling)
    #expect(close(inner3D.convert(CGPoint(x: 30, y: 70), to: sibling), CGPoint(x: 30, y: 70), 1e-9))
  }

  @Test func layersOfDifferentTreesShareTheirRootsSpace() throws {
    let a = Layer()
    let b = Layer()
    let rootA = Layer()
    let rootB = Layer()
    try rootA.addSublayer(a)
    try rootB.addSublayer(b)
    a.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    a.position = CGPoint(x: 100, y: 0)
    b.bounds = a.bounds
    b.position = CGPoint(x: 0, y: 100)
    // a's centre (5, 5) is (100, 0) in the shared space; b's (5, 5) is (0, 100).
    #expect(close(a.convert(CGPoint(x: 5, y: 5), to: b), CGPoint(x: 105, y: -95)))
    // nil is the root of a's tree.
    #expect(close(a.convert(CGPoint(x: 100, y: 0), from: nil), CGPoint(x: 5, y: 5)))
    #expect(rootA.sublayers?.count == 1 && rootB.sublayers?.count == 1)
  }
}
