// SpanBlend: `blendPixel` over a row of pixels, four at a time, with the
// same Float operations in the same order per channel, so every byte equals
// the scalar result (Tests/LaminaCPUTests/SpanBlendTests.swift checks this
// against `blendPixel` on every destination byte and many coverages).
//
// Swift's SIMD conversions between Float and integers are generic loops that
// trap on overflow (they do not compile to cvttps2dq), so the two conversions
// are done with the 2^23 trick instead: a byte OR 0x4B000000 is the Float
// 2^23 + byte, and a value v in [0, 255] plus 2^23 is rounded to the nearest
// integer in the low mantissa bits; one sign test turns that rounding into
// the truncation `UInt8(_:)` does. Lanes are chosen with all-ones words
// made from sign bits (an arithmetic shift of a difference) and AND/OR:
// `replace(with:where:)` is scalarised by the compiler, and a SIMDMask that
// lives across a branch is split into halves and rebuilt (the kernel's
// instructions about halved, read in the disassembly).
//
// Where the CPU has AVX2, eight pixels at a time are blended by the C
// kernel CLaminaBlend (the same operations in 256-bit registers; Swift's
// SIMD types stay within SSE for the baseline target), and the last few
// here.
//
// Over a backdrop the surface still shows, a shadow's results can be read
// from a table made in advance (PreblendedStamp.swift, `blend(_:_:
// preblended:backdrop:count:)`).
//
// Rejected: tabulating the blend's factors per pixel in the stamp (the
// colour varies, and five Floats per pixel cost more memory traffic than
// the arithmetic),
// eight pixels per step in Swift (two groups of four: no measurable
// change), and reusing the result of a run of equal coverages over equal
// pixels (a shadow's values differ in their last bits along its edges:
// the test cost more than it saved).

import CLaminaBlend

/// Whether this CPU runs the AVX2 kernel.
let spanBlendHasAVX2 = lamina_blend_has_avx2() != 0

/// Draws one colour scaled by per-pixel values onto spans of pixels.
struct SpanBlender {
  let color: SIMD4<Float>
  /// Whether spans go through the AVX2 kernel first.
  let wide: Bool
  /// The colour's pixel and whether it is opaque, for the kernel.
  private let packedColor: UInt32
  private let isOpaque: Bool

  /// 0 ≤ r, g, b ≤ a ≤ 1 (a premultiplied colour): then with 0 < k ≤ 1
  /// every channel's sum s·255k + d·(1 − ak) + ½ lies in [½, 255.5 + ε], and
  /// the clamps of `truncatedByte` cannot act (`flooredByte` suffices).
  let premultiplied: Bool
  /// All ones when the colour is opaque; then `packed(color)`, the pixel
  /// of full coverage, in every lane of `solidPixel`.
  private let opaque: SIMD4<UInt32>
  private let solidPixel: SIMD4<UInt32>

  init(_ color: SIMD4<Float>, wide: Bool = spanBlendHasAVX2) {
    self.color = color
    self.wide = wide
    packedColor = packed(color)
    isOpaque = color.w >= 1
    let solid = color.w >= 1 ? packed(color) : nil
    opaque = SIMD4(repeating: solid == nil ? 0 : ~0)
    solidPixel = SIMD4(repeating: solid ?? 0)
    premultiplied = all(color .>= 0) && color.x <= color.w && color.y <= color.w && color.z <= color.w
      && color.w <= 1
  }

  /// For each of `count` pixels from `p`: `k = values[i]` (× `clip[i]`),
  /// then `blendPixel(p, color, k)` when `k > 0`, byte for byte.
  @inline(__always)
  func blend(
    _ p: UnsafeMutablePointer<UInt8>, _ values: UnsafePointer<Float>, clip: UnsafePointer<Float>?, count: Int
  ) {
    var i = 0
    let raw = UnsafeMutableRawPointer(p)
    if wide && count >= 8 && color.w >= 0 {
      i = withKernelColor { lamina_blend_span8(p, values, clip, count, $0, packedColor, isOpaque ? 1 : 0) }
    }
    // The vector skip test needs a ≥ 0 (a plan's colours have it).
    while i + 4 <= count && color.w >= 0 {
      var k = UnsafeRawPointer(values + i).loadUnaligned(as: SIMD4<Float>.self)
      if let clip { k *= UnsafeRawPointer(clip + i).loadUnaligned(as: SIMD4<Float>.self) }
      blend4(raw + i * 4, k)
      i += 4
    }
    while i < count {
      var k = values[i]
      if let clip { k *= clip[i] }
      if k > 0 { blendPixel(p + i * 4, color, k) }
      i += 1
    }
  }

