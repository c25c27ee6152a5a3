// Metamorphic relations over random layer trees: two renders that must
// agree (or one render that must be a known function of another) whatever
// the right image is. They test the lowering both backends share without
// any golden: a tree under an opaque mask must look like the tree, a tree
// moved by whole pixels must move, and so on. Each relation names its
// tolerance and the reason for it; RelationToleranceTests shows that each
// tolerance refuses a blank, a shifted and a tinted image.
//
// Design: a relation is a function (scene, rng, render) → outcome. It gets a
// private copy of the scene, edits it through the `Layer` API, renders the
// two sides with the backend under test and compares them. The renderer is
// passed in, so the same relations run on LaminaCPU and LaminaGL (this
// module does not depend on either). Choices a relation makes (the opacity,
// which layer) come from an rng seeded by the tree's seed, so a failure
// replays exactly.
//
// Rejected: comparing each random tree with a second implementation (a
// differential test). It needs a second renderer per feature, and the two
// backends already share the lowering, so they share its bugs; relations
// catch those.
import Lamina

/// Renders a scene with the backend under test.
public typealias SceneRender = (Scene) throws -> Image

/// What a relation found on one tree.
public enum RelationOutcome {
  case pass
  /// The tree has nothing the relation can act on (no eligible layer).
  case notApplicable
  /// The relation does not hold: why, and the two images when there are two.
  case fail(String, expected: Image?, actual: Image?)

  public var failed: Bool { if case .fail = self { true } else { false } }
}

/// A relation that must hold on every tree the generator makes under `options`.
public struct Relation: Sendable, CustomStringConvertible {
  public let name: String
  /// What must hold, in a sentence.
  public let statement: String
  /// The tolerance of the comparison (for the sweep, the one of its ε-pairs).
  public let tolerance: ImageTolerance
  /// What the generator may use, and why anything is off.
  public let options: TreeOptions
  public let restriction: String
  let body: @Sendable (Scene, inout SplitMix64, SceneRender) throws -> RelationOutcome

  public var description: String { name }

  /// Checks the relation on a private copy of `scene`; an error thrown by a
  /// render is a failure (generated trees are all valid).
  public func check(_ scene: Scene, seed: UInt64, render: SceneRender) -> RelationOutcome {
    var rng = SplitMix64(seed: seed ^ 0x5EED_0F_4E1A_7105)
    do {
      return try body(RandomTrees.copy(scene), &rng, render)
    } catch {
      return .fail("a render threw: \(error)", expected: nil, actual: nil)
    }
  }
}

// MARK: - The relations

public enum Relations {
  /// Every relation, in the order the tests and docs list them.
  public static let all: [Relation] = [
    groupOpacityIsLinear, opaqueMaskChangesNothing, largeClipChangesNothing,
    identityContainerChangesNothing, wholePixelMoveMovesImage, singlePrimitiveGroupOpacity,
    rasterizeAtCanvasScale, shadowPathMatchesContentShadow, invisibleIsRemoved,
    zPositionReorder, backgroundComposites, transformSweep, replicatorIsExplicitCopies, strokeSplitIsUnion,
    simpleEvenOddIsNonZero,
  ]

  /// Writing the tree as a scene and reading it back draws the same bytes.
  public static let roundTrip = Relation(
    name: "roundTrip", statement: "a tree written as a scene and read back renders the same",
    tolerance: .exact, options: .all, restriction: "none"
  ) { scene, _, render in
    let a = try render(scene)
    let b = try render(RandomTrees.copy(scene))
    return Surgery.compare(a, b, .exact, "written and read back")
  }

  /// A tree under a container of opacity a, on a transparent canvas, is a ×
  /// the tree (premultiplied).
  public static let groupOpacityIsLinear = Relation(
    name: "groupOpacityIsLinear",
    statement: "a tree under a container of opacity a equals a × the tree, premultiplied",
    tolerance: .regroup,
    options: { var o = TreeOptions(); o.canvasBackground = false; return o }(),
    restriction: "transparent canvas: fading over a background is not a product"
  ) { scene, rng, render in
    let a = rng.stepped(0.2, 0.8, step: 0.05)
    let plain = try render(scene)
    let c = Surgery.container(scene.canvas)
    c.opacity = a
    let faded = try render(Surgery.wrapAll(RandomTrees.copy(scene), in: c))
    return Surgery.compare(Surgery.faded(plain, by: a), faded, .regroup, "opacity \(a)")
  }

  /// An opaque mask larger than the canvas changes nothing.
  public static let opaqueMaskChangesNothing = Relation(
    name: "opaqueMaskChangesNothing",
    statement: "a container masked by an opaque layer covering the canvas changes nothing",
    tolerance: .regroup, options: .all, restriction: "none"
  ) { scene, rng, render in
    let plain = try render(scene)
    let c = Surgery.container(scene.canvas)
    let m = Layer()
    m.name = "opaque-mask"
    let margin = rng.stepped(1, 16)
    m.bounds = CGRect(x: 0, y: 0, width: scene.canvas.width + 2 * margin, height: scene.canvas.height + 2 * margin)
    m.position = CGPoint(x: scene.canvas.width / 2, y: scene.canvas.height / 2)
    m.backgroundColor = Color(hex: rng.pick(["#000000", "#FFFFFF", "#FF3B30"]))
    c.mask = m
    let masked = try render(Surgery.wrapAll(RandomTrees.copy(scene), in: c))
    return Surgery.compare(plain, masked, .regroup, "opaque mask")
  }

