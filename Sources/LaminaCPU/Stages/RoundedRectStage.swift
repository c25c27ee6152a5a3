// RoundedRectStage: a filled rounded rectangle or a border ring (mirrors
// Shaders/rounded_rect.frag). The outer outline, minus the border's inner edge for a ring,
// is rasterized with exact area coverage; × clips × colour, source-over.
// Spans go through `SpanBlender` (eight pixels a step with AVX2), which is
// `blendPixel` byte for byte, full opaque coverage included; the card of
// S2 was ~60% of its frame as a scalar per-pixel loop (perf, release).
// Rejected: storing the solid colour over the occluder rectangle without
// reading the values (exact only if the accumulated coverage there is 1.0
// to the last bit, which nothing here proves).
import Lamina

struct RoundedRectStage: PreparedDraw {
  enum Source: Sendable {
    case stamp(Stamp, dx: Int, dy: Int)
    case polygons(outer: [SIMD2<Double>], border: [SIMD2<Double>]?)
  }
  let source: Source
  let color: SIMD4<Float>
  let clips: PreparedClips
  let bounds: PixelRect
  let occluder: PixelRect
  let secondOccluder: PixelRect

  init?(_ draw: RoundedRectDraw, limit: PixelRect, stamps: StampCache) {
    let h = Homography(draw.matrix)
    color = SIMD4(draw.color.r, draw.color.g, draw.color.b, draw.color.a)
    guard color.w > 0 || color.x > 0 || color.y > 0 || color.z > 0 else { return nil }
    clips = PreparedClips(draw.clips, within: limit)
    if clips.isEmpty, let (placement, dx, dy) = StampPlacement.of(h, covering: draw.outer.rect) {
      let key = StampKey.roundedRect(outer: draw.outer, border: draw.border, placement: placement)
      let stamp = stamps.stamp(for: key) {
        let c = placement.homography
        let outer = projectedOutline(draw.outer, c)
        let border = draw.border.map { projectedOutline($0, c) }
        return Stamp(rect: pixelBounds(outer, within: unlimited)) { region, scratch in
          scratch.accumulator.begin(region)
          scratch.accumulator.add(outer)
          if let border { scratch.accumulator.subtract(border) }
          scratch.accumulator.resolve(into: scratch.coverage)
        }
      }
      source = .stamp(stamp, dx: dx, dy: dy)
      let r = stamp.rect
      bounds = r.offsetBy(dx: dx, dy: dy).intersection(limit)
      // Lamina's rule, shared with LaminaGL's occlusion grid.
      let cross = DrawCommand.roundedRect(draw).opaqueInterior(within: bounds, imageIsOpaque: { _ in false })
      (occluder, secondOccluder) = (cross?.largest ?? .empty, cross?.second ?? .empty)
    } else {
      let outer = projectedOutline(draw.outer, h)
      source = .polygons(outer: outer, border: draw.border.map { projectedOutline($0, h) })
      bounds = pixelBounds(outer, within: clips.bounds)
      (occluder, secondOccluder) = (.empty, .empty)
    }
    guard !bounds.isEmpty else { return nil }
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    if !clips.isEmpty { clips.render(region, scratch) }
    var values = scratch.coverage
    var stride = region.width
    let w = region.width, blender = SpanBlender(color), clip = clips.isEmpty ? nil : scratch.clip
    let pixels = target.pixels, width = target.width
    switch source {
    case .stamp(let stamp, let dx, let dy):
      (values, stride) = stamp.values(for: region, dx: dx, dy: dy)
      // Stamps serve unclipped shapes: the runs apply as they are.
      let runs = stamp.runs, origin = (x: stamp.rect.x0 + dx, y: stamp.rect.y0 + dy)
      let solid = packed(color), fills = color.w >= 1
      forEachSpan(region, skipping: skip) { y, x0, x1 in
        let row = values + (y - region.y0) * stride - region.x0
        let line = pixels + y * width * 4
        runs.walk(
          row: y - origin.y, origin: origin.x, from: x0, to: x1, fills: fills,
          blend: { a, b in blender.blend(line + a * 4, row + a, clip: nil, count: b - a) },
          fill: { a, b in
            UnsafeMutableRawPointer(line + a * 4).initializeMemory(as: UInt32.self, repeating: solid, count: b - a)
          })
      }
      return
    case .polygons(let outer, let border):
      scratch.accumulator.begin(region)
      scratch.accumulator.add(outer)
      if let border { scratch.accumulator.subtract(border) }
      scratch.accumulator.resolve(into: scratch.coverage)
    }
    forEachSpan(region, skipping: skip) { y, x0, x1 in
      let j = y - region.y0, i = x0 - region.x0
      blender.blend(
        pixels + (y * width + x0) * 4, values + j * stride + i, clip: clip.map { $0 + j * w + i }, count: x1 - x0)
    }
  }
}
