// LayerConvert: `CALayer.convert(_:from:)` and `convert(_:to:)` for points
// and rectangles between any two layers, through 3D transforms.
//
// Design: a normal layer flattens its sublayers into its plane, so the way
// from one layer to another is a chain of plane-to-plane maps. Each map is
// the 2D homography of the plane z = 0 (rows and columns x, y, w of the
// 4×4 product from one flattening layer down to the next, through any
// `TransformLayer`s, which do not flatten). Going up divides by w and
// requires w > 0 (in front of the viewer); going down inverts the
// homography, which casts the viewer's ray back onto the lower plane. The
// chain runs through the nearest flattening layer above both layers, not
// the root, so a singular transform higher up does not break conversions
// below it. Rejected: one 4×4 product per layer followed by a single divide,
// which would skip the flattening between levels (an inner rotation would
// undo an outer one) and the per-level "behind the viewer" checks.

extension Layer {
  /// The topmost ancestor (the layer itself when it has no superlayer).
  public var rootLayer: Layer {
    var layer = self
    while let parent = layer.superlayer { layer = parent }
    return layer
  }

  /// `sublayerTransform` applied about the centre of `bounds`, as it acts
  /// on the sublayers (bounds space to bounds space).
  public var sublayerTransformAboutCenter: Transform3D {
    guard !sublayerTransform.isIdentity else { return .identity }
    let cx = Double(bounds.midX)
    let cy = Double(bounds.midY)
    return Transform3D(translationX: -cx, y: -cy)
      .concatenating(sublayerTransform)
      .concatenating(Transform3D(translationX: cx, y: cy))
  }

  /// From this layer's bounds space to its superlayer's bounds space:
  /// `transformToSuperlayer`, then the superlayer's `sublayerTransform`
  /// about its centre (just `transformToSuperlayer` without a superlayer).
  public var transformToSuperlayerBounds: Transform3D {
    guard let parent = superlayer else { return transformToSuperlayer }
    return transformToSuperlayer.concatenating(parent.sublayerTransformAboutCenter)
  }

  /// Maps the plane z = 0 of this layer's bounds space into the bounds space
  /// of its root layer, flattening (z := 0) at every superlayer that is not
  /// a `TransformLayer`, as rendering does. A single matrix cannot tell
  /// which points pass behind the viewer at an intermediate level; use
  /// `convertedPoint(_:to:)` for exact point mapping.
  public var transformToRoot: Transform3D {
    var flatten = Transform3D.identity
    flatten.m33 = 0
    var m = Transform3D.identity
    var layer = self
    while let parent = layer.superlayer {
      m = m.concatenating(layer.transformToSuperlayerBounds)
      if !parent.isTransformLayer { m = m.concatenating(flatten) }
      layer = parent
    }
    return m
  }

  // MARK: Points

  /// `CALayer.convert(_:from:)`: `p`, given in `layer`'s bounds space (`nil`:
  /// the root of this layer's tree), in this layer's bounds space. When the
  /// point has no image (it lies behind the viewer at some level, or a
  /// transform on the way is singular) the result is `(nan, nan)`; see
  /// `convertedPoint(_:from:)` for an optional answer.
  public func convert(_ p: CGPoint, from layer: Layer?) -> CGPoint {
    convertedPoint(p, from: layer) ?? CGPoint(x: Double.nan, y: Double.nan)
  }

  /// `CALayer.convert(_:to:)`: `p`, given in this layer's bounds space, in
  /// `layer`'s (`nil`: the root of this layer's tree); `(nan, nan)` when it
  /// has no image there.
  public func convert(_ p: CGPoint, to layer: Layer?) -> CGPoint {
    convertedPoint(p, to: layer) ?? CGPoint(x: Double.nan, y: Double.nan)
  }

  /// `convert(_:from:)`, or `nil` when the point has no image. Layers of
  /// different trees convert through their roots, whose spaces are taken
  /// to be the same (as windows share the screen).
  public func convertedPoint(_ p: CGPoint, from layer: Layer?) -> CGPoint? {
    LayerPath(from: layer ?? rootLayer, to: self).map(p)
  }

  /// `convert(_:to:)`, or `nil` when the point has no image.
  public func convertedPoint(_ p: CGPoint, to layer: Layer?) -> CGPoint? {
    LayerPath(from: self, to: layer ?? rootLayer).map(p)
  }

  // MARK: Rectangles