  /// `masksToBounds` on a container far larger than the drawing changes nothing.
  public static let largeClipChangesNothing = Relation(
    name: "largeClipChangesNothing",
    statement: "masksToBounds on a container 1000 points larger than the canvas each way changes nothing",
    tolerance: .reclip, options: .all, restriction: "none"
  ) { scene, rng, render in
    let plain = try render(scene)
    let c = Surgery.container(scene.canvas)
    // Bounds origin −1000 keeps the sublayers' coordinates: the container
    // is 1000 points larger on every side and still placed as the identity.
    c.bounds = CGRect(x: -1000, y: -1000, width: scene.canvas.width + 2000, height: scene.canvas.height + 2000)
    c.masksToBounds = true
    c.cornerRadius = rng.pick([0, 50, 200])
    let clipped = try render(Surgery.wrapAll(RandomTrees.copy(scene), in: c))
    return Surgery.compare(plain, clipped, .reclip, "clip radius \(c.cornerRadius)")
  }

  /// Moving the sublayers of one layer into an identity container (with its
  /// sublayerTransform) changes nothing.
  public static let identityContainerChangesNothing = Relation(
    name: "identityContainerChangesNothing",
    statement: "the sublayers of a layer moved into a container with the same bounds (and the layer's sublayerTransform) draw the same",
    tolerance: .sameDrawing, options: .all, restriction: "none (transform layers are not chosen as the parent: a plain container would flatten their 3D space; nor replicators: each copy of the container would be flattened on its own, where the copies of the sublayers are sorted and cut in 3D together)"
  ) { scene, rng, render in
    let parents = Surgery.drawnLayers(scene.root).filter {
      !$0.isTransformLayer && !($0 is ReplicatorLayer) && $0.sublayers != nil
    }
    guard !parents.isEmpty else { return .notApplicable }
    let index = rng.int(0...parents.count - 1)
    let plain = try render(scene)
    let copy = RandomTrees.copy(scene)
    let p = Surgery.drawnLayers(copy.root).filter {
      !$0.isTransformLayer && !($0 is ReplicatorLayer) && $0.sublayers != nil
    }[index]
    let c = Layer()
    c.name = "identity"
    Surgery.placeAsIdentity(c, in: p)
    for s in p.sublayers ?? [] { try! c.addSublayer(s) }
    try! p.addSublayer(c)
    let wrapped = try render(copy)
    return Surgery.compare(plain, wrapped, .sameDrawing, "sublayers of \(p.debugName) wrapped")
  }

  /// A tree moved by whole device pixels gives the image moved by them.
  public static let wholePixelMoveMovesImage = Relation(
    name: "wholePixelMoveMovesImage",
    statement: "the tree moved by (dx, dy) whole pixels gives the image moved by (dx, dy)",
    tolerance: .pixelShift, options: .all,
    restriction: "none; only the part of the canvas both images see is compared"
  ) { scene, rng, render in
    let s = scene.canvas.scale
    var dx = 0, dy = 0
    while dx == 0 && dy == 0 { dx = rng.int(-6...6); dy = rng.int(-6...6) }
    let plain = try render(scene)
    let c = Surgery.container(scene.canvas)
    c.position = CGPoint(x: Double(c.position.x) + Double(dx) / s, y: Double(c.position.y) + Double(dy) / s)
    let moved = try render(Surgery.wrapAll(RandomTrees.copy(scene), in: c))
    let (e, a) = overlap(plain, moved, dx: dx, dy: dy)
    return Surgery.compare(e, a, .pixelShift, "moved by (\(dx), \(dy)) px")
  }

  /// The part of `plain` that stays on the canvas, and the same part of `moved`.
  static func overlap(_ plain: Image, _ moved: Image, dx: Int, dy: Int) -> (Image, Image) {
    let w = plain.width - abs(dx), h = plain.height - abs(dy)
    func crop(_ im: Image, _ x0: Int, _ y0: Int) -> Image {
      var out = [UInt8]()
      out.reserveCapacity(w * h * 4)
      for y in 0..<h {
        let start = ((y0 + y) * im.width + x0) * 4
        out += im.pixels[start..<start + w * 4]
      }
      return Image(width: w, height: h, premultipliedPixels: out)
    }
    return (crop(plain, max(0, -dx), max(0, -dy)), crop(moved, max(0, dx), max(0, dy)))
  }

  /// Group opacity and per-primitive opacity agree on a layer that draws one primitive.
  public static let singlePrimitiveGroupOpacity = Relation(
    name: "singlePrimitiveGroupOpacity",
    statement: "allowsGroupOpacity true and false agree on every leaf that draws one primitive",
    tolerance: .sameDrawing, options: .all,
    restriction: "none; the leaves without sublayers, mask or shadow that draw exactly one of background, contents, gradient, border are toggled"
  ) { scene, rng, render in
    func eligible(_ root: Layer) -> [Layer] {
      Surgery.drawnLayers(root).filter {
        $0.superlayer != nil && $0.sublayers == nil && $0.mask == nil && $0.shadowOpacity == 0
          && Surgery.primitives($0) == 1 && !$0.isTransformLayer
      }
    }
    let a = RandomTrees.copy(scene), b = RandomTrees.copy(scene)
    let la = eligible(a.root), lb = eligible(b.root)
    guard !la.isEmpty else { return .notApplicable }
    for (x, y) in zip(la, lb) {
      let o = x.opacity < 1 ? x.opacity : rng.stepped(0.2, 0.9, step: 0.05)
      x.opacity = o
      y.opacity = o
      x.allowsGroupOpacity = true
      y.allowsGroupOpacity = false
    }
    return Surgery.compare(try render(a), try render(b), .sameDrawing, "\(la.count) leaves toggled")
  }

