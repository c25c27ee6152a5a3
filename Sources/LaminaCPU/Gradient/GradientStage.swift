// GradientStage: a gradient layer's gradient over its rounded bounds
// (mirrors Shaders/gradient.frag). Each pixel centre maps back to local
// space through the inverse homography (exact under perspective), takes the
// colour at its t by Lamina's `Gradient.Evaluator` (the one definition of
// t and of the stops' interpolation), premultiplied; the outline's exact
// area coverage (the rounded rectangle's projected outline, as RoundedRectStage
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
// Then (the same bytes again): spans go to GradientKernel's AVX2 rows
// where the CPU has them; an opaque gradient declares its outline's
// opaque cross as occluder, so earlier layers skip what it hides (S5's
// 5.2 Mpx become 2.15); regions whose drawn pixels are all wholly inside
// need no coverage; stages are kept across frames (GradientStages) with
// their resolved tile coverage (CoverageTiles). S5: 13.5 ms of CPU a
// frame (medians of 5 alternating rounds against 48.0 before, busy host).
// Then both rectangles of the opaque cross are occluders (`occluder`,
// `secondOccluder`), and a region skips every later one that meets it
// (HiddenRects), not the largest: S5 shades 1.67 Mpx a frame, not 1.98.
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

/// Gradient stages kept from one frame to the next, by draw and limit: a
/// stage is immutable once made, and a steady frame (S5: 200 layers)
/// spent ~3 ms of one thread preparing the same outlines, coverage bands
/// and occluders again before any tile (PathCoverages keeps paths' grids
/// the same way).
///
/// A steady frame asks for the same draws in the same order, so the n-th
/// request is compared with the last frame's n-th first (`==` on draws
/// whose arrays and strings share the plan's storage is a few pointer
/// comparisons); only a request that differs hashes its draw (hashing all
/// of S5's 200 draws, matrices and stops, every frame cost ~1.5% of its
/// CPU, on one thread before any tile).
final class GradientStages {
  private struct Key: Hashable {
    let draw: GradientDraw
    let limit: PixelRect
  }
  private typealias Entry = (key: Key, stage: GradientStage?)
  /// The last frame's requests in order, and this frame's.
  private var kept: [Entry] = []
  private var sequence: [Entry] = []
  /// The last frame's stages by key, built at this frame's first miss.
  private var keptIndex: [Key: GradientStage?]? = nil
  /// This frame's stages found by key (one stage for a draw met twice).
  private var made: [Key: GradientStage?] = [:]

  func stage(_ draw: GradientDraw, limit: PixelRect) -> GradientStage? {
    let n = sequence.count
    if n < kept.count, kept[n].key.limit == limit, kept[n].key.draw == draw {
      sequence.append(kept[n])
      return kept[n].stage
    }
    let key = Key(draw: draw, limit: limit)
    if keptIndex == nil {
      keptIndex = Dictionary(kept.map { ($0.key, $0.stage) }, uniquingKeysWith: { first, _ in first })
    }
    let stage = made[key] ?? keptIndex?[key] ?? GradientStage(draw, limit: limit)
    made[key] = stage
    sequence.append((key, stage))
    return stage
  }

  func endFrame() {
    kept = sequence
    sequence.removeAll(keepingCapacity: true)
    keptIndex = nil
    made.removeAll(keepingCapacity: true)
  }
}

struct GradientStage: PreparedDraw {
  let inverse: Homography
  let row: GradientRow
  /// The AVX2 rows (nil: GradientRow's Swift rows).
  let kernel: GradientKernel?
  let outline: OutlineCoverage
  /// The outline's resolved coverage per tile region, kept for later frames.
  let coverageTiles: CoverageTiles
  let opacity: Float
  let clips: PreparedClips
  let bounds: PixelRect
  let occluder: PixelRect
  let secondOccluder: PixelRect

  /// `vectorKernel`: draw rows with GradientKernel where the CPU has AVX2
  /// (false: GradientRow's Swift rows, the same bytes; for tests);
  /// `wideKernel`: its rows compiled for AVX-512 where the CPU has it.
  init?(
    _ draw: GradientDraw, limit: PixelRect, vectorKernel: Bool = GradientKernel.available,
    wideKernel: Bool = GradientKernel.wideAvailable
  ) {
    let h = Homography(draw.matrix)
    guard let inverse = h.inverse, draw.opacity > 0, let evaluator = Gradient.Evaluator(draw.gradient),
      !draw.shape.rect.isEmpty
    else { return nil }
    self.inverse = inverse
    row = GradientRow(evaluator, inverse: inverse)
    opacity = min(1, draw.opacity)
    kernel =
      vectorKernel
      ? GradientKernel(evaluator, inverse: inverse, opacity: opacity, gradientRow: row, wide: wideKernel) : nil
    clips = PreparedClips(draw.clips, within: limit)
    let polygon = projectedOutline(draw.shape, h)
    bounds = pixelBounds(polygon, within: clips.bounds)
    guard !bounds.isEmpty else { return nil }
    outline = OutlineCoverage(polygon, bounds: bounds)
    coverageTiles = CoverageTiles(bounds: bounds)
    let cross = Self.opaqueCross(draw, evaluator, opaque: row.opaque, bounds: bounds)
    occluder = cross?.largest ?? .empty
    secondOccluder = cross?.second ?? .empty
  }

