// Homography: the 2D projective part of a command's matrix (rows and
// columns x, y, w of the row-vector Transform3D; z is dropped because
// every plan point has z = 0 and only X/W, Y/W are used), its inverse in
// the layout the shaders read, and the target-pixel box a local rectangle
// covers (where to put the draw's quad).

import Foundation
import Lamina

struct Homography {
  /// Row-major 3×3, row vectors: (x, y, 1)·H = (X, Y, W).
  let m: [Double]

  init(_ t: Transform3D) {
    m = [t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44]
  }

  init(rows m: [Double]) { self.m = m }

  /// The inverse, or nil when singular or not finite.
  var inverse: Homography? {
    guard m.allSatisfy(\.isFinite) else { return nil }
    let a = m[0], b = m[1], c = m[2], d = m[3], e = m[4], f = m[5], g = m[6], h = m[7], i = m[8]
    let c00 = e * i - f * h, c01 = -(d * i - f * g), c02 = d * h - e * g
    let det = a * c00 + b * c01 + c * c02
    let scale = m.map(abs).max() ?? 0
    guard det.isFinite, abs(det) > 1e-12 * max(scale * scale * scale, 1e-300) else { return nil }
    let inv = [
      c00, -(b * i - c * h), b * f - c * e,
      c01, a * i - c * g, -(a * f - c * d),
      c02, -(a * h - b * g), a * e - b * d,
    ].map { $0 / det }
    return Homography(rows: inv)
  }

  /// The 9 floats for `glUniformMatrix3fv(transpose: false)` such that the
  /// shader's `inverse * vec3(pixel, 1)` is the row-vector product.
  var uniform: [Float] { m.map(Float.init) }

  /// (X/W, Y/W), or nil where W is not safely positive.
  func project(_ x: Double, _ y: Double) -> (Double, Double)? {
    let X = x * m[0] + y * m[3] + m[6]
    let Y = x * m[1] + y * m[4] + m[7]
    let W = x * m[2] + y * m[5] + m[8]
    guard W > 1e-9 else { return nil }
    return (X / W, Y / W)
  }

  /// The target-pixel box covered by `rect`, grown by one pixel for
  /// anti-aliasing and clamped to the target; the whole target when a
  /// corner is behind the eye; nil when nothing is on the target.
  func pixelBounds(of rect: CGRect, width: Int, height: Int) -> (Float, Float, Float, Float)? {
    let corners = [
      (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY),
    ]
    var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
    for (x, y) in corners {
      guard let (X, Y) = project(Double(x), Double(y)), X.isFinite, Y.isFinite else {
        return (0, 0, Float(width), Float(height))
      }
      x0 = min(x0, X); y0 = min(y0, Y); x1 = max(x1, X); y1 = max(y1, Y)
    }
    x0 = max(0, (x0 - 1).rounded(.down)); y0 = max(0, (y0 - 1).rounded(.down))
    x1 = min(Double(width), (x1 + 1).rounded(.up)); y1 = min(Double(height), (y1 + 1).rounded(.up))
    guard x1 > x0, y1 > y0 else { return nil }
    return (Float(x0), Float(y0), Float(x1), Float(y1))
  }
}

extension CGRect {
  /// (minX, minY, maxX, maxY) for a `vec4` uniform.
  var edges: [Float] { [Float(minX), Float(minY), Float(maxX), Float(maxY)] }
}

extension RoundedRect {
  var radiiUniform: [Float] { (0..<4).map { $0 < radii.count ? Float(max(0, radii[$0])) : 0 } }
}
