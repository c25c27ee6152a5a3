// What LaminaGL asks of a `Homography` (defined in Lamina, with the one
// singularity rule both backends follow): its entries in the layout the
// shaders read, and the target-pixel box a local rectangle covers (where
// to put the draw's quad).

import Foundation
import Lamina

extension Homography {
  /// The 9 floats for `glUniformMatrix3fv(transpose: false)` such that the
  /// shader's `inverse * vec3(pixel, 1)` is the row-vector product.
  var uniform: [Float] { entries.map(Float.init) }

  /// (X/W, Y/W), or nil behind the viewer (W ≤ `nearW`).
  func project(_ x: Double, _ y: Double) -> (Double, Double)? {
    let v = apply(x, y)
    guard v.z > nearW else { return nil }
    return (v.x / v.z, v.y / v.z)
  }

  /// The target-pixel box covered by `rect`, grown by one pixel for
  /// anti-aliasing and clamped to the target; the whole target when a
  /// corner is behind the eye; nil when nothing is on the target.
  func pixelBounds(of rect: CGRect, width: Int, height: Int) -> PixelRect? {
    let corners = [
      (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY),
    ]
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    for (x, y) in corners {
      guard let (X, Y) = project(Double(x), Double(y)), X.isFinite, Y.isFinite else {
        return PixelRect(x0: 0, y0: 0, x1: width, y1: height)
      }
      x0 = min(x0, X); y0 = min(y0, Y); x1 = max(x1, X); y1 = max(y1, Y)
    }
    let box = PixelRect.covering(
      minX: x0 - 1, minY: y0 - 1, maxX: x1 + 1, maxY: y1 + 1, within: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    return box.isEmpty ? nil : box
  }
}

extension CGRect {
  /// (minX, minY, maxX, maxY) for a `vec4` uniform.
  var edges: [Float] { [Float(minX), Float(minY), Float(maxX), Float(maxY)] }
}

extension RoundedRect {
  var radiiUniform: [Float] { (0..<4).map { $0 < radii.count ? Float(max(0, radii[$0])) : 0 } }
}

extension Transform3D {
  /// Whether a draw under this matrix needs coverage.glsl's exact-area cut
  /// (the PROJECTIVE variants) instead of a product of slabs: under
  /// perspective, and under a shear (the images of the local axes are not
  /// perpendicular on the target). A product of slabs is exact only for
  /// axis-aligned edges and close for perpendicular ones; at the acute
  /// corner of a sheared sliver it covered a pixel 12 % that lies wholly
  /// outside the shape, and whether that pixel was drawn then depended on
  /// the draw's quad (found by groupOpacityIsLinear on GL).
  var needsExactArea: Bool {
    if m14 != 0 || m24 != 0 { return true }
    let dot = m11 * m21 + m12 * m22
    let lengths = (m11 * m11 + m12 * m12).squareRoot() * (m21 * m21 + m22 * m22).squareRoot()
    // cos of the angle between the axes' images above 1e-3 (0.06° off square).
    return abs(dot) > 1e-3 * lengths
  }
}
