// CoreAnimationNames: Core Animation's and Core Graphics' C names for the
// transform functions, so that `CALayer` code ports verbatim. Each is a
// one-line alias of a `Transform3D` or `CGAffineTransform` member; the
// members stay the Swift-style API. `CATransform3DInvert` and
// `CGAffineTransformInvert` return the input unchanged when it is singular,
// as Core Animation and Core Graphics do (the `inverted` members say `nil`).
// Angles are in radians; positive rotations about z turn +x towards +y
// (clockwise on Lamina's y-down screen), exactly as on iOS.

/// `CATransform3D`: Lamina's `Transform3D`.
public typealias CATransform3D = Transform3D

/// The identity `CATransform3D`.
public let CATransform3DIdentity = Transform3D.identity

/// Whether `t` is the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t.isIdentity }

/// Whether `a` and `b` are equal.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// A translation by `(tx, ty, tz)`.
public func CATransform3DMakeTranslation(_ tx: Double, _ ty: Double, _ tz: Double) -> CATransform3D
{
  Transform3D(translationX: tx, y: ty, z: tz)
}

/// A scale by `(sx, sy, sz)`.
public func CATransform3DMakeScale(_ sx: Double, _ sy: Double, _ sz: Double) -> CATransform3D {
  Transform3D(scaleX: sx, y: sy, z: sz)
}

/// A rotation by `angle` radians about the axis `(x, y, z)`; a zero axis
/// gives the identity.
public func CATransform3DMakeRotation(
  _ angle: Double, _ x: Double, _ y: Double, _ z: Double
) -> CATransform3D {
  Transform3D(rotationAngle: angle, x: x, y: y, z: z)
}

/// `t` preceded by a translation (the translation acts on points first).
public func CATransform3DTranslate(
  _ t: CATransform3D, _ tx: Double, _ ty: Double, _ tz: Double
) -> CATransform3D {
  t.translatedBy(x: tx, y: ty, z: tz)
}

/// `t` preceded by a scale.
public func CATransform3DScale(
  _ t: CATransform3D, _ sx: Double, _ sy: Double, _ sz: Double
) -> CATransform3D {
  t.scaledBy(x: sx, y: sy, z: sz)
}

/// `t` preceded by a rotation.
public func CATransform3DRotate(
  _ t: CATransform3D, _ angle: Double, _ x: Double, _ y: Double, _ z: Double
) -> CATransform3D {
  t.rotated(by: angle, x: x, y: y, z: z)
}

/// `a` then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
  a.concatenating(b)
}

/// The inverse of `t`, or `t` itself when it is singular.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D { t.inverted ?? t }

/// Whether `t` maps the plane z = 0 onto itself by a 2D affine map.
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool { t.isAffine }

/// The 3D transform of a 2D affine transform.
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  Transform3D(m)
}

/// The 2D affine part of `t`.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
  t.affineTransform
}

// MARK: Core Graphics

/// The identity `CGAffineTransform`.
public let CGAffineTransformIdentity = CGAffineTransform.identity

/// The affine transform with entries `a, b, c, d, tx, ty`.
public func CGAffineTransformMake(
  _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ tx: Double, _ ty: Double
) -> CGAffineTransform {
  CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
}

/// A translation by `(tx, ty)`.
public func CGAffineTransformMakeTranslation(_ tx: Double, _ ty: Double) -> CGAffineTransform {
  CGAffineTransform(translationX: tx, y: ty)
}

/// A scale by `(sx, sy)`.
public func CGAffineTransformMakeScale(_ sx: Double, _ sy: Double) -> CGAffineTransform {
  CGAffineTransform(scaleX: sx, y: sy)
}

/// A rotation by `angle` radians.
public func CGAffineTransformMakeRotation(_ angle: Double) -> CGAffineTransform {
  CGAffineTransform(rotationAngle: angle)
}

/// `t` preceded by a translation.
public func CGAffineTransformTranslate(_ t: CGAffineTransform, _ tx: Double, _ ty: Double)
  -> CGAffineTransform
{
  t.translatedBy(x: tx, y: ty)
}

/// `t` preceded by a scale.
public func CGAffineTransformScale(_ t: CGAffineTransform, _ sx: Double, _ sy: Double)
  -> CGAffineTransform
{
  t.scaledBy(x: sx, y: sy)
}

/// `t` preceded by a rotation.
public func CGAffineTransformRotate(_ t: CGAffineTransform, _ angle: Double) -> CGAffineTransform {
  t.rotated(by: angle)
}

/// `a` then `b`.
public func CGAffineTransformConcat(_ a: CGAffineTransform, _ b: CGAffineTransform)
  -> CGAffineTransform
{
  a.concatenating(b)
}

/// The inverse of `t`, or `t` itself when it is singular.
public func CGAffineTransformInvert(_ t: CGAffineTransform) -> CGAffineTransform { t.inverted ?? t }

/// Whether `t` is the identity.
public func CGAffineTransformIsIdentity(_ t: CGAffineTransform) -> Bool { t.isIdentity }

/// Whether `a` and `b` are equal.
public func CGAffineTransformEqualToTransform(_ a: CGAffineTransform, _ b: CGAffineTransform)
  -> Bool
{ a == b }

/// `p` mapped by `t`.
public func CGPointApplyAffineTransform(_ p: CGPoint, _ t: CGAffineTransform) -> CGPoint {
  t.apply(p)
}

/// The bounding box of `r` mapped by `t`.
public func CGRectApplyAffineTransform(_ r: CGRect, _ t: CGAffineTransform) -> CGRect {
  r.applying(t)
}