  /// `shouldRasterize` at the canvas scale, at a whole-pixel place under
  /// identity transforms, changes nothing beyond the group's rounding.
  public static let rasterizeAtCanvasScale = Relation(
    name: "rasterizeAtCanvasScale",
    statement: "shouldRasterize with rasterizationScale = canvas scale on a layer placed on whole pixels under identity transforms changes nothing",
    tolerance: .regroup,
    options: { var o = TreeOptions(); o.pixelAligned = true; return o }(),
    restriction: "pixel-aligned geometry, so that eligible layers are common; the chosen layer and its ancestors get allowsGroupOpacity (rasterizing implies group opacity); no positive minificationFilterBias on the chosen layer (the raster is drawn back with it, so at 1:1 it is minified by design); pixels crossed by an ancestor's masksToBounds edge are left out (the raster is clipped as one composite, the plain layer draw by draw: per-draw clipping counts the edge twice, by design); no replicator above the layer drawing copies under a non-identity instanceTransform (the copies resample the raster)"
  ) { scene, rng, render in
    func eligible(_ root: Layer, scale: Double) -> [Layer] {
      Surgery.drawnLayers(root).filter { l in
        guard l.superlayer != nil, !l.isTransformLayer, !l.shouldRasterize else { return false }
        let chain = [l] + Surgery.ancestors(l)
        guard chain.allSatisfy({ $0.transform.isIdentity && !$0.isTransformLayer }),
          Surgery.ancestors(l).allSatisfy({ $0.sublayerTransform.isIdentity && !$0.shouldRasterize }),
          // A replicator draws copies 1… under its instanceTransform, which
          // resamples a raster unless it is the identity (found at 10,000
          // trees: a copy turned 45°).
          Surgery.ancestors(l).allSatisfy({
            ($0 as? ReplicatorLayer).map { $0.instanceCount <= 1 || $0.instanceTransform.isIdentity } ?? true
          })
        else { return false }
        // The bounds origin on the canvas, in pixels, must be whole.
        var x = 0.0, y = 0.0
        for a in chain {
          x += Double(a.position.x) - Double(a.anchorPoint.x) * Double(a.bounds.width)
          y += Double(a.position.y) - Double(a.anchorPoint.y) * Double(a.bounds.height)
          if a !== l { x -= Double(a.bounds.minX); y -= Double(a.bounds.minY) }
        }
        let px = x * scale, py = y * scale
        return abs(px - px.rounded()) < 1e-9 && abs(py - py.rounded()) < 1e-9
      }
    }
    let base = RandomTrees.copy(scene)
    let candidates = eligible(base.root, scale: scene.canvas.scale)
    guard !candidates.isEmpty else { return .notApplicable }
    let index = rng.int(0...candidates.count - 1)
    for l in [candidates[index]] + Surgery.ancestors(candidates[index]) { l.allowsGroupOpacity = true }
    let plain = try render(base)
    let copy = RandomTrees.copy(base)
    let l = eligible(copy.root, scale: scene.canvas.scale)[index]
    l.shouldRasterize = true
    l.rasterizationScale = scene.canvas.scale
    // A raster is drawn back with its layer's filters and bias (the
    // contract's Details): at 1:1 a positive bias makes λ > 0, so the raster
    // is minified (trilinear reads its next level), a softer image by design.
    if l.minificationFilterBias > 0 { return .notApplicable }
    // Where an ancestor's masksToBounds edge crosses a pixel, the raster (one
    // composite, then clipped) and the layer's draws (each clipped) differ
    // by design: per-draw clipping counts the edge's coverage twice, as in
    // shadowPathMatchesContentShadow. Those pixels are left out.
    let edge = try Surgery.clipEdgePixels(above: candidates[index], in: base, render: render)
    let rasterized = Surgery.replacing(edge, of: try render(copy), from: plain)
    return Surgery.compare(plain, rasterized, .regroup, "\(l.debugName) rasterized (\(edge.count) clip-edge pixels left out)")
  }

