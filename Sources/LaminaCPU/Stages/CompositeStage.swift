// CompositeStage: another surface drawn into this one (mirrors
// Shaders/composite.frag). A pixel centre maps back to source pixels; the
// source is read with the plan's sampling (`nearest` reproduces a
// pixel-aligned copy exactly), the source rectangle's edge is anti-aliased
// by exact coverage. A surface shadow is the blurred unmasked alpha read at
// (source − offset), tinted, × its clip; content over shadow (or the shadow
// alone), × mask alpha, × opacity × clips, source-over, or blended with the
// target's pixel by the draw's `blendMode` (`blendPixel(_:_:_:mode:)`, the
// `BLEND` variant of composite.frag).
//
// A blended group composited 1:1 (a whole-pixel translation, nearest
// reads, no shadow: every blended layer under a translation) is read
// straight from the source raster row by row (`blendAligned`), with the
// mode's switch taken once per region rather than per channel; its bytes
// are the general loop's (inside a pixel-aligned rectangle the exact
// coverage is 1). Measured on S8 (release, 2-core host): the general loop
// drew the 200 blended cards in 173 ms a frame. A 1:1 composite with no
// mode (the groups of opacity, masks and Lottie mattes) is read the same
// way (`compositeAligned`, source-over): lottie-ios's issue_2055 sample,
// nine masked precomps over 1023×1036 px, spent 60 % of its frame in the
// general loop's texture sampling.
import CLaminaBlend
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
  /// For a blended 1:1 composite: the source and mask rasters and where
  /// the source's pixel (0, 0) lands in the target.
  let aligned: (source: Raster, mask: Raster?, dx: Int, dy: Int)?
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
    opacity = min(1, draw.opacity)
    blendMode = draw.blendMode
    let m = draw.matrix
    if draw.shadow == nil, nearestReads, m.m11 == 1, m.m12 == 0, m.m21 == 0, m.m22 == 1,
      m.m14 == 0, m.m24 == 0, m.m44 == 1, m.m41 == m.m41.rounded(), m.m42 == m.m42.rounded(),
      abs(m.m41) < 1e9, abs(m.m42) < 1e9,
      maskRaster.map({ $0.width == raster.width && $0.height == raster.height }) ?? true
    {
      // Read from the rasters themselves: no texture copies.
      aligned = (raster, maskRaster, Int(m.m41), Int(m.m42))
      source = Self.unread
      mask = nil
    } else {
      aligned = nil
      source = Texture(raster.image(), mipmapped: mip)
      mask = maskRaster.map { Texture($0.image(), mipmapped: mip) }
    }
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

  /// Whether blended rows go through `lamina_blend_mode_span8` (AVX2).
  /// `CompositeStage.useBlendKernel` turns it off for the tests that
  /// compare it with the Swift loop.
  nonisolated(unsafe) static var useBlendKernel = true
  static var blendKernel: Bool { useBlendKernel && spanBlendHasAVX2 }

  /// Stands in for the texture of a source read as a raster (never read).
  private static let unread = Texture(
    Image(width: 1, height: 1, premultipliedPixels: [0, 0, 0, 0]), mipmapped: false)

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
    if let aligned, blendMode == nil {
      compositeAligned(aligned, region, into: target, scratch: scratch)
      return
    }
    if let aligned, let blendMode {
      // The mode's switch, once: `blendAligned` is specialized for each mode.
      switch blendMode {
      case .normal: blendAligned(aligned, BlendModeIsNormal.self, region, into: target, scratch: scratch)
      case .multiply: blendAligned(aligned, BlendModeIsMultiply.self, region, into: target, scratch: scratch)
      case .screen: blendAligned(aligned, BlendModeIsScreen.self, region, into: target, scratch: scratch)
      case .overlay: blendAligned(aligned, BlendModeIsOverlay.self, region, into: target, scratch: scratch)
      case .darken: blendAligned(aligned, BlendModeIsDarken.self, region, into: target, scratch: scratch)
      case .lighten: blendAligned(aligned, BlendModeIsLighten.self, region, into: target, scratch: scratch)
      case .colorDodge: blendAligned(aligned, BlendModeIsColorDodge.self, region, into: target, scratch: scratch)
      case .colorBurn: blendAligned(aligned, BlendModeIsColorBurn.self, region, into: target, scratch: scratch)
      case .hardLight: blendAligned(aligned, BlendModeIsHardLight.self, region, into: target, scratch: scratch)
      case .softLight: blendAligned(aligned, BlendModeIsSoftLight.self, region, into: target, scratch: scratch)
      case .difference: blendAligned(aligned, BlendModeIsDifference.self, region, into: target, scratch: scratch)
      case .exclusion: blendAligned(aligned, BlendModeIsExclusion.self, region, into: target, scratch: scratch)
      case .hue: blendAligned(aligned, BlendModeIsHue.self, region, into: target, scratch: scratch)
      case .saturation: blendAligned(aligned, BlendModeIsSaturation.self, region, into: target, scratch: scratch)
      case .color: blendAligned(aligned, BlendModeIsColor.self, region, into: target, scratch: scratch)
      case .luminosity: blendAligned(aligned, BlendModeIsLuminosity.self, region, into: target, scratch: scratch)
      case .xor: blendAligned(aligned, BlendModeIsXor.self, region, into: target, scratch: scratch)
      }
      return
    }
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

  /// The region's pixels of a 1:1 blended composite: texel × mask alpha,
  /// × clips × opacity, blended by `Mode.mode`: specialized per mode, so
  /// `BlendMode.composite` (inlinable) is compiled with its switches
  /// resolved (a runtime mode left one call and three switches a pixel:
  /// S8's cards took 125 ms, 40 % of it in the per-pixel blend call).
  private func blendAligned<Mode: BlendModeTag>(
    _ a: (source: Raster, mask: Raster?, dx: Int, dy: Int), _: Mode.Type, _ region: PixelRect,
    into target: Raster, scratch: TileScratch
  ) {
    let mode = Mode.mode, index = Int32(mode.shaderIndex), opacity = self.opacity
    forEachAlignedRow(
      a, region, into: target, scratch: scratch,
      span8: { out, source, mask, clip, count in
        lamina_blend_mode_span8(out, source, mask, clip, count, opacity, index)
      },
      pixel: { out, color, k in blendPixel(out, color, k, mode: mode) })
  }
}

