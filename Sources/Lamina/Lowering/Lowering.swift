// The lowering: the one place that walks a layer tree. It turns a `Layer`
// tree into a `RenderPlan` of plain values for both backends.
//
// Per layer, in its own space (docs/scene-format.md "Drawing model"): shadow,
// background, contents (and a gradient layer's gradient, a shape layer's
// fill and stroke), sublayers (in
// depth order), border; `masksToBounds`
// clips; then mask and opacity. Offscreen surfaces are made only where the
// result needs one:
//   - group opacity over more than one primitive, a `mask`, a shadow taken
//     from drawn content: a *screen-aligned* surface in the target's own
//     pixel grid (composited back 1:1, so nothing is resampled), unless a
//     content shadow sits under a transform that is not a similarity, where
//     the blur must happen in the layer's plane: a *planar* surface;
//   - `shouldRasterize`: a planar surface at `rasterizationScale` whose grid
//     starts at the bounds origin, keyed by its content for reuse;
//   - `shadowPath`s other than rectangles: the path's coverage, blurred.
// Flattening is done by matrix (z := 0 between a layer and its sublayers),
// and planes cut by the 3D sort are drawn with convex clips, so neither
// needs an offscreen.

extension RenderPlan {
  /// Lowers the tree under `root` onto a canvas of `size` points at `scale`
  /// pixels per point. `root`'s bounds space is the canvas (its origin at
  /// the top-left); `root` draws like any layer.
  public init(
    root: Layer, size: CGSize, scale: Double = 1, background: Color? = nil,
    limits: RenderLimits = .default
  ) throws(LoweringError) {
    let w = Double(size.width), h = Double(size.height)
    guard w > 0, h > 0, w.isFinite, h.isFinite else {
      throw .invalidCanvas("size \(w)×\(h) points must be positive and finite")
    }
    guard scale > 0, scale.isFinite else { throw .invalidCanvas("scale \(scale) must be > 0") }
    let (fw, fh) = ((w * scale).rounded(), (h * scale).rounded())
    guard fw <= Double(limits.maxDimension), fh <= Double(limits.maxDimension) else {
      throw .tooLarge(
        what: "canvas",
        reason: "\(pixelCount(fw))×\(pixelCount(fh)) pixels exceeds the limit of \(limits.maxDimension) pixels a side")
    }
    let pw = Int(fw), ph = Int(fh)
    if let why = limits.violation(width: pw, height: ph) { throw .tooLarge(what: "canvas", reason: why) }
    guard pw > 0, ph > 0 else { throw .invalidCanvas("\(pw)×\(ph) pixels is empty") }
    try TreeCheck.validate(root, limits: limits)
    // Text layers laid out side by side; the walk finds their layouts kept.
    root.layOutText(threads: PlanBuilder.workerThreads)
    let builder = PlanBuilder(width: pw, height: ph, scale: scale, limits: limits)
    builder.root = root
    let rootMatrix = Transform3D(translationX: -Double(root.bounds.minX), y: -Double(root.bounds.minY))
      .concatenating(Transform3D(scaleX: scale, y: scale))
    try builder.emitLayer(root, rootMatrix, into: 0, clips: [], alpha: 1)
    try builder.resolvePendingDraws()
    self.init(
      width: pw, height: ph, background: (background ?? .clear).premultiplied,
      surfaces: builder.surfaces)
  }
}

/// A pixel count for messages: a whole number when it fits, else as is.
func pixelCount(_ v: Double) -> String {
  abs(v) < 1e15 ? String(Int(v)) : String(v)
}

/// Builds the surfaces of one plan.
final class PlanBuilder {
  var surfaces: [Surface]
  /// Per surface, the part of its pixel grid (in its coordinates as they
  /// are now) from which a draw can reach the canvas. A sized surface's
  /// whole grid; a screen group still being filled has no size yet: its
  /// grid is its target's, and what it can show is the target's visible
  /// area grown by the group's shadow reach. Culling against a group's
  /// unknown size (0×0) is how shadows and nested groups once vanished.
  var visible: [CGRect]
  let scale: Double
  let limits: RenderLimits
  /// The red, green and blue multiplier of the replicator copies being
  /// emitted (nested copies multiply); every colour goes through
  /// `multipliedColor(_:)` (ColorMultiplier.swift).
  var colorMultiplier = ColorMultiplier.identity
  /// The tree's root, for naming a layer's place in errors (`place(of:)`, LayerPlace.swift).
  weak var root: Layer?
  /// Strokes whose draws wait for their outlines (LoweringStrokes.swift).
  var pendingStrokes: [PendingStroke] = []
  /// Text layers whose draws wait to be made (TextEmitter.swift).
  var pendingTexts: [PendingText] = []
  /// How many draws were left pending in this lowering (PendingDraws.swift).
  var pendingOrder = 0
  /// The texts' emitters, one per worker, with the glyph outlines each
  /// flattened in this lowering (TextEmitter.swift).
  var textEmitters: [TextEmitter] = []

