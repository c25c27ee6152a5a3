// GradientRow: a gradient's premultiplied colours at the centres of one
// row of pixels, four pixels per step, for GradientStage on CPUs without
// AVX2 (GradientKernel's C rows do the same operations eight at a time). Every lane does
// the operations `Gradient.Evaluator` does for one point, in the same
// order and precision (IEEE operations are correctly rounded, so a lane's
// result is the scalar one bit for bit): the centre mapped back through
// the inverse homography (the division by w skipped where w is exactly 1,
// an affine matrix), t, the stop segment, the weight, the interpolation
// and the premultiplication. The one exception is the conic's atan2,
// `vectorAtan2` (within 2 ulps of libm's, see VectorAtan2.swift).
//
// The stop segment is found for the group's first pixel by stepping from
// the last group's (t moves little from one group to the next; it is
// monotonic along a row of an axial gradient) and checked for all four;
// a group that straddles a stop, or holds a NaN t, takes the scalar
// definition lane by lane.
//
// Rejected: a table of colours over t (Blend2D's and Skia's way, 256 to
// 1024 entries): it rounds t to the table's step, which moves hard stops
// by up to a step and shifts ramps by up to half a level — the reference
// rasterizer would no longer draw the definition it is the reference for;
// and stepping t by its constant increment along an affine row (the sum
// drifts from the per-pixel product by roundings, which can flip a pixel
// on a hard stop that nice numbers put exactly on a centre).
import Lamina
import _Builtin_intrinsics.intel

/// The colours of a gradient along rows of target pixels.
struct GradientRow: Sendable {
  let evaluator: Gradient.Evaluator
  /// The inverse homography (target pixels → local points).
  let m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
  /// w is exactly 1 at every pixel: x / w = x.
  let affine: Bool
  /// Every stop's alpha is 1: so is every colour's, and premultiplying is the identity.
  let opaque: Bool
  /// Every stop's components lie in 0…1 (`packedOpaquePixels` may be used).
  let unit: Bool

  init(_ evaluator: Gradient.Evaluator, inverse: Homography) {
    self.evaluator = evaluator
    m = inverse.m
    affine = m.2 == 0 && m.5 == 0 && m.8 == 1
    opaque = evaluator.colors.allSatisfy { $0.w == 1 }
    unit = evaluator.colors.allSatisfy { all($0 .>= 0) && all($0 .<= 1) }
  }

  /// Writes the premultiplied colours at the centres of pixels x0 ..< x0 +
  /// count of row y into four planes of `colors` (r, g, b, a, each
  /// `TileScratch.size` long; alpha NaN where the definition draws
  /// nothing), using `ts` (as long) for t. count ≤ `TileScratch.size`.
  @inline(__always)
  func shade(row y: Int, x0: Int, count: Int, ts: UnsafeMutablePointer<Double>, colors: UnsafeMutablePointer<Float>) {
    assert(count <= TileScratch.size, "a span longer than a tile")
    let groups = (count + 3) / 4
    switch evaluator.type {
    case .axial:
      let o = evaluator.origin, v = evaluator.vector
      mapCentres(row: y, x0: x0, groups: groups, ts) { x, y in (x - o.x) * v.x + (y - o.y) * v.y }
    case .radial:
      let o = evaluator.origin, v = evaluator.vector
      mapCentres(row: y, x0: x0, groups: groups, ts) { x, y in
        let qx = (x - o.x) * v.x, qy = (y - o.y) * v.y
        return (qx * qx + qy * qy).squareRoot()
      }
    case .conic:
      let o = evaluator.origin, v = evaluator.vector
      mapCentres(row: y, x0: x0, groups: groups, ts) { x, y in
        let px = x - o.x, py = y - o.y
        let cross = v.x * py - v.y * px, dot = v.x * px + v.y * py
        var angle = vectorAtan2(cross, dot)
        let negative = angle .< 0
        if all(negative) {
          angle += 2 * Double.pi
        } else if any(negative) {
          angle = select(negative, angle + 2 * Double.pi, angle)
        }
        let t = angle / (2 * Double.pi)
        // The centre itself: 0.
        let centre = (cross .== 0) .& (dot .== 0)
        return any(centre) ? select(centre, .zero, t) : t
      }
    }
    interpolate(groups: groups, ts, colors)
  }

  /// t at the centres of `groups` × 4 pixels from x0 in row y, by `t`
  /// from local points; NaN behind the viewer (w ≤ 0).
  @inline(__always)
  private func mapCentres(
    row: Int, x0: Int, groups: Int, _ ts: UnsafeMutablePointer<Double>,
    _ t: (SIMD4<Double>, SIMD4<Double>) -> SIMD4<Double>
  ) {
    let m = self.m, Y = Double(row) + 0.5
    let ym3 = Y * m.3, ym4 = Y * m.4, ym5 = Y * m.5
    let raw = UnsafeMutableRawPointer(ts)
    // No shear (m.1 = ±0): X·m.1 is that zero in every lane (X > 0), so y
    // is the same in every lane, computed once per row with the same operations.
    let rowY = m.1 == 0 ? SIMD4(repeating: (Double(x0) + 0.5) * m.1 + ym4 + m.7) : nil
    for g in 0..<groups {
      let X = SIMD4(repeating: Double(x0 + 4 * g)) + SIMD4(0.5, 1.5, 2.5, 3.5)
      let x = X * m.0 + ym3 + m.6, y = rowY ?? X * m.1 + ym4 + m.7
      var value: SIMD4<Double>
      if affine {
        value = t(x, y)
      } else {
        let z = X * m.2 + ym5 + m.8
        value = t(x / z, y / z)
        value = select(z .> 0, value, SIMD4(repeating: .nan))
      }
      raw.storeBytes(of: value, toByteOffset: 32 * g, as: SIMD4<Double>.self)
    }
  }

