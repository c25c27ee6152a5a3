// TransformDecomposition: a `Transform3D` as translation, scale, skew,
// perspective and a rotation quaternion, following CSS Transforms 2's
// "Decomposing a 3D matrix" and "Recomposing to a 3D matrix", written for
// Core Animation's row vectors: the matrix is
//
//   diag(scale) · skew · rotation · translate(translation) · perspective
//
// (the leftmost acts first on a row vector). Interpolating two transforms
// interpolates every part linearly and the quaternions by spherical linear
// interpolation (CSS "Interpolation of decomposed 3D matrix values"); a
// transform that does not decompose (a zero m44, a singular 3×3 part)
// makes the interpolation discrete, as CSS's does.
//
// It also gives the components the sub-paths of `transform` animate
// (`transform.rotation.z`, `.scale.x`, `.translation.y`, …): the
// translation, the scale and the rotation as Euler angles. Core Animation
// reads those through its own decomposition, which Apple does not
// document; Lamina composes them as scale · rotation x · y · z ·
// translation and keeps the model's skew and perspective.
//
// The parts are fixed-size vectors, not arrays (arrays cost S10's
// presentation, 400 rotation animations a frame, 13 heap blocks per
// decomposition; the arithmetic, lane by lane, is the same).
//
// Rejected: interpolating the sixteen entries (a half-turn passes through a
// singular matrix and scales shrink through zero).

/// A transform split into the parts CSS and Core Animation interpolate.
struct TransformDecomposition: Equatable {
  var translation = SIMD3<Double>(0, 0, 0)
  var scale = SIMD3<Double>(1, 1, 1)
  /// xy, xz, yz shears, as CSS orders them.
  var skew = SIMD3<Double>(0, 0, 0)
  var perspective = SIMD4<Double>(0, 0, 0, 1)
  /// (x, y, z, w).
  var quaternion = SIMD4<Double>(0, 0, 0, 1)