  init(width: Int, height: Int, scale: Double, limits: RenderLimits) {
    surfaces = [Surface(width: width, height: height, label: "canvas")]
    visible = [CGRect(x: 0, y: 0, width: width, height: height)]
    self.scale = scale
    self.limits = limits
  }

  /// Appends `command` to surface `target`. It takes the command over
  /// (`consuming`, inlined): a command is several hundred bytes with
  /// references inside, and copying it into the list, then releasing the
  /// caller's, cost S1's lowering 3 % (2,000 outlined copies, callgrind).
  @inline(__always)
  func add(_ command: consuming DrawCommand, to target: Int) {
    surfaces[target].commands.append(command)
  }

  // MARK: Layers

  /// Draws `layer` (and its subtree) whose bounds space maps to target
  /// pixels by `m`, under `clips`, faded by the inherited `alpha`.
  func emitLayer(_ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double) throws(LoweringError) {
    guard !layer.isHidden else { return }
    let opacity = min(max(layer.opacity, 0), 1)
    guard opacity > 0, alpha > 0 else { return }
    if layer.isTransformLayer {
      try emitSublayers(of: layer, m, into: t, clips: clips, alpha: alpha * opacity)
      return
    }
    if !layer.isDoubleSided && isBackFacing(m) { return }
    if layer.shouldRasterize {
      try emitRasterized(layer, m, into: t, clips: clips, alpha: alpha)
    } else {
      try emitBody(layer, m, into: t, clips: clips, alpha: alpha, opacity: opacity)
    }
  }

  /// The layer with its mask and opacity: directly, or through a group.
  /// `blends`: false inside the layer's own `shouldRasterize` raster, whose
  /// composite carries the blend.
  func emitBody(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double, opacity: Double,
    blends: Bool = true
  ) throws(LoweringError) {
    let shadow = ShadowKind(layer)
    // A compositing filter blends the layer as one group, faded as a group
    // (CSS's mix-blend-mode on an element: its stacking context is
    // flattened, then opacity, then the blend; docs/scene-format.md,
    // "Compositing filters").
    let blend = blends ? BlendMode.effective(layer.compositingFilter) : nil
    let fadesAsGroup =
      blend != nil || (layer.allowsGroupOpacity && opacity < 1 && primitiveCount(layer, shadow) > 1)
    let contentShadow = shadow == .content
    if let blend, try emitBlendedShape(layer, m, into: t, clips: clips, alpha: alpha * opacity, blend: blend, shadow) {
      return
    }
    guard layer.mask != nil || fadesAsGroup || contentShadow else {
      try emitContent(layer, m, into: t, clips: clips, alpha: alpha * opacity)
      return
    }
    // The inherited multiplier comes from ancestors that fade their
    // descendants one by one: it joins the layer's own opacity on a group
    // only when that opacity makes one; a group opened for a mask or a
    // content shadow fades its primitives one by one (found by the
    // shadowPath relation: a shadowed card under a faded container with
    // `allowsGroupOpacity` false showed its shadow through the card with a
    // shadowPath, and not without one).
    let groupAlpha = fadesAsGroup ? alpha * opacity : 1
    let innerAlpha = fadesAsGroup ? 1 : alpha * opacity
    if contentShadow, layer.mask == nil, innerAlpha < 1 {
      // Faded primitive by primitive, with a content shadow: the silhouette
      // is what the layer draws before any fading, and the shadow is then
      // faded by the inherited multiplier (docs/scene-format.md, "Shadows
      // and opacity"). A group of primitives each faded first composites
      // overlaps to more than the multiplier (a + b·(1 − a), not the
      // multiplier × the union: found by the shadowPath relation). So the
      // shadow comes alone from a group of the unfaded content, faded as
      // the composite's opacity, and the primitives are drawn on their own.
      try emitGroup(layer, m, into: t, clips: clips, groupAlpha: innerAlpha, innerAlpha: 1, shadowOnly: true)
      try emitContent(layer, m, into: t, clips: clips, alpha: innerAlpha)
      return
    }
    try emitGroup(layer, m, into: t, clips: clips, groupAlpha: groupAlpha, innerAlpha: innerAlpha, blend: blend)
  }

