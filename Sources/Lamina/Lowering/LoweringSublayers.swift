// Sublayers of one layer: its 3D rendering context. The participants are
// its sublayers, and through any `TransformLayer` their sublayers, all in
// the layer's sublayer space (after `sublayerTransform`). Planes parallel
// to the screen are sorted by depth (stable, so zPosition and array order
// decide ties); otherwise DepthSort orders and cuts them. Each participant
// is then flattened into the layer's plane (z := 0) and drawn.
//
// A `ReplicatorLayer`'s sublayers take part once per copy: copy k's
// participants are its sublayers under `instanceTransform`ᵏ (about the
// centre of the bounds, inside `sublayerTransform`), faded by the copy's
// instance alpha and tinted by its red, green and blue (`tint`, applied
// through `colorMultiplier` while the participant is emitted). Copies come
// in order 0, 1, …, each in zPosition-then-array order, and the stable
// depth sort keeps that order among equal depths. A replicator that
// preserves depth is a transform layer here: its copies join the context
// it is in.

extension PlanBuilder {
  struct Participant {
    var layer: Layer
    /// Participant bounds space → the context layer's bounds space (3D).
    var toContext: Transform3D
    /// Opacity of transform layers (and instance alphas) on the way.
    var alpha: Double
    /// Red, green and blue multiplier of the replicator copies on the way.
    var tint: ColorMultiplier
  }

  /// `instanceTransform` about the centre of the bounds, as `sublayerMatrix`.
  func instanceMatrix(_ r: ReplicatorLayer) -> Transform3D {
    aboutCentre(r.instanceTransform, of: r)
  }

  /// `sublayerTransform` about the centre of the bounds.
  func sublayerMatrix(_ layer: Layer) -> Transform3D {
    aboutCentre(layer.sublayerTransform, of: layer)
  }

  /// `t` applied about the centre of `layer`'s bounds.
  func aboutCentre(_ t: Transform3D, of layer: Layer) -> Transform3D {
    guard !t.isIdentity else { return .identity }
    let cx = Double(layer.bounds.midX), cy = Double(layer.bounds.midY)
    return Transform3D(translationX: -cx, y: -cy)
      .concatenating(t)
      .concatenating(Transform3D(translationX: cx, y: cy))
  }

  /// `layers` by zPosition, then array order.
  static func zOrdered(_ layers: [Layer]) -> [Layer] {
    layers.enumerated()
      .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
      .map(\.element)
  }

  /// The participants of `layer`'s 3D context, in zPosition-then-array order.
  func participants(of layer: Layer) -> [Participant] {
    var out: [Participant] = []
    func gather(_ parent: Layer, _ parentToContext: Transform3D, _ alpha: Double, _ tint: ColorMultiplier) {
      let children = Self.zOrdered(parent.sublayers ?? [])
      let sub = sublayerMatrix(parent).concatenating(parentToContext)
      let replicator = parent.asReplicator
      let copies = replicator.map { max(0, $0.instanceCount) } ?? 1
      let step = replicator.map(instanceMatrix) ?? .identity
      var instance = Transform3D.identity  // instanceTransformᵏ about the centre
      for k in 0..<copies {
        if k > 0 { instance = instance.concatenating(step) }
        var (copyAlpha, copyTint, copySpace) = (alpha, tint, sub)
        if let replicator {
          let c = replicator.instanceColor(ofCopy: k)
          copyAlpha *= c.alpha
          copyTint = tint.concatenating(ColorMultiplier(c))
          if k > 0 { copySpace = instance.concatenating(sub) }
          if !(copyAlpha > 0) { continue }
        }
        // A presented replicator with `instanceDelay` has each copy's own
        // sublayers (Time/Presentation.swift).
        let copyChildren =
          k > 0 && replicator?.delayedCopies != nil
          ? Self.zOrdered(replicator!.sublayers(ofCopy: k)) : children
        for child in copyChildren where !child.isHidden {
          let toContext = child.transformToSuperlayer.concatenating(copySpace)
          if child.isTransformLayer {
            let o = min(max(child.opacity, 0), 1)
            if o > 0 { gather(child, toContext, copyAlpha * o, copyTint) }
          } else if !drawsNothing(child) {
            out.append(Participant(layer: child, toContext: toContext, alpha: copyAlpha, tint: copyTint))
          }
        }
      }
    }
    gather(layer, .identity, 1, .identity)
    return out
  }

  /// Draws `layer`'s sublayers, whose context maps to target pixels by
  /// flattening then `m`.
  func emitSublayers(of layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double) throws(LoweringError) {
    guard layer.sublayers != nil else { return }
    let parts = participants(of: layer)
    guard !parts.isEmpty else { return }
    let flat = Transform3D.flatten.concatenating(m)
    if parts.allSatisfy({ isScreenParallel($0.toContext) }) {
      // Stable sort by depth; ties keep zPosition-then-array order.
      let ordered = parts.enumerated().sorted {
        let za = $0.element.toContext.m43 / $0.element.toContext.m44
        let zb = $1.element.toContext.m43 / $1.element.toContext.m44
        return (za, $0.offset) < (zb, $1.offset)
      }
      for (_, p) in ordered {
        try emitParticipant(p, p.toContext.concatenating(flat), into: t, clips: clips, alpha: alpha)
      }
      return
    }
    let polygons = parts.map { p in
      DepthSort.polygon(of: localExtent(of: p.layer, includingShadow: true), p.toContext)
    }
    for fragment in DepthSort.order(polygons) {
      let p = parts[fragment.participant]
      let pm = p.toContext.concatenating(flat)
      var fragmentClips = clips
      if !fragment.cuts.isEmpty {
        let planes = fragment.cuts.map { DepthSort.halfPlane($0, localToContext: p.toContext) }
        fragmentClips.append(Clip(matrix: pm, shape: .convex(planes)))
      }
      try emitParticipant(p, pm, into: t, clips: fragmentClips, alpha: alpha)
    }
  }

