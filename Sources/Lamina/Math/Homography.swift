// Homography: the 2D projective part of a plan matrix (rows and columns x,
// y, w of the row-vector `Transform3D`; z is dropped because every plan
// point has z = 0 and only X/W, Y/W are used) and its inverse. Both
// backends map target pixels back to local space through the inverse, so
// perspective is exact; a point whose back-projection has w ≤ 0 lies
// behind the viewer and is not drawn.
//
// One rule decides what is singular, for both backends: a determinant of
// exactly zero, or an inverse that is not finite. A relative threshold
// (|det| against the cube of the largest entry) was rejected: entries mix
// units (a translation of hundreds of pixels beside a foreshortened scale
// of 0.002), so it refused planes at 89.9° that are plainly visible, and
// the two backends had disagreed on it.

/// A 3×3 projective map applied to row vectors: (x, y, 1)·H = (X, Y, W).
public struct Homography: Sendable {
  /// Row-major entries: (a, b, c) the x row, (d, e, f) the y row, (g, h, i)
  /// the translation row; c, f, i make W.
  public var m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)

  /// The local → target map of a plan matrix.
  public init(_ t: Transform3D) {
    m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
  }

  /// A homography from its nine entries, row by row.
  public init(_ m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)) {
    self.m = m
  }

  /// The one "behind the viewer" rule for cutting: a point of the plane
  /// is in front where its W exceeds this, 1e-9 of the W row's size. A
  /// polygon cut there divides to finite coordinates, and the bound does
  /// not depend on the scene's units (a single point needs only W > 0).
  /// The lowering's boxes and 3D order, both backends' outlines and GL's
  /// quads all cut here.
  public var nearW: Double { Self.nearW(m.2, m.5, m.8) }

  /// `nearW` of the W row (c, f, i).
  @inline(__always)
  public static func nearW(_ c: Double, _ f: Double, _ i: Double) -> Double {
    1e-9 * (abs(c) + abs(f) + abs(i))
  }

  /// The nine entries, row by row.
  public var entries: [Double] { [m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8] }

  /// (x, y, 1)·H.
  @inline(__always)
  public func apply(_ x: Double, _ y: Double) -> SIMD3<Double> {
    SIMD3(x * m.0 + y * m.3 + m.6, x * m.1 + y * m.4 + m.7, x * m.2 + y * m.5 + m.8)
  }

  /// The inverse, or nil when singular: a zero determinant, or an inverse
  /// that is not finite.
  public var inverse: Homography? {
    let (a, b, c, d, e, f, g, h, i) = m
    let c0 = e * i - f * h, c1 = f * g - d * i, c2 = d * h - e * g
    let det = a * c0 + b * c1 + c * c2
    guard det != 0, det.isFinite else { return nil }
    let k = 1 / det
    let r = Homography((
      c0 * k, (c * h - b * i) * k, (b * f - c * e) * k,
      c1 * k, (a * i - c * g) * k, (c * d - a * f) * k,
      c2 * k, (b * g - a * h) * k, (a * e - b * d) * k))
    return r.entries.allSatisfy(\.isFinite) ? r : nil
  }

  /// This map, then `next`: (x, y, 1)·self·next.
  public func followed(by next: Homography) -> Homography {
    let a = entries, b = next.entries
    func e(_ r: Int, _ c: Int) -> Double { a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c] }
    return Homography((e(0, 0), e(0, 1), e(0, 2), e(1, 0), e(1, 1), e(1, 2), e(2, 0), e(2, 1), e(2, 2)))
  }

  /// True for x' = a·x + c, y' = d·y + f (no rotation, shear or perspective).
  public var isAxisAligned: Bool { m.1 == 0 && m.3 == 0 && m.2 == 0 && m.5 == 0 && m.8 == 1 }
}

extension Homography {
  /// An upper bound of how many target pixels one local unit spans at local
  /// point (x, y) (Frobenius norm of the Jacobian); nil behind the viewer.
  public func scale(atX x: Double, y: Double) -> Double? {
    let v = apply(x, y)
    guard v.z > 0 else { return nil }
    let X = v.x / v.z, Y = v.y / v.z
    let a = (m.0 - X * m.2) / v.z, b = (m.3 - X * m.5) / v.z
    let c = (m.1 - Y * m.2) / v.z, d = (m.4 - Y * m.5) / v.z
    return (a * a + b * b + c * c + d * d).squareRoot()
  }

  /// The largest scale over a local rectangle's corners and centre.
  public func maxScale(over r: CGRect) -> Double {
    let xs = [Double(r.minX), Double(r.midX), Double(r.maxX)]
    let ys = [Double(r.minY), Double(r.midY), Double(r.maxY)]
    var s = 0.0
    for x in xs { for y in ys { if let v = scale(atX: x, y: y) { s = max(s, v) } } }
    return s > 0 ? s : 1
  }

  /// Projects a closed local polygon to target pixels, first cutting away
  /// the part with w below a small positive bound (behind the viewer).
  public func project(_ polygon: [SIMD2<Double>]) -> [SIMD2<Double>] {
    projectReportingCut(polygon).points
  }

  /// `project`, and whether it kept the whole polygon (every point in
  /// front of the near bound): its image is then the projective image of
  /// each point, so contours that did not meet still do not.
  /// `projectReportingCut` of `polygon`'s points each moved by `origin`
  /// (nil: as they are) when every one is in front of the eye: their
  /// projections appended to `out`, the same bits, and true; false as soon
  /// as one is not (what was appended is the caller's to drop). Builds no
  /// array: a text draw's glyph pieces are projected polygon by polygon.
  func projectWhole(
    _ polygon: ArraySlice<SIMD2<Double>>, movedBy origin: SIMD2<Double>?, into out: inout [SIMD2<Double>]
  ) -> Bool {
    let eps = nearW
    for point in polygon {
      let p = origin.map { point + $0 } ?? point
      guard p.x * m.2 + p.y * m.5 + m.8 - eps > 0 else { return false }
      let v = apply(p.x, p.y)
      out.append(SIMD2(v.x / v.z, v.y / v.z))
    }
    return true
  }

  func projectReportingCut(_ polygon: [SIMD2<Double>]) -> (points: [SIMD2<Double>], whole: Bool) {
    guard !polygon.isEmpty else { return ([], true) }
    let eps = nearW
    let ws = polygon.map { $0.x * m.2 + $0.y * m.5 + m.8 - eps }
    var out: [SIMD2<Double>] = []
    out.reserveCapacity(polygon.count + 2)
    func emit(_ p: SIMD2<Double>) {
      let v = apply(p.x, p.y)
      out.append(SIMD2(v.x / v.z, v.y / v.z))
    }
    if ws.allSatisfy({ $0 > 0 }) {
      for p in polygon { emit(p) }
      return (out, true)
    }
    for i in polygon.indices {
      let j = (i + 1) % polygon.count
      let (p, q, wp, wq) = (polygon[i], polygon[j], ws[i], ws[j])
      if wp > 0 { emit(p) }
      if (wp > 0) != (wq > 0) {
        let t = wp / (wp - wq)
        emit(p + (q - p) * t)
      }
    }
    return (out.count >= 3 ? out : [], false)
  }
}
