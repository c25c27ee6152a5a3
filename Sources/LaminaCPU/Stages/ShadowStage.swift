// ShadowStage: the Gaussian shadow of a rounded rectangle (mirrors
// Shaders/shadow.frag). Each pixel centre maps back to local space and
// takes `RoundedRectShadow.value` (exact erf products for the rectangle, a
// Gauss–Legendre boundary integral for rounded corners) × the anti-aliased
// coverage of `extent` × clips × colour. σ = 0 is plain coverage.
//
// Speed: under an axis-aligned affine matrix the values only depend on the
// shape, σ, the scale and the fractional part of the translation, so they
// are computed once into a `Stamp` (Raster/Stamp.swift) and reused by every
// identical shadow, in this frame and later ones (a grid of equal cards
// computes one). Reusing a retained stamp is exact: its key holds every
// input of the values (shape, σ, extent, scale, sub-pixel offset), and the
// cache keeps only the stamps the last frame used (StampCache). Per stamp
// and alpha, `LiveSpans` bounds each row to the pixels the colour can
// change (a·k·255 ≥ ½; the far tail of a large σ rounds to nothing), and
// `SpanBlender` blends eight or four pixels at a time, byte-identical to
// `blendPixel`. Pixels a later opaque shape overwrites are skipped. Where
// the surface still shows its backdrop, the results come from the stamp's
// `PreblendedStamp` (copied outright in a region no earlier command
// touched), so a wide σ costs little more than a narrow one.
//
// Rejected: evaluating the edges from two 1-D tables (f(x)·g(y)) each frame
// instead of reading the stamp. Exact only where no corner term applies,
// and the stamp read is ~20% of the blend (measured: a stamp read from two
// cached rows only), so the gain is bounded by that.
import Dispatch
import Lamina

/// Direct evaluation of a shadow over a region, into `scratch.coverage`.
/// A class: a stage reads it for every tile and part it draws, and a copy
/// of the ~250-byte value with its arrays' retains per tile was ~2 % of a
/// cold S1-frac.
final class ShadowEvaluator: Sendable {
  let inverse: Homography
  let shadow: RoundedRectShadow
  /// The extent in target pixels.
  let extent: [SIMD2<Double>]
  /// Its bounding box: the extent itself under an axis-aligned map.
  let extentBox: (lo: SIMD2<Double>, hi: SIMD2<Double>)

  init(inverse: Homography, shadow: RoundedRectShadow, extent: [SIMD2<Double>]) {
    (self.inverse, self.shadow, self.extent) = (inverse, shadow, extent)
    var lo = extent.first ?? .zero, hi = lo
    for p in extent {
      lo = pointwiseMin(lo, p)
      hi = pointwiseMax(hi, p)
    }
    extentBox = (lo, hi)
  }

  /// Whether the values are evaluated on grids (x from the column, y from
  /// the row), so any part of a region can be evaluated on its own.
  var isAxisAligned: Bool {
    let m = inverse.m
    return m.1 == 0 && m.2 == 0 && m.3 == 0 && m.5 == 0 && m.8 > 0
  }

  /// The values of `parts` (rectangles inside `region`), laid out as
  /// `region` in `scratch.coverage`; the other pixels are left unspecified.
  /// Only for an axis-aligned evaluator.
  func evaluate(parts: UnsafeBufferPointer<PixelRect>, in region: PixelRect, _ scratch: TileScratch) {
    for part in parts { evaluateGrid(part, in: region, scratch) }
  }

