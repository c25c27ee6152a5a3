// ShapeStage: a filled rounded rectangle or a border ring (mirrors
// Shaders/shape.frag). The outer outline, minus the inner one for a ring,
// is rasterized with exact area coverage; × clips × colour, source-over.
import Lamina

/// A command ready to draw into tiles of one surface.
protocol PreparedDraw: Sendable {
  /// The pixels it may touch.
  var bounds: PixelRect { get }
  /// Draws the part inside `region` (within `bounds` and one tile).
  func draw(_ region: PixelRect, into target: Raster, scratch: TileScratch)
}

struct ShapeStage: PreparedDraw {
  let outer: [SIMD2<Double>]
  let inner: [SIMD2<Double>]?
  let color: SIMD4<Float>
  let clips: PreparedClips
  let bounds: PixelRect

  init?(_ draw: ShapeDraw, limit: PixelRect) {
    let h = Homography(draw.matrix)
    outer = projectedOutline(draw.outer, h)
    inner = draw.inner.map { projectedOutline($0, h) }
    color = SIMD4(draw.color.r, draw.color.g, draw.color.b, draw.color.a)
    clips = PreparedClips(draw.clips, within: limit)
    bounds = pixelBounds(outer, within: clips.bounds)
    guard !bounds.isEmpty, color.w > 0 || color.x > 0 || color.y > 0 || color.z > 0 else { return nil }
  }

  func draw(_ region: PixelRect, into target: Raster, scratch: TileScratch) {
    if !clips.isEmpty { clips.render(region, scratch) }
    scratch.begin(region)
    scratch.add(outer)
    if let inner { scratch.subtract(inner) }
    scratch.resolve(into: scratch.coverage)
    let w = region.width
    for j in 0..<region.height {
      var index = (region.y0 + j) * target.width + region.x0
      for i in 0..<w {
        var k = scratch.coverage[j * w + i]
        if !clips.isEmpty { k *= scratch.clip[j * w + i] }
        if k > 0 { target.blend(index, color, k) }
        index += 1
      }
    }
  }
}