  /// The three rows of the 3×3 part.
  typealias Rows = (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

  init() {}

  /// `nil` when the matrix does not decompose. The identity (a layer's
  /// usual model transform under a `transform.rotation` or `.scale`
  /// animation, decomposed every frame: S10's 400 rotations) is the parts'
  /// defaults, the bits `init(decomposing:)` gives it, without the inverse
  /// and the Gram–Schmidt.
  init?(_ t: Transform3D) {
    if t == .identity {
      self.init()
      return
    }
    self.init(decomposing: t)
  }

  /// The general decomposition of `t` (CSS's); `nil` when it does not decompose.
  init?(decomposing t: Transform3D) {
    let w: Double = t.m44
    guard w != 0, t.hasFiniteEntries else { return nil }
    // Row-major: m.0 … m.3 the rows.
    var m = (
      SIMD4(t.m11, t.m12, t.m13, t.m14) / w, SIMD4(t.m21, t.m22, t.m23, t.m24) / w,
      SIMD4(t.m31, t.m32, t.m33, t.m34) / w, SIMD4(t.m41, t.m42, t.m43, t.m44) / w)
    // The affine part: the last column set to (0, 0, 0, 1).
    var a = m
    a.0[3] = 0; a.1[3] = 0; a.2[3] = 0; a.3[3] = 1
    let affine = Transform3D(
      m11: a.0[0], m12: a.0[1], m13: a.0[2], m14: a.0[3], m21: a.1[0], m22: a.1[1], m23: a.1[2], m24: a.1[3],
      m31: a.2[0], m32: a.2[1], m33: a.2[2], m34: a.2[3], m41: a.3[0], m42: a.3[1], m43: a.3[2], m44: a.3[3])
    guard affine.determinant != 0, let inverse = affine.inverted else { return nil }
    if m.0[3] != 0 || m.1[3] != 0 || m.2[3] != 0 {
      perspective = Self.perspective(lastColumn: SIMD4(m.0[3], m.1[3], m.2[3], m.3[3]), affineInverse: inverse)
      m = a
    }
    translation = SIMD3(m.3[0], m.3[1], m.3[2])
    var row: Rows = (
      SIMD3(m.0[0], m.0[1], m.0[2]), SIMD3(m.1[0], m.1[1], m.1[2]), SIMD3(m.2[0], m.2[1], m.2[2]))
    orthonormalize(&row)
    if Self.dot(row.0, Self.cross(row.1, row.2)) < 0 { unmirror(t, &row) }
    quaternion = Self.rotationQuaternion(row)
    guard Self.allFinite(SIMD4(scale, 0)), Self.allFinite(SIMD4(skew, 0)), Self.allFinite(perspective),
      Self.allFinite(quaternion)
    else { return nil }
  }

  private static func allFinite(_ v: SIMD4<Double>) -> Bool {
    v[0].isFinite && v[1].isFinite && v[2].isFinite && v[3].isFinite
  }

  /// The perspective p of a matrix whose last column is c and whose affine
  /// part is `affine`: c = affine · p (as a column), so p = affine⁻¹ · c.
  private static func perspective(lastColumn c: SIMD4<Double>, affineInverse i: Transform3D) -> SIMD4<Double> {
    func row(_ a: Double, _ b: Double, _ c0: Double, _ d: Double) -> Double {
      var sum = 0.0
      sum += a * c[0]
      sum += b * c[1]
      sum += c0 * c[2]
      sum += d * c[3]
      return sum
    }
    return SIMD4(
      row(i.m11, i.m12, i.m13, i.m14), row(i.m21, i.m22, i.m23, i.m24), row(i.m31, i.m32, i.m33, i.m34),
      row(i.m41, i.m42, i.m43, i.m44))
  }

  /// Makes the three rows of the 3×3 part orthonormal, in order (Gram–
  /// Schmidt), their lengths going to `scale` and the shears taken out of
  /// them to `skew`.
  private mutating func orthonormalize(_ row: inout Rows) {
    func length(_ v: SIMD3<Double>) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
    func combine(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ wa: Double, _ wb: Double) -> SIMD3<Double> {
      wa * a + wb * b
    }
    scale[0] = length(row.0)
    row.0 = row.0 / scale[0]
    skew[0] = Self.dot(row.0, row.1)
    row.1 = combine(row.1, row.0, 1, -skew[0])
    scale[1] = length(row.1)
    row.1 = row.1 / scale[1]
    skew[0] /= scale[1]
    skew[1] = Self.dot(row.0, row.2)
    row.2 = combine(row.2, row.0, 1, -skew[1])
    skew[2] = Self.dot(row.1, row.2)
    row.2 = combine(row.2, row.1, 1, -skew[2])
    scale[2] = length(row.2)
    row.2 = row.2 / scale[2]
    skew[1] /= scale[2]
    skew[2] /= scale[2]
  }

  /// Turns orthonormal rows that make a mirror (a negative determinant)
  /// into a rotation by negating scales and their rows.
  private mutating func unmirror(_ t: Transform3D, _ row: inout Rows) {
    if Self.isFlat(t) {
      // A 2D mirror stays in the plane (CSS Transforms 1's 2D
      // decomposition, which CSS uses when both ends are 2D, and
      // Chromium): one axis flips, not all three, so a mirror does not
      // animate through an edge-on turn out of the plane. The axis is
      // CSS's choice (x when m11 < m22, else y); the xy shear changes
      // sign with either row.
      let axis = t.m11 < t.m22 ? 0 : 1
      scale[axis] = -scale[axis]
      if axis == 0 { row.0 = -row.0 } else { row.1 = -row.1 }
      skew[0] = -skew[0]
    } else {
      scale = -scale
      row = (-row.0, -row.1, -row.2)
    }
  }

  /// The quaternion (x, y, z, w), w ≥ 0 as CSS's decomposition gives, of
  /// the rotation whose rows are `row`, by Shepperd's method (the largest
  /// of w, x, y, z from the diagonal, the rest from sums and differences
  /// of the off-diagonal entries): CSS's version takes every magnitude
  /// from the diagonal and the signs from comparisons, which loses the
  /// relative sign of x, y and z for half turns (w = 0), e.g. a flip
  /// combined with a rotation.
  private static func rotationQuaternion(_ row: Rows) -> SIMD4<Double> {
    // c(i, j) is the usual column-vector matrix, the transpose of the rows.
    func c(_ i: Int, _ j: Int) -> Double { (j == 0 ? row.0 : j == 1 ? row.1 : row.2)[i] }
    let trace: Double = c(0, 0) + c(1, 1) + c(2, 2)
    var q: SIMD4<Double>
    if trace > 0 {
      let k = (trace + 1).squareRoot() * 2
      q = SIMD4((c(2, 1) - c(1, 2)) / k, (c(0, 2) - c(2, 0)) / k, (c(1, 0) - c(0, 1)) / k, k / 4)
    } else if c(0, 0) > c(1, 1) && c(0, 0) > c(2, 2) {
      let k = (1 + c(0, 0) - c(1, 1) - c(2, 2)).squareRoot() * 2
      q = SIMD4(k / 4, (c(0, 1) + c(1, 0)) / k, (c(0, 2) + c(2, 0)) / k, (c(2, 1) - c(1, 2)) / k)
    } else if c(1, 1) > c(2, 2) {
      let k = (1 + c(1, 1) - c(0, 0) - c(2, 2)).squareRoot() * 2
      q = SIMD4((c(0, 1) + c(1, 0)) / k, k / 4, (c(1, 2) + c(2, 1)) / k, (c(0, 2) - c(2, 0)) / k)
    } else {
      let k = (1 + c(2, 2) - c(0, 0) - c(1, 1)).squareRoot() * 2
      q = SIMD4((c(0, 2) + c(2, 0)) / k, (c(1, 2) + c(2, 1)) / k, k / 4, (c(1, 0) - c(0, 1)) / k)
    }
    if q[3] < 0 { q = -q }
    return q
  }

  /// The dot product of two 3-vectors.
  private static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }

