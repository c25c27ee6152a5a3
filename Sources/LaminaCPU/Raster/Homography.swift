// What LaminaCPU's stages ask of a `Homography` (defined in Lamina, with
// the one singularity rule both backends follow): a pixel mapped back with
// its Jacobian for samplers. The local scale and the projection of local
// polygons (the part behind the viewer cut away) are Lamina's, which the
// lowering's shape layers use too.
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