  /// `blend(p, values, clip: nil, count:)` where the pixels still equal
  /// `backdrop` take their result from `preblended` (the same blend over
  /// `backdrop`, made in advance): eight or four pixels at a time, when all
  /// of them hold the backdrop.
  @inline(__always)
  func blend(
    _ p: UnsafeMutablePointer<UInt8>, _ values: UnsafePointer<Float>, preblended: UnsafePointer<UInt32>,
    backdrop: UInt32, count: Int
  ) {
    var i = 0
    let raw = UnsafeMutableRawPointer(p)
    if wide && count >= 8 && color.w >= 0 {
      i = withKernelColor {
        lamina_blend_span8_preblended(p, values, count, $0, packedColor, isOpaque ? 1 : 0, preblended, backdrop)
      }
    }
    while i + 4 <= count && color.w >= 0 {
      let d = (raw + i * 4).loadUnaligned(as: SIMD4<UInt32>.self)
      if d == SIMD4(repeating: backdrop) {
        (raw + i * 4).storeBytes(
          of: UnsafeRawPointer(preblended + i).loadUnaligned(as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
      } else {
        blend4(raw + i * 4, UnsafeRawPointer(values + i).loadUnaligned(as: SIMD4<Float>.self))
      }
      i += 4
    }
    while i < count {
      if (raw + i * 4).loadUnaligned(as: UInt32.self) == backdrop {
        (raw + i * 4).storeBytes(of: preblended[i], as: UInt32.self)
      } else if values[i] > 0 {
        blendPixel(p + i * 4, color, values[i])
      }
      i += 1
    }
  }

  /// Calls a C kernel with the colour as four Floats; returns its count.
  @inline(__always)
  private func withKernelColor(_ kernel: (UnsafePointer<Float>) -> Int) -> Int {
    var c = color
    return withUnsafePointer(to: &c) { $0.withMemoryRebound(to: Float.self, capacity: 4, kernel) }
  }

  /// Four pixels at `dst` with coverages `k`.
  @inline(__always)
  private func blend4(_ dst: UnsafeMutableRawPointer, _ k: SIMD4<Float>) {
    let a = color.w
    // NaN coverage draws nothing in blendPixel (k > 0 fails), nor does 0.
    let k = unsafeBitCast(unsafeBitCast(k, to: SIMD4<UInt32>.self) & words(k .== k), to: SIMD4<Float>.self)
    // blendPixel's exact skip a·k·255 < ½; it implies k > 0, as a ≥ 0. The
    // lanes drawn are found from the sign of a·k·255 − ½ (exact: it is +0
    // at equality, never 0 otherwise), not a mask: a mask kept across the
    // branches is split into halves and rebuilt by the compiler.
    let x = a * k * 255
    if !any(x .>= 0.5) { return }
    let apply = ~negatives(x - 0.5)
    let d = dst.loadUnaligned(as: SIMD4<UInt32>.self)
    let scaled = k * 255
    let inverse = 1 - a * k
    if premultiplied && all(k .<= 1) {
      store(channels(d, scaled, inverse, flooredByte), apply, d, k, dst)
    } else {
      store(channels(d, scaled, inverse, truncatedByte), apply, d, k, dst)
    }
  }

  /// Stores `out` in the lanes of `apply` (else `d`), the solid colour
  /// where k ≥ 1.
  @inline(__always)
  private func store(
    _ out: SIMD4<UInt32>, _ apply: SIMD4<UInt32>, _ d: SIMD4<UInt32>, _ k: SIMD4<Float>,
    _ dst: UnsafeMutableRawPointer
  ) {
    let out = (out & apply) | (d & ~apply)
    // k ≥ 1 (k − 1 not negative), for an opaque colour.
    let full = ~negatives(k - 1) & opaque
    dst.storeBytes(of: (out & ~full) | (solidPixel & full), as: SIMD4<UInt32>.self)
  }

  /// blendPixel's four channel sums, each turned into a byte by `byte`.
  @inline(__always)
  private func channels(
    _ d: SIMD4<UInt32>, _ scaled: SIMD4<Float>, _ inverse: SIMD4<Float>,
    _ byte: (SIMD4<Float>) -> SIMD4<UInt32>
  ) -> SIMD4<UInt32> {
    var out = byte(color.x * scaled + floats(d & 0xFF) * inverse + 0.5)
    out |= byte(color.y * scaled + floats((d &>> 8) & 0xFF) * inverse + 0.5) &<< 8
    out |= byte(color.z * scaled + floats((d &>> 16) & 0xFF) * inverse + 0.5) &<< 16
    out |= byte(color.w * scaled + floats(d &>> 24) * inverse + 0.5) &<< 24
    return out
  }
}

/// The lanes of `mask` as all-ones or zero words.
@inline(__always)
private func words(_ mask: SIMDMask<SIMD4<Int32>>) -> SIMD4<UInt32> {
  unsafeBitCast(mask, to: SIMD4<UInt32>.self)
}

/// Bytes (0…255 in each lane) as Floats, exactly.
@inline(__always)
private func floats(_ bytes: SIMD4<UInt32>) -> SIMD4<Float> {
  unsafeBitCast(bytes | 0x4B00_0000, to: SIMD4<Float>.self) - 8_388_608
}

/// All ones in the lanes where `x` has its sign bit set (x < 0 or -0).
@inline(__always)
func negatives(_ x: SIMD4<Float>) -> SIMD4<UInt32> {
  unsafeBitCast(unsafeBitCast(x, to: SIMD4<Int32>.self) &>> 31, to: SIMD4<UInt32>.self)
}

/// `UInt32(UInt8(min(255, v)))` per lane, for v > −1 (negative values give
/// 0, as the truncation toward zero of `UInt8(_:)` does).
/// Signs stand in for compares: a difference of two unequal Floats is never
/// zero, and x − x is +0.
@inline(__always)
private func truncatedByte(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
  let below = negatives(v - 255)
  var bits = (unsafeBitCast(v, to: SIMD4<UInt32>.self) & below) | (0x437F_0000 & ~below)  // 255
  bits &= ~negatives(unsafeBitCast(bits, to: SIMD4<Float>.self))
  return flooredByte(unsafeBitCast(bits, to: SIMD4<Float>.self))
}

/// ⌊v⌋ per lane, for 0 ≤ v < 256. v + 2^23 is exact up to the rounding of
/// v to an integer (ties to even), which the low mantissa bits then hold;
/// minus 1 where it rounded up.
@inline(__always)
func flooredByte(_ v: SIMD4<Float>) -> SIMD4<UInt32> {
  let t = v + 8_388_608
  let rounded = t - 8_388_608
  return (unsafeBitCast(t, to: SIMD4<UInt32>.self) &- (unsafeBitCast(v - rounded, to: SIMD4<UInt32>.self) &>> 31))
    & 0xFF
}
