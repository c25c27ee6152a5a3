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
    restriction: "transparent canvas: fading over a background is not a product; regroupDeep where the plan has more than 16 translucent draws"
  ) { scene, rng, render in
    let a = rng.stepped(0.2, 0.8, step: 0.05)
    let plain = try render(scene)
    let c = Surgery.container(scene.canvas)
    c.opacity = a
    let faded = try render(Surgery.wrapAll(RandomTrees.copy(scene), in: c))
    return Surgery.compare(Surgery.faded(plain, by: a), faded, Surgery.regroupTolerance(for: scene), "opacity \(a)")
  }

  /// An opaque mask larger than the canvas changes nothing.
  public static let opaqueMaskChangesNothing = Relation(
    name: "opaqueMaskChangesNothing",
    statement: "a container masked by an opaque layer covering the canvas changes nothing",
    tolerance: .regroup, options: .all, restriction: "regroupDeep where the plan has more than 16 translucent draws"
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
    return Surgery.compare(plain, masked, Surgery.regroupTolerance(for: scene), "opaque mask")
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
    restriction: "generated with a transparent canvas; the relation picks the colour; pixels beyond the large bound by no more than the blends stacked there plus one are left out (faint stacked ink rounds alike in every blend)"
  ) { scene, rng, render in
    let clear = try render(scene)
    let colour = Color(hex: rng.pick(["#F2F2F7", "#000000", "#007AFF", "#34C75980", "#FF3B30C0"]))!
    var coloured = RandomTrees.copy(scene)
    coloured.canvas.background = colour
    let expected = Surgery.over(clear, background: colour), drawn = try render(coloured)
    // A faint edge under many stacked blends rounds differently over
    // transparency and over the colour (`Surgery.faintStackPixels`).
    let faint = (try? coloured.renderPlan()).map {
      Surgery.faintStackPixels(expected, drawn, depths: Surgery.stackDepths($0), beyond: .regroup)
    } ?? []
    return Surgery.compare(Surgery.replacing(faint, of: expected, from: drawn), drawn, .regroup,
      "background \(colour) (\(faint.count) faint stacked pixels left out)")
  }
}