  /// A shadowPath equal to an opaque layer's rounded bounds gives the content shadow.
  public static let shadowPathMatchesContentShadow = Relation(
    name: "shadowPathMatchesContentShadow",
    statement: "on a layer whose drawing is its opaque rounded bounds, shadowPath = roundedRect(bounds, cornerRadius) gives the content shadow",
    tolerance: .shadowForm, options: .all,
    restriction: "σ ≥ 2 points (below about a pixel the content shadow, a blur of the anti-aliased silhouette read at a fractional offset, is a softer filter than the closed form by design); a top-level probe layer is added when no leaf qualifies; the chosen leaf must be placed by similarities only (under other transforms the content shadow is drawn in the layer's plane and resampled, which softens the layer's own edges by design); it gets circular corners on all four sides (a roundedRect path has no other) and an opaque border or an inner sublayer half the time, so the content shadow is blurred from pixels rather than drawn in closed form; no replicator as the leaf, nor one above it whose copies are not placed by similarities"
  ) { scene, rng, render in
    func eligible(_ root: Layer) -> [Layer] {
      Surgery.drawnLayers(root).filter {
        $0.superlayer != nil && $0.sublayers == nil && $0.mask == nil && !$0.isTransformLayer
          && !$0.isHidden && $0.opacity > 0 && ($0.backgroundColor?.alpha ?? 0) == 1
          && $0.contents == nil && !Surgery.drawsGradient($0) && Surgery.shapePrimitives($0) == 0
          && $0.bounds.width > 0 && $0.bounds.height > 0
          // A replicator would copy the inner layer added below under its
          // instance transform (found at 10,000 trees): it does not draw
          // only its bounds.
          && !($0 is ReplicatorLayer)
          && ([$0] + Surgery.ancestors($0)).allSatisfy { Surgery.isSimilarity($0.transform) }
          && Surgery.ancestors($0).allSatisfy { Surgery.isSimilarity($0.sublayerTransform) && !$0.isTransformLayer }
          && Surgery.ancestors($0).allSatisfy {
            ($0 as? ReplicatorLayer).map { $0.instanceCount <= 1 || Surgery.isSimilarity($0.instanceTransform) } ?? true
          }
      }
    }
    let base = RandomTrees.copy(scene)
    if eligible(base.root).isEmpty {
      // No leaf qualifies: add one on top, so every tree tests the relation.
      let probe = Layer()
      probe.name = "probe"
      let w = rng.stepped(6, base.canvas.width / 2), h = rng.stepped(6, base.canvas.height / 2)
      probe.bounds = CGRect(x: 0, y: 0, width: w, height: h)
      probe.position = CGPoint(x: rng.stepped(w / 2, base.canvas.width - w / 2, step: 0.25),
        y: rng.stepped(h / 2, base.canvas.height - h / 2, step: 0.25))
      probe.backgroundColor = Color(hex: "#007AFF")
      probe.cornerRadius = rng.stepped(0, min(w, h) / 2)
      try! base.root.addSublayer(probe)
    }
    let candidates = eligible(base.root)
    guard !candidates.isEmpty else { return .notApplicable }
    let index = rng.int(0...candidates.count - 1)
    let l = candidates[index]
    l.maskedCorners = .all
    l.cornerCurve = .circular
    l.shadowPath = nil
    if l.shadowOpacity == 0 {
      l.shadowOpacity = rng.stepped(0.3, 1, step: 0.05)
      l.shadowRadius = rng.stepped(2, 6)
      l.shadowOffset = CGSize(width: rng.stepped(-4, 4), height: rng.stepped(-4, 4))
    }
    // Below a pixel or so the two are different filters by design: the
    // content shadow blurs the anti-aliased silhouette (itself a one-pixel
    // box) and reads it bilinearly at a fractional offset, where the closed
    // form is exact (measured: 31 levels at σ = 0.5 pt, offset 1.5 pt).
    l.shadowRadius = max(l.shadowRadius, 2)
    // … in the pixels the shadow is blurred on: a raster of scale k has k
    // pixels per point.
    let rasterScale = ([l] + Surgery.ancestors(l)).filter(\.shouldRasterize).map(\.rasterizationScale).min() ?? 1
    if rasterScale < 1 { l.shadowRadius = max(l.shadowRadius, 2 / rasterScale) }
    l.borderWidth = 0
    switch rng.int(0...2) {
    case 0:
      l.borderWidth = rng.stepped(0.5, 4)
      l.borderColor = Color(hex: "#1C1C1E")
    case 1:
      let inner = Layer()
      inner.name = (l.name ?? "") + ".inner"
      inner.bounds = CGRect(x: 0, y: 0, width: Double(l.bounds.width) / 2, height: Double(l.bounds.height) / 2)
      inner.position = CGPoint(x: l.bounds.midX, y: l.bounds.midY)
      inner.backgroundColor = Color(hex: "#FF950080")
      try! l.addSublayer(inner)
    default: break
    }
    let content = try render(base)
    let copy = RandomTrees.copy(base)
    let c = eligible(copy.root).first { $0.name == l.name } ?? Surgery.drawnLayers(copy.root).first { $0.name == l.name }!
    let r = CGRect(x: c.bounds.minX, y: c.bounds.minY, width: c.bounds.width, height: c.bounds.height)
    var p = Path(roundedRect: r, cornerRadius: c.cornerRadius)
    p.shape = .roundedRect(r, cornerRadius: c.cornerRadius)
    c.shadowPath = p
    // Where an ancestor's masksToBounds edge crosses a pixel, the content
    // shadow (composited with the layer as one group, then clipped) and
    // the closed-form shadow (clipped, then the layer clipped over it)
    // differ by design: per-draw clipping counts the edge's coverage twice
    // (the conflation artifact Skia and Chromium share; the group is the
    // exact one). Those pixels, and only those, are left out.
    let edge = try Surgery.clipEdgePixels(above: l, in: base, render: render)
    let closedForm = Surgery.replacing(edge, of: try render(copy), from: content)
    return Surgery.compare(content, closedForm, .shadowForm,
      "shadowPath on \(c.debugName) (radius \(c.shadowRadius), offset \(c.shadowOffset), border \(c.borderWidth), \(c.sublayers == nil ? "no" : "an") inner layer, \(edge.count) clip-edge pixels left out)")
  }

