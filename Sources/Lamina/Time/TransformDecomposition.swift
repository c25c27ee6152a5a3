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
// Rejected: interpolating the sixteen entries (a half-turn passes through a
// singular matrix and scales shrink through zero).

/// A transform split into the parts CSS and Core Animation interpolate.
struct TransformDecomposition: Equatable {
  var translation: [Double] = [0, 0, 0]
  var scale: [Double] = [1, 1, 1]
  /// xy, xz, yz shears, as CSS orders them.
  var skew: [Double] = [0, 0, 0]
  var perspective: [Double] = [0, 0, 0, 1]
  /// (x, y, z, w).
  var quaternion: [Double] = [0, 0, 0, 1]

  init() {}

  /// `nil` when the matrix does not decompose.
  init?(_ t: Transform3D) {
    guard t.m44 != 0, t.values.allSatisfy(\.isFinite) else { return nil }
    let w: Double = t.m44
    var m: [Double] = t.values.map { $0 / w }  // row-major m[4 i + j]
    // The affine part: the last column set to (0, 0, 0, 1).
    var a = m
    a[3] = 0; a[7] = 0; a[11] = 0; a[15] = 1
    guard let affine = Transform3D(a), affine.determinant != 0, let inverse = affine.inverted else { return nil }
    if m[3] != 0 || m[7] != 0 || m[11] != 0 {
      perspective = Self.perspective(lastColumn: [m[3], m[7], m[11], m[15]], affineInverse: inverse)
      m = a
    }
    translation = [m[12], m[13], m[14]]
    var row: [[Double]] = [[m[0], m[1], m[2]], [m[4], m[5], m[6]], [m[8], m[9], m[10]]]
    orthonormalize(&row)
    if Self.dot(row[0], Self.cross(row[1], row[2])) < 0 { unmirror(t, &row) }
    quaternion = Self.rotationQuaternion(row)
    guard (scale + skew + perspective + quaternion).allSatisfy(\.isFinite) else { return nil }
  }

  /// The perspective p of a matrix whose last column is c and whose affine
  /// part is `affine`: c = affine · p (as a column), so p = affine⁻¹ · c.
  private static func perspective(lastColumn c: [Double], affineInverse: Transform3D) -> [Double] {
    let inv = affineInverse.values
    return (0..<4).map { (i: Int) -> Double in
      var sum = 0.0
      for j in 0..<4 { sum += inv[4 * i + j] * c[j] }
      return sum
    }
  }

  /// Makes the three rows of the 3×3 part orthonormal, in order (Gram–
  /// Schmidt), their lengths going to `scale` and the shears taken out of
  /// them to `skew`.
  private mutating func orthonormalize(_ row: inout [[Double]]) {
    func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
    func combine(_ a: [Double], _ b: [Double], _ wa: Double, _ wb: Double) -> [Double] {
      (0..<3).map { wa * a[$0] + wb * b[$0] }
    }
    scale[0] = length(row[0])
    row[0] = row[0].map { $0 / scale[0] }
    skew[0] = Self.dot(row[0], row[1])
    row[1] = combine(row[1], row[0], 1, -skew[0])
    scale[1] = length(row[1])
    row[1] = row[1].map { $0 / scale[1] }
    skew[0] /= scale[1]
    skew[1] = Self.dot(row[0], row[2])
    row[2] = combine(row[2], row[0], 1, -skew[1])
    skew[2] = Self.dot(row[1], row[2])
    row[2] = combine(row[2], row[1], 1, -skew[2])
    scale[2] = length(row[2])
    row[2] = row[2].map { $0 / scale[2] }
    skew[1] /= scale[2]
    skew[2] /= scale[2]
  }

  /// Turns orthonormal rows that make a mirror (a negative determinant)
  /// into a rotation by negating scales and their rows.
  private mutating func unmirror(_ t: Transform3D, _ row: inout [[Double]]) {
    if Self.isFlat(t) {
      // A 2D mirror stays in the plane (CSS Transforms 1's 2D
      // decomposition, which CSS uses when both ends are 2D, and
      // Chromium): one axis flips, not all three, so a mirror does not
      // animate through an edge-on turn out of the plane. The axis is
      // CSS's choice (x when m11 < m22, else y); the xy shear changes
      // sign with either row.
      let axis = t.m11 < t.m22 ? 0 : 1
      scale[axis] = -scale[axis]
      row[axis] = row[axis].map { -$0 }
      skew[0] = -skew[0]
    } else {
      for i in 0..<3 {
        scale[i] = -scale[i]
        row[i] = row[i].map { -$0 }
      }
    }
  }

