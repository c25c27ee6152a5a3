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
  /// `bilinear`'s own values, computed once. Where the CPU has AVX2, each
  /// source row is lerped across once and kept (`AcrossRows`) for the
  /// output rows that read it, which lerp down between two such rows
  /// eight pixels a step (image_rows.c, the same bytes): four texel reads
  /// a pixel became about two under S8's magnified photo.
  private func spanAxisAligned(
    _ region: PixelRect, _ skip: PixelRect, _ target: Raster, _ scratch: TileScratch, _ level: TextureLevel
  ) {
    let m = inverse.m
    let z = m.8
    let s = slices[0]
    let opacity = opacity, pixels = target.pixels
    let w = region.width, padded = (w + 7) & ~7
    let texels = level.pixels, width = level.width, height = level.height
    guard width > 0, height > 0, width * height < Int(Int32.max) / 4 else {
      return span(region, skip, target, scratch) { u, v in level.bilinear(u, v) }
    }
    let clipped = !clips.isEmpty, coverage = scratch.coverage, clip = scratch.clip
    let kernel = Self.imageKernel
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * padded) { columns in
      withUnsafeTemporaryAllocation(of: Float.self, capacity: padded + 8 * padded) { floats in
        let tx = floats.baseAddress!, col0 = columns.baseAddress!, col1 = col0 + padded
        // Column c: byte offsets of texels i and i + 1 (clamped) in a row,
        // and tx; the padding repeats the last column.
        for c in 0..<padded {
          let X = Double(region.x0 + min(c, w - 1)) + 0.5
          let x = (X * m.0 + m.6) / z
          let su = s.u0 + (x - s.minX) * s.su
          let cx = max(-2, min(1e9, su - 0.5))
          let fx = cx.rounded(.down)
          let i = Int(fx)
          col0[c] = Int32(min(width - 1, max(0, i)) * 4)
          col1[c] = Int32(min(width - 1, max(0, i + 1)) * 4)
          tx[c] = Float(cx - fx)
        }
        var rows = AcrossRows(planes: tx + padded, stride: padded)
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
          let first = x0 - region.x0, count = x1 - x0
          let cells = (row - region.y0) * w + first, out = pixels + (row * target.width + x0) * 4
          guard kernel else {
            for i in 0..<count {
              var k = coverage[cells + i]
              if clipped { k *= clip[cells + i] }
              guard k > 0 else { continue }
              let c = first + i
              let i0 = Int(col0[c]), i1 = Int(col1[c]), t = tx[c]
              let a = texel(j0 + i0), b = texel(j0 + i1)
              let cc = texel(j1 + i0), d = texel(j1 + i1)
              let top = a + (b - a) * t, bottom = cc + (d - cc) * t
              blendPixel(out + i * 4, top + (bottom - top) * ty, k * opacity)
            }
            return
          }
          let upper = rows.across(j0, first, count, keeping: j1, texels, rowBytes: width * 4, col0, col1, tx) + first
          let lower = rows.across(j1, first, count, keeping: j0, texels, rowBytes: width * 4, col0, col1, tx) + first
          let done = lamina_image_axis_down8(
            out, upper, lower, padded, ty, coverage + cells, clipped ? clip + cells : nil, count, opacity)
          for i in done..<count {
            var k = coverage[cells + i]
            if clipped { k *= clip[cells + i] }
            guard k > 0 else { continue }
            let top = SIMD4(upper[i], upper[padded + i], upper[2 * padded + i], upper[3 * padded + i])
            let bottom = SIMD4(lower[i], lower[padded + i], lower[2 * padded + i], lower[3 * padded + i])
            blendPixel(out + i * 4, top + (bottom - top) * ty, k * opacity)
          }
        }
      }
    }
  }

  /// Whether axis-aligned rows go through image_rows.c's kernels
  /// (`useImageKernel`: the tests compare them with the Swift loop).
  nonisolated(unsafe) static var useImageKernel = true
  static var imageKernel: Bool { useImageKernel && spanBlendHasAVX2 }
}

/// Two source rows lerped across (`lamina_image_axis_across8`), each four
/// planes of `stride` Floats, with the row (its byte offset in the texels)
/// and the columns each holds: the rows an output row reads down between.
private struct AcrossRows {
  let planes: UnsafeMutablePointer<Float>
  let stride: Int
  var held: (row: Int, lo: Int, hi: Int) = (-1, 0, 0)
  var other: (row: Int, lo: Int, hi: Int) = (-1, 0, 0)

  init(planes: UnsafeMutablePointer<Float>, stride: Int) {
    self.planes = planes
    self.stride = stride
  }

  /// The planes of source row `row` lerped across columns first ..< first
  /// + count at least, computed unless held; the row `keep` (the other
  /// one the output row reads) is not evicted for it.
  mutating func across(
    _ row: Int, _ first: Int, _ count: Int, keeping keep: Int, _ texels: UnsafePointer<UInt8>, rowBytes: Int,
    _ col0: UnsafePointer<Int32>, _ col1: UnsafePointer<Int32>, _ tx: UnsafePointer<Float>
  ) -> UnsafeMutablePointer<Float> {
    let last = first + count
    for slot in 0..<2 {
      let h = slot == 0 ? held : other
      if h.row == row && h.lo <= first && h.hi >= last { return planes + slot * 4 * stride }
    }
    // A slot holding this row (too few columns), else one not holding `keep`.
    let slot = held.row == row ? 0 : other.row == row ? 1 : held.row == keep && keep != row ? 1 : 0
    var h = slot == 0 ? held : other
    let lo = h.row == row ? min(h.lo, first & ~7) : first & ~7
    let hi = h.row == row ? max(h.hi, last) : last
    let base = planes + slot * 4 * stride
    let done = lamina_image_axis_across8(
      base + lo, stride, texels, row, rowBytes, col0 + lo, col1 + lo, tx + lo, hi - lo)
    h = (row, lo, lo + done)
    if slot == 0 { held = h } else { other = h }
    return base
  }
}