  /// `skip`: pixels nobody reads (a later opaque shape covers them); their
  /// coverage is left unspecified. A value is a function of its pixel
  /// alone, so the others' bits do not depend on it.
  func evaluate(_ region: PixelRect, _ scratch: TileScratch, skipping skip: PixelRect = .empty) {
    let w = region.width
    let m = inverse.m
    if m.1 == 0 && m.2 == 0 && m.3 == 0 && m.5 == 0 {
      // Axis-aligned: x depends on the column only and y on the row (the
      // zero terms add nothing and w is m.8 everywhere), so the shadow is
      // evaluated on the grid, with the same bits as point by point; each
      // part of the region outside `skip` is a grid of its own.
      guard m.8 > 0 else {
        scratch.coverage.update(repeating: 0, count: w * region.height)
        return
      }
      for part in region.subtracting(skip.intersection(region)) { evaluateGrid(part, in: region, scratch) }
      return
    }
    scratch.accumulator.begin(region)
    scratch.accumulator.add(extent)
    scratch.accumulator.resolve(into: scratch.coverage)
    forEachSpan(region, skipping: skip) { y, x0, x1 in
      let j = y - region.y0
      for i in (x0 - region.x0)..<(x1 - region.x0) {
        let c = scratch.coverage[j * w + i]
        guard c > 0 else { continue }
        let v = inverse.apply(Double(region.x0 + i) + 0.5, Double(y) + 0.5)
        guard v.z > 0 else {
          scratch.coverage[j * w + i] = 0
          continue
        }
        scratch.coverage[j * w + i] = c * Float(shadow.value(x: v.x / v.z, y: v.y / v.z))
      }
    }
  }

  /// The axis-aligned values of `part` (within `region`, whose layout
  /// `scratch.coverage` has) times the extent's coverage there: an
  /// axis-aligned rectangle, so the product of each pixel column's and
  /// row's overlap with it, the exact area (as the accumulator resolves,
  /// within 1e-5 of full is full).
  private func evaluateGrid(_ part: PixelRect, in region: PixelRect, _ scratch: TileScratch) {
    let w = part.width, h = part.height
    let y0 = Double(part.y0) + 0.5, x0 = Double(part.x0) + 0.5
    let xs = scratch.shadowGrid.doubles(w + h + w * h), ys = xs + w, values = ys + h
    for i in 0..<w {
      let v = inverse.apply(Double(part.x0 + i) + 0.5, y0)
      xs[i] = v.x / v.z
    }
    for j in 0..<h {
      let v = inverse.apply(x0, Double(part.y0 + j) + 0.5)
      ys[j] = v.y / v.z
    }
    shadow.values(
      xs: UnsafeBufferPointer(start: xs, count: w), ys: UnsafeBufferPointer(start: ys, count: h), into: values,
      workspace: scratch.shadowFactors)
    let columns = scratch.extentColumns, (lo, hi) = extentBox
    for i in 0..<w { columns[i] = pixelOverlap(part.x0 + i, lo.x, hi.x) }
    for j in 0..<h {
      let row = scratch.coverage + (part.y0 - region.y0 + j) * region.width + (part.x0 - region.x0)
      let a = pixelOverlap(part.y0 + j, lo.y, hi.y), v = values + j * w
      for i in 0..<w {
        let c = Float(columns[i] * a)
        row[i] = c > 0.99999 ? Float(v[i]) : (c > 0 ? c * Float(v[i]) : c)
      }
    }
  }
}

struct ShadowStage: PreparedDraw {
  enum Source: Sendable {
    /// `live`: the stamp rows' columns this colour can change;
    /// `preblended`: the stamp blended over the surface's backdrop.
    case stamp(Stamp, dx: Int, dy: Int, live: LiveSpans?, preblended: PreblendedStamp?)
    /// A stamp made in this frame's preparation and filled at its end,
    /// with the others (StampCache.fillPending): `stamped()` then reads it
    /// for its live spans and preblended table. `backdrop`: the surface's.
    case pending(Stamp, dx: Int, dy: Int, backdrop: UInt32)
    case direct(ShadowEvaluator)
    /// A stamp's values evaluated tile by tile instead of kept (a key met
    /// for the first time, or past the stamp budget): the evaluator is in
    /// the stamp's pixel grid, placed at (dx, dy), so the values are the
    /// stamp's (StampCache).
    case unstamped(ShadowEvaluator, dx: Int, dy: Int)
    case hard([SIMD2<Double>])
  }
  let source: Source
  let color: SIMD4<Float>
  let clips: PreparedClips
  let bounds: PixelRect