  /// A hidden layer, or one of opacity 0, draws what the tree without it draws.
  public static let invisibleIsRemoved = Relation(
    name: "invisibleIsRemoved",
    statement: "a layer made hidden (or of opacity 0) draws what the tree without it draws",
    tolerance: .sameDrawing, options: .all, restriction: "none (mask layers are not chosen: a hidden mask hides its layer)"
  ) { scene, rng, render in
    let layers = Surgery.drawnLayers(scene.root).dropFirst()
    guard !layers.isEmpty else { return .notApplicable }
    let index = rng.int(1...layers.count)
    let hide = rng.chance(0.5)
    let a = RandomTrees.copy(scene), b = RandomTrees.copy(scene)
    let la = Surgery.drawnLayers(a.root)[index], lb = Surgery.drawnLayers(b.root)[index]
    if hide { la.isHidden = true } else { la.opacity = 0 }
    lb.removeFromSuperlayer()
    return Surgery.compare(try render(b), try render(a), .sameDrawing,
      "\(la.debugName) \(hide ? "hidden" : "at opacity 0") vs removed")
  }

  /// A shape layer with a random path (a rect, an ellipse, a rounded rect,
  /// a polyline or a cubic over and past `size`), made the same way for
  /// both sides of a relation: the values are drawn once from `rng`.
  static func shapeMaker(_ rng: inout SplitMix64, size: CGSize, simple: Bool) -> @Sendable () -> ShapeLayer {
    let w = max(4, Double(size.width)), h = max(4, Double(size.height))
    var r = rng
    defer { rng = r }
    func x() -> Double { r.stepped(-0.1 * w, 1.1 * w, step: 0.25) + 0.0137 }
    func y() -> Double { r.stepped(-0.1 * h, 1.1 * h, step: 0.25) + 0.0291 }
    let box = CGRect(x: x(), y: y(), width: r.stepped(2, w, step: 0.25), height: r.stepped(2, h, step: 0.25))
    let kind = r.int(0...(simple ? 2 : 4))
    let points = (0..<8).map { _ in "\(x()) \(y())" }
    let radius = r.stepped(0, 10, step: 0.5)
    let width = r.stepped(1, 6, step: 0.5)
    let join = r.pick([LineJoin.miter, .round, .bevel])
    let color = Color(hex: r.pick(["#FF3B30", "#34C759", "#007AFF", "#1C1C1E"]))
    return {
      let s = ShapeLayer()
      s.name = "relation-shape"
      s.bounds = CGRect(x: 0, y: 0, width: w, height: h)
      s.position = CGPoint(x: w / 2, y: h / 2)
      switch kind {
      case 0: s.path = Path(rect: box)
      case 1: s.path = Path(ellipseIn: box)
      case 2: s.path = Path(roundedRect: box, cornerRadius: radius)
      case 3: s.path = try? Path(svg: "M \(points[0]) L \(points[1]) L \(points[2]) L \(points[3]) L \(points[4])")
      default: s.path = try? Path(svg: "M \(points[0]) C \(points[1]) \(points[2]) \(points[3]) S \(points[4]) \(points[5])")
      }
      s.fillColor = color
      s.lineWidth = width
      s.lineJoin = join
      return s
    }
  }

  /// The layers a relation may put a new shape on: the drawn layers that
  /// are not transform layers, in tree order (the same in every copy).
  static func shapeHosts(_ root: Layer) -> [Layer] {
    Surgery.drawnLayers(root).filter { !$0.isTransformLayer }
  }

  /// For half the trees (CI's time: each tree gets a shape of its own to
  /// check), a host chosen by `rng` and a maker of the shape to put on it.
  static func shapeSite(_ scene: Scene, _ rng: inout SplitMix64, simple: Bool)
    -> (index: Int, host: Layer, make: @Sendable () -> ShapeLayer)?
  {
    guard rng.chance(0.5) else { return nil }
    let hosts = shapeHosts(scene.root)
    guard !hosts.isEmpty else { return nil }
    let index = rng.int(0...hosts.count - 1)
    return (index, hosts[index], shapeMaker(&rng, size: hosts[index].bounds.size, simple: simple))
  }

