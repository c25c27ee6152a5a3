// Hit testing with CALayer's rules on small trees worked out by hand:
// nesting, rotation, hidden, masksToBounds, array order over zPosition and
// depth (docs/figures.md 5.23), transform layers, points behind the viewer.
import Testing

@testable import Lamina

/// CALayer's hit-testing rules on small trees worked out by hand.
@Suite struct HitTestTests {
  /// A layer with a frame (the root uses its own space through `frame`).
  private func layer(_ name: String, _ frame: CGRect, in parent: Layer? = nil) throws -> Layer {
    let l = name == "transform" ? TransformLayer() : Layer()
    l.name = name
    l.frame = frame
    try parent?.addSublayer(l)
    return l
  }

  @Test func nestedLayersReturnTheDeepest() throws {
    let root = try layer("root", CGRect(x: 0, y: 0, width: 300, height: 300))
    let a = try layer("a", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
    let b = try layer("b", CGRect(x: 10, y: 10, width: 20, height: 20), in: a)
    #expect(root.hitTest(CGPoint(x: 65, y: 65)) === b)
    #expect(root.hitTest(CGPoint(x: 100, y: 100)) === a)
    #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
    #expect(root.hitTest(CGPoint(x: 400, y: 10)) == nil)
    // Maximum edges are outside (CGRectContainsPoint).
    #expect(root.hitTest(CGPoint(x: 150, y: 100)) === root)
    #expect(root.hitTest(CGPoint(x: 149.999, y: 100)) === a)
    #expect(a.contains(CGPoint(x: 0, y: 0)) && !a.contains(CGPoint(x: 100, y: 50)))
    #expect(root.hitTestPath(CGPoint(x: 65, y: 65)) == "root/a/b")
  }

  @Test func rotatedLayersHitInsideTheRotatedShapeOnly() throws {
    let root = try layer("root", CGRect(x: 0, y: 0, width: 300, height: 300))
    let diamond = try layer("diamond", CGRect(x: 100, y: 100, width: 100, height: 100), in: root)
    diamond.transform = Transform3D(rotationAngle: .pi / 4, x: 0, y: 0, z: 1)
    // The frame's corner region (within 70.7 of the centre along an axis,
    // but outside the diamond |dx| + |dy| ≤ 70.7) misses.
    #expect(root.hitTest(CGPoint(x: 150, y: 150)) === diamond)
    #expect(root.hitTest(CGPoint(x: 150 + 69, y: 150)) === diamond)
    #expect(root.hitTest(CGPoint(x: 150 + 45, y: 150 + 45)) === root)
  }

  @Test func hiddenLayersAndTheirSubtreesAreSkipped() throws {
    let root = try layer("root", CGRect(x: 0, y: 0, width: 300, height: 300))
    let a = try layer("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
    let child = try layer("child", CGRect(x: 0, y: 0, width: 50, height: 50), in: a)
    a.isHidden = true
    #expect(root.hitTest(CGPoint(x: 10, y: 10)) === root)
    a.isHidden = false
    #expect(root.hitTest(CGPoint(x: 10, y: 10)) === child)
    child.isHidden = true
    #expect(root.hitTest(CGPoint(x: 10, y: 10)) === a)
  }

  @Test func masksToBoundsLimitsSublayersToTheBounds() throws {
    let root = try layer("root", CGRect(x: 0, y: 0, width: 300, height: 300))
    let a = try layer("a", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
    let overflow = try layer("overflow", CGRect(x: 50, y: 50, width: 100, height: 100), in: a)
    #expect(root.hitTest(CGPoint(x: 120, y: 120)) === overflow)
    a.masksToBounds = true
    #expect(root.hitTest(CGPoint(x: 120, y: 120)) === root)
    #expect(root.hitTest(CGPoint(x: 80, y: 80)) === overflow)
  }

  @Test func laterSublayersWinRegardlessOfZPosition() throws {
    let root = try layer("root", CGRect(x: 0, y: 0, width: 300, height: 300))
    let front = try layer("front", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
    let back = try layer("back", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
    front.zPosition = 10
    #expect(root.hitTest(CGPoint(x: 50, y: 50)) === back)
  }

  @Test func transformLayersAreNeverReturnedButTheirSublayersAre() throws {
    // A cube-like context (docs/figures.md 5.20–5.23): a container with
    // perspective, a transform layer, a face at z +100 (in front) and a
    // later face at z −100 (behind it) covering the same screen point.
    let root = try layer("root", CGRect(x: 0, y: 0, width: 400, height: 400))
    let container = try layer("cube", CGRect(x: 0, y: 0, width: 400, height: 400), in: root)
    container.sublayerTransform = Transform3D(perspective: 500)
    let group = try layer(
      "transform", CGRect(x: 100, y: 100, width: 200, height: 200), in: container)
    let front = try layer("face1", CGRect(x: 0, y: 0, width: 200, height: 200), in: group)
    front.zPosition = 100
    let back = try layer("face6", CGRect(x: 0, y: 0, width: 200, height: 200), in: group)
    back.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
    back.zPosition = -100
    // The centre of the screen: the later face wins though it is behind.
    #expect(root.hitTestPath(CGPoint(x: 200, y: 200)) == "root/cube/transform/face6")
    // Moving the front face after the other fixes it.
    try group.addSublayer(front)
    #expect(root.hitTestPath(CGPoint(x: 200, y: 200)) == "root/cube/transform/face1")
    // Near the front face's edge, out of the smaller far face: only face1.
    // Front (z = +100, w = 0.8): x = 100 + 100·(1/0.8) spans 75…325; the
    // back face (w = 1.2) spans 200 ± 83.3 = 116.7…283.3.
    try group.addSublayer(back)
    #expect(root.hitTestPath(CGPoint(x: 100, y: 200)) == "root/cube/transform/face1")
    // Outside every face but inside the transform layer's bounds: not the
    // transform layer, the container.
    front.isHidden = true
    #expect(root.hitTestPath(CGPoint(x: 100, y: 200)) == "root/cube")
  }

  @Test func cubeFromAnAngleHitsALaterHiddenFace() throws {
    // docs/figures.md 5.20–5.23, as in the book: six 200×200 faces at the centre
    // of a container whose sublayerTransform is m34 = −1/500, then −45°
    // about x, then −45° about y (each CATransform3DRotate acts first).
    let root = try layer("root", CGRect(x: 0, y: 0, width: 400, height: 400))
    let cube = try layer("cube", CGRect(x: 0, y: 0, width: 400, height: 400), in: root)
    cube.sublayerTransform = Transform3D(perspective: 500)
      .rotated(by: -.pi / 4, x: 1, y: 0, z: 0).rotated(by: -.pi / 4, x: 0, y: 1, z: 0)
    let placements: [Transform3D] = [
      Transform3D(translationX: 0, y: 0, z: 100),
      Transform3D(translationX: 100, y: 0, z: 0).rotated(by: .pi / 2, x: 0, y: 1, z: 0),
      Transform3D(translationX: 0, y: -100, z: 0).rotated(by: .pi / 2, x: 1, y: 0, z: 0),
      Transform3D(translationX: 0, y: 100, z: 0).rotated(by: -.pi / 2, x: 1, y: 0, z: 0),
      Transform3D(translationX: -100, y: 0, z: 0).rotated(by: -.pi / 2, x: 0, y: 1, z: 0),
      Transform3D(translationX: 0, y: 0, z: -100).rotated(by: .pi, x: 0, y: 1, z: 0),
    ]
    var faces: [Layer] = []
    for (i, t) in placements.enumerated() {
      let face = try layer(
        "face\(i + 1)", CGRect(x: 100, y: 100, width: 200, height: 200), in: cube)
      face.transform = t
      faces.append(face)
    }
    // The centre of face 3 on screen. The faces behind it along the ray come
    // later in the array, so one of them wins, as on iOS.
    let p = faces[2].convert(CGPoint(x: 100, y: 100), to: cube)
    // Check the premise: along the ray at p, face 3 is the nearest face hit
    // (the smallest w: the viewer stands at +z).
    var depths: [(w: Double, index: Int)] = []
    for (i, face) in faces.enumerated() {
      guard let q = face.convertedPoint(p, from: cube), face.contains(q) else { continue }
      let m = face.transformToSuperlayerBounds
      depths.append((m.apply(x: Double(q.x), y: Double(q.y)).w, i))
    }
    #expect(depths.min { $0.w < $1.w }?.index == 2)
    #expect(depths.count >= 2)
    let hit = try #require(cube.hitTest(cube.convert(p, to: root)))
    #expect(hit !== faces[2])
    #expect(faces[3...].contains { $0 === hit })
    // Moving face 3 after the others fixes it.
    try cube.addSublayer(faces[2])
    #expect(cube.hitTest(cube.convert(p, to: root)) === faces[2])
  }

  @Test func pointsBehindTheViewerDoNotHit() throws {
    let root = try layer("root", CGRect(x: 0, y: 0, width: 400, height: 400))
    let card = try layer("card", CGRect(x: 100, y: 100, width: 200, height: 200), in: root)
    card.transform = Transform3D(perspective: 50).rotated(by: 80 * .pi / 180, x: 0, y: 1, z: 0)
    // Relative to the anchor, u maps to x = u·cos80 / (1 + u·sin80/50),
    // which tends to 50·cot80 = 8.82 as u grows: screen points further right
    // would come from u ≈ −90.8 with w = −0.79, behind the viewer.
    #expect(root.hitTest(CGPoint(x: 200 + 20, y: 200)) === root)
    #expect(root.hitTest(CGPoint(x: 200 + 5, y: 200)) === card)
  }

  @Test func singularTransformsDoNotHit() throws {
    let root = try layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
    let flat = try layer("flat", CGRect(x: 0, y: 0, width: 100, height: 100), in: root)
    flat.transform = Transform3D(scaleX: 0, y: 1)
    #expect(root.hitTest(CGPoint(x: 50, y: 50)) === root)
  }

  @Test func deepChainsNeitherRecurseNorOverflow() throws {
    // 100,000 nested layers, each 1 point right of its parent; built from
    // the bottom so that every edit is O(1).
    let depth = 100_000
    var chain: [Layer] = []
    chain.reserveCapacity(depth + 1)
    let leaf = Layer()
    leaf.name = "leaf"
    leaf.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
    leaf.anchorPoint = .zero
    chain.append(leaf)
    for _ in 0..<depth {
      let parent = Layer()
      parent.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
      parent.anchorPoint = .zero
      parent.position = CGPoint(x: 0, y: 0)
      try parent.addSublayer(chain[chain.count - 1])
      chain[chain.count - 1].position = CGPoint(x: 1e-4, y: 0)
      chain.append(parent)
    }
    let root = chain[chain.count - 1]
    // The leaf sits 10 points right of the root (100,000 × 1e-4).
    let p = CGPoint(x: 15, y: 5)
    #expect(root.hitTestPath(p)?.hasSuffix("/leaf") == true)
    #expect(
      leaf.convertedPoint(CGPoint(x: 5, y: 5), to: root).map { abs(Double($0.x) - 15) < 1e-6 }
        == true)
    // Detach bottom-up so that freeing the chain cannot recurse either.
    for layer in chain { layer.removeFromSuperlayer() }
  }

  @Test func namePathsShowIndicesForUnnamedLayers() throws {
    let root = Layer()
    let a = Layer()
    let b = Layer()
    b.name = "b"
    try root.addSublayer(Layer())
    try root.addSublayer(a)
    try a.addSublayer(b)
    #expect(b.namePath(from: root) == "root/#1/b")
    #expect(b.namePath(from: a) == "#1/b")
    #expect(root.namePath(from: b) == nil)
  }
}
