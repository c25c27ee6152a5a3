// ImageStage: contents drawn onto local rectangles (mirrors
// Shaders/image.frag). A pixel centre maps back to local space through the
// inverse homography (so texture coordinates are perspective-correct by
// construction), then linearly into its slice's texels; ρ comes from the
// analytic Jacobian of that map at the centre. The union of the slices is
// anti-aliased by exact coverage; × opacity × clips, source-over. A
// replicator copy's tint multiplies the sampled red, green and blue
// (image.frag's TINT); a tinted draw takes the projective loop, so the
// affine fast path of every untinted image is unchanged.
//
// Speed: an affine matrix (the common case) takes `drawAffine`
// (ImageStage+Affine.swift), which computes the same values with ρ and λ
// hoisted out of the pixel loop. An opaque image under an axis-aligned
// matrix declares its whole interior pixels as an occluder, so earlier
// commands skip what it overwrites (S3 draws 200 images, 47 layers deep).
// A region wholly inside a one-slice draw under a scale and translation
// (`interior`) has coverage 1 without accumulating: its pixels' areas are
// 1, and the accumulator's sums there resolve to exactly 1, as
// OutlineCoverage's regions do (S8's 1080p backdrop accumulated its four
// edges into every one of its 510 tiles, every frame). Rejected:
// OutlineCoverage itself (its bands and rows, made per draw and frame,
// cost S3's 200 large images more than it saved).
import Lamina