  /// A stroke from a to b is the union of the strokes from a to m and from
  /// m to b: two layers, butt caps, no dashes, one opaque colour.
  public static let strokeSplitIsUnion = Relation(
    name: "strokeSplitIsUnion",
    statement: "a shape layer stroked from strokeStart a to strokeEnd b draws what two copies stroked from a to m and from m to b draw",
    tolerance: .strokeSeam, options: .all,
    restriction: "half the trees (CI time); a new shape layer on a random drawn layer, whose ancestors fade as groups, transform layers not at all (faded one by one, overlapping halves would darken); butt caps and no dashes, so the halves meet on one line; opaque stroke and no fill; not the whole path (0…1), whose closed subpaths join at their start where the halves would end"
  ) { scene, rng, render in
    let a = rng.stepped(0, 0.4, step: 0.05), drawnB = rng.stepped(0.6, 1, step: 0.05)
    // The whole of a closed subpath (0…1) joins its end to its start, where
    // the halves end in butt caps: not a union by design (found at 10,000
    // trees: a missing miter of 175 levels). So the range stops short of 1
    // when it starts at 0.
    let b = a == 0 && drawnB == 1 ? 0.95 : drawnB
    let m = a + (b - a) * rng.stepped(0.3, 0.7, step: 0.1) + 0.0013
    guard let (index, _, make) = shapeSite(scene, &rng, simple: false) else { return .notApplicable }
    func stroke(_ s: ShapeLayer, _ from: Double, _ to: Double) {
      s.fillColor = nil
      s.strokeColor = .black
      s.lineCap = .butt
      s.strokeStart = from
      s.strokeEnd = to
    }
    let whole = RandomTrees.copy(scene), split = RandomTrees.copy(scene)
    let h1 = shapeHosts(whole.root)[index], h2 = shapeHosts(split.root)[index]
    let one = make(), first = make(), second = make()
    stroke(one, a, b)
    stroke(first, a, m)
    stroke(second, m, b)
    for l in [one, first, second] { l.position = CGPoint(x: h1.bounds.midX, y: h1.bounds.midY) }
    // Faded one by one (allowsGroupOpacity false above), the halves would
    // darken where they overlap: the host and its ancestors fade as groups.
    // A transform layer's opacity fades each sublayer on its own: set to 1.
    for l in [h1, h2] + Surgery.ancestors(h1) + Surgery.ancestors(h2) {
      l.allowsGroupOpacity = true
      if l.isTransformLayer { l.opacity = 1 }
    }
    try! h1.addSublayer(one)
    try! h2.addSublayer(first)
    try! h2.addSublayer(second)
    return Surgery.compare(
      try render(whole), try render(split), .strokeSeam, "\(a)…\(b) split at \(m) on \(h1.debugName)")
  }

  /// A path that does not cross itself fills the same under both rules.
  public static let simpleEvenOddIsNonZero = Relation(
    name: "simpleEvenOddIsNonZero",
    statement: "a shape layer whose path is a rect, an ellipse or a rounded rect draws the same filled even-odd and non-zero",
    tolerance: .sameDrawing, options: .all,
    restriction: "half the trees (CI time); a new shape layer (fill only) on a random drawn layer; the CPU draws the same bytes, GL may round once more where its atlas has cached other shapes since the first render (sameDrawing)"
  ) { scene, rng, render in
    guard let (index, chosen, make) = shapeSite(scene, &rng, simple: true) else { return .notApplicable }
    var images: [Image] = []
    for rule in [FillRule.nonZero, .evenOdd] {
      let copy = RandomTrees.copy(scene)
      let host = shapeHosts(copy.root)[index]
      let s = make()
      s.position = CGPoint(x: host.bounds.midX, y: host.bounds.midY)
      s.fillRule = rule
      try! host.addSublayer(s)
      images.append(try render(copy))
    }
    return Surgery.compare(images[0], images[1], .sameDrawing, "even-odd against non-zero on \(chosen.debugName)")
  }

  /// Flat siblings permuted in the array with zPositions that restore the
  /// order draw the same.
  public static let zPositionReorder = Relation(
    name: "zPositionReorder",
    statement: "flat sublayers shuffled in the array, with zPositions that sort them back, draw the same",
    tolerance: .sameDrawing, options: .all,
    restriction: "none; the parent must be a plain layer (not a replicator: its copies are sorted by depth together, so zPositions that sort one copy's sublayers back interleave the copies) with an affine sublayerTransform and plain sublayers with affine transforms (then zPosition only orders: no perspective sees the z move, no plane is tilted, and no transform layer brings its own sublayers into the sort)"
  ) { scene, rng, render in
    func eligible(_ root: Layer) -> [Layer] {
      Surgery.drawnLayers(root).filter { p in
        guard !p.isTransformLayer, !(p is ReplicatorLayer), p.sublayerTransform.isAffine, let s = p.sublayers, s.count > 1
        else { return false }
        return s.allSatisfy { $0.transform.isAffine && !$0.isTransformLayer }
      }
    }
    let candidates = eligible(scene.root)
    guard !candidates.isEmpty else { return .notApplicable }
    let index = rng.int(0...candidates.count - 1)
    let copy = RandomTrees.copy(scene)
    let p = eligible(copy.root)[index]
    let subs = p.sublayers!
    // The drawing order: stable by zPosition.
    let order = subs.enumerated().sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }.map(\.element)
    var shuffled = order
    shuffled.shuffle(using: &rng)
    for l in subs { l.removeFromSuperlayer() }
    for l in shuffled {
      l.zPosition = Double(order.firstIndex { $0 === l }!) - 2
      try! p.addSublayer(l)
    }
    return Surgery.compare(try render(scene), try render(copy), .sameDrawing, "sublayers of \(p.debugName) shuffled")
  }

  /// A canvas background is the transparent render composited over it.
  public static let backgroundComposites = Relation(
    name: "backgroundComposites",
    statement: "the tree on a coloured canvas equals the tree on a transparent canvas composited over the colour",
    tolerance: .regroup,
    options: { var o = TreeOptions(); o.canvasBackground = false; return o }(),
    restriction: "generated with a transparent canvas; the relation picks the colour"
  ) { scene, rng, render in
    let clear = try render(scene)
    let colour = Color(hex: rng.pick(["#F2F2F7", "#000000", "#007AFF", "#34C75980", "#FF3B30C0"]))!
    var coloured = RandomTrees.copy(scene)
    coloured.canvas.background = colour
    return Surgery.compare(Surgery.over(clear, background: colour), try render(coloured), .regroup,
      "background \(colour)")
  }
}