  /// The colours at the t values of `groups` × 4 pixels.
  @inline(__always)
  private func interpolate(groups: Int, _ ts: UnsafeMutablePointer<Double>, _ colors: UnsafeMutablePointer<Float>) {
    let size = TileScratch.size
    evaluator.locations.withUnsafeBufferPointer { locations in
      evaluator.colors.withUnsafeBufferPointer { stops in
        let n = locations.count
        // s: how many locations lie at or below t (the scalar's k).
        var s = 0
        for g in 0..<groups {
          let t = UnsafeRawPointer(ts).load(fromByteOffset: 32 * g, as: SIMD4<Double>.self)
          let first = t[0]
          if !first.isNaN {
            while s < n && locations[s] <= first { s += 1 }
            while s > 0 && locations[s - 1] > first { s -= 1 }
          }
          let lo = s > 0 ? locations[s - 1] : -Double.infinity, hi = s < n ? locations[s] : Double.infinity
          var r: SIMD4<Float>, gr: SIMD4<Float>, b: SIMD4<Float>, a: SIMD4<Float>
          if !first.isNaN && all(t .>= lo) && all(t .< hi) {
            if s == 0 || s == n {
              let c = stops[s == 0 ? 0 : n - 1]
              (r, gr, b, a) = (.init(repeating: c.x), .init(repeating: c.y), .init(repeating: c.z), .init(repeating: c.w))
            } else {
              let c0 = stops[s - 1], d = stops[s] - stops[s - 1]
              let weight = (t - lo) / (hi - lo)
              let f = floats(weight)
              r = c0.x + d.x * f
              gr = c0.y + d.y * f
              b = c0.z + d.z * f
              a = opaque ? SIMD4(repeating: 1) : c0.w + d.w * f
            }
            if !opaque { (r, gr, b) = (r * a, gr * a, b * a) }
          } else {
            // Lane by lane: the definition itself.
            (r, gr, b, a) = (.zero, .zero, .zero, .zero)
            for lane in 0..<4 {
              if t[lane].isNaN {
                a[lane] = .nan
              } else {
                let c = evaluator.premultipliedColor(at: t[lane])
                (r[lane], gr[lane], b[lane], a[lane]) = (c.x, c.y, c.z, c.w)
              }
            }
          }
          let raw = UnsafeMutableRawPointer(colors) + 16 * g
          raw.storeBytes(of: r, as: SIMD4<Float>.self)
          raw.storeBytes(of: gr, toByteOffset: 4 * size, as: SIMD4<Float>.self)
          raw.storeBytes(of: b, toByteOffset: 8 * size, as: SIMD4<Float>.self)
          raw.storeBytes(of: a, toByteOffset: 12 * size, as: SIMD4<Float>.self)
        }
      }
    }
  }
}

/// Four Doubles rounded to Float (cvtpd2ps: IEEE rounding, as `Float(_:)`).
@inline(__always)
func floats(_ v: SIMD4<Double>) -> SIMD4<Float> {
  _mm_movelh_ps(_mm_cvtpd_ps(v.lowHalf), _mm_cvtpd_ps(v.highHalf))
}

/// Four opaque colours (as planes, alpha 1) whose components lie in
/// −2⁻²²…1 + 2⁻²² (interpolated between stops in 0…1) as the bytes `packed`
/// makes of each: there v·255 + ½ lies in [0, 256), where the clamps of
/// `quantize` cannot act and truncation (cvttps2dq) is its conversion.
@inline(__always)
func packedOpaquePixels(_ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<UInt32> {
  @inline(__always) func byte(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
    unsafeBitCast(_mm_cvttps_epi32(v * 255 + 0.5), to: SIMD4<UInt32>.self)
  }
  return byte(r) | byte(g) &<< 8 | byte(b) &<< 16 | 0xFF00_0000
}

/// Four premultiplied colours (as planes) as the bytes `packed` makes of
/// each: every channel UInt8(min(255, max(0, v·255 + ½))).
@inline(__always)
func packedPixels(_ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>, _ a: SIMD4<Float>) -> SIMD4<UInt32> {
  // The clamps by signs, as SpanBlend's truncatedByte (pointwiseMin and
  // pointwiseMax are calls, not instructions, in a release build).
  @inline(__always) func byte(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
    let x = v * 255 + 0.5
    let below = negatives(x - 255)
    var bits = (unsafeBitCast(x, to: SIMD4<UInt32>.self) & below) | (0x437F_0000 & ~below)  // 255
    bits &= ~negatives(unsafeBitCast(bits, to: SIMD4<Float>.self))
    return flooredByte(unsafeBitCast(bits, to: SIMD4<Float>.self))
  }
  return byte(r) | byte(g) &<< 8 | byte(b) &<< 16 | byte(a) &<< 24
}