  /// One participant, under its copies' colour multiplier (the identity
  /// outside replicators, where this is `emitLayer`).
  private func emitParticipant(
    _ p: Participant, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double
  ) throws(LoweringError) {
    guard !p.tint.isIdentity else {
      return try emitLayer(p.layer, m, into: t, clips: clips, alpha: alpha * p.alpha)
    }
    let outer = colorMultiplier
    colorMultiplier = outer.concatenating(p.tint)
    try emitLayer(p.layer, m, into: t, clips: clips, alpha: alpha * p.alpha)
    colorMultiplier = outer
  }

  /// True when the plane z = 0 maps to a plane parallel to the screen with
  /// constant w: depth is one number per participant.
  func isScreenParallel(_ m: Transform3D) -> Bool {
    m.m13 == 0 && m.m23 == 0 && m.m14 == 0 && m.m24 == 0 && m.m44 > 0
  }

  /// Everything `layer` and its subtree draw, in its bounds space (a
  /// conservative rectangle): bounds, overflowing contents, sublayers
  /// flattened into its plane, and shadows when asked. `inkOnly` counts a
  /// layer's bounds only where it paints them (`paintsBounds`): what a
  /// mask can cover, where lottie-ios gives every path's mask layer the
  /// whole composition as bounds. Planar grids keep the bounds (their grid
  /// lines are snapped to the extent's origin, so it must not move).
  func localExtent(of layer: Layer, includingShadow: Bool, inkOnly: Bool = false) -> CGRect {
    var box = inkOnly && !paintsBounds(layer) ? CGRect.null : layer.bounds
    if !layer.masksToBounds || inkOnly {
      if let image = layer.contents {
        for slice in ContentsLayout.slices(
          imageWidth: image.width, imageHeight: image.height, bounds: layer.bounds,
          contentsRect: layer.contentsRect, gravity: layer.contentsGravity,
          scale: layer.contentsScale, center: layer.contentsCenter)
        {
          box = box.union(slice.destination)
        }
      }
      if let shape = (layer as? ShapeLayer)?.shapeExtent { box = box.union(shape) }
      if let ink = layer.asTextLayer?.textInkExtent { box = box.union(ink) }
      for p in participants(of: layer) {
        var child = localExtent(of: p.layer, includingShadow: includingShadow, inkOnly: inkOnly)
        // A planar grid (a raster, or a content shadow blurred in the
        // layer's plane) rounds its region out by up to one of its pixels,
        // and drawn back it can fill that pixel: an outer offscreen sized by
        // the bare extent cut that row off (found by the
        // rasterizeAtCanvasScale relation). A plane's grid has at least the
        // canvas scale, so its cell is at most 1/scale points. A shadow
        // drawn in closed form (`shadowPath`) gets the same room as a
        // content shadow: the extent then does not depend on how the shadow
        // is drawn, so a raster holding the layer has the same grid either
        // way (the edge of a raster's grid changes how its border row reads
        // back: found by shadowPathMatchesContentShadow at 3,000 trees).
        if p.layer.shouldRasterize {
          let cell = 1 / max(p.layer.rasterizationScale, 1e-6)
          child = child.insetBy(dx: -cell, dy: -cell)
        } else if ShadowKind(p.layer) != .none {
          child = child.insetBy(dx: -1 / scale, dy: -1 / scale)
        }
        if let b = projectedBounds(of: child, p.toContext.concatenating(.flatten)) {
          box = box.union(b)
        }
      }
    }
    if inkOnly, layer.masksToBounds { box = box.intersection(layer.bounds) }
    if includingShadow, ShadowKind(layer) != .none, !layer.masksToBounds {
      let sigma = max(0, layer.shadowRadius)
      let silhouette = layer.shadowPath?.boundingBox ?? box
      box = box.union(
        silhouette.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
          .insetBy(dx: -shadowReach(sigma: sigma) - 1, dy: -shadowReach(sigma: sigma) - 1))
    }
    return box
  }

  /// Whether `layer` itself paints within its bounds: a visible background
  /// or border, contents, or a gradient. A shape or text layer's own ink is
  /// its path's or glyphs' extent, counted apart.
  func paintsBounds(_ layer: Layer) -> Bool {
    if let c = layer.backgroundColor, c.alpha > 0 { return true }
    if layer.borderWidth > 0, layer.borderColor.map({ $0.alpha > 0 }) ?? false { return true }
    return layer.contents != nil || layer is GradientLayer
  }
}
