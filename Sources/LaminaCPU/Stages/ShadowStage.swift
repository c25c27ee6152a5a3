// ShadowStage: the Gaussian shadow of a rounded rectangle (mirrors
// Shaders/shadow.frag). Each pixel centre maps back to local space and
// takes `RoundedRectShadow.value` (exact erf products for the rectangle, a
// Gauss–Legendre boundary integral for rounded corners) × the anti-aliased
// coverage of `extent` × clips × colour. σ = 0 is plain coverage.
//
// Speed: under an axis-aligned affine matrix the values only depend on the
// shape, σ, the scale and the fractional part of the translation, so they
// are computed once into a `ShadowStamp` and reused by every identical
// shadow, in this frame and later ones (a grid of equal cards computes one
// stamp). The stamp holds exactly what direct evaluation would give.
import Dispatch
import Lamina

/// What makes two axis-aligned shadows produce the same pixels up to a
/// whole-pixel shift.
struct ShadowStampKey: Hashable, Sendable {
  var shape: RoundedRect
  var sigma: Double
  var extent: CGRect
  var scaleX: Double, scaleY: Double
  var fractionX: Double, fractionY: Double
}

/// Shadow values over a pixel rectangle, for one `ShadowStampKey`.
final class ShadowStamp: @unchecked Sendable {
  let rect: PixelRect
  let values: UnsafeMutablePointer<Float>

  init(key: ShadowStampKey) {
    let h = Homography((key.scaleX, 0, 0, 0, key.scaleY, 0, key.fractionX, key.fractionY, 1))
    let evaluator = ShadowEvaluator(
      inverse: h.inverse!, shadow: RoundedRectShadow(shape: key.shape, sigma: key.sigma),
      extent: h.project(key.extent.polygon))
    let unlimited = PixelRect(x0: -(1 << 30), y0: -(1 << 30), x1: 1 << 30, y1: 1 << 30)
    rect = pixelBounds(evaluator.extent, within: unlimited)
    values = .allocate(capacity: max(1, rect.width * rect.height))
    let size = TileScratch.size
    let columns = (rect.width + size - 1) / size, rows = (rect.height + size - 1) / size
    let rect = self.rect, stamp = self
    DispatchQueue.concurrentPerform(iterations: columns * rows) { t in
      let scratch = TileScratch()
      let x0 = rect.x0 + (t % columns) * size, y0 = rect.y0 + (t / columns) * size
      let region = PixelRect(x0: x0, y0: y0, x1: min(rect.x1, x0 + size), y1: min(rect.y1, y0 + size))
      evaluator.evaluate(region, scratch)
      for j in 0..<region.height {
        let dst = stamp.values + (region.y0 - rect.y0 + j) * rect.width + (region.x0 - rect.x0)
        dst.update(from: scratch.coverage + j * region.width, count: region.width)
      }
    }
  }

  deinit { values.deallocate() }
}

/// Direct evaluation of a shadow over a region, into `scratch.coverage`.
struct ShadowEvaluator: Sendable {
  let inverse: Homography
  let shadow: RoundedRectShadow
  /// The extent in target pixels.
  let extent: [SIMD2<Double>]

  func evaluate(_ region: PixelRect, _ scratch: TileScratch) {
    scratch.begin(region)
    scratch.add(extent)
    scratch.resolve(into: scratch.coverage)
    let w = region.width
    for j in 0..<region.height {
      for i in 0..<w {
        let c = scratch.coverage[j * w + i]
        guard c > 0 else { continue }
        let v = inverse.apply(Double(region.x0 + i) + 0.5, Double(region.y0 + j) + 0.5)
        guard v.z > 0 else {
          scratch.coverage[j * w + i] = 0
          continue
        }
        scratch.coverage[j * w + i] = c * Float(shadow.value(x: v.x / v.z, y: v.y / v.z))
      }
    }
  }
}

