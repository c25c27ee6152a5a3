// LayerCopy: a layer's own values copied into a new layer of its class,
// `CALayer.init(layer:)`'s job for presentation layers (Presentation.swift).
// The copy has no sublayers, no mask, no animations and default timing:
// the presentation walk adds the first two and applies the others.
//
// Hand-written, property by property, because copying through the scene
// table's key paths cost 25 µs a layer (key path application goes through
// the runtime: about 250 ns a property, measured with perf on 1,000 layers;
// docs/architecture.md, "Time"); this costs well under one. The table is still the one list
// of properties: PresentationCopyTests copies a layer holding a sample of
// every key of every class's table and compares each key, so a property
// added to a table and not here fails there.
//
// Rejected: sharing the model's unanimated subtrees with the presentation
// (a layer has one superlayer, so the model tree would be taken apart).

extension Layer {
  /// A new layer of the same scene class holding this layer's values
  /// (a user's subclass of `Layer` copies as a plain `Layer`).
  func presentationCopy() -> Layer {
    let c = sceneClass.make()
    c.name = name
    c.bounds = bounds
    c.position = position
    c.anchorPoint = anchorPoint
    c.zPosition = zPosition
    c.transform = transform
    c.sublayerTransform = sublayerTransform
    c.isHidden = isHidden
    c.opacity = opacity
    c.allowsGroupOpacity = allowsGroupOpacity
    c.isDoubleSided = isDoubleSided
    c.backgroundColor = backgroundColor
    c.cornerRadius = cornerRadius
    c.maskedCorners = maskedCorners
    c.cornerCurve = cornerCurve
    c.masksToBounds = masksToBounds
    c.borderWidth = borderWidth
    c.borderColor = borderColor
    c.shadowOpacity = shadowOpacity
    c.shadowColor = shadowColor
    c.shadowOffset = shadowOffset
    c.shadowRadius = shadowRadius
    c.shadowPath = shadowPath
    c.contents = contents
    c.contentsRect = contentsRect
    c.contentsGravity = contentsGravity
    c.contentsScale = contentsScale
    c.contentsCenter = contentsCenter
    c.minificationFilter = minificationFilter
    c.magnificationFilter = magnificationFilter
    c.minificationFilterBias = minificationFilterBias
    c.shouldRasterize = shouldRasterize
    c.rasterizationScale = rasterizationScale
    c.compositingFilter = compositingFilter
    if let r = asReplicator, let to = c.asReplicator {
      to.instanceCount = r.instanceCount
      to.instanceTransform = r.instanceTransform
      to.instanceColor = r.instanceColor
      to.instanceRedOffset = r.instanceRedOffset
      to.instanceGreenOffset = r.instanceGreenOffset
      to.instanceBlueOffset = r.instanceBlueOffset
      to.instanceAlphaOffset = r.instanceAlphaOffset
      to.instanceDelay = r.instanceDelay
      to.preservesDepth = r.preservesDepth
    } else if let s = self as? ShapeLayer, let to = c as? ShapeLayer {
      to.path = s.path
      to.fillColor = s.fillColor
      to.fillRule = s.fillRule
      to.strokeColor = s.strokeColor
      to.lineWidth = s.lineWidth
      to.lineCap = s.lineCap
      to.lineJoin = s.lineJoin
      to.miterLimit = s.miterLimit
      to.lineDashPattern = s.lineDashPattern
      to.lineDashPhase = s.lineDashPhase
      to.strokeStart = s.strokeStart
      to.strokeEnd = s.strokeEnd
    } else if let g = self as? GradientLayer, let to = c as? GradientLayer {
      to.colors = g.colors
      to.locations = g.locations
      to.startPoint = g.startPoint
      to.endPoint = g.endPoint
      to.type = g.type
    } else if let t = self as? TextLayer, let to = c as? TextLayer {
      to.textContent = t.textContent
      to.font = t.font
      to.fontBaseDirectory = t.fontBaseDirectory
      to.fontSize = t.fontSize
      to.foregroundColor = t.foregroundColor
      to.isWrapped = t.isWrapped
      to.truncationMode = t.truncationMode
      to.alignmentMode = t.alignmentMode
    }
    return c
  }
}