  /// `backdrop`: the packed pixel the surface was filled with.
  init?(_ draw: ShadowDraw, limit: PixelRect, stamps: StampCache, backdrop: UInt32) {
    color = SIMD4(draw.color.r, draw.color.g, draw.color.b, draw.color.a)
    guard color.w > 0, draw.sigma.isFinite, draw.sigma >= 0 else { return nil }
    let h = Homography(draw.matrix)
    clips = PreparedClips(draw.clips, within: limit)
    let scale = h.maxScale(over: draw.extent)
    if draw.sigma * scale < 1e-3 {
      let outline = projectedOutline(draw.shape, h)
      source = .hard(outline)
      bounds = pixelBounds(outline, within: clips.bounds)
    } else if let (placement, dx, dy) = StampPlacement.of(h, covering: draw.extent) {
      let key = StampKey.shadow(shape: draw.shape, sigma: draw.sigma, extent: draw.extent, placement: placement)
      let c = placement.homography
      let extent = c.project(draw.extent.polygon)
      let area = pixelBounds(extent, within: unlimited)
      // Made only when needed: the shadow's tables cost more than a kept
      // stamp's lookup (S1's 1,000 equal cards share one).
      let evaluator = {
        ShadowEvaluator(
          inverse: c.inverse!, shadow: stamps.shapes.shadow(shape: draw.shape, sigma: draw.sigma), extent: extent)
      }
      // Its values, live spans and preblended table: about 9 bytes a pixel.
      let estimate = area.width * area.height * 9
      guard let stamp = stamps.stamp(for: key, estimatedBytes: estimate, make: {
        let e = evaluator()
        return Stamp(deferred: area, evaluate: { e.evaluate($0, $1) })
      }) else {
        source = .unstamped(evaluator(), dx: dx, dy: dy)
        bounds = area.offsetBy(dx: dx, dy: dy).intersection(clips.bounds)
        guard !bounds.isEmpty else { return nil }
        return
      }
      let r = stamp.rect
      if clips.isEmpty, stamp.isFilled {
        (source, bounds) = Self.fromStamp(
          stamp, dx: dx, dy: dy, color: color, backdrop: backdrop, within: clips.bounds)
      } else if clips.isEmpty {
        source = .pending(stamp, dx: dx, dy: dy, backdrop: backdrop)
        bounds = r.offsetBy(dx: dx, dy: dy).intersection(clips.bounds)
      } else {
        source = .stamp(stamp, dx: dx, dy: dy, live: nil, preblended: nil)
        bounds = r.offsetBy(dx: dx, dy: dy)
          .intersection(clips.bounds)
      }
    } else {
      guard let inverse = h.inverse else { return nil }
      let evaluator = ShadowEvaluator(
        inverse: inverse, shadow: stamps.shapes.shadow(shape: draw.shape, sigma: draw.sigma),
        extent: h.project(draw.extent.polygon))
      source = .direct(evaluator)
      bounds = pixelBounds(evaluator.extent, within: clips.bounds)
    }
    guard !bounds.isEmpty else { return nil }
  }

  /// An unclipped shadow drawn from its filled stamp, each row bounded by
  /// its live spans. Clip values may exceed 1 by a rounding, so the spans
  /// (which assume k ≤ the stamp's value) serve unclipped shadows only.
  private static func fromStamp(
    _ stamp: Stamp, dx: Int, dy: Int, color: SIMD4<Float>, backdrop: UInt32, within limit: PixelRect
  ) -> (Source, PixelRect) {
    let spans = stamp.liveSpans.spans(of: stamp, alpha: color.w)
    let table = stamp.preblends.table(of: stamp, color: color, backdrop: backdrop, live: spans)
    let r = stamp.rect, b = spans.bounds
    let bounds = PixelRect(x0: r.x0 + b.x0 + dx, y0: r.y0 + b.y0 + dy, x1: r.x0 + b.x1 + dx, y1: r.y0 + b.y1 + dy)
    return (.stamp(stamp, dx: dx, dy: dy, live: spans, preblended: table), bounds.intersection(limit))
  }

  private init(source: Source, bounds: PixelRect, color: SIMD4<Float>, clips: PreparedClips) {
    (self.source, self.bounds, self.color, self.clips) = (source, bounds, color, clips)
  }

  /// Whether it waits for its stamp (`stamped()` after the stamps are filled).
  var waitsForStamp: Bool {
    if case .pending = source { return true }
    return false
  }