struct ImageStage: PreparedDraw {
  struct Slice: Sendable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// texel = origin + (local − destination origin) × scale
    var u0: Double, v0: Double, su: Double, sv: Double
  }
  let inverse: Homography
  let slices: [Slice]
  let polygons: [[SIMD2<Double>]]
  /// The whole pixels inside a one-slice draw under a scale and
  /// translation (empty otherwise).
  let interior: PixelRect
  let texture: Texture
  let sampling: Sampling
  let opacity: Float
  /// The tint as (r, g, b, 1), or `nil` for white (ImageDraw.tint).
  let tint: SIMD4<Float>?
  let clips: PreparedClips
  let bounds: PixelRect
  let occluder: PixelRect
  let secondOccluder: PixelRect
  /// The inverse has no perspective column: w is the constant `inverse.m.8`.
  let isAffine: Bool

  init?(_ draw: ImageDraw, limit: PixelRect, textures: TextureCache) {
    let h = Homography(draw.matrix)
    guard let inverse = h.inverse, draw.image.width > 0, draw.image.height > 0, draw.opacity > 0
    else { return nil }
    self.inverse = inverse
    var slices: [Slice] = []
    var polygons: [[SIMD2<Double>]] = []
    for s in draw.slices {
      let d = s.destination.standardized
      guard d.width > 0, d.height > 0 else { continue }
      slices.append(
        Slice(
          minX: Double(d.minX), minY: Double(d.minY), maxX: Double(d.maxX), maxY: Double(d.maxY),
          u0: Double(s.source.minX), v0: Double(s.source.minY),
          su: Double(s.source.width / d.width), sv: Double(s.source.height / d.height)))
      polygons.append(h.project(d.polygon))
    }
    guard !slices.isEmpty else { return nil }
    self.slices = slices
    self.polygons = polygons
    texture = textures.texture(for: draw.image, mipmapped: draw.sampling.needsMipChain)
    sampling = draw.sampling
    opacity = min(1, draw.opacity)
    let t = draw.tint
    tint = t.isIdentity ? nil : SIMD4(Float(t.red), Float(t.green), Float(t.blue), 1)
    clips = PreparedClips(draw.clips, within: limit)
    var b = PixelRect.empty
    for p in polygons {
      let r = pixelBounds(p, within: clips.bounds)
      guard !r.isEmpty else { continue }
      b = b.isEmpty ? r : PixelRect(x0: min(b.x0, r.x0), y0: min(b.y0, r.y0), x1: max(b.x1, r.x1), y1: max(b.y1, r.y1))
    }
    bounds = b
    guard !bounds.isEmpty else { return nil }
    interior = polygons.count == 1 && h.isAxisAligned ? Self.wholePixels(inside: polygons[0]) : .empty
    isAffine = inverse.m.2 == 0 && inverse.m.5 == 0
    // Lamina's rule, shared with LaminaGL's occlusion grid: whole pixels
    // inside an opaque single slice under a scale and translation.
    let opaque = texture.isOpaque
    let cross = DrawCommand.image(draw).opaqueInterior(within: bounds, imageIsOpaque: { _ in opaque })
    (occluder, secondOccluder) = (cross?.largest ?? .empty, cross?.second ?? .empty)
  }

  /// The slice containing the local point, or the nearest one; a point on
  /// the edge two slices share (within `ImageSlice.edgeTie`) belongs to the
  /// slice after it.
  @inline(__always)
  func slice(_ x: Double, _ y: Double) -> Slice {
    let (x, y) = (x + ImageSlice.edgeTie, y + ImageSlice.edgeTie)
    var best = slices[0]
    var bestDistance = Double.infinity
    for s in slices {
      let dx = max(s.minX - x, 0, x - s.maxX), dy = max(s.minY - y, 0, y - s.maxY)
      let d = dx * dx + dy * dy
      if d == 0 { return s }
      if d < bestDistance { bestDistance = d; best = s }
    }
    return best
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    if skip == region { return }
    if isAffine && slices.count == 1 && tint == nil {
      drawAffine(region, skipping: skip, into: target, scratch: scratch)
    } else {
      drawProjective(region, skipping: skip, into: target, scratch: scratch)
    }
  }

  /// Coverage of the slices' union (× clips) into `scratch.coverage`.
  func prepareCoverage(_ region: PixelRect, _ scratch: TileScratch) {
    if !clips.isEmpty { clips.render(region, scratch) }
    if !interior.isEmpty, interior.intersection(region) == region {
      scratch.coverage.update(repeating: 1, count: region.width * region.height)
      return
    }
    scratch.accumulator.begin(region)
    for p in polygons { scratch.accumulator.add(p) }
    scratch.accumulator.resolve(into: scratch.coverage)
  }

  /// The pixels whose squares lie inside the box of `polygon` (an
  /// axis-aligned rectangle's corners), or `.empty`.
  static func wholePixels(inside polygon: [SIMD2<Double>]) -> PixelRect {
    var lo = SIMD2(Double.infinity, Double.infinity), hi = -lo
    for p in polygon {
      lo = pointwiseMin(lo, p)
      hi = pointwiseMax(hi, p)
    }
    let limit = 1e9
    guard lo.x > -limit, lo.y > -limit, hi.x < limit, hi.y < limit else { return .empty }
    let r = PixelRect(
      x0: Int(lo.x.rounded(.up)), y0: Int(lo.y.rounded(.up)), x1: Int(hi.x.rounded(.down)),
      y1: Int(hi.y.rounded(.down)))
    return r.isEmpty ? .empty : r
  }

  /// Any matrix: every pixel maps back through the full homography.
  func drawProjective(_ region: PixelRect, skipping skip: PixelRect, into target: Raster, scratch: TileScratch) {
    prepareCoverage(region, scratch)
    let tinted = tint != nil, tint = tint ?? SIMD4(repeating: 1)
    forEachCoveredPixel(region, skipping: skip, width: target.width, scratch: scratch, clipped: !clips.isEmpty) {
      index, X, Y, k in
      guard let p = inverse.mapWithJacobian(X, Y) else { return }
      let (x, y) = (p.x, p.y)
      let (dxdX, dxdY, dydX, dydY) = (p.dxdX, p.dxdY, p.dydX, p.dydY)
      let s = slice(x, y)
      let u = s.u0 + (x - s.minX) * s.su, t = s.v0 + (y - s.minY) * s.sv
      let texel = texture.sample(
        u, t, dudx: dxdX * s.su, dvdx: dydX * s.sv, dudy: dxdY * s.su, dvdy: dydY * s.sv, sampling)
      target.blend(index, tinted ? texel * tint : texel, k * opacity)
    }
  }
}