extension CompositeStage {
  /// The region's pixels of a 1:1 composite with no blend mode (every
  /// group under a whole-pixel translation: opacity, masks, mattes): texel
  /// × mask alpha, × clips × opacity, source-over, read straight from the
  /// rasters. The general loop's bytes (`blendPixel` with the same values:
  /// a nearest read at a texel centre is the texel, the coverage of a
  /// pixel-aligned rectangle is 1), without its texture copy, inverse
  /// mapping and sampling per pixel.
  private func compositeAligned(
    _ a: (source: Raster, mask: Raster?, dx: Int, dy: Int), _ region: PixelRect, into target: Raster,
    scratch: TileScratch
  ) {
    let opacity = self.opacity
    forEachAlignedRow(
      a, region, into: target, scratch: scratch,
      span8: { out, source, mask, clip, count in lamina_composite_span8(out, source, mask, clip, count, opacity) },
      pixel: { out, color, k in blendPixel(out, color, k) })
  }

  /// The rows of a 1:1 composite inside the region: eight pixels a step by
  /// `span8` (a kernel of blend_modes.c, when the CPU has AVX2; it returns
  /// how many pixels it did), the rest by `pixel` with the texel × mask
  /// alpha and the weight clip × opacity (> 0), in Swift: the same bytes.
  @inline(__always)
  private func forEachAlignedRow(
    _ a: (source: Raster, mask: Raster?, dx: Int, dy: Int), _ region: PixelRect, into target: Raster,
    scratch: TileScratch,
    span8: (
      UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>?,
      UnsafeMutablePointer<Float>?, Int
    ) -> Int,
    pixel: (UnsafeMutablePointer<UInt8>, SIMD4<Float>, Float) -> Void
  ) {
    let placed = PixelRect(x0: a.dx, y0: a.dy, x1: a.dx + a.source.width, y1: a.dy + a.source.height)
    let r = region.intersection(placed).intersection(bounds)
    guard !r.isEmpty else { return }
    let clipped = !clips.isEmpty, clip = scratch.clip, opacity = self.opacity
    let width = a.source.width, masked = a.mask != nil
    let source = a.source.pixels, mask = a.mask?.pixels ?? a.source.pixels
    let kernel = Self.blendKernel
    for y in r.y0..<r.y1 {
      let row = (y - a.dy) * width + (r.x0 - a.dx)
      let clipRow = (y - region.y0) * region.width + (r.x0 - region.x0)
      let out = target.pixels + (y * target.width + r.x0) * 4
      let done =
        kernel
        ? span8(out, source + row * 4, masked ? mask + row * 4 : nil, clipped ? clip + clipRow : nil, r.width) : 0
      for i in done..<r.width {
        let p = source + (row + i) * 4
        var color = SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 255)
        if masked { color *= Float(mask[(row + i) * 4 + 3]) * (1 / 255) }
        var k: Float = 1
        if clipped { k *= clip[clipRow + i] }
        guard k > 0 else { continue }
        pixel(out + i * 4, color, k * opacity)
      }
    }
  }
}

/// A blend mode as a type, so a loop generic over it is specialized with
/// the mode a constant (CompositeStage.blendAligned).
protocol BlendModeTag { static var mode: BlendMode { get } }

enum BlendModeIsNormal: BlendModeTag { static var mode: BlendMode { .normal } }
enum BlendModeIsMultiply: BlendModeTag { static var mode: BlendMode { .multiply } }
enum BlendModeIsScreen: BlendModeTag { static var mode: BlendMode { .screen } }
enum BlendModeIsOverlay: BlendModeTag { static var mode: BlendMode { .overlay } }
enum BlendModeIsDarken: BlendModeTag { static var mode: BlendMode { .darken } }
enum BlendModeIsLighten: BlendModeTag { static var mode: BlendMode { .lighten } }
enum BlendModeIsColorDodge: BlendModeTag { static var mode: BlendMode { .colorDodge } }
enum BlendModeIsColorBurn: BlendModeTag { static var mode: BlendMode { .colorBurn } }
enum BlendModeIsHardLight: BlendModeTag { static var mode: BlendMode { .hardLight } }
enum BlendModeIsSoftLight: BlendModeTag { static var mode: BlendMode { .softLight } }
enum BlendModeIsDifference: BlendModeTag { static var mode: BlendMode { .difference } }
enum BlendModeIsExclusion: BlendModeTag { static var mode: BlendMode { .exclusion } }
enum BlendModeIsHue: BlendModeTag { static var mode: BlendMode { .hue } }
enum BlendModeIsSaturation: BlendModeTag { static var mode: BlendMode { .saturation } }
enum BlendModeIsColor: BlendModeTag { static var mode: BlendMode { .color } }
enum BlendModeIsLuminosity: BlendModeTag { static var mode: BlendMode { .luminosity } }
enum BlendModeIsXor: BlendModeTag { static var mode: BlendMode { .xor } }
