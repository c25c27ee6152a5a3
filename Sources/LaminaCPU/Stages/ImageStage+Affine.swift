// The affine fast path of ImageStage: a single-slice draw whose inverse
// has no perspective column. There w = inverse.m.8 at every pixel (the
// other two terms are ±0), so the Jacobian, ρ, λ and the read (nearest,
// bilinear or a fixed pair of levels) are constants of the draw, and the
// loop per pixel is the back-mapping and the sample itself. Every value is
// computed by the same operations, in the same order, as
// `drawProjective` (which only differs in zeros' signs, which the squares
// of ρ and the floors of the reads erase), so the bytes are identical;
// `ImageFastPathTests` checks that on rotated, scaled and clipped draws.
//
// Under a matrix without rotation or skew (the inverse's cross terms are
// zero: a translate-and-scale, the stretched photo of S3 and S8) a
// bilinear read's texel columns and weights depend on X alone and its rows
// on Y alone: `spanAxisAligned` computes them once per column and row of
// the region, with the same expressions (the cross term adds ±0), and
// reads four texels a pixel. S8's 1080p stretched backdrop took half of
// its CPU frame through the general loop.
//
// Rejected: stepping u, v by a constant increment per pixel (fewer
// operations, but the rounding drifts from the projective path's values,
// and the reference must stay one definition).
import CLaminaBlend
import Lamina

extension ImageStage {
  func drawAffine(_ region: PixelRect, skipping skip: PixelRect, into target: Raster, scratch: TileScratch) {
    let m = inverse.m
    let z = m.8
    guard z > 0 else { return }
    prepareCoverage(region, scratch)
    let s = slices[0]
    // ∂(x, y)/∂(X, Y): (m.0 − x·m.2)/w with x·m.2 = ±0.
    let dxdX = m.0 / z, dxdY = m.3 / z, dydX = m.1 / z, dydY = m.4 / z
    let lambda = levelOfDetail(
      dudx: dxdX * s.su, dvdx: dydX * s.sv, dudy: dxdY * s.su, dvdy: dydY * s.sv, bias: sampling.bias)
    let read = sampling.read(lambda: lambda, levels: texture.levels.count)
    switch read {
    case .nearest:
      let level = texture.level(0)
      span(region, skip, target, scratch) { u, v in level.nearest(u, v) }
    case .bilinear:
      let level = texture.level(0)
      if m.1 == 0, m.3 == 0, Self.axisAlignedReads {
        spanAxisAligned(region, skip, target, scratch, level)
      } else {
        span(region, skip, target, scratch) { u, v in level.bilinear(u, v) }
      }
    case .trilinear(let l):
      let d = Int(l.rounded(.down)), t = Float(l - Double(d))
      let a = texture.level(d)
      // Level-n coordinates are level-0 ones × size_n / size_0 (level 0 as is).
      let wa = Double(texture.widths[d]), ha = Double(texture.heights[d])
      let w0 = Double(texture.widths[0]), h0 = Double(texture.heights[0])
      let first = d == 0
      if d + 1 < texture.levels.count && t > 0 {
        let b = texture.level(d + 1)
        let wb = Double(texture.widths[d + 1]), hb = Double(texture.heights[d + 1])
        span(region, skip, target, scratch) { u, v in
          let ta = first ? a.bilinear(u, v) : a.bilinear(u * wa / w0, v * ha / h0)
          return ta + (b.bilinear(u * wb / w0, v * hb / h0) - ta) * t
        }
      } else {
        span(region, skip, target, scratch) { u, v in
          first ? a.bilinear(u, v) : a.bilinear(u * wa / w0, v * ha / h0)
        }
      }
    }
  }

  /// The pixel loop: maps each centre with coverage to texel coordinates of
  /// the slice, reads `sample` there and blends.
  @inline(__always)
  private func span(
    _ region: PixelRect, _ skip: PixelRect, _ target: Raster, _ scratch: TileScratch,
    _ sample: (Double, Double) -> SIMD4<Float>
  ) {
    let m = inverse.m
    let z = m.8
    let s = slices[0]
    let opacity = opacity, pixels = target.pixels
    forEachCoveredPixel(region, skipping: skip, width: target.width, scratch: scratch, clipped: !clips.isEmpty) {
      index, X, Y, k in
      let x = (X * m.0 + Y * m.3 + m.6) / z, y = (X * m.1 + Y * m.4 + m.7) / z
      let u = s.u0 + (x - s.minX) * s.su, t = s.v0 + (y - s.minY) * s.sv
      blendPixel(pixels + index * 4, sample(u, t), k * opacity)
    }
  }

