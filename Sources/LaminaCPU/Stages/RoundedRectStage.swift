// RoundedRectStage: a filled rounded rectangle or a border ring (mirrors
// Shaders/rounded_rect.frag). The outer outline, minus the border's inner edge for a ring,
// is rasterized with exact area coverage; × clips × colour, source-over,
// or blended with the target's pixels by the draw's `blendMode`
// (ModeSpanBlender; such a shape hides nothing, so it has no occluder).
// Spans go through `SpanBlender` (eight pixels a step with AVX2), which is
// `blendPixel` byte for byte, full opaque coverage included; the card of
// S2 was ~60% of its frame as a scalar per-pixel loop (perf, release).
// An axis-aligned shape not served by a kept stamp is evaluated where it is
// drawn by AxisRoundedRectCoverage (products of overlaps, corners
// accumulated in small patches), whose values do not depend on the region
// asked: the stamp's bytes in any tile. Shapes whose corners meet (pills,
// circles) are swept in their stamp's tiles, each kept a frame
// (StampTileMemo), as their bytes depend on the tile's origin.
// Rejected: storing the solid colour over the occluder rectangle without
// reading the values (exact only if the accumulated coverage there is 1.0
// to the last bit, which nothing here proves).
import Lamina

struct RoundedRectStage: PreparedDraw {
  enum Source: Sendable {
    case stamp(Stamp, dx: Int, dy: Int)
    /// A stamp's values computed where they are drawn, in the stamp's own
    /// tiles (a stamp not kept: see StampCache), so they are its bytes.
    /// Each tile is evaluated once a frame, kept in `memo` under `owner`.
    case stampGrid(
      outer: [SIMD2<Double>], border: [SIMD2<Double>]?, rect: PixelRect, dx: Int, dy: Int, memo: StampTileMemo,
      owner: StampTileMemo.Owner)
    case polygons(outer: [SIMD2<Double>], border: [SIMD2<Double>]?)
    /// An axis-aligned shape evaluated where it is drawn, in the stamp's
    /// pixels placed at (dx, dy): the bytes a stamp of it would hold. (A
    /// reference: inline, its ~200 bytes made every prepared rounded
    /// rectangle that size, and S1's steady frame, all stamps, 2–3 % slower.)
    case axisAligned(AxisRoundedRectCoverage, dx: Int, dy: Int)
  }

  /// The coverage of the outline (minus the border's inner edge) over `region`, into
  /// `scratch.coverage` (row stride `region.width`): what a stamp's tile holds.
  static func evaluate(
    _ outer: [SIMD2<Double>], _ border: [SIMD2<Double>]?, _ region: PixelRect, _ scratch: TileScratch
  ) {
    scratch.accumulator.begin(region)
    scratch.accumulator.add(outer)
    if let border { scratch.accumulator.subtract(border) }
    scratch.accumulator.resolve(into: scratch.coverage)
  }
  let source: Source
  let color: SIMD4<Float>
  let blendMode: BlendMode?
  let clips: PreparedClips
  let bounds: PixelRect
  let occluder: PixelRect
  let secondOccluder: PixelRect

