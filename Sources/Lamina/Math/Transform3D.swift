// Transform3D: Core Animation's `CATransform3D`, a 4×4 matrix applied to row
// vectors: (x', y', z', w') = (x, y, z, 1) · M. The function family keeps
// CA's order: `t.translatedBy(...)` is `CATransform3DTranslate(t, ...)`,
// which acts on the points *before* `t`.

/// A 4×4 homogeneous transform in Core Animation's row-vector convention.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
  public var m11: Double, m12: Double, m13: Double, m14: Double
  public var m21: Double, m22: Double, m23: Double, m24: Double
  public var m31: Double, m32: Double, m33: Double, m34: Double
  public var m41: Double, m42: Double, m43: Double, m44: Double

  /// Creates a transform from its sixteen entries, row by row.
  public init(
    m11: Double, m12: Double, m13: Double, m14: Double,
    m21: Double, m22: Double, m23: Double, m24: Double,
    m31: Double, m32: Double, m33: Double, m34: Double,
    m41: Double, m42: Double, m43: Double, m44: Double
  ) {
    self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
    self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
    self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
    self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
  }

  /// Creates a transform from 16 numbers in row-major order (`[m11, m12, …, m44]`).
  public init?(_ values: [Double]) {
    guard values.count == 16 else { return nil }
    self.init(
      m11: values[0], m12: values[1], m13: values[2], m14: values[3],
      m21: values[4], m22: values[5], m23: values[6], m24: values[7],
      m31: values[8], m32: values[9], m33: values[10], m34: values[11],
      m41: values[12], m42: values[13], m43: values[14], m44: values[15])
  }

  /// The sixteen entries in row-major order.
  public var values: [Double] {
    [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
  }

  /// `CATransform3DIdentity`.
  public static let identity = Transform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0, m43: 0, m44: 1)

  /// `CATransform3DMakeTranslation`.
  public init(translationX tx: Double, y ty: Double, z tz: Double = 0) {
    self = .identity
    m41 = tx; m42 = ty; m43 = tz
  }

  /// `CATransform3DMakeScale`.
  public init(scaleX sx: Double, y sy: Double, z sz: Double = 1) {
    self = .identity
    m11 = sx; m22 = sy; m33 = sz
  }

  /// `CATransform3DMakeRotation`: rotates by `angle` radians about the axis
  /// `(x, y, z)`. A zero axis gives the identity, as in Core Animation.
  public init(rotationAngle angle: Double, x: Double, y: Double, z: Double) {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite else {
      self = .identity
      return
    }
    let (ux, uy, uz) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), t = 1 - c
    // Row-vector form: the transpose of the usual column-vector rotation.
    self.init(
      m11: t * ux * ux + c, m12: t * ux * uy + s * uz, m13: t * ux * uz - s * uy, m14: 0,
      m21: t * ux * uy - s * uz, m22: t * uy * uy + c, m23: t * uy * uz + s * ux, m24: 0,
      m31: t * ux * uz + s * uy, m32: t * uy * uz - s * ux, m33: t * uz * uz + c, m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// A perspective transform whose viewer stands `distance` points in front
  /// of the plane: `m34 = -1/distance`.
  public init(perspective distance: Double) {
    self = .identity
    m34 = -1 / distance
  }

  /// `CATransform3DConcat(self, other)`: `self` acts first, then `other`.
  public func concatenating(_ other: Transform3D) -> Transform3D {
    let a = self, b = other
    return Transform3D(
      m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
      m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
      m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
      m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
      m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
      m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
      m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
      m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
      m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
      m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
      m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
      m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
      m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
      m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
      m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
      m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
  }

  /// `CATransform3DTranslate(self, tx, ty, tz)`: the translation acts first.
  public func translatedBy(x tx: Double, y ty: Double, z tz: Double = 0) -> Transform3D {
    Transform3D(translationX: tx, y: ty, z: tz).concatenating(self)
  }

  /// `CATransform3DScale(self, sx, sy, sz)`: the scale acts first.
  public func scaledBy(x sx: Double, y sy: Double, z sz: Double = 1) -> Transform3D {
    Transform3D(scaleX: sx, y: sy, z: sz).concatenating(self)
  }

  /// `CATransform3DRotate(self, angle, x, y, z)`: the rotation acts first.
  public func rotated(by angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
    Transform3D(rotationAngle: angle, x: x, y: y, z: z).concatenating(self)
  }

  /// `CATransform3DIsIdentity`.
  public var isIdentity: Bool { self == .identity }

  /// `CATransform3DIsAffine`: true when the transform only maps the plane
  /// z = 0 onto itself by a 2D affine map.
  public var isAffine: Bool {
    m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
      && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
  }

  /// `CATransform3DMakeAffineTransform`.
  public init(_ affine: CGAffineTransform) {
    self = .identity
    m11 = affine.a; m12 = affine.b
    m21 = affine.c; m22 = affine.d
    m41 = affine.tx; m42 = affine.ty
  }

  /// `CATransform3DGetAffineTransform`: the 2D part (meaningful when `isAffine`).
  public var affineTransform: CGAffineTransform {
    CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m41, ty: m42)
  }

  /// The 2×2 minors of the top two and bottom two rows, shared by the
  /// determinant and the inverse (Laplace expansion).
  private var minors: (s: [Double], c: [Double]) {
    ([m11 * m22 - m21 * m12, m11 * m23 - m21 * m13, m11 * m24 - m21 * m14,
      m12 * m23 - m22 * m13, m12 * m24 - m22 * m14, m13 * m24 - m23 * m14],
     [m31 * m42 - m41 * m32, m31 * m43 - m41 * m33, m31 * m44 - m41 * m34,
      m32 * m43 - m42 * m33, m32 * m44 - m42 * m34, m33 * m44 - m43 * m34])
  }

  /// The determinant of the 4×4 matrix.
  public var determinant: Double {
    let (s, c) = minors
    return s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
  }

  /// `CATransform3DInvert`: the inverse, or `nil` when the matrix is singular
  /// (Core Animation returns the input unchanged; Lamina makes it explicit).
  public var inverted: Transform3D? {
    let (s, c) = minors
    let (s0, s1, s2, s3, s4, s5) = (s[0], s[1], s[2], s[3], s[4], s[5])
    let (c0, c1, c2, c3, c4, c5) = (c[0], c[1], c[2], c[3], c[4], c[5])
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let k = 1 / det
    return Transform3D(
      m11: (m22 * c5 - m23 * c4 + m24 * c3) * k,
      m12: (-m12 * c5 + m13 * c4 - m14 * c3) * k,
      m13: (m42 * s5 - m43 * s4 + m44 * s3) * k,
      m14: (-m32 * s5 + m33 * s4 - m34 * s3) * k,
      m21: (-m21 * c5 + m23 * c2 - m24 * c1) * k,
      m22: (m11 * c5 - m13 * c2 + m14 * c1) * k,
      m23: (-m41 * s5 + m43 * s2 - m44 * s1) * k,
      m24: (m31 * s5 - m33 * s2 + m34 * s1) * k,
      m31: (m21 * c4 - m22 * c2 + m24 * c0) * k,
      m32: (-m11 * c4 + m12 * c2 - m14 * c0) * k,
      m33: (m41 * s4 - m42 * s2 + m44 * s0) * k,
      m34: (-m31 * s4 + m32 * s2 - m34 * s0) * k,
      m41: (-m21 * c3 + m22 * c1 - m23 * c0) * k,
      m42: (m11 * c3 - m12 * c1 + m13 * c0) * k,
      m43: (-m41 * s3 + m42 * s1 - m43 * s0) * k,
      m44: (m31 * s3 - m32 * s1 + m33 * s0) * k)
  }

  /// Applies the transform to `(x, y, z, 1)` and returns the homogeneous result.
  public func apply(x: Double, y: Double, z: Double = 0) -> Vector4 {
    Vector4(
      x: x * m11 + y * m21 + z * m31 + m41,
      y: x * m12 + y * m22 + z * m32 + m42,
      z: x * m13 + y * m23 + z * m33 + m43,
      w: x * m14 + y * m24 + z * m34 + m44)
  }

  /// Maps a point of the plane z = 0 and divides by w. `nil` when the point
  /// lies on or behind the viewer (w ≤ 0).
  public func project(_ p: CGPoint) -> CGPoint? {
    let v = apply(x: Double(p.x), y: Double(p.y))
    guard v.w > 0 else { return nil }
    return CGPoint(x: v.x / v.w, y: v.y / v.w)
  }

  public var description: String {
    "Transform3D(" + values.map { String($0) }.joined(separator: ", ") + ")"
  }
}

/// A homogeneous point.
public struct Vector4: Hashable, Sendable {
  public var x: Double, y: Double, z: Double, w: Double
  public init(x: Double, y: Double, z: Double, w: Double) {
    self.x = x; self.y = y; self.z = z; self.w = w
  }
}

extension Transform3D {
  /// Whether all sixteen entries are finite (no array built: the lowering
  /// asks it of every transform of every layer, every frame; `values`
  /// built one, ~0.6 ms of S10's frames with the colours and rectangles).
  var hasFiniteEntries: Bool {
    m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite && m21.isFinite && m22.isFinite && m23.isFinite
      && m24.isFinite && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite && m41.isFinite
      && m42.isFinite && m43.isFinite && m44.isFinite
  }
}