  /// Whether `spanAxisAligned` is used (ImageFastPathTests compares it
  /// with the general loop).
  nonisolated(unsafe) static var axisAlignedReads = true

  /// `span` with `TextureLevel.bilinear` for a matrix whose inverse has no
  /// cross terms: each column's texel pair and weight, and each row's, are
  /// `bilinear`'s own values, computed once; rows go eight pixels a step
  /// through `lamina_image_axis_span8` (AVX2, the same bytes) where the CPU
  /// has it.
  private func spanAxisAligned(
    _ region: PixelRect, _ skip: PixelRect, _ target: Raster, _ scratch: TileScratch, _ level: TextureLevel
  ) {
    let m = inverse.m
    let z = m.8
    let s = slices[0]
    let opacity = opacity, pixels = target.pixels
    let w = region.width
    let texels = level.pixels, width = level.width, height = level.height
    guard width > 0, height > 0, width * height < Int(Int32.max) / 4 else {
      return span(region, skip, target, scratch) { u, v in level.bilinear(u, v) }
    }
    let clipped = !clips.isEmpty, coverage = scratch.coverage, clip = scratch.clip
    let kernel = Self.imageKernel
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * w) { columns in
      withUnsafeTemporaryAllocation(of: Float.self, capacity: w) { tx in
        // Column c: byte offsets of texels i and i + 1 (clamped) in a row, and tx.
        for c in 0..<w {
          let X = Double(region.x0 + c) + 0.5
          let x = (X * m.0 + m.6) / z
          let su = s.u0 + (x - s.minX) * s.su
          let cx = max(-2, min(1e9, su - 0.5))
          let fx = cx.rounded(.down)
          let i = Int(fx)
          columns[c] = Int32(min(width - 1, max(0, i)) * 4)
          columns[w + c] = Int32(min(width - 1, max(0, i + 1)) * 4)
          tx[c] = Float(cx - fx)
        }
        @inline(__always) func texel(_ offset: Int) -> SIMD4<Float> {
          let p = texels + offset
          return SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 255)
        }
        forEachSpan(region, skipping: skip) { row, x0, x1 in
          // Row: byte offsets of rows j and j + 1 (clamped), and ty.
          let Y = Double(row) + 0.5
          let y = (Y * m.4 + m.7) / z
          let sv = s.v0 + (y - s.minY) * s.sv
          let cy = max(-2, min(1e9, sv - 0.5))
          let fy = cy.rounded(.down)
          let j = Int(fy)
          let j0 = min(height - 1, max(0, j)) * width * 4, j1 = min(height - 1, max(0, j + 1)) * width * 4
          let ty = Float(cy - fy)
          let first = x0 - region.x0, cells = (row - region.y0) * w + first, out = pixels + (row * target.width + x0) * 4
          let done =
            kernel
            ? lamina_image_axis_span8(
              out, texels, columns.baseAddress! + first, columns.baseAddress! + w + first, tx.baseAddress! + first, j0, j1,
              ty, coverage + cells,
              clipped ? clip + cells : nil, x1 - x0, opacity) : 0
          for i in done..<(x1 - x0) {
            var k = coverage[cells + i]
            if clipped { k *= clip[cells + i] }
            guard k > 0 else { continue }
            let c = first + i
            let i0 = Int(columns[c]), i1 = Int(columns[w + c]), t = tx[c]
            let a = texel(j0 + i0), b = texel(j0 + i1)
            let cc = texel(j1 + i0), d = texel(j1 + i1)
            let top = a + (b - a) * t, bottom = cc + (d - cc) * t
            blendPixel(out + i * 4, top + (bottom - top) * ty, k * opacity)
          }
        }
      }
    }
  }

  /// Whether axis-aligned rows go through `lamina_image_axis_span8`
  /// (`useImageKernel`: the tests compare it with the Swift loop).
  nonisolated(unsafe) static var useImageKernel = true
  static var imageKernel: Bool { useImageKernel && spanBlendHasAVX2 }
}