  /// The cross product of two 3-vectors.
  private static func cross(_ r1: SIMD3<Double>, _ r2: SIMD3<Double>) -> SIMD3<Double> {
    let cx: Double = r1[1] * r2[2] - r1[2] * r2[1]
    let cy: Double = r1[2] * r2[0] - r1[0] * r2[2]
    let cz: Double = r1[0] * r2[1] - r1[1] * r2[0]
    return SIMD3(cx, cy, cz)
  }

  /// True when `t` is a 2D affine transform (nothing out of the plane, no
  /// perspective).
  static func isFlat(_ t: Transform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
      && t.m34 == 0 && t.m43 == 0 && t.m33 == 1 && t.m44 == 1
  }

  /// The rotation as a row-vector matrix (the transpose of the usual
  /// column-vector one).
  static func rotation(_ q: SIMD4<Double>) -> Transform3D {
    let (x, y, z, w) = (q[0], q[1], q[2], q[3])
    return Transform3D(
      m11: 1 - 2 * (y * y + z * z), m12: 2 * (x * y + z * w), m13: 2 * (x * z - y * w), m14: 0,
      m21: 2 * (x * y - z * w), m22: 1 - 2 * (x * x + z * z), m23: 2 * (y * z + x * w), m24: 0,
      m31: 2 * (x * z + y * w), m32: 2 * (y * z - x * w), m33: 1 - 2 * (x * x + y * y), m34: 0,
      m41: 0, m42: 0, m43: 0, m44: 1)
  }

  /// The matrix again.
  var matrix: Transform3D {
    var skewMatrix = Transform3D.identity
    skewMatrix.m21 = skew[0]
    skewMatrix.m31 = skew[1]
    skewMatrix.m32 = skew[2]
    var p = Transform3D.identity
    p.m14 = perspective[0]
    p.m24 = perspective[1]
    p.m34 = perspective[2]
    p.m44 = perspective[3]
    return Transform3D(scaleX: scale[0], y: scale[1], z: scale[2])
      .concatenating(skewMatrix)
      .concatenating(Self.rotation(quaternion))
      .concatenating(Transform3D(translationX: translation[0], y: translation[1], z: translation[2]))
      .concatenating(p)
  }

  /// CSS's interpolation of decomposed values at fraction `f`.
  static func interpolate(_ a: Self, _ b: Self, _ f: Double) -> Self {
    func lerp(_ x: SIMD3<Double>, _ y: SIMD3<Double>) -> SIMD3<Double> { x + (y - x) * f }
    func lerp(_ x: SIMD4<Double>, _ y: SIMD4<Double>) -> SIMD4<Double> { x + (y - x) * f }
    var out = Self()
    out.translation = lerp(a.translation, b.translation)
    out.scale = lerp(a.scale, b.scale)
    out.skew = lerp(a.skew, b.skew)
    out.perspective = lerp(a.perspective, b.perspective)
    // q and −q are one rotation: a negative product takes −b, so the
    // rotation turns the short way (as Chromium and Core Animation do; CSS
    // Transforms 2's pseudo-code leaves the sign as decomposed).
    var bq = b.quaternion
    let aq = a.quaternion
    var product = 0.0
    product += aq[0] * bq[0]
    product += aq[1] * bq[1]
    product += aq[2] * bq[2]
    product += aq[3] * bq[3]
    if product < 0 {
      bq = -bq
      product = -product
    }
    product = min(product, 1)
    if product == 1 {
      out.quaternion = a.quaternion
    } else {
      let theta = acos(product)
      let w = sin(f * theta) / sin(theta)
      let wa = cos(f * theta) - product * w
      out.quaternion = wa * aq + w * bq
    }
    return out
  }

  // MARK: The components of `transform.*` sub-paths

  /// The rotation as Euler angles (x, y, z) with rotation = Rx · Ry · Rz
  /// (row vectors: x acts first).
  var eulerAngles: SIMD3<Double> {
    let r = Self.rotation(quaternion)
    // Rx·Ry·Rz in row form: m13 = −sin y (CA's rotation about y).
    let sy = min(max(-r.m13, -1), 1)
    let y = asin(sy)
    if abs(sy) < 1 - 1e-12 {
      return SIMD3(atan2(r.m23, r.m33), y, atan2(r.m12, r.m11))
    }
    // Gimbal lock: put the whole remaining turn on z.
    return SIMD3(0, y, atan2(-r.m21, r.m22))
  }

  /// Replaces the rotation by Euler angles (x, y, z), Rx · Ry · Rz.
  mutating func setEulerAngles(_ e: SIMD3<Double>) {
    let m = Transform3D(rotationAngle: e[0], x: 1, y: 0, z: 0)
      .concatenating(Transform3D(rotationAngle: e[1], x: 0, y: 1, z: 0))
      .concatenating(Transform3D(rotationAngle: e[2], x: 0, y: 0, z: 1))
    if let d = TransformDecomposition(m) { quaternion = d.quaternion }
  }
}