  /// The whole pixels an opaque, unfaded, unclipped gradient stores
  /// outright: Lamina's opaque interior of its outline filled with an
  /// opaque colour (`DrawCommand.opaqueInterior`: the cross of whole pixels
  /// under a positive scale and a translation, coverage exactly 1 there),
  /// where every colour has alpha 1 and every t is a number (checked at the
  /// rectangle's corners: t, and every product it is made of, is largest
  /// in magnitude there under such a matrix), so the pixel takes its
  /// colour whatever lay under it. Nil otherwise. (`occluder` is its
  /// larger rectangle, `secondOccluder` the other.)
  static func opaqueCross(_ draw: GradientDraw, _ evaluator: Gradient.Evaluator, opaque: Bool, bounds: PixelRect)
    -> OpaqueInterior?
  {
    guard opaque, draw.opacity >= 1, draw.clips.isEmpty else { return nil }
    let r = draw.shape.rect.standardized
    let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)]
    guard corners.allSatisfy({ evaluator.t(Double($0.0), Double($0.1)).isFinite }) else { return nil }
    let fill = RoundedRectDraw(
      matrix: draw.matrix, outer: draw.shape, border: nil, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 1),
      clips: [], name: draw.header.name)
    return DrawCommand.roundedRect(fill).opaqueInterior(within: bounds, imageIsOpaque: { _ in false })
  }

  /// Whether every pixel of `region` outside `skip` lies wholly inside
  /// the outline (OutlineCoverage's rows of whole pixels).
  private func drawnPixelsInside(_ region: PixelRect, skipping skip: PixelRect) -> Bool {
    let rows = outline.inside, first = outline.firstRow
    guard region.y0 >= first, region.y1 - first <= rows.count else { return false }
    var all = true
    forEachSpan(region, skipping: skip) { y, x0, x1 in
      let row = rows[y - first]
      if row.lo > x0 || row.hi < x1 { all = false }
    }
    return all
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    let h = scratch.hidden
    (h[0], h[1], h[2], h[3]) = (skip.x0, skip.y0, skip.x1, skip.y1)
    let hidden = HiddenRects(rects: h, count: skip.isEmpty ? 0 : 1, largest: skip)
    draw(region, skipping: hidden, pristine: pristine, into: target, scratch: scratch)
  }

  /// Draws the region less every rectangle of `hidden`. (Whether the
  /// drawn pixels are all wholly inside is asked of the region less the
  /// largest rectangle alone: a yes there is a yes for fewer pixels, and
  /// the answer stays kept per region and rectangle, CoverageTiles.)
  func draw(
    _ region: PixelRect, skipping hidden: HiddenRects, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    // (Only the one-rectangle case: a region several rectangles cover
    // costs lamina_gradient_region a scan of its rows, as finding it out
    // here would, for every region; S5 spent 1.6% of its CPU so.)
    if hidden.largest == region { return }
    let skip = hidden.largest
    let clipped = !clips.isEmpty
    if clipped { clips.render(region, scratch) }
    // Every pixel to draw wholly inside (coverage exactly 1): the kernel
    // needs no coverage, and the accumulator is not run.
    let inside =
      kernel != nil && !clipped
      && coverageTiles.inside(region, skipping: skip) { drawnPixelsInside(region, skipping: skip) }
    let coverage = regionCoverage(region, inside: inside, scratch: scratch)
    let clip = scratch.clip
    // The AVX2 rows: the whole region in one call.
    if let kernel {
      kernel.draw(
        region: region, skipping: hidden, coverage: inside ? nil : coverage, clip: clipped ? UnsafePointer(clip) : nil,
        pixels: target.pixels, width: target.width)
      return
    }
    hidden.forEachSpan(region) { y, x0, x1 in
      blendSpan(
        y: y, x0: x0, x1: x1, of: region, coverage: coverage, clip: clip, clipped: clipped, into: target,
        scratch: scratch)
    }
  }

  /// The region's coverage: none to compute when every drawn pixel is
  /// `inside` (the scratch plane, unread), else kept from an earlier frame,
  /// or resolved into the scratch plane (and kept).
  @inline(__always)
  private func regionCoverage(_ region: PixelRect, inside: Bool, scratch: TileScratch) -> UnsafePointer<Float> {
    if inside { return UnsafePointer(scratch.coverage) }
    if let kept = coverageTiles.plane(for: region) { return kept }
    let coverage = UnsafePointer(scratch.coverage)
    if !outline.resolve(region, scratch.accumulator, into: scratch.coverage) {
      coverageTiles.keep(coverage, for: region)
    }
    return coverage
  }

  /// Pixels `x0 ..< x1` of row `y` without the AVX2 kernel: the row's
  /// colours shaded, then blended by coverage × clip (when `clipped`) ×
  /// opacity, four
  /// opaque, wholly covered pixels stored at a time.
  @inline(__always)
  private func blendSpan(
    y: Int, x0: Int, x1: Int, of region: PixelRect, coverage: UnsafePointer<Float>,
    clip: UnsafeMutablePointer<Float>, clipped: Bool, into target: Raster, scratch: TileScratch
  ) {
    let pixels = target.pixels, width = target.width, opacity = opacity, row = row
    let w = region.width
    let ts = scratch.gradientT, colors = scratch.gradientColors, size = TileScratch.size
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
    let line = pixels + y * width * 4
    row.shade(row: y, x0: a, count: b - a, ts: ts, colors: colors)
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