  /// A group of the layer's content: in its own plane when its content
  /// shadow must be blurred there (the layer is not placed by a
  /// similarity), else in the target's pixel grid.
  func emitGroup(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], groupAlpha: Double, innerAlpha: Double,
    shadowOnly: Bool = false, blend: BlendMode? = nil
  ) throws(LoweringError) {
    if ShadowKind(layer) == .content, similarityScale(m) == nil {
      try emitPlanarGroup(
        layer, m, into: t, clips: clips, groupAlpha: groupAlpha, innerAlpha: innerAlpha, shadowOnly: shadowOnly,
        blend: blend)
    } else {
      try emitScreenGroup(
        layer, m, into: t, clips: clips, groupAlpha: groupAlpha, innerAlpha: innerAlpha, shadowOnly: shadowOnly,
        blend: blend)
    }
  }

  /// Steps 1–5 of the drawing model into `t`, faded by `alpha` per draw. A
  /// content-derived shadow is not drawn here: the group composite does it.
  func emitContent(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double
  ) throws(LoweringError) {
    let rb = roundedBounds(layer)
    let inner = layer.masksToBounds ? clips + [Clip(matrix: m, shape: .roundedRect(rb))] : clips
    let name = layer.name ?? ""
    try emitShadow(layer, m, into: t, clips: inner, alpha: alpha, name: name)
    let under = UnderBorder(layer, rb, alpha: alpha)
    let image = layer.contents.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
    let slices = image.map { image in
      ContentsLayout.slices(
        imageWidth: image.width, imageHeight: image.height, bounds: layer.bounds,
        contentsRect: layer.contentsRect, gravity: layer.contentsGravity,
        scale: layer.contentsScale, center: layer.contentsCenter)
    } ?? []
    let placed = ImageSlice.union(slices)
    // A gradient layer's gradient fills the rounded bounds after its contents.
    let gradient = layer.drawsGradient && !rb.rect.isEmpty ? (layer as? GradientLayer)?.gradient : nil
    let contentsHideBackground =
      alpha >= 1
      && ((image?.isOpaque == true && !slices.isEmpty && placed.covers(layer.bounds)) || gradient?.isOpaque == true)
    if let bg = layer.backgroundColor, bg.alpha > 0, !rb.rect.isEmpty, !contentsHideBackground,
      let outline = under.visibleOutline
    {
      add(.roundedRect(RoundedRectDraw(
        matrix: m, outer: outline, border: nil, color: multipliedColor(bg).withAlphaMultiplied(by: alpha).premultiplied,
        clips: clips, name: name)), to: t)
    }
    // Contents inside the bounds are cut where an opaque border hides them
    // (so their edge does not show through the border's), and left out
    // under a border that fills the layer.
    let insideBounds = !slices.isEmpty && layer.bounds.covers(placed)
    if let image, !slices.isEmpty, !(insideBounds && under.hidesAll) {
      let cut = insideBounds ? under.cut(m) : nil
      var draw = ImageDraw(
        matrix: m, image: image, slices: slices, sampling: sampling(of: layer),
        opacity: Float(alpha), clips: inner + (cut.map { [$0] } ?? []), name: name)
      draw.tint = colorMultiplier
      add(.image(draw), to: t)
    }
    if let gradient, let outline = under.visibleOutline {
      // Checked here too: a replicator's delayed copies are not in the tree TreeCheck walks.
      guard gradient.stops.count <= limits.maxGradientStops else {
        throw .invalidGradient(
          layer: place(of: layer),
          reason: "colors: \(gradient.stops.count) stops, more than \(limits.maxGradientStops) (RenderLimits.maxGradientStops)")
      }
      emitGradient(multipliedGradient(gradient), outline, m, into: t, clips: clips, alpha: alpha, name: name)
    }
    if layer.drawsShape, let shape = layer as? ShapeLayer {
      try emitShape(shape, m, into: t, clips: inner, alpha: alpha, name: name)
    }
    if let text = layer.asTextLayer {
      try emitText(text, m, into: t, clips: inner, alpha: alpha, name: name)
    }
    try emitSublayers(of: layer, m, into: t, clips: inner, alpha: alpha)
    let bw = layer.borderWidth
    if bw > 0, let bc = layer.borderColor, bc.alpha > 0, !rb.rect.isEmpty {
      add(.roundedRect(RoundedRectDraw(
        matrix: m, outer: rb, border: borderInnerEdge(rb, width: bw),
        color: multipliedColor(bc).withAlphaMultiplied(by: alpha).premultiplied, clips: clips, name: name)), to: t)
    }
  }

  /// Step 1 of the drawing model: the layer's shadow when its shape gives
  /// it, in closed form (a rounded rectangle) or from its path, clipped by
  /// `clips` (with `masksToBounds`'s). A content-derived shadow is the group
  /// composite's.
  private func emitShadow(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double, name: String
  ) throws(LoweringError) {
    switch ShadowKind(layer) {
    case .closedForm(let shape, let silhouetteAlpha):
      let sigma = max(0, layer.shadowRadius)
      let moved = shape.offsetBy(dx: Double(layer.shadowOffset.width), dy: Double(layer.shadowOffset.height))
      let margin = shadowReach(sigma: sigma) + 1 / scale
      let color = multipliedColor(layer.shadowColor ?? .black)
        .withAlphaMultiplied(by: layer.shadowOpacity * silhouetteAlpha * alpha)
      if let extent = visibleShadowExtent(
        moved.rect.insetBy(dx: -margin, dy: -margin), shape: moved.rect, sigma: sigma,
        alpha: color.alpha, m, target: t)
      {
        add(.shadow(ShadowDraw(
          matrix: m, shape: moved, sigma: sigma, color: color.premultiplied,
          extent: extent, clips: clips, name: name)), to: t)
      }
    case .path(let path):
      try emitPathShadow(layer, path, m, into: t, clips: clips, alpha: alpha)
    case .content, .none:
      break
    }
  }

  /// A gradient layer's gradient over `outline` (its rounded bounds, pulled
  /// in under an opaque border): one colour is a plain fill. It fills the
  /// background's outline, so `masksToBounds` (the same shape) is not
  /// applied again: a clip would count the edge twice. Kept out of
  /// `emitContent`, whose every layer pays for what is inlined there.
  @inline(never)
  func emitGradient(
    _ gradient: Gradient, _ outline: RoundedRect, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double,
    name: String
  ) {
    if let solid = gradient.solidColor {
      guard solid.alpha > 0 else { return }
      add(.roundedRect(RoundedRectDraw(
        matrix: m, outer: outline, border: nil, color: solid.withAlphaMultiplied(by: alpha).premultiplied,
        clips: clips, name: name)), to: t)
    } else {
      add(.gradient(GradientDraw(
        matrix: m, shape: outline, gradient: gradient, opacity: Float(alpha), clips: clips, name: name)), to: t)
    }
  }

  func sampling(of layer: Layer) -> Sampling {
    Sampling(
      minification: layer.minificationFilter, magnification: layer.magnificationFilter,
      bias: layer.minificationFilterBias)
  }

  /// How many primitives the layer draws, counting sublayers as two (they
  /// may overlap each other): a fade of one primitive needs no group.
  func primitiveCount(_ layer: Layer, _ shadow: ShadowKind) -> Int {
    var n = shadow == .none ? 0 : 1
    if let bg = layer.backgroundColor, bg.alpha > 0 { n += 1 }
    if layer.contents != nil { n += 1 }
    if layer.drawsGradient { n += 1 }
    // A fill and a stroke (they overlap: two primitives).
    if layer.drawsShape { n += (layer as? ShapeLayer)?.shapePrimitives ?? 0 }
    if let text = layer.asTextLayer { n += text.textPrimitives }
    if layer.borderWidth > 0, (layer.borderColor?.alpha ?? 0) > 0 { n += 1 }
    if drawsSublayers(layer) { n += 2 }
    return n
  }
}

