// SpanBlender against `blendPixel`, the scalar definition it vectorises:
// every destination byte value under many coverages (random ones, the
// exact-skip threshold and its Float neighbours, 0, 1, just above 1,
// negative, NaN), translucent, opaque and invalid (not premultiplied)
// colours, spans of every length mod 4, with and without a clip plane.
// Equal bytes, not approximately.
import Testing
import LaminaTestSupport
@testable import LaminaCPU

@Suite struct SpanBlendTests {
  static let colors: [SIMD4<Float>] = [
    SIMD4(0, 0, 0, 0.5),  // the S1/S2 shadow
    SIMD4(0, 0, 0, 1),
    SIMD4(1, 1, 1, 1),
    SIMD4(0.2, 0.4, 0.6, 1),
    SIMD4(0.1, 0.25, 0.05, 0.3),
    SIMD4(0.7, 0.01, 0.33, 0.71),
    SIMD4(0.002, 0, 0.003, 0.004),
    // Not premultiplied (a channel above alpha, above 1): the clamped path.
    SIMD4(0.9, 0.2, 0.1, 0.4),
    SIMD4(1.5, 0, 0.5, 1),
  ]

  /// Coverages with the edge cases first, then random ones.
  static func coverages(for color: SIMD4<Float>, count: Int, seed: UInt64) -> [Float] {
    let threshold = 0.5 / (255 * color.w)
    var ks: [Float] = [
      0, -0, -0.25, .nan, 1, Float(1).nextUp, Float(1).nextDown, 1.0001, .leastNonzeroMagnitude,
      threshold, threshold.nextUp, threshold.nextDown, 0.5, 1 / 255, 1 / 510,
    ]
    var s = SplitMix64(seed: seed)
    while ks.count < count { ks.append(s.unitFloat()) }
    return ks
  }

  /// Runs both blends on the same pixels and returns (span, scalar) bytes.
  func both(color: SIMD4<Float>, ks: [Float], clip: [Float]?, offset: Int, wide: Bool) -> ([UInt8], [UInt8]) {
    let n = ks.count
    var span = [UInt8](repeating: 0, count: n * 4)
    for i in 0..<n {
      let d = (i + offset) & 255
      span[i * 4] = UInt8(d)
      span[i * 4 + 1] = UInt8(255 - d)
      span[i * 4 + 2] = UInt8((d &* 7) & 255)
      span[i * 4 + 3] = UInt8(max(d, (d &* 13) & 255))
    }
    var scalar = span
    let blender = SpanBlender(color, wide: wide)
    span.withUnsafeMutableBufferPointer { p in
      ks.withUnsafeBufferPointer { v in
        if let clip {
          clip.withUnsafeBufferPointer { c in
            blender.blend(p.baseAddress!, v.baseAddress!, clip: c.baseAddress!, count: n)
          }
        } else {
          blender.blend(p.baseAddress!, v.baseAddress!, clip: nil, count: n)
        }
      }
    }
    scalar.withUnsafeMutableBufferPointer { p in
      for i in 0..<n {
        var k = ks[i]
        if let clip { k *= clip[i] }
        if k > 0 { blendPixel(p.baseAddress! + i * 4, color, k) }
      }
    }
    return (span, scalar)
  }

  /// The kernels to check: Swift's 4-wide, and the AVX2 one where the CPU
  /// has it (it must, on the machines CI runs on: see `avx2IsThere`).
  static let widths = spanBlendHasAVX2 ? [false, true] : [false]

  @Test func avx2IsThere() {
    // The x86-64 machines Lamina is measured and tested on have AVX2; on
    // one without it, the 4-wide path runs (and this test says so).
    #if arch(x86_64)
      #expect(spanBlendHasAVX2, "this CPU has no AVX2: the AVX2 kernel is not tested here")
    #endif
  }

  @Test(arguments: colors.indices, widths)
  func spansEqualThePixelBlend(colorIndex: Int, wide: Bool) {
    let color = Self.colors[colorIndex]
    let ks = Self.coverages(for: color, count: 4096, seed: UInt64(colorIndex))
    // Each coverage meets 4 destination offsets, so 16 k per destination byte.
    for offset in [0, 64, 128, 192] {
      let (span, scalar) = both(color: color, ks: ks, clip: nil, offset: offset, wide: wide)
      let first = span.indices.first { span[$0] != scalar[$0] }
      #expect(first == nil, "colour \(color), pixel \((first ?? 0) / 4), k \(ks[(first ?? 0) / 4])")
    }
  }

  @Test(arguments: widths)
  func clipsAndEveryTailLength(wide: Bool) {
    var s = SplitMix64(seed: 99)
    for color in Self.colors {
      for count in 0..<21 {
        let ks = (0..<count).map { _ in s.unitFloat() * 1.2 - 0.1 }
        let clip = (0..<count).map { i in i % 3 == 0 ? 1 : s.unitFloat() }
        for c in [nil, clip] {
          let (span, scalar) = both(color: color, ks: ks, clip: c, offset: count * 17, wide: wide)
          #expect(span == scalar, "colour \(color), count \(count), clipped \(c != nil), wide \(wide)")
        }
      }
    }
  }
}

extension SplitMix64 {
  /// A Float in [0, 1) from the top 24 bits.
  fileprivate mutating func unitFloat() -> Float { Float(next() >> 40) / Float(1 << 24) }
}
