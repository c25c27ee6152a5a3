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
// Rejected: a stamp of the colours (they depend on the position in the
// gradient, so no two draws share one), and stepping t by a constant per
// pixel under an affine matrix (the rounding would drift from the
// per-pixel definition the shader follows).
import Lamina

struct GradientStage: PreparedDraw {
  let inverse: Homography
  let evaluator: Gradient.Evaluator
  let outline: [SIMD2<Double>]
  let opacity: Float
  let clips: PreparedClips
  let bounds: PixelRect

  init?(_ draw: GradientDraw, limit: PixelRect) {
    let h = Homography(draw.matrix)
    guard let inverse = h.inverse, draw.opacity > 0, let evaluator = Gradient.Evaluator(draw.gradient),
      !draw.shape.rect.isEmpty
    else { return nil }
    self.inverse = inverse
    self.evaluator = evaluator
    opacity = min(1, draw.opacity)
    clips = PreparedClips(draw.clips, within: limit)
    outline = projectedOutline(draw.shape, h)
    bounds = pixelBounds(outline, within: clips.bounds)
    guard !bounds.isEmpty else { return nil }
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    if skip == region { return }
    if !clips.isEmpty { clips.render(region, scratch) }
    scratch.accumulator.begin(region)
    scratch.accumulator.add(outline)
    scratch.accumulator.resolve(into: scratch.coverage)
    let m = inverse.m
    let pixels = target.pixels, opacity = opacity
    forEachCoveredPixel(region, skipping: skip, width: target.width, scratch: scratch, clipped: !clips.isEmpty) {
      index, X, Y, k in
      // The centre's local point; none behind the viewer (w ≤ 0).
      let z = X * m.2 + Y * m.5 + m.8
      guard z > 0 else { return }
      let x = (X * m.0 + Y * m.3 + m.6) / z, y = (X * m.1 + Y * m.4 + m.7) / z
      // A centre so near the vanishing line that it overflows draws nothing, as in the shader.
      let t = evaluator.t(x, y)
      guard !t.isNaN else { return }
      blendPixel(pixels + index * 4, evaluator.premultipliedColor(at: t), k * opacity)
    }
  }
}