  /// The quaternion (x, y, z, w), w ≥ 0 as CSS's decomposition gives, of
  /// the rotation whose rows are `row`, by Shepperd's method (the largest
  /// of w, x, y, z from the diagonal, the rest from sums and differences
  /// of the off-diagonal entries): CSS's version takes every magnitude
  /// from the diagonal and the signs from comparisons, which loses the
  /// relative sign of x, y and z for half turns (w = 0), e.g. a flip
  /// combined with a rotation.
  private static func rotationQuaternion(_ row: [[Double]]) -> [Double] {
    // c(i, j) is the usual column-vector matrix, the transpose of the rows.
    func c(_ i: Int, _ j: Int) -> Double { row[j][i] }
    let trace: Double = c(0, 0) + c(1, 1) + c(2, 2)
    var q: [Double]
    if trace > 0 {
      let k = (trace + 1).squareRoot() * 2
      q = [(c(2, 1) - c(1, 2)) / k, (c(0, 2) - c(2, 0)) / k, (c(1, 0) - c(0, 1)) / k, k / 4]
    } else if c(0, 0) > c(1, 1) && c(0, 0) > c(2, 2) {
      let k = (1 + c(0, 0) - c(1, 1) - c(2, 2)).squareRoot() * 2
      q = [k / 4, (c(0, 1) + c(1, 0)) / k, (c(0, 2) + c(2, 0)) / k, (c(2, 1) - c(1, 2)) / k]
    } else if c(1, 1) > c(2, 2) {
      let k = (1 + c(1, 1) - c(0, 0) - c(2, 2)).squareRoot() * 2
      q = [(c(0, 1) + c(1, 0)) / k, k / 4, (c(1, 2) + c(2, 1)) / k, (c(0, 2) - c(2, 0)) / k]
    } else {
      let k = (1 + c(2, 2) - c(0, 0) - c(1, 1)).squareRoot() * 2
      q = [(c(0, 2) + c(2, 0)) / k, (c(1, 2) + c(2, 1)) / k, k / 4, (c(1, 0) - c(0, 1)) / k]
    }
    if q[3] < 0 { q = q.map { -$0 } }
    return q
  }

  /// The dot product of two 3-vectors.
  private static func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }

  /// The cross product of two 3-vectors.
  private static func cross(_ r1: [Double], _ r2: [Double]) -> [Double] {
    let cx: Double = r1[1] * r2[2] - r1[2] * r2[1]
    let cy: Double = r1[2] * r2[0] - r1[0] * r2[2]
    let cz: Double = r1[0] * r2[1] - r1[1] * r2[0]
    return [cx, cy, cz]
  }

  /// True when `t` is a 2D affine transform (nothing out of the plane, no
  /// perspective).
  static func isFlat(_ t: Transform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
      && t.m34 == 0 && t.m43 == 0 && t.m33 == 1 && t.m44 == 1
  }

  /// The rotation as a row-vector matrix (the transpose of the usual
  /// column-vector one).
  static func rotation(_ q: [Double]) -> Transform3D {
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
    func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * f } }
    var out = Self()
    out.translation = lerp(a.translation, b.translation)
    out.scale = lerp(a.scale, b.scale)
    out.skew = lerp(a.skew, b.skew)
    out.perspective = lerp(a.perspective, b.perspective)
    // q and −q are one rotation: a negative product takes −b, so the
    // rotation turns the short way (as Chromium and Core Animation do; CSS
    // Transforms 2's pseudo-code leaves the sign as decomposed).
    var bq = b.quaternion
    var product = zip(a.quaternion, bq).reduce(0) { $0 + $1.0 * $1.1 }
    if product < 0 {
      bq = bq.map { -$0 }
      product = -product
    }
    product = min(product, 1)
    if product == 1 {
      out.quaternion = a.quaternion
    } else {
      let theta = acos(product)
      let w = sin(f * theta) / sin(theta)
      let wa = cos(f * theta) - product * w
      out.quaternion = zip(a.quaternion, bq).map { wa * $0 + w * $1 }
    }
    return out
  }

  // MARK: The components of `transform.*` sub-paths

  /// The rotation as Euler angles (x, y, z) with rotation = Rx · Ry · Rz
  /// (row vectors: x acts first).
  var eulerAngles: [Double] {
    let r = Self.rotation(quaternion)
    // Rx·Ry·Rz in row form: m13 = −sin y (CA's rotation about y).
    let sy = min(max(-r.m13, -1), 1)
    let y = asin(sy)
    if abs(sy) < 1 - 1e-12 {
      return [atan2(r.m23, r.m33), y, atan2(r.m12, r.m11)]
    }
    // Gimbal lock: put the whole remaining turn on z.
    return [0, y, atan2(-r.m21, r.m22)]
  }

  /// Replaces the rotation by Euler angles (x, y, z), Rx · Ry · Rz.
  mutating func setEulerAngles(_ e: [Double]) {
    let m = Transform3D(rotationAngle: e[0], x: 1, y: 0, z: 0)
      .concatenating(Transform3D(rotationAngle: e[1], x: 0, y: 1, z: 0))
      .concatenating(Transform3D(rotationAngle: e[2], x: 0, y: 0, z: 1))
    if let d = TransformDecomposition(m) { quaternion = d.quaternion }
  }
}
