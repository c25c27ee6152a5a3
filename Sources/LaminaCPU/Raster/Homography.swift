// What LaminaCPU's stages ask of a `Homography` (defined in Lamina, with
// the one singularity rule both backends follow): a pixel mapped back with
// its Jacobian for samplers, the local scale for anti-aliasing and level
// of detail, and local polygons projected with the part behind the viewer
// cut away.
import Lamina

extension Homography {
  /// A point mapped through the homography, with the Jacobian
  /// ∂(x, y)/∂(X, Y) at it: what a sampler needs for its level of detail.
  struct MappedPoint {
    var x: Double, y: Double
    var dxdX: Double, dxdY: Double, dydX: Double, dydY: Double
  }

  /// Maps (X, Y) and differentiates there; nil behind the viewer (w ≤ 0).
  @inline(__always)
  func mapWithJacobian(_ X: Double, _ Y: Double) -> MappedPoint? {
    let v = apply(X, Y)
    guard v.z > 0 else { return nil }
    let x = v.x / v.z, y = v.y / v.z
    return MappedPoint(
      x: x, y: y, dxdX: (m.0 - x * m.2) / v.z, dxdY: (m.3 - x * m.5) / v.z,
      dydX: (m.1 - y * m.2) / v.z, dydY: (m.4 - y * m.5) / v.z)
  }

  /// An upper bound of how many target pixels one local unit spans at local
  /// point (x, y) (Frobenius norm of the Jacobian); nil behind the viewer.
  func scale(atX x: Double, y: Double) -> Double? {
    let v = apply(x, y)
    guard v.z > 0 else { return nil }
    let X = v.x / v.z, Y = v.y / v.z
    let a = (m.0 - X * m.2) / v.z, b = (m.3 - X * m.5) / v.z
    let c = (m.1 - Y * m.2) / v.z, d = (m.4 - Y * m.5) / v.z
    return (a * a + b * b + c * c + d * d).squareRoot()
  }

  /// The largest scale over a local rectangle's corners and centre.
  func maxScale(over r: CGRect) -> Double {
    let xs = [Double(r.minX), Double(r.midX), Double(r.maxX)]
    let ys = [Double(r.minY), Double(r.midY), Double(r.maxY)]
    var s = 0.0
    for x in xs { for y in ys { if let v = scale(atX: x, y: y) { s = max(s, v) } } }
    return s > 0 ? s : 1
  }

  /// Projects a closed local polygon to target pixels, first cutting away
  /// the part with w below a small positive bound (behind the viewer).
  func project(_ polygon: [SIMD2<Double>]) -> [SIMD2<Double>] {
    guard !polygon.isEmpty else { return [] }
    let eps = 1e-9 * (abs(m.2) + abs(m.5) + abs(m.8))
    let ws = polygon.map { $0.x * m.2 + $0.y * m.5 + m.8 - eps }
    var out: [SIMD2<Double>] = []
    out.reserveCapacity(polygon.count + 2)
    func emit(_ p: SIMD2<Double>) {
      let v = apply(p.x, p.y)
      out.append(SIMD2(v.x / v.z, v.y / v.z))
    }
    if ws.allSatisfy({ $0 > 0 }) {
      for p in polygon { emit(p) }
      return out
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
    return out.count >= 3 ? out : []
  }
}

/// The pixel box of a polygon, within `limit`.
func pixelBounds(_ polygon: [SIMD2<Double>], within limit: PixelRect) -> PixelRect {
  guard var lo = polygon.first else { return .empty }
  var hi = lo
  for p in polygon {
    lo = pointwiseMin(lo, p)
    hi = pointwiseMax(hi, p)
  }
  return .covering(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y, within: limit)
}

extension CGRect {
  /// The four corners, clockwise on a y-down screen.
  var polygon: [SIMD2<Double>] {
    let r = standardized
    return [
      SIMD2(Double(r.minX), Double(r.minY)), SIMD2(Double(r.maxX), Double(r.minY)),
      SIMD2(Double(r.maxX), Double(r.maxY)), SIMD2(Double(r.minX), Double(r.maxY)),
    ]
  }
}
