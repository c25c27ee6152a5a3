// The lowering's offscreen groups: screen-aligned groups (opacity, mask,
// content shadows under similarities), planar groups (content shadows under
// other transforms, `shouldRasterize`) and path shadows.

extension PlanBuilder {
  /// Opens a screen group: a surface in its target's pixel grid, sized
  /// once its content is known (`settle`); `visible` is where in that grid
  /// its content can still reach the canvas. Everything emitted into it
  /// gets higher indices.
  func openSurface(_ label: String, visible area: CGRect) -> Int {
    surfaces.append(Surface(width: 0, height: 0, label: label))
    visible.append(area)
    return surfaces.count - 1
  }

  /// Opens a surface of a known size, all of it visible.
  func openSurface(_ label: String, width: Int, height: Int) -> Int {
    surfaces.append(Surface(width: width, height: height, label: label))
    visible.append(CGRect(x: 0, y: 0, width: width, height: height))
    return surfaces.count - 1
  }

  /// Forgets surface `s` and everything opened after it.
  func dropSurfaces(from s: Int) {
    dropPendingDraws(from: s)
    surfaces.removeLast(surfaces.count - s)
    visible.removeLast(visible.count - s)
  }

  /// The device box of what surface `s` draws, in its (unshifted) pixels.
  func drawnBounds(of s: Int) throws(LoweringError) -> CGRect? {
    try resolvePendingDraws()
    var box = CGRect.null
    for c in surfaces[s].commands {
      if let b = c.deviceBounds(surfaces: surfaces) { box = box.union(b) }
    }
    return box.isNull ? nil : box
  }

  /// Moves surface `s`'s commands by (−ox, −oy) and sets its size.
  func settle(_ s: Int, originX ox: Double, originY oy: Double, width: Int, height: Int) {
    surfaces[s].commands = surfaces[s].commands.map { $0.shifted(x: -ox, y: -oy) }
    surfaces[s].width = width
    surfaces[s].height = height
    visible[s] = CGRect(x: 0, y: 0, width: width, height: height)
  }

  /// The pixels of `box` clipped to `limit` (PixelRect.covering), or nil if none.
  func pixelBox(_ box: CGRect, within limit: CGRect) -> PixelRect? {
    let r = box.intersection(limit)
    guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
    let pixels = PixelRect.covering(r)
    return pixels.isEmpty ? nil : pixels
  }

  /// The target's pixel rectangle grown by `margin`, intersected with the
  /// device boxes of `clips`.
  func visibleArea(of t: Int, clips: [Clip], margin: Double) -> CGRect {
    var r = visible[t]
    for c in clips { if let b = c.deviceBounds { r = r.intersection(b) } }
    return r.insetBy(dx: -margin, dy: -margin)
  }

  func checkSize(_ w: Int, _ h: Int, _ layer: Layer, _ what: String) throws(LoweringError) {
    if let why = limits.violation(width: w, height: h) {
      throw .tooLarge(what: "\(place(of: layer)): its \(what)", reason: why)
    }
  }