  /// The stage drawn from its stamp once `StampCache.fillPending` has
  /// filled it (bounds possibly empty: nothing to draw); itself otherwise.
  func stamped() -> ShadowStage {
    guard case .pending(let stamp, let dx, let dy, let backdrop) = source, stamp.isFilled else { return self }
    let (source, bounds) = Self.fromStamp(
      stamp, dx: dx, dy: dy, color: color, backdrop: backdrop, within: clips.bounds)
    return ShadowStage(source: source, bounds: bounds, color: color, clips: clips)
  }

  /// Every pixel some later opaque shape hides is skipped, not only the
  /// largest rectangle's, where the values are evaluated here on grids:
  /// the region's visible parts are evaluated each on its own (a value
  /// does not depend on the region asked). In S1-frac a card's shadow lies
  /// under its own card's cross and the later cards beside and below it.
  func draw(
    _ region: PixelRect, skipping hidden: HiddenRects, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    guard case .unstamped(let evaluator, let dx, let dy) = source, clips.isEmpty, evaluator.isAxisAligned else {
      return draw(region, skipping: hidden.largest, pristine: pristine, into: target, scratch: scratch)
    }
    guard let parts = hidden.visibleParts(of: region, movedBy: dx, dy, in: scratch) else { return }
    evaluator.evaluate(parts: parts, in: region.offsetBy(dx: -dx, dy: -dy), scratch)
    let w = region.width, blender = SpanBlender(color), values = scratch.coverage
    let pixels = target.pixels, width = target.width
    hidden.forEachSpan(region) { y, x0, x1 in
      blender.blend(
        pixels + (y * width + x0) * 4, values + (y - region.y0) * w + (x0 - region.x0), clip: nil, count: x1 - x0)
    }
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    if !clips.isEmpty { clips.render(region, scratch) }
    var values = scratch.coverage
    var stride = region.width
    var live: LiveSpans? = nil
    var liveOrigin = (x: 0, y: 0)
    var preblended: (pixels: UnsafeMutablePointer<UInt32>, backdrop: UInt32)? = nil
    switch source {
    case .stamp(let stamp, let dx, let dy, let spans, let table):
      (values, stride) = stamp.values(for: region, dx: dx, dy: dy)
      live = spans
      // The table is laid out as the stamp's values.
      preblended = table.map { ($0.pixels + (values - stamp.values), $0.backdrop) }
      liveOrigin = (stamp.rect.x0 + dx, stamp.rect.y0 + dy)
    case .pending(let stamp, let dx, let dy, _):
      // Not replaced by `stamped()`: the filled values, every row whole.
      (values, stride) = stamp.values(for: region, dx: dx, dy: dy)
    case .direct(let evaluator):
      evaluator.evaluate(region, scratch, skipping: skip)
    case .unstamped(let evaluator, let dx, let dy):
      evaluator.evaluate(region.offsetBy(dx: -dx, dy: -dy), scratch, skipping: skip.offsetBy(dx: -dx, dy: -dy))
    case .hard(let outline):
      scratch.accumulator.begin(region)
      scratch.accumulator.add(outline)
      scratch.accumulator.resolve(into: scratch.coverage)
    }
    let w = region.width, blender = SpanBlender(color), clip = clips.isEmpty ? nil : scratch.clip
    let pixels = target.pixels, width = target.width
    forEachSpan(region, skipping: skip) { y, x0, x1 in
      var x0 = x0, x1 = x1
      if let live {
        let row = y - liveOrigin.y
        x0 = max(x0, Int(live.lower[row]) + liveOrigin.x)
        x1 = min(x1, Int(live.upper[row]) + liveOrigin.x)
        guard x0 < x1 else { return }
      }
      let j = y - region.y0, i = x0 - region.x0
      if let preblended {
        let from = preblended.pixels + j * stride + i
        if pristine {
          // Every pixel is the backdrop: the results are the table's.
          UnsafeMutableRawPointer(pixels + (y * width + x0) * 4).copyMemory(from: from, byteCount: (x1 - x0) * 4)
          return
        }
        blender.blend(
          pixels + (y * width + x0) * 4, values + j * stride + i, preblended: from,
          backdrop: preblended.backdrop, count: x1 - x0)
        return
      }
      blender.blend(
        pixels + (y * width + x0) * 4, values + j * stride + i, clip: clip.map { $0 + j * w + i }, count: x1 - x0)
    }
  }
}
