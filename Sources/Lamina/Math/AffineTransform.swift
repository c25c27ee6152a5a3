// CGAffineTransform: Core Graphics' 2D affine transform, which Foundation on
// Linux lacks. Same fields, same row-vector convention as Transform3D:
// (x', y') = (x, y, 1) · [a b 0; c d 0; tx ty 1]. The `…By` functions act on
// the points first, as `CGAffineTransformTranslate/Scale/Rotate` do.

/// A 2D affine transform with Core Graphics' names and conventions.
public struct CGAffineTransform: Hashable, Sendable {
  public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

  /// Creates a transform from its six entries.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
  }

  /// `CGAffineTransformIdentity`.
  public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// `CGAffineTransformMakeTranslation`.
  public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// `CGAffineTransformMakeScale`.
  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// `CGAffineTransformMakeRotation`: `angle` in radians; positive turns
  /// +x towards +y (clockwise on a y-down screen).
  public init(rotationAngle angle: Double) {
    let c = cos(angle), s = sin(angle)
    self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  /// A shear: x' = x + `x`·y, y' = y + `y`·x (the `c` and `b` entries).
  public init(shearX: Double, y shearY: Double) {
    self.init(a: 1, b: shearY, c: shearX, d: 1, tx: 0, ty: 0)
  }

  /// `CGAffineTransformConcat(self, other)`: `self` acts first.
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    let t1 = self
    return CGAffineTransform(
      a: t1.a * t2.a + t1.b * t2.c, b: t1.a * t2.b + t1.b * t2.d,
      c: t1.c * t2.a + t1.d * t2.c, d: t1.c * t2.b + t1.d * t2.d,
      tx: t1.tx * t2.a + t1.ty * t2.c + t2.tx, ty: t1.tx * t2.b + t1.ty * t2.d + t2.ty)
  }

  /// `CGAffineTransformTranslate(self, tx, ty)`: the translation acts first.
  public func translatedBy(x: Double, y: Double) -> CGAffineTransform {
    CGAffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// `CGAffineTransformScale(self, sx, sy)`: the scale acts first.
  public func scaledBy(x: Double, y: Double) -> CGAffineTransform {
    CGAffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// `CGAffineTransformRotate(self, angle)`: the rotation acts first.
  public func rotated(by angle: Double) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// A shear that acts first (see `init(shearX:y:)`).
  public func shearedBy(x: Double, y: Double) -> CGAffineTransform {
    CGAffineTransform(shearX: x, y: y).concatenating(self)
  }

  /// `CGAffineTransformIsIdentity`.
  public var isIdentity: Bool { self == .identity }

  /// `CGAffineTransformInvert`, or `nil` when singular.
  public var inverted: CGAffineTransform? {
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return nil }
    let k = 1 / det
    return CGAffineTransform(
      a: d * k, b: -b * k, c: -c * k, d: a * k,
      tx: (c * ty - d * tx) * k, ty: (b * tx - a * ty) * k)
  }

  /// Applies the transform to a point.
  public func apply(_ p: CGPoint) -> CGPoint {
    let x = Double(p.x), y = Double(p.y)
    return CGPoint(x: x * a + y * c + tx, y: x * b + y * d + ty)
  }
}

extension CGPoint {
  /// `CGPointApplyAffineTransform`.
  public func applying(_ t: CGAffineTransform) -> CGPoint { t.apply(self) }
}

extension CGRect {
  /// `CGRectApplyAffineTransform`: the bounding box of the transformed rect
  /// (the null rect stays null, as in Core Graphics).
  public func applying(_ t: CGAffineTransform) -> CGRect {
    guard !isNull else { return self }
    let corners = [
      CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
      CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY),
    ].map(t.apply)
    let xs = corners.map(\.x), ys = corners.map(\.y)
    let x0 = xs.min()!, y0 = ys.min()!
    return CGRect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
  }
}