  init?(_ draw: RoundedRectDraw, limit: PixelRect, stamps: StampCache) {
    let h = Homography(draw.matrix)
    color = SIMD4(draw.color.r, draw.color.g, draw.color.b, draw.color.a)
    blendMode = draw.blendMode
    guard color.w > 0 || color.x > 0 || color.y > 0 || color.z > 0 else { return nil }
    clips = PreparedClips(draw.clips, within: limit)
    if clips.isEmpty, let (placement, dx, dy) = StampPlacement.of(h, covering: draw.outer.rect) {
      let key = StampKey.roundedRect(outer: draw.outer, border: draw.border, placement: placement)
      // The outlines only when no kept stamp serves (their arcs' sines and
      // cosines were a third of S1's steady frame when made every time).
      let c = placement.homography
      let outlines = { (projectedOutline(draw.outer, c), draw.border.map { projectedOutline($0, c) }) }
      // Corners accumulated apart, the rest by products (a pill or a
      // circle has no such split: its outline is swept); made, as the
      // outlines, only when no kept stamp serves.
      let axisAligned = {
        AxisRoundedRectCoverage(
          outer: draw.outer, border: draw.border, c, tolerance: flatteningTolerance / c.maxScale(over: draw.outer.rect),
          memo: stamps.shapes)
      }
      // Its values and runs: about 5 bytes a pixel of the placed rectangle.
      let box = draw.outer.rect
      let pixels = (Double(box.width) * abs(placement.scaleX) + 2) * (Double(box.height) * abs(placement.scaleY) + 2)
      let area: PixelRect
      if let stamp = stamps.stamp(
        for: key, estimatedBytes: Int(pixels * 5), firstMeeting: pixels > Double(StampCache.stampedAtOnce),
        make: {
        if let axis = axisAligned() { return Stamp(deferred: axis.bounds, evaluate: { axis.evaluate($0, $1) }) }
        let (outer, border) = outlines()
        return Stamp(deferred: pixelBounds(outer, within: unlimited), evaluate: { region, scratch in
          Self.evaluate(outer, border, region, scratch)
        })
      }) {
        source = .stamp(stamp, dx: dx, dy: dy)
        area = stamp.rect
      } else if let axis = axisAligned() {
        area = axis.bounds
        source = .axisAligned(axis, dx: dx, dy: dy)
      } else {
        let (outer, border) = outlines()
        area = pixelBounds(outer, within: unlimited)
        source = .stampGrid(
          outer: outer, border: border, rect: area, dx: dx, dy: dy, memo: stamps.tiles, owner: StampTileMemo.Owner())
      }
      bounds = area.offsetBy(dx: dx, dy: dy).intersection(limit)
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

  /// Every pixel some later opaque shape hides is skipped, not only the
  /// largest rectangle's, where an axis-aligned shape is evaluated here:
  /// its values do not depend on the region asked, so the region's visible
  /// parts are evaluated each on its own.
  func draw(
    _ region: PixelRect, skipping hidden: HiddenRects, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    guard case .axisAligned(let axis, let dx, let dy) = source, clips.isEmpty else {
      return draw(region, skipping: hidden.largest, pristine: pristine, into: target, scratch: scratch)
    }
    guard let parts = hidden.visibleParts(of: region, movedBy: dx, dy, in: scratch) else { return }
    axis.evaluate(parts: parts, in: region.offsetBy(dx: -dx, dy: -dy), scratch)
    let w = region.width, values = scratch.coverage, pixels = target.pixels, width = target.width
    @inline(__always) func spans<B: RowBlender>(_ blender: B) {
      hidden.forEachSpan(region) { y, x0, x1 in
        blender.blend(
          pixels + (y * width + x0) * 4, values + (y - region.y0) * w + (x0 - region.x0), clip: nil, count: x1 - x0)
      }
    }
    if let blendMode { spans(ModeSpanBlender(color, mode: blendMode)) } else { spans(SpanBlender(color)) }
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    // Specialized per blender: a choice per span cost S1's steady frame 6 %.
    if let blendMode {
      draw(region, skipping: skip, into: target, scratch: scratch, ModeSpanBlender(color, mode: blendMode), fills: false)
    } else {
      draw(region, skipping: skip, into: target, scratch: scratch, SpanBlender(color), fills: color.w >= 1)
    }
  }

  /// The region's spans by `blender`; `fills`: full runs of a stamp are
  /// stored as the solid colour (an opaque colour, source-over).
  @inline(__always)
  private func draw<B: RowBlender>(
    _ region: PixelRect, skipping skip: PixelRect, into target: Raster, scratch: TileScratch, _ blender: B,
    fills: Bool
  ) {
    if !clips.isEmpty { clips.render(region, scratch) }
    var values = scratch.coverage
    var stride = region.width
    let w = region.width, clip = clips.isEmpty ? nil : scratch.clip
    let pixels = target.pixels, width = target.width
    switch source {
    case .stamp(let stamp, let dx, let dy):
      (values, stride) = stamp.values(for: region, dx: dx, dy: dy)
      // Stamps serve unclipped shapes: the runs apply as they are.
      let runs = stamp.runs, origin = (x: stamp.rect.x0 + dx, y: stamp.rect.y0 + dy)
      let solid = packed(color)
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
    case .stampGrid(let outer, let border, let rect, let dx, let dy, let memo, let owner):
      // The stamp's tiles that meet the region, each evaluated whole as
      // Stamp.init evaluates it: a region cut elsewhere would round a few
      // edge pixels the other way.
      let local = region.offsetBy(dx: -dx, dy: -dy).intersection(rect)
      guard !local.isEmpty else { return }
      let size = TileScratch.size
      for ty in Swift.stride(from: rect.y0 + (local.y0 - rect.y0) / size * size, to: local.y1, by: size) {
        for tx in Swift.stride(from: rect.x0 + (local.x0 - rect.x0) / size * size, to: local.x1, by: size) {
          let tile = PixelRect(x0: tx, y0: ty, x1: min(rect.x1, tx + size), y1: min(rect.y1, ty + size))
          let drawn = tile.intersection(local).offsetBy(dx: dx, dy: dy)
          // A stamp tile whose part here a later opaque shape hides is not needed.
          if skip.intersection(drawn) == drawn { continue }
          let kept = memo.values(of: tile, for: owner, scratch) { Self.evaluate(outer, border, $0, $1) }
          let values = kept.values, tw = tile.width
          forEachSpan(drawn, skipping: skip) { y, x0, x1 in
            blender.blend(
              pixels + (y * width + x0) * 4, values + (y - dy - tile.y0) * tw + (x0 - dx - tile.x0), clip: nil,
              count: x1 - x0)
          }
          withExtendedLifetime(kept) {}
        }
      }
      return
    case .polygons(let outer, let border):
      Self.evaluate(outer, border, region, scratch)
    case .axisAligned(let axis, let dx, let dy):
      axis.evaluate(region.offsetBy(dx: -dx, dy: -dy), scratch, skipping: skip.offsetBy(dx: -dx, dy: -dy))
    }
    forEachSpan(region, skipping: skip) { y, x0, x1 in
      let j = y - region.y0, i = x0 - region.x0
      blender.blend(
        pixels + (y * width + x0) * 4, values + j * stride + i, clip: clip.map { $0 + j * w + i }, count: x1 - x0)
    }
  }
}

/// One colour × per-pixel values onto a row of pixels: source-over
/// (`SpanBlender`) or under a blend mode (`ModeSpanBlender`).
protocol RowBlender {
  func blend(_ p: UnsafeMutablePointer<UInt8>, _ values: UnsafePointer<Float>, clip: UnsafePointer<Float>?, count: Int)
}

extension SpanBlender: RowBlender {}
extension ModeSpanBlender: RowBlender {}
