// GradientKernel: GradientStage's tile regions handed to CLaminaBlend's
// `lamina_gradient_region` (its rows by `lamina_gradient_row`: AVX2,
// eight pixels a step, chosen at run time; one call per region, not per
// row), which does GradientRow's operations and GradientStage's stores and
// blends in the same order and precision: the same bytes, faster (S5 on a
// loaded host: the Swift rows' shading, interpolation and stores took
// ~5.3 ns a pixel, the C rows ~3.4; Swift's SIMD4<Double> compiles to
// pairs of 128-bit SSE operations for the baseline x86-64 target, and
// the conic's divisions overlap better when its stages run over the
// whole chunk). The Swift path (GradientRow) stays as the portable one,
// for CPUs without AVX2 and for tests that draw both.
//
// Rejected: raising the whole package's target CPU (unsafe flags, which a
// package others depend on cannot carry) and one C call per group of
// pixels (the call and the crossing of the gradient's constants would
// cost as much as the group).
import CLaminaBlend
import Lamina

/// A gradient's constants in the C kernel's layout, with the stops it
/// points to (kept alive, immutable, as long as the kernel).
final class GradientKernel: @unchecked Sendable {
  /// Whether this CPU runs the AVX2 rows (read once).
  static let available = lamina_blend_has_avx2() != 0
  /// Whether this CPU runs the rows compiled for AVX-512 (gradient_wide.c; read once).
  static let wideAvailable = available && lamina_gradient_has_avx512() != 0

  let row: UnsafeMutablePointer<LaminaGradientRow>
  private let locations: UnsafeMutablePointer<Double>
  private let colors: UnsafeMutablePointer<Float>

  /// `wide`: the rows compiled for AVX-512 where the CPU has it (false: AVX2 alone, the same bytes; for tests).
  init(
    _ evaluator: Gradient.Evaluator, inverse: Homography, opacity: Float, gradientRow: GradientRow,
    wide: Bool = GradientKernel.wideAvailable
  ) {
    let n = evaluator.locations.count
    locations = .allocate(capacity: max(1, n))
    colors = .allocate(capacity: max(4, 4 * n))
    for i in 0..<n {
      locations[i] = evaluator.locations[i]
      let c = evaluator.colors[i]
      (colors[4 * i], colors[4 * i + 1], colors[4 * i + 2], colors[4 * i + 3]) = (c.x, c.y, c.z, c.w)
    }
    let m = inverse.m
    var value = LaminaGradientRow()
    value.m = (m.0, m.1, m.2, m.3, m.4, m.5, m.6, m.7, m.8)
    (value.ox, value.oy) = (evaluator.origin.x, evaluator.origin.y)
    (value.vx, value.vy) = (evaluator.vector.x, evaluator.vector.y)
    value.locations = UnsafePointer(locations)
    value.colors = UnsafePointer(colors)
    value.stops = n
    switch evaluator.type {
    case .axial: value.type = 0
    case .radial: value.type = 1
    case .conic: value.type = 2
    }
    value.affine = gradientRow.affine ? 1 : 0
    value.opaque = gradientRow.opaque ? 1 : 0
    value.unit = gradientRow.unit ? 1 : 0
    value.wide = wide && Self.wideAvailable ? 1 : 0
    value.opacity = opacity
    row = .allocate(capacity: 1)
    row.initialize(to: value)
  }

  deinit {
    row.deallocate()
    locations.deallocate()
    colors.deallocate()
  }

  /// Draws a tile region less the rectangles of `hidden` (see
  /// `lamina_gradient_region`): `coverage` (nil: every pixel wholly
  /// inside) and `clip` are planes over the region, `pixels` the target's
  /// bytes, `width` pixels a row.
  @inline(__always)
  func draw(
    region: PixelRect, skipping hidden: HiddenRects, coverage: UnsafePointer<Float>?, clip: UnsafePointer<Float>?,
    pixels: UnsafeMutablePointer<UInt8>, width: Int
  ) {
    lamina_gradient_region(
      row, region.x0, region.y0, region.x1, region.y1, hidden.rects, hidden.count, coverage, clip, pixels, width)
  }
}
