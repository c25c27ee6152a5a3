// Structural equality of layer trees. `Layer` is a class with identity, so
// `==` would be the wrong question; tests (scene round trips above all) ask
// whether two trees describe the same drawing: every model property equal,
// images equal by size, pixels and source, masks and sublayers equivalent
// in order. The superlayer link is not compared (it is where a tree hangs,
// not what it is). The properties compared are those of the layer's class
// (`LayerClasses`).

extension Layer {
  /// True when both trees have the same type and the same value for every
  /// property, recursively through `mask` and `sublayers`; images compare by
  /// size, pixels and `source`, paths by elements and shape.
  public func isEquivalent(to other: Layer) -> Bool {
    // Classes first: a class's entries read its own properties of both layers.
    sceneClass.type == other.sceneClass.type
      && sceneClass.properties.allSatisfy { $0.isEqual?(self, other) ?? true }
  }

  static func sameImage(_ a: Image?, _ b: Image?) -> Bool {
    switch (a, b) {
    case (nil, nil): return true
    case (let a?, let b?):
      return a === b
        || (a.width == b.width && a.height == b.height && a.source == b.source
          && a.pixels == b.pixels)
    default: return false
    }
  }

  /// Equivalent in order; `nil` and empty are the same.
  static func sameLayers(_ a: [Layer]?, _ b: [Layer]?) -> Bool {
    let mine = a ?? []
    let theirs = b ?? []
    return mine.count == theirs.count && zip(mine, theirs).allSatisfy { $0.isEquivalent(to: $1) }
  }
}
