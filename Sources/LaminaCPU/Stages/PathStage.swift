// PathStage: a shape layer's fill or stroke (mirrors Shaders/path.frag,
// which tints the same coverage read from LaminaGL's atlas). The coverage
// is Lamina's (`PathDraw.coverage`: the lowering's polygons through the
// matrix, filled by the shared sweep with the draw's rule), computed once
// per frame over the draw's pixels before any tile; each tile then blends
// colour × coverage × clips, source-over, through `SpanBlender`.
//
// The coverage is kept from frame to frame (`PathCoverages`, keyed by
// `PathDraw.CoverageKey`, as LaminaGL keeps its uploads), so a steady frame
// sweeps nothing.
//
// Text under a similarity (`PathDraw.glyphPlacements`): a draw's grid,
// when not kept, is assembled from glyph coverages (`GlyphCoverage`, Lamina's
// definition) kept in a `GlyphCoverageCache` under their `GlyphCoverageKey`, so a
// paragraph's first frame fills each (glyph, phase) once, and a draw that
// changes (text scrolled by whole pixels, a line re-wrapped) reuses them.
// LaminaGL keeps the same coverages, under the same key, in its atlas.
//
// Rejected: running the sweep per tile (a stroke's polygons would be cut
// and sorted again for every 64×64 tile they touch, and the sweep's rows
// are already independent of the tiles).
import Lamina

/// Path coverages of this frame and the last, by key: what one frame
/// computes, the next reuses (a value not asked for in a frame is dropped
/// after it). Used while commands are prepared, on one thread.
final class PathCoverages {
  typealias Grid = (rect: PixelRect, values: [Float])
  private var current: [PathDraw.CoverageKey: Grid?] = [:]
  private var previous: [PathDraw.CoverageKey: Grid?] = [:]
  /// The glyph coverages the grids of text draws are assembled from.
  let glyphCoverages = GlyphCoverageCache()

  func coverage(of draw: PathDraw, within limit: PixelRect) -> Grid? {
    let key = draw.coverageKey(within: limit)
    if let kept = current[key] { return kept }
    let grid =
      previous[key] ?? draw.coverage(within: limit, glyphCoverages: draw.glyphs == nil ? nil : glyphCoverages.coverage)
    current[key] = grid
    return grid
  }

  func endFrame() {
    previous = current
    current.removeAll(keepingCapacity: true)
    glyphCoverages.endFrame()
  }
}

struct PathStage: PreparedDraw {
  let coverage: [Float]
  /// The pixels `coverage` holds, row-major.
  let area: PixelRect
  let color: SIMD4<Float>
  let clips: PreparedClips
  let bounds: PixelRect

  init?(_ draw: PathDraw, limit: PixelRect, coverages: PathCoverages) {
    color = SIMD4(draw.color.r, draw.color.g, draw.color.b, draw.color.a)
    guard color.w > 0 || color.x > 0 || color.y > 0 || color.z > 0 else { return nil }
    clips = PreparedClips(draw.clips, within: limit)
    guard !clips.bounds.isEmpty, let grid = coverages.coverage(of: draw, within: clips.bounds) else { return nil }
    coverage = grid.values
    area = grid.rect
    bounds = grid.rect
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    if !clips.isEmpty { clips.render(region, scratch) }
    let w = region.width, blender = SpanBlender(color), clip = clips.isEmpty ? nil : scratch.clip
    let pixels = target.pixels, width = target.width, area = area
    coverage.withUnsafeBufferPointer { values in
      let base = values.baseAddress!
      forEachSpan(region, skipping: skip) { y, x0, x1 in
        let j = y - region.y0, i = x0 - region.x0
        blender.blend(
          pixels + (y * width + x0) * 4, base + (y - area.y0) * area.width + (x0 - area.x0),
          clip: clip.map { $0 + j * w + i }, count: x1 - x0)
      }
    }
  }
}