  /// `CALayer.convert(_:from:)` for a rectangle: the bounding box of its
  /// converted corners; `CGRect.null` when a corner has no image.
  public func convert(_ r: CGRect, from layer: Layer?) -> CGRect {
    LayerPath(from: layer ?? rootLayer, to: self).map(r)
  }

  /// `CALayer.convert(_:to:)` for a rectangle: the bounding box of its
  /// converted corners; `CGRect.null` when a corner has no image.
  public func convert(_ r: CGRect, to layer: Layer?) -> CGRect {
    LayerPath(from: self, to: layer ?? rootLayer).map(r)
  }
}

/// The plane-to-plane maps between two layers: up from the source to the
/// nearest common flattening layer, then down to the destination.
struct LayerPath {
  private var up: [PlaneHomography] = []
  private var down: [PlaneHomography?] = []

  init(from source: Layer, to destination: Layer) {
    let top: (Layer, Layer)
    if let common = LayerPath.commonAncestor(source, destination) {
      var plane = common
      while plane.isTransformLayer, let parent = plane.superlayer { plane = parent }
      top = (plane, plane)
    } else {
      top = (source.rootLayer, destination.rootLayer)
    }
    up = LayerPath.segments(from: source, to: top.0)
    down = LayerPath.segments(from: destination, to: top.1).reversed().map(\.inverted)
  }

  /// The homographies from `layer`'s plane up to `top`'s plane, one per
  /// flattening superlayer on the way.
  static func segments(from layer: Layer, to top: Layer) -> [PlaneHomography] {
    var out: [PlaneHomography] = []
    var m = Transform3D.identity
    var current = layer
    while current !== top, let parent = current.superlayer {
      m = m.concatenating(current.transformToSuperlayerBounds)
      if !parent.isTransformLayer || parent === top {
        out.append(PlaneHomography(m))
        m = .identity
      }
      current = parent
    }
    return out
  }

  static func commonAncestor(_ a: Layer, _ b: Layer) -> Layer? {
    var ancestors: [ObjectIdentifier] = []
    var layer: Layer? = a
    while let l = layer {
      ancestors.append(ObjectIdentifier(l))
      layer = l.superlayer
    }
    let set = Set(ancestors)
    layer = b
    while let l = layer {
      if set.contains(ObjectIdentifier(l)) { return l }
      layer = l.superlayer
    }
    return nil
  }

  func map(_ p: CGPoint) -> CGPoint? {
    var q = p
    for h in up {
      guard let next = h.project(q) else { return nil }
      q = next
    }
    for h in down {
      guard let h, let next = h.project(q) else { return nil }
      q = next
    }
    return q
  }

  func map(_ r: CGRect) -> CGRect {
    guard !r.isNull else { return .null }
    var box = BoundsAccumulator()
    for corner in [
      CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
      CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
    ] {
      guard let q = map(corner) else { return .null }
      box.add(q)
    }
    return box.rect
  }
}

/// A 2D projective map of the plane z = 0, in the row-vector convention of
/// `Transform3D`: (x', y', w') = (x, y, 1) · H.
struct PlaneHomography {
  var m: [Double]  // row-major 3×3

  /// The rows and columns x, y, w of a 4×4 transform.
  init(_ t: Transform3D) {
    m = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
  }

  private init(values: [Double]) { m = values }

  /// Maps `p` and divides by w; `nil` unless w > 0 (in front of the viewer)
  /// and the result is finite.
  func project(_ p: CGPoint) -> CGPoint? {
    let x = Double(p.x)
    let y = Double(p.y)
    let w = x * m[2] + y * m[5] + m[8]
    guard w > 0 else { return nil }
    let q = CGPoint(x: (x * m[0] + y * m[3] + m[6]) / w, y: (x * m[1] + y * m[4] + m[7]) / w)
    guard q.x.isFinite, q.y.isFinite else { return nil }
    return q
  }

  /// The inverse, or `nil` when singular. With the true inverse (not the
  /// adjugate), the image of a point has w > 0 exactly when the point it
  /// came from was in front of the viewer, so `project` keeps that check.
  var inverted: PlaneHomography? {
    let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
    let A = e * i - f * h
    let B = -(d * i - f * g)
    let C = d * h - e * g
    let det = a * A + b * B + c * C
    guard det != 0, det.isFinite else { return nil }
    let k = 1 / det
    return PlaneHomography(values: [
      A * k, -(b * i - c * h) * k, (b * f - c * e) * k,
      B * k, (a * i - c * g) * k, -(a * f - c * d) * k,
      C * k, -(a * h - b * g) * k, (a * e - b * d) * k,
    ])
  }
}