struct ShadowStage: PreparedDraw {
  enum Source: Sendable {
    case stamp(ShadowStamp, dx: Int, dy: Int)
    case direct(ShadowEvaluator)
    case hard([SIMD2<Double>])
  }
  let source: Source
  let color: SIMD4<Float>
  let clips: PreparedClips
  let bounds: PixelRect

  init?(_ draw: ShadowDraw, limit: PixelRect, stamps: StampCache) {
    color = SIMD4(draw.color.r, draw.color.g, draw.color.b, draw.color.a)
    guard color.w > 0, draw.sigma.isFinite, draw.sigma >= 0 else { return nil }
    let h = Homography(draw.matrix)
    clips = PreparedClips(draw.clips, within: limit)
    let scale = h.maxScale(over: draw.extent)
    if draw.sigma * scale < 1e-3 {
      let outline = projectedOutline(draw.shape, h)
      source = .hard(outline)
      bounds = pixelBounds(outline, within: clips.bounds)
    } else if h.isAxisAligned, h.m.0 != 0, h.m.4 != 0 {
      let tx = h.m.6, ty = h.m.7
      let ix = tx.rounded(.down), iy = ty.rounded(.down)
      let key = ShadowStampKey(
        shape: draw.shape, sigma: draw.sigma, extent: draw.extent, scaleX: h.m.0, scaleY: h.m.4,
        fractionX: tx - ix, fractionY: ty - iy)
      guard abs(ix) < 1e9, abs(iy) < 1e9 else { return nil }
      let stamp = stamps.stamp(for: key)
      let dx = Int(ix), dy = Int(iy)
      source = .stamp(stamp, dx: dx, dy: dy)
      let r = stamp.rect
      bounds = PixelRect(x0: r.x0 + dx, y0: r.y0 + dy, x1: r.x1 + dx, y1: r.y1 + dy)
        .intersection(clips.bounds)
    } else {
      guard let inverse = h.inverse else { return nil }
      let evaluator = ShadowEvaluator(
        inverse: inverse, shadow: RoundedRectShadow(shape: draw.shape, sigma: draw.sigma),
        extent: h.project(draw.extent.polygon))
      source = .direct(evaluator)
      bounds = pixelBounds(evaluator.extent, within: clips.bounds)
    }
    guard !bounds.isEmpty else { return nil }
  }

  func draw(_ region: PixelRect, into target: Raster, scratch: TileScratch) {
    if !clips.isEmpty { clips.render(region, scratch) }
    let w = region.width
    var stampRow: UnsafeMutablePointer<Float>? = nil
    var stampStride = 0
    switch source {
    case .stamp(let stamp, let dx, let dy):
      stampStride = stamp.rect.width
      stampRow = stamp.values + (region.y0 - dy - stamp.rect.y0) * stampStride + (region.x0 - dx - stamp.rect.x0)
    case .direct(let evaluator):
      evaluator.evaluate(region, scratch)
    case .hard(let outline):
      scratch.begin(region)
      scratch.add(outline)
      scratch.resolve(into: scratch.coverage)
    }
    for j in 0..<region.height {
      var index = (region.y0 + j) * target.width + region.x0
      for i in 0..<w {
        var k = stampRow.map { $0[j * stampStride + i] } ?? scratch.coverage[j * w + i]
        if !clips.isEmpty { k *= scratch.clip[j * w + i] }
        if k > 0 { target.blend(index, color, k) }
        index += 1
      }
    }
  }
}

/// Shadow stamps kept across frames; entries unused for a frame are dropped.
final class StampCache: @unchecked Sendable {
  private var current: [ShadowStampKey: ShadowStamp] = [:]
  private var previous: [ShadowStampKey: ShadowStamp] = [:]

  func stamp(for key: ShadowStampKey) -> ShadowStamp {
    if let s = current[key] { return s }
    let s = previous[key] ?? ShadowStamp(key: key)
    current[key] = s
    return s
  }

  /// Ends a frame: what was not used in it is released at the end of the next.
  func endFrame() {
    previous = current
    current = [:]
  }
}
