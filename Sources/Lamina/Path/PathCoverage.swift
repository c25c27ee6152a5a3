// PathCoverage: a path filled with the non-zero rule as a coverage grid, the
// lowering's `shadowPath`. The path is transformed, flattened to chords
// within `rasterTolerance`, and handed to `FillSweep`, which adds the
// boundary of its non-zero region to a `CoverageAccumulator` one pixel row
// at a time: the exact area of every pixel inside the flattened path.

extension Path {
  /// The flattening tolerance of `coverageImage`, in device pixels.
  public static let rasterTolerance = 0.005

  /// A premultiplied white image of the path filled with the non-zero rule
  /// after `transform` (path space to pixel space, y down, pixel (x, y)
  /// covering [x, x+1)×[y, y+1)): each pixel holds r = g = b = a =
  /// round(coverage × 255), coverage being the exact area of the pixel
  /// inside the path. Subpaths with non-finite points are left out, points
  /// are clamped to ±10⁹ px, and a size whose byte count overflows `Int`
  /// gives a 0×0 image.
  public func coverageImage(transform: CGAffineTransform, width: Int, height: Int) -> Image {
    var w = max(width, 0)
    var h = max(height, 0)
    // Sizes whose byte count overflows cannot be allocated: an empty image.
    if w.multipliedReportingOverflow(by: h).overflow
      || (w * h).multipliedReportingOverflow(by: 4).overflow
    {
      (w, h) = (0, 0)
    }
    let coverage = coverageGrid(transform: transform, width: w, height: h)
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    // Four equal bytes per pixel: one 32-bit store, whatever the byte order.
    pixels.withUnsafeMutableBytes { raw in
      let words = raw.bindMemory(to: UInt32.self)
      coverage.withUnsafeBufferPointer { values in
        for i in values.indices where values[i] > 0 {
          words[i] = UInt32((min(values[i], 1) * 255).rounded()) &* 0x0101_0101
        }
      }
    }
    return Image(width: w, height: h, premultipliedPixels: pixels)
  }

  /// The coverage (0…1) of every pixel, rows top-down: the values behind
  /// `coverageImage`, unrounded (but within 10⁻⁵ of 1 made 1, as
  /// `CoverageAccumulator.resolve` does). `width × height` must be allocatable.
  public func coverageGrid(transform: CGAffineTransform, width: Int, height: Int) -> [Float] {
    let polylines = applying(transform).flattened(tolerance: Path.rasterTolerance)
      .filter { $0.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
      .map { $0.map { SIMD2(Double($0.x), Double($0.y)) } }
    var sweep = FillSweep(polylines)
    return sweep.coverage(width: max(width, 0), height: max(height, 0))
  }
}