/// What an opaque border hides of the layer's background and contents.
/// Drawn one by one, each anti-aliased, primitives sharing the outer edge
/// add up there to more than that edge covers: a background of coverage k
/// under a border of coverage k leaves k(1 − k) of the background showing
/// (the conflation artifact; up to twice the ink of a small bordered layer
/// turned edge-on, found by the transformSweep relation). So, as Chromium's
/// "background bleed avoidance" does, what lies under an opaque border is
/// pulled in by half the border's width, where the border covers it whole:
/// the background's outline shrinks (or goes, under a border that fills the
/// layer), and contents inside the bounds are cut there. Where the border
/// is translucent (or faded per primitive), nothing changes: what lies under
/// it shows through, exactly.
///
/// Rejected: compositing a bordered layer as a group (exact, but an
/// offscreen for every bordered card).
struct UnderBorder {
  /// The border's half-width inset of the rounded bounds, when an opaque
  /// border covers the outer edge; `nil` otherwise.
  let inset: RoundedRect?
  /// True when an opaque border covers the whole layer.
  let hidesAll: Bool
  let bounds: RoundedRect

  init(_ layer: Layer, _ rb: RoundedRect, alpha: Double) {
    bounds = rb
    let bw = layer.borderWidth
    guard bw > 0, alpha >= 1, (layer.borderColor?.alpha ?? 0) >= 1, !rb.rect.isEmpty else {
      (inset, hidesAll) = (nil, false)
      return
    }
    hidesAll = borderInnerEdge(rb, width: bw) == nil
    inset = hidesAll ? nil : borderInnerEdge(rb, width: bw / 2)
  }

