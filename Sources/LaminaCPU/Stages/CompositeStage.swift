// CompositeStage: another surface drawn into this one (mirrors
// Shaders/composite.frag). A pixel centre maps back to source pixels; the
// source is read with the plan's sampling (`nearest` reproduces a
// pixel-aligned copy exactly), the source rectangle's edge is anti-aliased
// by exact coverage. A surface shadow is the blurred unmasked alpha read at
// (source − offset), tinted, × its clip; content over shadow (or the shadow
// alone), × mask alpha, × opacity × clips, source-over, or blended with the
// target's pixel by the draw's `blendMode` (`blendPixel(_:_:_:mode:)`, the
// `BLEND` variant of composite.frag).
import Lamina

struct CompositeStage: PreparedDraw {
  struct Shadow: Sendable {
    var alpha: AlphaGrid
    var offsetX: Double, offsetY: Double
    var color: SIMD4<Float>
    var only: Bool
    /// Coverage of `SurfaceShadow.clip` over the source pixels.
    var clip: AlphaGrid?
  }
  let inverse: Homography
  let source: Texture
  let mask: Texture?
  let shadow: Shadow?
  let sampling: Sampling
  let nearestReads: Bool
  let opacity: Float
  let blendMode: BlendMode?
  let outline: [SIMD2<Double>]
  let clips: PreparedClips
  let bounds: PixelRect

  init?(_ draw: CompositeDraw, source raster: Raster, mask maskRaster: Raster?, limit: PixelRect) {
    let h = Homography(draw.matrix)
    guard let inverse = h.inverse, draw.opacity > 0, raster.width > 0, raster.height > 0 else {
      return nil
    }
    self.inverse = inverse
    sampling = draw.sampling
    nearestReads = draw.sampling.minification == .nearest && draw.sampling.magnification == .nearest
    let mip = draw.sampling.needsMipChain
    source = Texture(raster.image(), mipmapped: mip)
    mask = maskRaster.map { Texture($0.image(), mipmapped: mip) }
    opacity = min(1, draw.opacity)
    blendMode = draw.blendMode
    if let s = draw.shadow, s.color.a > 0, s.sigma.isFinite, s.sigma >= 0 {
      var clipGrid: AlphaGrid? = nil
      if let clip = s.clip {
        clipGrid = Self.coverage(of: clip, width: raster.width, height: raster.height)
      }
      shadow = Shadow(
        alpha: blurredAlpha(raster, sigma: s.sigma), offsetX: s.offsetX, offsetY: s.offsetY,
        color: SIMD4(s.color.r, s.color.g, s.color.b, s.color.a), only: s.shadowOnly, clip: clipGrid)
    } else {
      shadow = nil
    }
    outline = h.project(CGRect(x: 0, y: 0, width: raster.width, height: raster.height).polygon)
    clips = PreparedClips(draw.clips, within: limit)
    bounds = pixelBounds(outline, within: clips.bounds)
    guard !bounds.isEmpty else { return nil }
  }

  /// Stands in for an absent shadow grid (never read).
  private static let noGrid = AlphaGrid(width: 1, height: 1, pad: 0)

  /// Exact coverage of a clip over a `width`×`height` grid of pixels.
  static func coverage(of clip: Clip, width: Int, height: Int) -> AlphaGrid {
    let grid = AlphaGrid(width: width, height: height, pad: 0)
    let whole = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    let prepared = PreparedClips([clip], within: whole)
    let scratch = TileScratch()
    let size = TileScratch.size
    for y0 in stride(from: 0, to: height, by: size) {
      for x0 in stride(from: 0, to: width, by: size) {
        let region = PixelRect(x0: x0, y0: y0, x1: min(width, x0 + size), y1: min(height, y0 + size))
        prepared.render(region, scratch)
        for j in 0..<region.height {
          (grid.values + (y0 + j) * width + x0).update(from: scratch.clip + j * region.width, count: region.width)
        }
      }
    }
    return grid
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    // Draws every pixel of the region: skipping is an optimisation only.
    if !clips.isEmpty { clips.render(region, scratch) }
    scratch.accumulator.begin(region)
    scratch.accumulator.add(outline)
    scratch.accumulator.resolve(into: scratch.coverage)
    // Non-optional locals, bound once: a texture or grid reached through an
    // optional was retained and released around every pixel's read.
    let source = self.source, maskTexture = mask ?? source, masked = mask != nil
    let shadowAlpha = shadow?.alpha ?? Self.noGrid, shadowClip = shadow?.clip ?? Self.noGrid
    let shadowed = shadow != nil, shadowClipped = shadow?.clip != nil
    let shadowOffset = (x: shadow?.offsetX ?? 0, y: shadow?.offsetY ?? 0), shadowColor = shadow?.color ?? .zero
    // The blurred shadow is read bilinearly, as composite.frag reads it: a
    // fractional offset (a shadow offset under a scale) falls between texels.
    // Whole-pixel offsets of a pixel-aligned group land on texel centres,
    // where a nearest read gives the same bits, cheaper.
    let shadowNearest =
      nearestReads && shadowOffset.x.rounded() == shadowOffset.x && shadowOffset.y.rounded() == shadowOffset.y
    let readsSource = shadow?.only != true, clipped = !clips.isEmpty
    forEachCoveredPixel(region, skipping: .empty, width: target.width, scratch: scratch, clipped: clipped) {
      index, X, Y, k in
      guard let p = inverse.mapWithJacobian(X, Y) else { return }
      let (x, y) = (p.x, p.y)
      let (dxdX, dxdY, dydX, dydY) = (p.dxdX, p.dxdY, p.dydX, p.dydY)
      var color = SIMD4<Float>.zero
      if readsSource {
        color = source.sample(x, y, dudx: dxdX, dvdx: dydX, dudy: dxdY, dvdy: dydY, sampling)
      }
      if shadowed {
        var s = shadowAlpha.sample(x - shadowOffset.x, y - shadowOffset.y, nearest: shadowNearest)
        if shadowClipped { s *= shadowClip.sample(x, y, nearest: nearestReads) }
        color += shadowColor * (s * (1 - color.w))
      }
      if masked {
        color *= maskTexture.sample(x, y, dudx: dxdX, dvdx: dydX, dudy: dxdY, dvdy: dydY, sampling).w
      }
      if let blendMode {
        blendPixel(target.pixels + index * 4, color, k * opacity, mode: blendMode)
      } else {
        target.blend(index, color, k * opacity)
      }
    }
  }
}
