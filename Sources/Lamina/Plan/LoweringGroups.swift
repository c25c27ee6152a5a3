// The lowering's offscreen groups: screen-aligned groups (opacity, mask,
// content shadows under similarities), planar groups (content shadows under
// other transforms, `shouldRasterize`) and path shadows.

extension PlanBuilder {
  /// Opens an empty surface; everything emitted into it gets higher indices.
  func openSurface(_ label: String) -> Int {
    surfaces.append(Surface(width: 0, height: 0, label: label))
    return surfaces.count - 1
  }

  /// Forgets surface `s` and everything opened after it.
  func dropSurfaces(from s: Int) {
    surfaces.removeLast(surfaces.count - s)
  }

  /// The device box of what surface `s` draws, in its (unshifted) pixels.
  func drawnBounds(of s: Int) -> CGRect? {
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
  }

  /// The integer pixel box of `box` clipped to `limit`, or nil if empty.
  func pixelBox(_ box: CGRect, within limit: CGRect) -> (x: Int, y: Int, w: Int, h: Int)? {
    let r = box.intersection(limit)
    guard !r.isNull, r.width > 0, r.height > 0 else { return nil }
    let x0 = Int(floor(r.minX)), y0 = Int(floor(r.minY))
    let x1 = Int(ceil(r.maxX)), y1 = Int(ceil(r.maxY))
    guard x1 > x0, y1 > y0 else { return nil }
    return (x0, y0, x1 - x0, y1 - y0)
  }

  /// The target's pixel rectangle grown by `margin`, intersected with the
  /// device boxes of `clips`.
  func visibleArea(of t: Int, clips: [Clip], margin: Double) -> CGRect {
    var r = CGRect(x: 0, y: 0, width: surfaces[t].width, height: surfaces[t].height)
    for c in clips { if let b = c.deviceBounds { r = r.intersection(b) } }
    return r.insetBy(dx: -margin, dy: -margin)
  }

  func checkSize(_ w: Int, _ h: Int, _ layer: Layer, _ what: String) throws(LoweringError) {
    if let why = limits.violation(width: w, height: h) {
      throw .tooLarge(what: "\(what) of layer \(layer.debugName)", reason: why)
    }
  }

