import Testing
@testable import Lamina

/// The lowering, checked on the plans it makes (no renderer involved).
@Suite struct LoweringTests {
  func canvas(_ w: Double = 100, _ h: Double = 100) -> Layer {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: w, height: h)
    return root
  }

  func layer(_ name: String, _ frame: CGRect, bg: Color? = .white) -> Layer {
    let l = Layer()
    l.name = name
    l.frame = frame
    l.backgroundColor = bg
    return l
  }

  @Test func backgroundIsOneShapeAtCanvasScale() throws {
    let root = canvas()
    try root.addSublayer(layer("a", CGRect(x: 10, y: 20, width: 30, height: 40)))
    let plan = try RenderPlan(root: root, size: CGSize(width: 100, height: 100), scale: 2)
    #expect(plan.width == 200 && plan.height == 200)
    #expect(plan.surfaces.count == 1)
    guard case .roundedRect(let d) = try #require(plan.surfaces[0].commands.first) else {
      Issue.record("expected a shape")
      return
    }
    // Local (0,0) → canvas pixels (20, 40); local (30,40) → (80, 120).
    let p0 = d.matrix.project(.zero)!, p1 = d.matrix.project(CGPoint(x: 30, y: 40))!
    #expect(p0 == CGPoint(x: 20, y: 40))
    #expect(p1 == CGPoint(x: 80, y: 120))
    #expect(d.outer.rect == CGRect(x: 0, y: 0, width: 30, height: 40))
  }

  @Test func opacityOfOnePrimitiveFoldsIntoItsColour() throws {
    let root = canvas()
    let a = layer("a", CGRect(x: 0, y: 0, width: 10, height: 10))
    a.opacity = 0.5
    try root.addSublayer(a)
    let plan = try RenderPlan(root: root, size: CGSize(width: 100, height: 100))
    #expect(plan.surfaces.count == 1)
    guard case .roundedRect(let d) = plan.surfaces[0].commands[0] else { Issue.record("shape"); return }
    #expect(d.color.a == 0.5)
  }

  @Test func groupOpacityMakesOneScreenAlignedGroup() throws {
    let root = canvas()
    let a = layer("button", CGRect(x: 10.5, y: 10, width: 50, height: 20))
    a.opacity = 0.5
    try a.addSublayer(layer("label", CGRect(x: 5, y: 5, width: 20, height: 10)))
    try root.addSublayer(a)
    let plan = try RenderPlan(root: root, size: CGSize(width: 100, height: 100))
    #expect(plan.surfaces.count == 2)
    guard case .composite(let c) = plan.surfaces[0].commands[0] else { Issue.record("composite"); return }
    #expect(c.opacity == 0.5)
    #expect(c.sampling == .nearest)
    // The group covers pixels 10…61 × 10…30, composited by an integer move.
    #expect(plan.surfaces[1].width == 51 && plan.surfaces[1].height == 20)
    #expect(c.matrix == Transform3D(translationX: 10, y: 10))
  }

  @Test func noGroupOpacityFadesEachDescendant() throws {
    let root = canvas()
    let a = layer("button", CGRect(x: 10, y: 10, width: 50, height: 20))
    a.opacity = 0.5
    a.allowsGroupOpacity = false
    let label = layer("label", CGRect(x: 5, y: 5, width: 20, height: 10))
    label.opacity = 0.5
    try a.addSublayer(label)
    try root.addSublayer(a)
    let plan = try RenderPlan(root: root, size: CGSize(width: 100, height: 100))
    #expect(plan.surfaces.count == 1)
    let alphas = plan.surfaces[0].commands.compactMap { c -> Float? in
      if case .roundedRect(let d) = c { return d.color.a }
      return nil
    }
    #expect(alphas == [0.5, 0.25])
  }

  @Test func hiddenAndZeroOpacityDrawNothing() throws {
    let root = canvas()
    let square = CGRect(x: 0, y: 0, width: 10, height: 10)
    let (hidden, clear) = (layer("hidden", square), layer("clear", square))
    hidden.isHidden = true
    clear.opacity = 0
    for l in [hidden, clear] { try root.addSublayer(l) }
    let plan = try RenderPlan(root: root, size: CGSize(width: 10, height: 10))
    #expect(plan.surfaces[0].commands.isEmpty)
  }

  @Test func zPositionOrdersSiblingsStably() throws {
    let root = canvas()
    let names = ["a", "b", "c", "d"]
    let zs: [Double] = [1, 0, 1, -1]
    for (n, z) in zip(names, zs) {
      let l = layer(n, CGRect(x: 0, y: 0, width: 10, height: 10))
      l.zPosition = z
      try root.addSublayer(l)
    }
    let plan = try RenderPlan(root: root, size: CGSize(width: 10, height: 10))
    let order = plan.surfaces[0].commands.compactMap { c -> String? in
      if case .roundedRect(let d) = c { return d.name }
      return nil
    }
    #expect(order == ["d", "b", "a", "c"])
  }

  @Test func rectShadowIsClosedForm() throws {
    let root = canvas()
    let card = layer("card", CGRect(x: 20, y: 20, width: 40, height: 30))
    card.cornerRadius = 8
    card.shadowOpacity = 0.5
    card.shadowOffset = CGSize(width: 0, height: 5)
    card.shadowRadius = 4
    try root.addSublayer(card)
    let plan = try RenderPlan(root: root, size: CGSize(width: 100, height: 100))
    #expect(plan.surfaces.count == 1)
    guard case .shadow(let s) = plan.surfaces[0].commands[0] else { Issue.record("shadow"); return }
    #expect(s.sigma == 4)
    #expect(s.shape.rect == CGRect(x: 0, y: 5, width: 40, height: 30))
    #expect(s.shape.radii == [8, 8, 8, 8])
    #expect(abs(s.color.a - 0.5) < 1e-6)
  }

  @Test func continuousCornersFallBackToCircularWhenEdgesAreShort() {
    let l = layer("pill", CGRect(x: 0, y: 0, width: 100, height: 40))
    l.cornerCurve = .continuous
    l.cornerRadius = 20  // 1.528665 × 20 > 20: a capsule stays a capsule
    #expect(roundedBounds(l).curve == .circular)
    l.cornerRadius = 10
    #expect(roundedBounds(l).curve == .continuous)
    l.cornerRadius = 500  // clamped to 20
    #expect(roundedBounds(l).radii == [20, 20, 20, 20])
  }

  @Test func backFacingLayerIsCulledOnlyWhenSingleSided() throws {
    let root = canvas()
    let a = layer("a", CGRect(x: 20, y: 20, width: 40, height: 40))
    a.transform = Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0)
    try root.addSublayer(a)
    #expect(try RenderPlan(root: root, size: CGSize(width: 100, height: 100)).surfaces[0].commands.count == 1)
    a.isDoubleSided = false
    #expect(try RenderPlan(root: root, size: CGSize(width: 100, height: 100)).surfaces[0].commands.isEmpty)
  }

  @Test func maskCycleAndSharedLayersAreRefused() throws {
    let root = canvas()
    let a = layer("a", CGRect(x: 0, y: 0, width: 10, height: 10))
    try root.addSublayer(a)
    a.mask = root
    #expect(throws: LoweringError.cycle(layer: "'root'")) {
      root.name = "root"
      _ = try RenderPlan(root: root, size: CGSize(width: 10, height: 10))
    }
    let b = layer("b", CGRect(x: 0, y: 0, width: 10, height: 10))
    try root.addSublayer(b)
    a.mask = b
    #expect(throws: LoweringError.layerUsedTwice(layer: "layers[0].mask ('b')")) {
      _ = try RenderPlan(root: root, size: CGSize(width: 10, height: 10))
    }
  }

  @Test func deepTreesAreRefusedWithoutRecursion() throws {
    let root = canvas()
    var parent = root
    for _ in 0..<100_000 {
      let child = Layer()
      try parent.addSublayer(child)
      parent = child
    }
    #expect(throws: LoweringError.tooDeep(limit: maximumLayerDepth)) {
      _ = try RenderPlan(root: root, size: CGSize(width: 10, height: 10))
    }
  }

  @Test func intersectingPlanesAreCut() throws {
    // Two layers crossing at their centre lines: each is cut in two.
    let root = canvas(200, 200)
    let container = layer("c", CGRect(x: 50, y: 50, width: 100, height: 100), bg: nil)
    container.sublayerTransform = Transform3D(perspective: 500)
    for (name, angle) in [("p", 0.5), ("q", -0.5)] {
      let l = layer(name, CGRect(x: 0, y: 0, width: 100, height: 100))
      l.transform = Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0)
      try container.addSublayer(l)
    }
    try root.addSublayer(container)
    let plan = try RenderPlan(root: root, size: CGSize(width: 200, height: 200))
    let shapes = plan.surfaces[0].commands.compactMap { c -> RoundedRectDraw? in
      if case .roundedRect(let d) = c { return d }
      return nil
    }
    // The first plane splits the second: q behind p, then p, then q in front.
    #expect(shapes.map(\.name) == ["q", "p", "q"])
    let cut = shapes.map { d in d.clips.contains { if case .convex = $0.shape { true } else { false } } }
    #expect(cut == [true, false, true])
  }
}

extension LoweringTests {
  @Test func hugeCanvasIsRefusedNotTrapped() {
    #expect(throws: LoweringError.self) {
      _ = try RenderPlan(root: Layer(), size: CGSize(width: 1e300, height: 10))
    }
  }
}