  /// The background's outline: the rounded bounds, pulled in under an
  /// opaque border; `nil` when the border hides it all.
  var visibleOutline: RoundedRect? {
    if hidesAll { return nil }
    return inset ?? bounds
  }

  /// A clip that cuts what lies under the opaque border, or `nil`.
  func cut(_ m: Transform3D) -> Clip? {
    inset.map { Clip(matrix: m, shape: .roundedRect($0)) }
  }
}

/// The kinds of shadow a layer can cast.
enum ShadowKind: Equatable {
  case none
  /// A rounded rectangle of uniform alpha: drawn in closed form.
  case closedForm(RoundedRect, alpha: Double)
  /// A `shadowPath` that is not a rectangle: its coverage, blurred.
  case path(Path)
  /// The alpha of everything the layer draws: blurred from a group.
  case content

  init(_ layer: Layer) {
    guard layer.shadowOpacity > 0, let color = layer.shadowColor, color.alpha > 0 else {
      self = .none
      return
    }
    if let path = layer.shadowPath {
      switch path.shape {
      case .rect(let r)?: self = .closedForm(RoundedRect(rect: r), alpha: 1)
      case .roundedRect(let r, let radius)?:
        let c = min(max(radius, 0), min(Double(r.width), Double(r.height)) / 2)
        self = .closedForm(RoundedRect(rect: r, radii: [c, c, c, c], curve: .circular), alpha: 1)
      default: self = .path(path)
      }
      return
    }
    let sublayersDraw = drawsSublayers(layer)
    let bgAlpha = layer.backgroundColor?.alpha ?? 0
    let hasBorder = layer.borderWidth > 0 && (layer.borderColor?.alpha ?? 0) > 0
    let drawsContents = layer.contents != nil || layer.drawsGradient || layer.drawsShape || layer.drawsText
    if !drawsContents, !sublayersDraw, bgAlpha > 0, !hasBorder || bgAlpha >= 1 {
      self = .closedForm(roundedBounds(layer), alpha: bgAlpha)
    } else if drawsContents || sublayersDraw || hasBorder || bgAlpha > 0 {
      self = .content
    } else {
      self = .none
    }
  }
}