  /// A group in the target's own pixel grid: drawn 1:1 back, so nothing is
  /// resampled. Content shadows need `m` to be a similarity (checked by the caller).
  func emitScreenGroup(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], groupAlpha: Double, innerAlpha: Double,
    shadowOnly: Bool = false, blend: BlendMode? = nil
  ) throws(LoweringError) {
    var shadow: SurfaceShadow?
    var margin = 0.0
    if ShadowKind(layer) == .content, let k = similarityScale(m) {
      let off = linearPart(m, layer.shadowOffset)
      let sigma = max(0, layer.shadowRadius) * k
      margin = shadowReach(sigma: sigma) + max(abs(off.x), abs(off.y)) + 1
      shadow = SurfaceShadow(
        sigma: sigma, offsetX: off.x, offsetY: off.y, color: shadowColor(layer), shadowOnly: shadowOnly,
        clip: layer.masksToBounds ? Clip(matrix: m, shape: .roundedRect(roundedBounds(layer))) : nil)
    }
    // Content outside the target's visible area still casts its shadow in.
    var reach = visibleArea(of: t, clips: clips, margin: margin)
    if shadow == nil, let bound = maskReach(of: layer, m) {
      reach = reach.intersection(bound)
      guard !reach.isNull, reach.width > 0, reach.height > 0 else { return }
    }
    let s = openSurface("group \(layer.debugName)", visible: reach)
    try emitContent(layer, m, into: s, clips: [], alpha: innerAlpha)
    // The surface holds the content and room for its shadow, so backends
    // never read a shadow from outside the source rectangle.
    guard let drawn = try drawnBounds(of: s),
      let box = pixelBox(drawn.insetBy(dx: -margin, dy: -margin), within: reach)
    else { return dropSurfaces(from: s) }
    try checkSize(box.width, box.height, layer, "group")
    let ox = Double(box.x0), oy = Double(box.y0)
    settle(s, originX: ox, originY: oy, width: box.width, height: box.height)
    if var sh = shadow, let c = sh.clip {
      sh.clip = c.shifted(x: -ox, y: -oy)
      shadow = sh
    }
    let mask = try emitMask(of: layer, m, originX: ox, originY: oy, width: box.width, height: box.height)
    add(.composite(CompositeDraw(
      surface: s, matrix: Transform3D(translationX: ox, y: oy), opacity: Float(groupAlpha), mask: mask,
      shadow: shadow, sampling: .nearest, clips: clips, name: layer.name ?? "", blendMode: blend)), to: t)
  }

  /// A group drawn in the layer's own plane at `k` pixels per point, then
  /// mapped onto the target by the layer's transform.
  func emitPlanarGroup(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], groupAlpha: Double, innerAlpha: Double,
    shadowOnly: Bool = false, blend: BlendMode? = nil
  ) throws(LoweringError) {
    let sigma = max(0, layer.shadowRadius)
    let content = localExtent(of: layer, includingShadow: false)
    guard !content.isNull else { return }
    let off = layer.shadowOffset
    let shadowArea = content.offsetBy(dx: off.width, dy: off.height).insetBy(dx: -shadowReach(sigma: sigma), dy: -shadowReach(sigma: sigma))
    let region = layer.masksToBounds ? content : content.union(shadowArea)
    let reach = shadowReach(sigma: sigma) + max(abs(Double(off.width)), abs(Double(off.height)))
    guard
      let grid = planarGrid(
        region, scale: planarScale(m), snapTo: region.origin, reach: reach, m, into: t, clips: clips,
        mipmapped: true)
    else { return }
    let (p, w, h, k) = (grid.toGrid, grid.width, grid.height, grid.scale)
    let s = openSurface("plane \(layer.debugName)", width: w, height: h)
    try emitContent(layer, p, into: s, clips: [], alpha: innerAlpha)
    let shadow = SurfaceShadow(
      sigma: sigma * k, offsetX: Double(off.width) * k, offsetY: Double(off.height) * k,
      color: shadowColor(layer), shadowOnly: shadowOnly,
      clip: layer.masksToBounds ? Clip(matrix: p, shape: .roundedRect(roundedBounds(layer))) : nil)
    let mask = try emitMask(of: layer, p, originX: 0, originY: 0, width: w, height: h)
    add(.composite(CompositeDraw(
      surface: s, matrix: gridToTarget(p, m), opacity: Float(groupAlpha), mask: mask, shadow: shadow,
      // Read through mip levels: the grid's scale follows the larger stretch,
      // so a plane foreshortened along the other axis is minified, and
      // bilinear reads then skip its thin lines (a 1-pt border vanished from
      // a card turned 75° under a 61° flip; 5 of 13 failing trees of the
      // transformSweep relation). At λ ≤ 0 trilinear reads level 0, the
      // same values: no golden changed.
      sampling: Sampling(minification: .trilinear, magnification: .linear, bias: 0), clips: clips,
      name: layer.name ?? "", blendMode: blend)), to: t)
  }

  /// `shouldRasterize`: the subtree drawn once at `rasterizationScale` into a
  /// bitmap whose grid starts at the bounds origin, then drawn like contents.
  func emitRasterized(_ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double) throws(LoweringError) {
    let region = localExtent(of: layer, includingShadow: true)
    guard !region.isNull else { return }
    guard
      let grid = planarGrid(
        region, scale: max(layer.rasterizationScale, 1e-6), snapTo: layer.bounds.origin, reach: 0, m,
        into: t, clips: clips, mipmapped: layer.minificationFilter == .trilinear)
    else { return }
    let (p, w, h) = (grid.toGrid, grid.width, grid.height)
    let s = openSurface("raster \(layer.debugName)", width: w, height: h)
    try emitBody(layer, p, into: s, clips: [], alpha: 1, opacity: 1, blends: false)
    surfaces[s].rasterKey = try contentHash(of: s)
    add(.composite(CompositeDraw(
      surface: s, matrix: gridToTarget(p, m), opacity: Float(alpha * min(max(layer.opacity, 0), 1)),
      mask: nil, shadow: nil, sampling: sampling(of: layer), clips: clips, name: layer.name ?? "",
      blendMode: layer.compositingFilter)), to: t)
  }

  /// A `shadowPath` that is not a rectangle: its exact coverage rasterized
  /// in the target's grid (or the layer's plane), then blurred.
  func emitPathShadow(
    _ layer: Layer, _ path: Path, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double
  ) throws(LoweringError) {
    let sigma = max(0, layer.shadowRadius)
    let bbox = path.boundingBox
    guard !bbox.isNull else { return }
    let color = shadowColor(layer)
    // Local → grid pixels, and the grid's pixels → target.
    let p: Transform3D, toTarget: Transform3D, w: Int, h: Int, gridScale: Double
    let screen = similarityScale(m)
    if let k = screen {
      let off = linearPart(m, layer.shadowOffset)
      let margin = shadowReach(sigma: sigma) * k + max(abs(off.x), abs(off.y)) + 1
      guard let drawn = projectedBounds(of: bbox, m),
        let box = pixelBox(
          drawn.insetBy(dx: -margin, dy: -margin), within: visibleArea(of: t, clips: clips, margin: margin))
      else { return }
      try checkSize(box.width, box.height, layer, "shadow path")
      p = m.thenTranslated(x: -Double(box.x0), y: -Double(box.y0))
      toTarget = Transform3D(translationX: Double(box.x0), y: Double(box.y0))
      (w, h, gridScale) = (box.width, box.height, k)
    } else {
      let k = planarScale(m)
      let off = layer.shadowOffset
      let reach = shadowReach(sigma: sigma) + max(abs(Double(off.width)), abs(Double(off.height)))
      let region = bbox.insetBy(dx: -(reach + 1 / k), dy: -(reach + 1 / k))
      guard
        let grid = planarGrid(region, scale: k, snapTo: region.origin, reach: reach, m, into: t, clips: clips)
      else { return }
      (p, w, h, gridScale) = (grid.toGrid, grid.width, grid.height, grid.scale)
      toTarget = gridToTarget(p, m)
    }
    // `p` is affine up to its w (a similarity may carry its scale in m44,
    // as a perspective matrix does at z = 0): divided out, or the path was
    // drawn at the wrong scale, and a move by whole pixels moved it by a
    // fraction more (found by the wholePixelMove relation).
    let q = p.m44
    let affine = CGAffineTransform(
      a: p.m11 / q, b: p.m12 / q, c: p.m21 / q, d: p.m22 / q, tx: p.m41 / q, ty: p.m42 / q)
    // The same image object for the same silhouette in every frame
    // (ShadowPathSilhouettes): an unchanged shadow is not damaged.
    let coverage = ShadowPathSilhouettes.image(of: path, transform: affine, width: w, height: h)
    let s = openSurface("shadow path \(layer.debugName)", width: w, height: h)
    let whole = CGRect(x: 0, y: 0, width: w, height: h)
    add(.image(ImageDraw(
      matrix: .identity, image: coverage, slices: [ImageSlice(destination: whole, source: whole)],
      sampling: .nearest, opacity: 1, clips: [], name: "shadowPath")), to: s)
    let off = screen != nil
      ? linearPart(m, layer.shadowOffset)
      : (x: Double(layer.shadowOffset.width) * gridScale, y: Double(layer.shadowOffset.height) * gridScale)
    // The masksToBounds clip (in `clips`) is expressed in target pixels; the
    // composite applies it there.
    add(.composite(CompositeDraw(
      surface: s, matrix: toTarget, opacity: Float(alpha), mask: nil,
      shadow: SurfaceShadow(
        sigma: sigma * gridScale, offsetX: off.x, offsetY: off.y, color: color, shadowOnly: true, clip: nil),
      sampling: screen != nil ? .nearest : .linear, clips: clips, name: layer.name ?? "")), to: t)
  }

  /// Where `layer`'s mask can draw, in the target pixels of `m` (the group's
  /// matrix): what the mask's subtree paints (`localExtent`'s `inkOnly`),
  /// null when it paints nothing; nil without a mask, or where that extent
  /// has no finite image. A mask hides every pixel it does not draw
  /// over, so a masked group needs nothing outside this box: a gradient
  /// padded by 10,000 pt under a small mask, as lottie-ios builds every
  /// gradient fill, then costs the mask's box rather than the canvas.
  /// Rejected: lowering the mask first and reading its drawn bounds (exact,
  /// but a track matte's whole subtree would be lowered twice).
  func maskReach(of layer: Layer, _ m: Transform3D) -> CGRect? {
    guard let mask = layer.mask else { return nil }
    let extent = localExtent(of: mask, includingShadow: true, inkOnly: true)
    // A mask that paints nothing hides everything.
    if extent.isNull { return .null }
    guard let box = projectedBounds(of: extent, mask.transformToSuperlayer.concatenating(.flatten).concatenating(m))
    else { return nil }
    // Exact area coverage never reaches past the shape's own bounds.
    return box
  }

  /// The mask layer drawn into a surface with the group's grid.
  func emitMask(
    of layer: Layer, _ m: Transform3D, originX ox: Double, originY oy: Double, width: Int, height: Int
  ) throws(LoweringError) -> Int? {
    guard let mask = layer.mask else { return nil }
    let s = openSurface("mask of \(layer.debugName)", width: width, height: height)
    let mm = mask.transformToSuperlayer.concatenating(.flatten).concatenating(m)
      .thenTranslated(x: -ox, y: -oy)
    try emitLayer(mask, mm, into: s, clips: [], alpha: 1)
    return s
  }

  /// A planar grid over the part of local `region` that can reach target
  /// `t` under `m`: the local preimage of what is visible there, grown by
  /// `reach` local units (what a blur pulls in) and by two grid pixels (the
  /// filter's footprint). Grid lines pass through `origin` at `k` pixels
  /// per point, so clipping never moves them. An offscreen is sized by what
  /// reaches the canvas, never by the layer: where the grid would hold more
  /// than `maxPlanarPixels(for:)` (an edge-on plane, a layer scaled towards
  /// zero), its scale drops until it fits, so it is drawn, softer, rather
  /// than refused. `nil` when nothing of it is visible.
  func planarGrid(
    _ region: CGRect, scale k: Double, snapTo origin: CGPoint, reach: Double, _ m: Transform3D,
    into t: Int, clips: [Clip], mipmapped: Bool = false
  ) -> PlanarGrid? {
    guard !region.isNull, region.width > 0, region.height > 0, k.isFinite, k > 0 else { return nil }
    let area = visibleArea(of: t, clips: clips, margin: 2)
    guard let visiblePart = visibleLocalRegion(of: region, m, within: area) else { return nil }
    // The budget is the whole region's footprint, not its visible part's,
    // so a grid's resolution never changes as the layer moves; a region
    // that reaches past the viewer has no finite footprint, and is held to
    // what is visible.
    let footprint = projectedBounds(of: region, m).flatMap { b in
      Double(b.width * b.height).isFinite && b.width * b.height < 1e15 ? b : nil
    }
    let budget = maxPlanarPixels(for: footprint ?? area)
    // A grid read through mip levels keeps its whole region: a level's texel
    // averages 2ⁿ grid pixels, so a cut that moved with the layer would
    // change the levels near it (found by the wholePixelMove relation).
    let seen = mipmapped && footprint != nil ? region : visiblePart
    var k = k
    // The scale fits the whole region to the budget, not the part that
    // is seen: fitted to the seen part, an edge-on plane's grid (its
    // footprint, and so its budget, a sliver) changed resolution as the
    // layer moved and the seen part grew or shrank (found by the
    // wholePixelMove relation). What is left to the loop below is the
    // largest side a surface may have.
    if footprint != nil {
      let whole = Double(region.width) * Double(region.height) * k * k
      if whole > budget { k *= 0.98 * (budget / whole).squareRoot() }
    }
    for _ in 0..<4 {
      let grow = reach + 2 / k
      let needed = seen.insetBy(dx: -grow, dy: -grow).intersection(region)
      guard !needed.isNull, needed.width > 0, needed.height > 0 else { return nil }
      let x0 = Double(origin.x) + floor((Double(needed.minX) - Double(origin.x)) * k) / k
      let y0 = Double(origin.y) + floor((Double(needed.minY) - Double(origin.y)) * k) / k
      let w = ceil((Double(needed.maxX) - x0) * k - 1e-9)
      let h = ceil((Double(needed.maxY) - y0) * k - 1e-9)
      guard w >= 1, h >= 1 else { return nil }
      let side = Double(limits.maxDimension)
      let fit = min(1, side / w, side / h, (budget / (w * h)).squareRoot())
      if fit >= 1 {
        let p = Transform3D(translationX: -x0, y: -y0).concatenating(Transform3D(scaleX: k, y: k))
        return PlanarGrid(toGrid: p, width: Int(w), height: Int(h), scale: k)
      }
      k *= fit * 0.98
    }
    return nil
  }

  /// The most pixels a planar offscreen may hold: 16 times the target
  /// pixels its whole region covers (a plane seen at a slant, or magnified
  /// up to 4×, needs more grid than screen), plus 64×64, within the
  /// renderer's limits.
  func maxPlanarPixels(for covered: CGRect) -> Double {
    let screen = covered.isNull ? 0 : Double(covered.width) * Double(covered.height)
    return min(16 * screen + 4096, Double(limits.maxPixelBytes / 4))
  }

  /// Grid pixels → target: undo `p` (a translate-scale), then apply `m`.
  func gridToTarget(_ p: Transform3D, _ m: Transform3D) -> Transform3D {
    let k = p.m11
    return Transform3D(scaleX: 1 / k, y: 1 / k)
      .concatenating(Transform3D(translationX: -p.m41 / k, y: -p.m42 / k))
      .concatenating(m)
  }

  /// Pixels per point for a planar group under `m`: the larger stretch of
  /// `m`'s Jacobian at the local origin, at least the canvas scale, at most
  /// 4× it. Under an affine `m` that is its linear part; under perspective
  /// the Jacobian, ∂X/∂x = (m11·m44 − m41·m14) / m44² and so on, does not
  /// change when the layer moves by whole pixels, where the linear part
  /// alone did (m11 takes m14·tx), so the grid, and every pixel of a moved
  /// layer, changed with its position (found by the wholePixelMove relation).
  func planarScale(_ m: Transform3D) -> Double {
    guard m.m44 > 1e-9 else { return scale }
    let w2 = m.m44 * m.m44
    let xx = (m.m11 * m.m44 - m.m41 * m.m14) / w2, xy = (m.m12 * m.m44 - m.m42 * m.m14) / w2
    let yx = (m.m21 * m.m44 - m.m41 * m.m24) / w2, yy = (m.m22 * m.m44 - m.m42 * m.m24) / w2
    let k = max((xx * xx + xy * xy).squareRoot(), (yx * yx + yy * yy).squareRoot())
    return k.isFinite ? min(max(k, scale), 4 * scale) : scale
  }

  /// A local vector (the shadow offset) in target pixels under an affine `m`.
  func linearPart(_ m: Transform3D, _ v: CGSize) -> (x: Double, y: Double) {
    let x = Double(v.width), y = Double(v.height)
    return ((x * m.m11 + y * m.m21) / m.m44, (x * m.m12 + y * m.m22) / m.m44)
  }

  func shadowColor(_ layer: Layer) -> PremultipliedColor {
    multipliedColor(layer.shadowColor ?? .black).withAlphaMultiplied(by: layer.shadowOpacity).premultiplied
  }

  /// A hash of everything surface `s` draws, nested surfaces included: equal
  /// hashes mean equal rasters for the `shouldRasterize` cache.
  func contentHash(of s: Int) throws(LoweringError) -> Int {
    try resolvePendingDraws()
    var h = Hasher()
    h.combine(surfaces[s].width)
    h.combine(surfaces[s].height)
    for c in surfaces[s].commands {
      h.combine(c)
      if case .composite(let d) = c {
        h.combine(try contentHash(of: d.surface))
        if let mk = d.mask { h.combine(try contentHash(of: mk)) }
      }
    }
    return h.finalize()
  }
}

extension Sampling {
  /// Exact copies of pixel-aligned surfaces.
  public static let nearest = Sampling(minification: .nearest, magnification: .nearest, bias: 0)
}

/// A planar offscreen's grid: local → grid pixels, its size and its pixels
/// per point.
struct PlanarGrid {
  var toGrid: Transform3D
  var width: Int
  var height: Int
  var scale: Double
}