// MARK: - The transform sweep

extension Relations {
  /// The bound on a sweep frame's ink (the sum of each premultiplied
  /// channel over the image) against the ink the flat frame predicts: the
  /// flat picture, warped by the frame's projective map, keeps its ink
  /// weighted by the map's area scale. Exact area coverage keeps the
  /// integral of every edge; image filtering, mip levels and blurs keep it
  /// to about a percent. 3 % of the prediction plus 0.15 % of a full canvas
  /// (for frames that are slivers, edge-on) leaves a layer that vanishes or
  /// doubles far outside.
  public static let inkRelative = 0.03
  public static let inkAbsolute = 0.0015

  /// Why `actual` ink breaks the bound around `predicted`, or nil.
  /// `grid` widens the bound, per channel, by the ink that depends on the
  /// pixel grid (`gridDependentInk`).
  public static func inkViolation(
    predicted: [Double], actual: [Double], pixels: Int, grid: [Double] = [0, 0, 0, 0]
  ) -> String? {
    let slack = inkAbsolute * 255 * Double(pixels)
    for c in 0..<4 where abs(actual[c] - predicted[c]) > inkRelative * predicted[c] + slack + grid[c] {
      return String(format: "channel %d: ink %.0f, the flat frame predicts %.0f (bound ±%.0f)",
        c, actual[c], predicted[c], inkRelative * predicted[c] + slack + grid[c])
    }
    return nil
  }

  /// The part of a frame's ink that depends on the pixel grid, per
  /// channel: |ink(image) − ink(fine)| × 2, where `fine` is the same frame
  /// rendered at twice the scale and box-filtered back. Clips multiply
  /// coverage and layers blend pixel by pixel (the contract's Details), so
  /// where two anti-aliased edges lie on one line (a border over a
  /// sublayer clipped by the same rounded bounds) a pixel covered a by each
  /// gets a + a(1 − a), not a: ink that grows with the edges' length in
  /// pixels, not with the area the projective map scales, and halves at
  /// twice the resolution (hence × 2). Negligible for layers many pixels
  /// wide; a 6-point layer with a border and a clipped sublayer, a pixel
  /// wide at rotateY(70°) and half scale, gained 20 % alpha ink on both
  /// backends alike. A layer that vanishes or doubles does so at every
  /// resolution, so it still fails.
  public static func gridDependentInk(_ image: Image, fine: Image) -> [Double] {
    let a = ink(image), b = ink(fine)
    return (0..<4).map { 2 * abs(a[$0] - b[$0] / 4) }
  }

