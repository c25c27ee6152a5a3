// LayerHitTest: `CALayer.contains(_:)` and `hitTest(_:)` with Core
// Animation's rules, plus the name path of a hit for the command line.
//
// Design: the point travels down the tree in the plane of the nearest
// flattening layer, with the 4×4 map from the current 3D space to that
// plane; each layer inverts the 2D homography of its own plane (see
// LayerConvert), which casts the viewer's ray onto it and refuses points
// behind the viewer. A `TransformLayer` has no plane of its own to test in
// (Core Animation says not to call `hitTest` on one), so its sublayers are
// tested in its parent's plane through the composed 3D map, and it is never
// returned itself. Sublayers are tried in reverse array order, ignoring
// `zPosition` and depth, as Core Animation does (docs/figures.md 5.23). The
// search keeps its own stack, so deep trees cannot overflow the call stack.
// Rejected: a recursive descent by `convert(_:from:)` per layer, which
// would flatten at transform layers, walk to the root at every step, and
// recurse as deep as the tree.

extension Layer {
  /// `CALayer.contains(_:)`: whether `p`, in this layer's bounds space,
  /// lies inside `bounds` (minimum edges included, maximum edges excluded,
  /// as `CGRectContainsPoint`).
  public func contains(_ p: CGPoint) -> Bool {
    let b = bounds.standardized
    return p.x >= b.minX && p.x < b.maxX && p.y >= b.minY && p.y < b.maxY
  }

  /// `CALayer.hitTest(_:)`: the deepest visible layer of this subtree that
  /// contains `p`, given in the superlayer's bounds space (the superlayer's
  /// `sublayerTransform` applies); `nil` when none does. Sublayers are tried
  /// last first (array order, not `zPosition`); hidden layers and their
  /// sublayers are skipped; under `masksToBounds`, sublayers are hit only
  /// inside the bounds; a `TransformLayer` is never returned but its
  /// sublayers are; points that fall behind the viewer do not hit.
  ///
  /// A `ReplicatorLayer`'s copies are drawn, not hit: its sublayers are
  /// found once, where they are (where copy 0 is drawn), whatever its
  /// `instanceCount` (0 included), as Core Animation's `hitTest(_:)` walks
  /// the model layers while the copies exist only in the render server;
  /// one that preserves depth is hit tested as a transform layer.
  public func hitTest(_ p: CGPoint) -> Layer? {
    if isHidden { return nil }
    let toPlane = transformToSuperlayerBounds
    guard let local = PlaneHomography(toPlane).inverted?.project(p) else { return nil }
    return LayerHitSearch.run(from: self, local: local, plane: p, toPlane: toPlane)
  }

  /// The names from `ancestor` down to this layer joined by `/`, e.g.
  /// `root/cube/face3`. An unnamed layer shows as `#i`, its index among its
  /// superlayer's sublayers, or as `root` when it has no superlayer. `nil`
  /// when `ancestor` is neither this layer nor one of its ancestors.
  public func namePath(from ancestor: Layer) -> String? {
    var parts: [String] = []
    var layer: Layer? = self
    while let l = layer {
      if let name = l.name {
        parts.append(name)
      } else if let index = l.superlayer?.sublayers?.firstIndex(where: { $0 === l }) {
        parts.append("#\(index)")
      } else {
        parts.append("root")
      }
      if l === ancestor { return parts.reversed().joined(separator: "/") }
      layer = l.superlayer
    }
    return nil
  }

  /// Hit tests a point given in this layer's own bounds space (for a root
  /// layer: canvas points), with the rules of `hitTest(_:)`, and answers
  /// the name path of the hit from this layer (see `namePath(from:)`), e.g.
  /// `root/cube/face3`. The layer itself may be the answer; hidden is `nil`.
  public func hitTestPath(_ p: CGPoint) -> String? {
    guard !isHidden else { return nil }
    return LayerHitSearch.run(from: self, local: p, plane: p, toPlane: .identity)?.namePath(
      from: self)
  }
}

/// The depth-first search behind `hitTest`, with an explicit stack so that
/// a chain of 100,000 layers cannot overflow the call stack.
enum LayerHitSearch {
  /// A visible layer being searched.
  private struct Frame {
    let layer: Layer
    /// Whether the point lies inside the layer's bounds.
    let inside: Bool
    /// Where its sublayers look for the point: in its own bounds space
    /// (`childSpaceToPlane` is the identity), or for a transform layer, in
    /// the flattening plane above with the map from its 3D space to it.
    let childPlane: CGPoint
    let childSpaceToPlane: Transform3D
    let children: [Layer]
    /// The next sublayer to try, counting down (last first).
    var next: Int
  }

  /// `layer` is visible; `local` is the point in its bounds space, `plane`
  /// the same point in the flattening plane, `toPlane` the map from its
  /// bounds space to that plane.
  static func run(from layer: Layer, local: CGPoint, plane: CGPoint, toPlane: Transform3D) -> Layer?
  {
    var stack: [Frame] = []
    if let frame = frame(layer, local: local, plane: plane, toPlane: toPlane) {
      stack.append(frame)
    }
    while let top = stack.last {
      guard top.next >= 0 else {
        stack.removeLast()
        if top.inside && !top.layer.isTransformLayer { return top.layer }
        continue
      }
      let child = top.children[top.next]
      stack[stack.count - 1].next -= 1
      if child.isHidden { continue }
      let toPlane = child.transformToSuperlayerBounds.concatenating(top.childSpaceToPlane)
      // Casting the viewer's ray onto the child's plane; nil behind the viewer.
      guard let local = PlaneHomography(toPlane).inverted?.project(top.childPlane) else { continue }
      if let frame = frame(child, local: local, plane: top.childPlane, toPlane: toPlane) {
        stack.append(frame)
      }
    }
    return nil
  }

  /// The frame of a visible layer; `nil` when `masksToBounds` rules its
  /// whole subtree out.
  private static func frame(_ layer: Layer, local: CGPoint, plane: CGPoint, toPlane: Transform3D)
    -> Frame?
  {
    let children = layer.sublayers ?? []
    if layer.isTransformLayer {
      return Frame(
        layer: layer, inside: false, childPlane: plane, childSpaceToPlane: toPlane,
        children: children, next: children.count - 1)
    }
    let inside = layer.contains(local)
    if layer.masksToBounds && !inside { return nil }
    return Frame(
      layer: layer, inside: inside, childPlane: local, childSpaceToPlane: .identity,
      children: children, next: children.count - 1)
  }
}
