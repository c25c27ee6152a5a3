// GradientStage: a gradient layer's gradient over its rounded bounds
// (mirrors Shaders/gradient.frag). Each pixel centre maps back to local
// space through the inverse homography (exact under perspective), takes the
// colour at its t by Lamina's `Gradient.Evaluator` (the one definition of
// t and of the stops' interpolation), premultiplied; the outline's exact
// area coverage (the rounded rectangle's projected outline, as ShapeStage
// rasterizes it) × clips × opacity, source-over. The colour is sampled at
// the centre, not averaged over the pixel: a hard stop is a hard edge, as
// the GL shader draws it.
//
// Speed (issue 16, S5: 200 gradient layers, ~5.2 million pixels a frame):
// the per-pixel loop cost 184 ms of CPU a frame (35 ns a pixel: libm's
// atan2 17%, the stop search 13%, the rest the closure's scalar Double
// maths and the outline accumulated over every tile). Now a row's
// covered span is shaded four pixels at a time by GradientRow (the
// Evaluator's operations lane by lane, so the same bits; conic through
// vectorAtan2, within 2 ulps of libm's), groups of four opaque colours at
// full coverage are stored as packed bytes (blendPixel's own store path),
// other pixels go through blendPixel; OutlineCoverage accumulates only the
// edges that reach a tile and writes wholly-inside regions as 1. S5 went
// to ~46 ms of CPU a frame with the same bytes (GradientFastPathTests).
//
// Rejected: a stamp of the colours (they depend on the position in the
// gradient, so no two draws share one); stepping t by a constant per
// pixel under an affine matrix (the rounding would drift from the
// per-pixel definition the shader follows); and a lookup table of colours
// over t, as Blend2D and Skia draw gradients (the fastest way, 1–2 ns a
// pixel, but it rounds t to the table's step: hard stops move by up to a
// step and ramps by up to half a level, so the reference would no longer
// draw the definition GL is checked against).
import Lamina

struct GradientStage: PreparedDraw {
  let inverse: Homography
  let row: GradientRow
  let outline: OutlineCoverage
  let opacity: Float
  let clips: PreparedClips
  let bounds: PixelRect

  init?(_ draw: GradientDraw, limit: PixelRect) {
    let h = Homography(draw.matrix)
    guard let inverse = h.inverse, draw.opacity > 0, let evaluator = Gradient.Evaluator(draw.gradient),
      !draw.shape.rect.isEmpty
    else { return nil }
    self.inverse = inverse
    row = GradientRow(evaluator, inverse: inverse)
    opacity = min(1, draw.opacity)
    clips = PreparedClips(draw.clips, within: limit)
    let polygon = projectedOutline(draw.shape, h)
    bounds = pixelBounds(polygon, within: clips.bounds)
    guard !bounds.isEmpty else { return nil }
    outline = OutlineCoverage(polygon, bounds: bounds)
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    if skip == region { return }
    let clipped = !clips.isEmpty
    if clipped { clips.render(region, scratch) }
    _ = outline.resolve(region, scratch.accumulator, into: scratch.coverage)
    let pixels = target.pixels, width = target.width, opacity = opacity, row = row
    let w = region.width, coverage = scratch.coverage, clip = scratch.clip
    let ts = scratch.gradientT, colors = scratch.gradientColors, size = TileScratch.size
    forEachSpan(region, skipping: skip) { y, x0, x1 in
      let j = y - region.y0
      // k = coverage × clip, as forEachCoveredPixel has it.
      @inline(__always) func k(_ x: Int) -> Float {
        let i = j * w + x - region.x0
        return clipped ? coverage[i] * clip[i] : coverage[i]
      }
      // Only the pixels from the first to the last one covered.
      var a = x0, b = x1
      while a < b && !(k(a) > 0) { a += 1 }
      while b > a && !(k(b - 1) > 0) { b -= 1 }
      guard a < b else { return }
      row.shade(row: y, x0: a, count: b - a, ts: ts, colors: colors)
      let line = pixels + y * width * 4
      var x = a
      // Four pixels of full coverage and opaque colours: their bytes, stored.
      while x + 4 <= b {
        let i = j * w + x - region.x0, c = x - a
        var kk = UnsafeRawPointer(coverage + i).loadUnaligned(as: SIMD4<Float>.self)
        if clipped { kk *= UnsafeRawPointer(clip + i).loadUnaligned(as: SIMD4<Float>.self) }
        kk *= opacity
        let alpha = UnsafeRawPointer(colors + 3 * size + c).loadUnaligned(as: SIMD4<Float>.self)
        if all(kk .>= 1) && all(alpha .>= 1) {
          let r = UnsafeRawPointer(colors + c).loadUnaligned(as: SIMD4<Float>.self)
          let g = UnsafeRawPointer(colors + size + c).loadUnaligned(as: SIMD4<Float>.self)
          let bl = UnsafeRawPointer(colors + 2 * size + c).loadUnaligned(as: SIMD4<Float>.self)
          let out = row.unit ? packedOpaquePixels(r, g, bl) : packedPixels(r, g, bl, alpha)
          UnsafeMutableRawPointer(line + x * 4).storeBytes(of: out, as: SIMD4<UInt32>.self)
          x += 4
          continue
        }
        for l in x..<(x + 4) { blendOne(l) }
        x += 4
      }
      while x < b {
        blendOne(x)
        x += 1
      }
      // The definition's step for one pixel: skipped where k is 0 or t NaN.
      @inline(__always) func blendOne(_ x: Int) {
        let kx = k(x), c = x - a
        let alpha = colors[3 * size + c]
        guard kx > 0, !alpha.isNaN else { return }
        let color = SIMD4(colors[c], colors[size + c], colors[2 * size + c], alpha)
        blendPixel(line + x * 4, color, kx * opacity)
      }
    }
  }
}