/// True when `layer` and its subtree put no pixel on screen: hidden, of
/// opacity 0, or with nothing to draw (no background, border, contents or
/// shadow, and no sublayer that draws). Such a layer takes no part in its
/// 3D context (as a plane of the depth sort it would cut the layers it
/// crosses, leaving a seam where nothing is drawn), nor in its superlayer's
/// content shadow or group (an empty sublayer turned a closed-form shadow
/// into a blurred group: both found by the `invisibleIsRemoved` relation).
/// A content shadow exists only when something is drawn, so the shadow
/// test here needs only `shadowPath`, and the walk stays linear.
func drawsNothing(_ layer: Layer) -> Bool {
  if layer.isHidden || !(layer.opacity > 0) { return true }
  if !layer.isTransformLayer {
    if let bg = layer.backgroundColor, bg.alpha > 0 { return false }
    if layer.contents != nil || layer.drawsGradient || layer.drawsShape || layer.drawsText { return false }
    if layer.borderWidth > 0, (layer.borderColor?.alpha ?? 0) > 0 { return false }
    if layer.shadowPath != nil, layer.shadowOpacity > 0, (layer.shadowColor?.alpha ?? 0) > 0 { return false }
  }
  return !drawsSublayers(layer)
}

/// True when a sublayer of `layer` puts a pixel on screen (none does in a
/// replicator of no copies).
func drawsSublayers(_ layer: Layer) -> Bool {
  if let r = layer.asReplicator, r.instanceCount <= 0 { return false }
  // A presented replicator with `instanceDelay` draws each copy's own sublayers.
  if let copies = layer.asReplicator?.delayedCopies, copies.joined().contains(where: { !drawsNothing($0) }) {
    return true
  }
  return (layer.sublayers ?? []).contains { !drawsNothing($0) }
}

extension RoundedRect {
  /// The same shape moved by (dx, dy).
  func offsetBy(dx: Double, dy: Double) -> RoundedRect {
    RoundedRect(rect: rect.offsetBy(dx: dx, dy: dy), radii: radii, curve: curve)
  }
}

/// The layer's rounded bounds: radius clamped to half the shorter side,
/// only the masked corners rounded, continuous corners falling back to
/// circular when the edges are too short for them (docs/scene-format.md Details).
func roundedBounds(_ layer: Layer) -> RoundedRect {
  let b = layer.bounds
  let half = min(Double(b.width), Double(b.height)) / 2
  let r = min(max(layer.cornerRadius, 0), max(half, 0))
  let mask = layer.maskedCorners
  let radii: [Double] = [
    mask.contains(.layerMinXMinYCorner) ? r : 0, mask.contains(.layerMaxXMinYCorner) ? r : 0,
    mask.contains(.layerMaxXMaxYCorner) ? r : 0, mask.contains(.layerMinXMaxYCorner) ? r : 0,
  ]
  let continuous =
    layer.cornerCurve == .continuous
    && ContinuousCorner.fits(width: Double(b.width), height: Double(b.height), radius: r)
  return RoundedRect(rect: b, radii: radii, curve: continuous ? .continuous : .circular)
}

/// A border's inner edge: the rect inset by `width`, radii reduced by it,
/// the same kind of corner; `nil` when the border fills the whole shape.
func borderInnerEdge(_ outer: RoundedRect, width: Double) -> RoundedRect? {
  let r = outer.rect.insetBy(dx: width, dy: width)
  guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
  let half = min(Double(r.width), Double(r.height)) / 2
  return RoundedRect(rect: r, radii: outer.radii.map { min(max($0 - width, 0), half) }, curve: outer.curve)
}

/// True when the layer's plane shows its back: the orientation of the
/// projected bounds flips (the 3×3 homography has a negative determinant).
func isBackFacing(_ m: Transform3D) -> Bool {
  let det = m.m11 * (m.m22 * m.m44 - m.m24 * m.m42) - m.m12 * (m.m21 * m.m44 - m.m24 * m.m41)
    + m.m14 * (m.m21 * m.m42 - m.m22 * m.m41)
  return det < 0
}

/// The uniform scale of `m` when it maps the plane to the target by a
/// similarity (rotation, uniform scale, translation, optionally mirrored).
func similarityScale(_ m: Transform3D) -> Double? {
  guard m.m14 == 0, m.m24 == 0, m.m44 > 0 else { return nil }
  let a = m.m11 / m.m44, b = m.m12 / m.m44, c = m.m21 / m.m44, d = m.m22 / m.m44
  let s = (a * a + b * b).squareRoot()
  let tol = 1e-9 * max(1, s)
  guard s > 0, (abs(a - d) <= tol && abs(b + c) <= tol) || (abs(a + d) <= tol && abs(b - c) <= tol)
  else { return nil }
  return s
}
