// AlphaGrid: one Float channel over a source surface's pixels, padded so a
// blur can spread past the surface's edge; the shadow a surface casts is
// read from it (CompositeStage), nearest or bilinear. Made by `blurredAlpha`
// (Blur.swift). Rejected: an RGBA Raster for it (four times the memory and
// bandwidth for the one channel a shadow needs).

/// A single-channel grid over source-surface pixels: texel (i, j) has its
/// centre at source coordinates (i − pad + ½, j − pad + ½); zero outside.
final class AlphaGrid: @unchecked Sendable {
  let width: Int, height: Int, pad: Int
  let values: UnsafeMutablePointer<Float>

  init(width: Int, height: Int, pad: Int) {
    self.width = width; self.height = height; self.pad = pad
    values = .allocate(capacity: max(1, width * height))
    values.initialize(repeating: 0, count: max(1, width * height))
  }

  deinit { values.deallocate() }

  @inline(__always)
  func fetch(_ i: Int, _ j: Int) -> Float {
    guard i >= 0, j >= 0, i < width, j < height else { return 0 }
    return values[j * width + i]
  }

  /// The value at source coordinates (u, v): nearest texel, or bilinear.
  @inline(__always)
  func sample(_ u: Double, _ v: Double, nearest: Bool) -> Float {
    let x = max(-4, min(1e9, u + Double(pad))), y = max(-4, min(1e9, v + Double(pad)))
    if nearest { return fetch(Int(x.rounded(.down)), Int(y.rounded(.down))) }
    let fx = (x - 0.5).rounded(.down), fy = (y - 0.5).rounded(.down)
    let i = Int(fx), j = Int(fy)
    let tx = Float(x - 0.5 - fx), ty = Float(y - 0.5 - fy)
    let top = fetch(i, j) + (fetch(i + 1, j) - fetch(i, j)) * tx
    let bottom = fetch(i, j + 1) + (fetch(i + 1, j + 1) - fetch(i, j + 1)) * tx
    return top + (bottom - top) * ty
  }
}
