// The texture level-of-detail rule of OpenGL ES 3.0 §3.8.10, defined once:
// ρ is the larger length of the texel-space step of one device pixel in x
// and in y, λ = log2 ρ + bias; λ ≤ 0 magnifies, λ > 0 minifies.

/// λ = log2(max(|∂(u,v)/∂x|, |∂(u,v)/∂y|)) + `bias`, with (u, v) in level-0
/// texels and x, y in device pixels.
@inlinable
public func levelOfDetail(
  dudx: Double, dvdx: Double, dudy: Double, dvdy: Double, bias: Double
) -> Double {
  let rho = max((dudx * dudx + dvdx * dvdx).squareRoot(), (dudy * dudy + dvdy * dvdy).squareRoot())
  return log2(rho) + bias
}

/// How one sample is read, once λ is known.
public enum TextureRead: Hashable, Sendable {
  /// Level 0, nearest texel.
  case nearest
  /// Level 0, bilinear.
  case bilinear
  /// Bilinear in levels ⌊λ⌋ and ⌊λ⌋ + 1, mixed by the fraction of λ
  /// (λ already clamped to the last level).
  case trilinear(lambda: Double)
}

extension Sampling {
  /// The read for a sample whose level of detail is `lambda` (bias
  /// included), on an image with `levels` mip levels.
  @inlinable
  public func read(lambda: Double, levels: Int) -> TextureRead {
    if !(lambda > 0) {  // magnification (NaN too: a degenerate footprint)
      return magnification == .nearest ? .nearest : .bilinear
    }
    switch minification {
    case .nearest: return .nearest
    case .linear: return .bilinear
    case .trilinear: return .trilinear(lambda: min(lambda, Double(max(0, levels - 1))))
    }
  }
}
