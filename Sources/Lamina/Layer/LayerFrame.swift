// `frame` and `affineTransform`, derived from bounds, position, anchorPoint
// and transform exactly as `CALayer` derives them.

extension Layer {
  /// The transform from this layer's bounds space to its superlayer's space
  /// (before the superlayer's `sublayerTransform`): move the anchor point to
  /// the origin, apply `transform`, then move to `position` and `zPosition`.
  public var transformToSuperlayer: Transform3D {
    let ax = Double(bounds.minX) + Double(anchorPoint.x) * Double(bounds.width)
    let ay = Double(bounds.minY) + Double(anchorPoint.y) * Double(bounds.height)
    return Transform3D(translationX: -ax, y: -ay)
      .concatenating(transform)
      .concatenating(Transform3D(translationX: Double(position.x), y: Double(position.y), z: zPosition))
  }

  /// `CALayer.frame`: the bounding box of the transformed bounds in the
  /// superlayer's space. Setting it sets `position` (from `anchorPoint`) and
  /// `bounds.size`; under a non-identity transform the size is the frame's
  /// size mapped back through the inverse of the affine part, as CALayer does.
  public var frame: CGRect {
    get {
      let m = transformToSuperlayer
      if transform.isIdentity {
        return CGRect(
          x: Double(position.x) - Double(anchorPoint.x) * Double(bounds.width),
          y: Double(position.y) - Double(anchorPoint.y) * Double(bounds.height),
          width: bounds.width, height: bounds.height)
      }
      let corners = [
        (bounds.minX, bounds.minY), (bounds.maxX, bounds.minY),
        (bounds.minX, bounds.maxY), (bounds.maxX, bounds.maxY),
      ].compactMap { m.project(CGPoint(x: $0.0, y: $0.1)) }
      guard corners.count == 4 else { return .null }
      let xs = corners.map(\.x), ys = corners.map(\.y)
      return CGRect(
        x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
    set {
      var size = newValue.size
      if !transform.isIdentity, let inverse = transform.affineTransform.inverted {
        var linear = inverse
        linear.tx = 0
        linear.ty = 0
        size = CGRect(origin: .zero, size: newValue.size).applying(linear).size
      }
      position = CGPoint(
        x: Double(newValue.minX) + Double(anchorPoint.x) * Double(newValue.width),
        y: Double(newValue.minY) + Double(anchorPoint.y) * Double(newValue.height))
      bounds.size = size
    }
  }

  /// `CALayer.affineTransform()` / `setAffineTransform(_:)`.
  public var affineTransform: CGAffineTransform {
    get { transform.affineTransform }
    set { transform = Transform3D(newValue) }
  }
}
