// Structural equality of layer trees. `Layer` is a class with identity, so
// `==` would be the wrong question; tests (scene round trips above all) ask
// whether two trees describe the same drawing: every model property equal,
// images equal by size, pixels and source, masks and sublayers equivalent
// in order. The superlayer link is not compared (it is where a tree hangs,
// not what it is).

extension Layer {
  /// True when both trees have the same type and the same value for every
  /// property, recursively through `mask` and `sublayers`; images compare by
  /// size, pixels and `source`, paths by elements and shape.
  public func isEquivalent(to other: Layer) -> Bool {
    guard hasSameOwnProperties(as: other) else { return false }
    switch (mask, other.mask) {
    case (nil, nil): break
    case (let a?, let b?): guard a.isEquivalent(to: b) else { return false }
    default: return false
    }
    let mine = sublayers ?? []
    let theirs = other.sublayers ?? []
    guard mine.count == theirs.count else { return false }
    return zip(mine, theirs).allSatisfy { $0.isEquivalent(to: $1) }
  }

  private func hasSameOwnProperties(as o: Layer) -> Bool {
    isTransformLayer == o.isTransformLayer && name == o.name
      && bounds == o.bounds && position == o.position && anchorPoint == o.anchorPoint
      && zPosition == o.zPosition && transform == o.transform
      && sublayerTransform == o.sublayerTransform
      && isHidden == o.isHidden && opacity == o.opacity
      && allowsGroupOpacity == o.allowsGroupOpacity
      && isDoubleSided == o.isDoubleSided
      && backgroundColor == o.backgroundColor && cornerRadius == o.cornerRadius
      && maskedCorners == o.maskedCorners && cornerCurve == o.cornerCurve
      && masksToBounds == o.masksToBounds && borderWidth == o.borderWidth
      && borderColor == o.borderColor
      && shadowOpacity == o.shadowOpacity && shadowColor == o.shadowColor
      && shadowOffset == o.shadowOffset && shadowRadius == o.shadowRadius
      && shadowPath == o.shadowPath
      && Self.sameImage(contents, o.contents)
      && contentsRect == o.contentsRect && contentsGravity == o.contentsGravity
      && contentsScale == o.contentsScale && contentsCenter == o.contentsCenter
      && minificationFilter == o.minificationFilter && magnificationFilter == o.magnificationFilter
      && minificationFilterBias == o.minificationFilterBias
      && shouldRasterize == o.shouldRasterize && rasterizationScale == o.rasterizationScale
  }

  private static func sameImage(_ a: Image?, _ b: Image?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?):
      return a === b
        || (a.width == b.width && a.height == b.height && a.source == b.source
          && a.pixels == b.pixels)
    default: return false
    }
  }
}