  /// A group in the target's own pixel grid: drawn 1:1 back, so nothing is
  /// resampled. Content shadows need `m` to be a similarity (checked by the caller).
  func emitScreenGroup(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], groupAlpha: Double, innerAlpha: Double
  ) throws(LoweringError) {
    let s = openSurface("group \(layer.debugName)")
    try emitContent(layer, m, into: s, clips: [], alpha: innerAlpha)
    var shadow: SurfaceShadow?
    var margin = 0.0
    if ShadowKind(layer) == .content, let k = similarityScale(m) {
      let off = linearPart(m, layer.shadowOffset)
      let sigma = max(0, layer.shadowRadius) * k
      margin = 3 * sigma + max(abs(off.x), abs(off.y)) + 1
      shadow = SurfaceShadow(
        sigma: sigma, offsetX: off.x, offsetY: off.y, color: shadowColor(layer), shadowOnly: false,
        clip: layer.masksToBounds ? Clip(matrix: m, shape: .roundedRect(roundedBounds(layer))) : nil)
    }
    // The surface holds the content and room for its shadow, so backends
    // never read a shadow from outside the source rectangle.
    guard let drawn = drawnBounds(of: s),
      let box = pixelBox(
        drawn.insetBy(dx: -margin, dy: -margin), within: visibleArea(of: t, clips: clips, margin: margin))
    else { return dropSurfaces(from: s) }
    try checkSize(box.w, box.h, layer, "group")
    let ox = Double(box.x), oy = Double(box.y)
    settle(s, originX: ox, originY: oy, width: box.w, height: box.h)
    if var sh = shadow, let c = sh.clip {
      sh.clip = c.shifted(x: -ox, y: -oy)
      shadow = sh
    }
    let mask = try emitMask(of: layer, m, originX: ox, originY: oy, width: box.w, height: box.h)
    add(.composite(CompositeDraw(
      surface: s, matrix: Transform3D(translationX: ox, y: oy), opacity: Float(groupAlpha), mask: mask,
      shadow: shadow, sampling: .nearest, clips: clips, name: layer.name ?? "")), to: t)
  }

  /// A group drawn in the layer's own plane at `k` pixels per point, then
  /// mapped onto the target by the layer's transform.
  func emitPlanarGroup(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], groupAlpha: Double, innerAlpha: Double
  ) throws(LoweringError) {
    let sigma = max(0, layer.shadowRadius)
    let content = localExtent(of: layer, includingShadow: false)
    guard !content.isNull else { return }
    let off = layer.shadowOffset
    let shadowArea = content.offsetBy(dx: off.width, dy: off.height).insetBy(dx: -3 * sigma, dy: -3 * sigma)
    let region = layer.masksToBounds ? content : content.union(shadowArea)
    let k = planarScale(m)
    guard let (p, w, h) = try planarGrid(region, scale: k, snapTo: nil, layer: layer) else { return }
    let s = openSurface("plane \(layer.debugName)")
    surfaces[s].width = w
    surfaces[s].height = h
    try emitContent(layer, p, into: s, clips: [], alpha: innerAlpha)
    let shadow = SurfaceShadow(
      sigma: sigma * k, offsetX: Double(off.width) * k, offsetY: Double(off.height) * k,
      color: shadowColor(layer), shadowOnly: false,
      clip: layer.masksToBounds ? Clip(matrix: p, shape: .roundedRect(roundedBounds(layer))) : nil)
    let mask = try emitMask(of: layer, p, originX: 0, originY: 0, width: w, height: h)
    add(.composite(CompositeDraw(
      surface: s, matrix: gridToTarget(p, m), opacity: Float(groupAlpha), mask: mask, shadow: shadow,
      sampling: Sampling(minification: .linear, magnification: .linear, bias: 0), clips: clips,
      name: layer.name ?? "")), to: t)
  }

  /// `shouldRasterize`: the subtree drawn once at `rasterizationScale` into a
  /// bitmap whose grid starts at the bounds origin, then drawn like contents.
  func emitRasterized(_ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double) throws(LoweringError) {
    let region = localExtent(of: layer, includingShadow: true)
    guard !region.isNull else { return }
    let k = max(layer.rasterizationScale, 1e-6)
    guard let (p, w, h) = try planarGrid(region, scale: k, snapTo: layer.bounds.origin, layer: layer)
    else { return }
    let s = openSurface("raster \(layer.debugName)")
    surfaces[s].width = w
    surfaces[s].height = h
    try emitBody(layer, p, into: s, clips: [], alpha: 1, opacity: 1)
    surfaces[s].rasterKey = contentHash(of: s)
    add(.composite(CompositeDraw(
      surface: s, matrix: gridToTarget(p, m), opacity: Float(alpha * min(max(layer.opacity, 0), 1)),
      mask: nil, shadow: nil, sampling: sampling(of: layer), clips: clips, name: layer.name ?? "")), to: t)
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
      let margin = 3 * sigma * k + max(abs(off.x), abs(off.y)) + 1
      guard let drawn = projectedBounds(of: bbox, m),
        let box = pixelBox(
          drawn.insetBy(dx: -margin, dy: -margin), within: visibleArea(of: t, clips: clips, margin: margin))
      else { return }
      try checkSize(box.w, box.h, layer, "shadow path")
      p = m.thenTranslated(x: -Double(box.x), y: -Double(box.y))
      toTarget = Transform3D(translationX: Double(box.x), y: Double(box.y))
      (w, h, gridScale) = (box.w, box.h, k)
    } else {
      let k = planarScale(m)
      let off = layer.shadowOffset
      let room = 3 * sigma + max(abs(Double(off.width)), abs(Double(off.height))) + 1 / k
      guard let grid = try planarGrid(bbox.insetBy(dx: -room, dy: -room), scale: k, snapTo: nil, layer: layer)
      else { return }
      (p, w, h, gridScale) = (grid.0, grid.1, grid.2, k)
      toTarget = gridToTarget(p, m)
    }
    let affine = CGAffineTransform(a: p.m11, b: p.m12, c: p.m21, d: p.m22, tx: p.m41, ty: p.m42)
    let coverage = path.rasterizedMask(transform: affine, width: w, height: h)
    let s = openSurface("shadow path \(layer.debugName)")
    surfaces[s].width = w
    surfaces[s].height = h
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

  /// The mask layer drawn into a surface with the group's grid.
  func emitMask(
    of layer: Layer, _ m: Transform3D, originX ox: Double, originY oy: Double, width: Int, height: Int
  ) throws(LoweringError) -> Int? {
    guard let mask = layer.mask else { return nil }
    let s = openSurface("mask of \(layer.debugName)")
    surfaces[s].width = width
    surfaces[s].height = height
    let mm = mask.transformToSuperlayer.concatenating(.flatten).concatenating(m)
      .thenTranslated(x: -ox, y: -oy)
    try emitLayer(mask, mm, into: s, clips: [], alpha: 1)
    return s
  }

  /// A planar grid over local `region` at `k` pixels per point: the matrix
  /// local → grid pixels and the grid's size. With `snapTo`, grid lines pass
  /// through that point (the bounds origin of a raster).
  func planarGrid(_ region: CGRect, scale k: Double, snapTo origin: CGPoint?, layer: Layer) throws(LoweringError) -> (Transform3D, Int, Int)? {
    guard !region.isNull, region.width > 0, region.height > 0, k.isFinite else { return nil }
    var x0 = Double(region.minX), y0 = Double(region.minY)
    if let o = origin {
      x0 = Double(o.x) + floor((x0 - Double(o.x)) * k) / k
      y0 = Double(o.y) + floor((y0 - Double(o.y)) * k) / k
    }
    let w = Int(ceil((Double(region.maxX) - x0) * k - 1e-9))
    let h = Int(ceil((Double(region.maxY) - y0) * k - 1e-9))
    guard w > 0, h > 0 else { return nil }
    try checkSize(w, h, layer, "offscreen")
    let p = Transform3D(translationX: -x0, y: -y0).concatenating(Transform3D(scaleX: k, y: k))
    return (p, w, h)
  }

  /// Grid pixels → target: undo `p` (a translate-scale), then apply `m`.
  func gridToTarget(_ p: Transform3D, _ m: Transform3D) -> Transform3D {
    let k = p.m11
    return Transform3D(scaleX: 1 / k, y: 1 / k)
      .concatenating(Transform3D(translationX: -p.m41 / k, y: -p.m42 / k))
      .concatenating(m)
  }

  /// Pixels per point for a planar group under `m`: the larger stretch of
  /// its affine part, at least the canvas scale, at most 4× it.
  func planarScale(_ m: Transform3D) -> Double {
    let w = max(abs(m.m44), 1e-9)
    let sx = (m.m11 * m.m11 + m.m12 * m.m12).squareRoot() / w
    let sy = (m.m21 * m.m21 + m.m22 * m.m22).squareRoot() / w
    let k = max(sx, sy)
    return k.isFinite ? min(max(k, scale), 4 * scale) : scale
  }

  /// A local vector (the shadow offset) in target pixels under an affine `m`.
  func linearPart(_ m: Transform3D, _ v: CGSize) -> (x: Double, y: Double) {
    let x = Double(v.width), y = Double(v.height)
    return ((x * m.m11 + y * m.m21) / m.m44, (x * m.m12 + y * m.m22) / m.m44)
  }

  func shadowColor(_ layer: Layer) -> PremultipliedColor {
    (layer.shadowColor ?? .black).withAlphaMultiplied(by: layer.shadowOpacity).premultiplied
  }

  /// A hash of everything surface `s` draws, nested surfaces included: equal
  /// hashes mean equal rasters for the `shouldRasterize` cache.
  func contentHash(of s: Int) -> Int {
    var h = Hasher()
    h.combine(surfaces[s].width)
    h.combine(surfaces[s].height)
    for c in surfaces[s].commands {
      h.combine(c)
      if case .composite(let d) = c {
        h.combine(contentHash(of: d.surface))
        if let mk = d.mask { h.combine(contentHash(of: mk)) }
      }
    }
    return h.finalize()
  }
}

extension Sampling {
  /// Exact copies of pixel-aligned surfaces.
  public static let nearest = Sampling(minification: .nearest, magnification: .nearest, bias: 0)
}