  /// The sum of each premultiplied channel.
  public static func ink(_ image: Image) -> [Double] {
    var sums = [0.0, 0, 0, 0]
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
      for c in 0..<4 { sums[c] += Double(image.pixels[i + c]) }
    }
    return sums
  }

  /// A flattened tree swept through rotateY, rotateX (across 90°, where it is
  /// edge-on) or a shrinking scale: no frame throws, each frame keeps the
  /// ink the flat frame predicts, and two frames 0.05° apart agree.
  public static let transformSweep = Relation(
    name: "transformSweep",
    statement: "a flattened tree under perspective rotateY/rotateX (0…179°, through 89.9° and 90.1°) or scale (1…0.01): no frame throws, each frame minified at most ~3× keeps the ink its projective map predicts from the flat frame, and frames 0.05° apart agree but where a 3D-sort cut, a nine-slice seam or a gradient's hard stop, conic seam or steep ramp crosses a pixel centre (such pixels flip by design)",
    tolerance: .epsilonStep,
    options: { var o = TreeOptions(); o.canvasBackground = false; o.singleSided = false; return o }(),
    restriction: "transparent canvas (ink is only additive without a background); no doubleSided = false (the flattened tree turns its back past 90°, which legitimately hides such layers); the ink is checked on a copy whose gradients paint one colour (a gradient sampled at pixel centres does not keep its ink where it changes within a pixel)"
  ) { scene, rng, render in
    let canvas = scene.canvas
    let d = 3 * max(canvas.width, canvas.height)
    let kind = rng.int(0...2)
    func transform(_ v: Double) -> Transform3D {
      let half = Transform3D(scaleX: 0.5, y: 0.5)
      switch kind {
      case 0: return half.concatenating(Transform3D(rotationAngle: v * .pi / 180, x: 0, y: 1, z: 0))
          .concatenating(Transform3D(perspective: d))
      case 1: return half.concatenating(Transform3D(rotationAngle: v * .pi / 180, x: 1, y: 0, z: 0))
          .concatenating(Transform3D(perspective: d))
      default: return Transform3D(scaleX: 0.5 * v, y: 0.5 * v)
      }
    }
    // Contents minified by `linear` alias (a texel more or less per pixel),
    // so the sweep asks for mipmaps; the ink is checked only where the map
    // minifies at most ~3× (|cos| ≥ 0.3, scale ≥ 0.3): offscreens drawn back
    // under steeper minification are sampled without mipmaps and alias too.
    // Rasters too: they are drawn back with their layer's filters. And no
    // nearest magnification: a 1-texel checkerboard magnified by nearest
    // flips whole texels between frames 0.05° apart, by design.
    for l in allLayers(scene.root) where l.contents != nil || l.shouldRasterize {
      l.minificationFilter = .trilinear
      if l.magnificationFilter == .nearest { l.magnificationFilter = .linear }
    }
    // Gradients are sampled at pixel centres and have no mipmaps: where one
    // changes within a pixel (stops a pixel apart, a hard stop, a ramp seen
    // in a band a pixel wide between a layer's edge and an opaque border),
    // its samples do not carry its area's ink, and the flat frame's pixels,
    // which the prediction takes as constant, do not either (+50 % blue
    // measured on a 5-stop gradient 5 pixels tall at 62°; a 2-stop ramp
    // behind a border still +27 %). So the ink is checked on a copy whose
    // gradients paint one colour; the tree as generated is swept for the
    // frames and the ε-pair. (Gradients under projection are checked
    // against Chromium, `gradient-3d`, and between the backends.)
    let inkScene = Surgery.gradientsAsSolids(scene)
    func inkApplies(_ v: Double) -> Bool { kind == 2 ? v >= 0.3 : abs(cos(v * .pi / 180)) >= 0.3 }
    func swept(_ v: Double, _ tree: Scene = scene) -> Scene {
      let c = Surgery.container(canvas, name: "swept")
      c.masksToBounds = true
      c.transform = transform(v)
      return Surgery.wrapAll(RandomTrees.copy(tree), in: c)
    }
    func frame(_ v: Double) throws -> Image { try render(swept(v)) }
    func inkFrame(_ v: Double, _ image: Image) throws -> Image {
      guard let inkScene else { return image }
      return try render(swept(v, inkScene))
    }
    /// The ink frame at twice the canvas scale (`gridDependentInk`).
    func fineInkFrame(_ v: Double) throws -> Image {
      var fine = swept(v, inkScene ?? scene)
      fine.canvas.scale *= 2
      return try render(fine)
    }
    let values: [Double] = kind == 2
      ? [1, rng.stepped(0.3, 0.9, step: 0.05), 0.01]
      : [0, rng.stepped(10, 70, step: 1), 89.9, 90.1, rng.stepped(110, 179, step: 1)]
    let flat = try inkFrame(values[0], try frame(values[0]))
    var flatGridInk: [Double]? = nil
    let s = canvas.scale
    let cx = canvas.width / 2, cy = canvas.height / 2
    for v in values.dropFirst() {
      let image = try frame(v)
      guard image.width == flat.width, image.height == flat.height else {
        return .fail("frame \(v) is \(image.width)×\(image.height)", expected: flat, actual: image)
      }
      guard inkApplies(v) else { continue }
      let inked = try inkFrame(v, image)
      let t = transform(v)
      // The flat frame's pixel centre q0 (points) is the container point
      // x = (q0 − c) / 0.5; the frame maps x to project(t, x) + c.
      func map(_ x: Double, _ y: Double) -> (Double, Double)? {
        guard let p = t.project(CGPoint(x: (x - cx) * 2, y: (y - cy) * 2)) else { return nil }
        return (Double(p.x), Double(p.y))
      }
      var predicted = [0.0, 0, 0, 0]
      for py in 0..<flat.height {
        for px in 0..<flat.width {
          let i = (py * flat.width + px) * 4
          guard flat.pixels[i + 3] > 0 || flat.pixels[i] > 0 else { continue }
          let x = (Double(px) + 0.5) / s, y = (Double(py) + 0.5) / s, h = 0.25
          guard let a = map(x - h, y), let b = map(x + h, y), let c = map(x, y - h), let e = map(x, y + h)
          else { continue }
          let j = abs((b.0 - a.0) * (e.1 - c.1) - (b.1 - a.1) * (e.0 - c.0)) / (4 * h * h)
          for k in 0..<4 { predicted[k] += Double(flat.pixels[i + k]) * j }
        }
      }
      // The flat frame's grid-dependent ink is in the prediction, the
      // frame's in the render: both widen the bound.
      let flatGrid = try flatGridInk ?? gridDependentInk(flat, fine: try fineInkFrame(values[0]))
      flatGridInk = flatGrid
      let frameGrid = gridDependentInk(inked, fine: try fineInkFrame(v))
      if let why = inkViolation(
        predicted: predicted, actual: ink(inked), pixels: flat.width * flat.height,
        grid: (0..<4).map { flatGrid[$0] + frameGrid[$0] })
      {
        return .fail("\(["rotateY", "rotateX", "scale"][kind])(\(v)): \(why)", expected: flat, actual: inked)
      }
    }
    if kind != 2 {
      // A 3D-sort cut, a nine-slice seam or a gradient's hard stop (or a
      // ramp steep at the pixel's scale) that crosses a pixel centre between
      // the two frames flips that pixel by design (the contract's Details:
      // cuts are not anti-aliased; a gradient is sampled at pixel centres);
      // those pixels are left out.
      let v = values[1]
      let a = swept(v), b = swept(v + 0.05)
      let seams = try Surgery.seamPixels(a).union(Surgery.seamPixels(b))
      let before = try render(a)
      let after = Surgery.replacing(Array(seams), of: try render(b), from: before)
      return Surgery.compare(before, after, .epsilonStep,
        "\(["rotateY", "rotateX"][kind])(\(v)) against \(v + 0.05) (\(seams.count) seam pixels left out)")
    }
    return .pass
  }
}
