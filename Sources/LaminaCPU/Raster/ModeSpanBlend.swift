// ModeSpanBlend: one colour scaled by per-pixel values onto spans of
// pixels under a blend mode (`blendPixel(_:_:_:mode:)`), for shapes drawn
// with a `blendMode` (RoundedRectStage): eight pixels a step by the AVX2
// kernel `lamina_blend_color_span8` where the CPU has it, which does the
// same Float operations (BlendKernelTests), else pixel by pixel here.
//
// Rejected: a table of results per backdrop byte for a constant colour
// (exact only over an opaque backdrop at full coverage, and the
// non-separable modes mix the channels).

import CLaminaBlend
import Lamina

struct ModeSpanBlender {
  let color: SIMD4<Float>
  let mode: BlendMode
  /// Whether spans go through the AVX2 kernel first.
  let wide: Bool

  init(_ color: SIMD4<Float>, mode: BlendMode, wide: Bool = spanBlendHasAVX2) {
    self.color = color
    self.mode = mode
    self.wide = wide
  }

  /// For each of `count` pixels from `p`: `k = values[i]` (× `clip[i]`),
  /// then `blendPixel(p, color, k, mode: mode)` when `k > 0`, byte for byte.
  func blend(
    _ p: UnsafeMutablePointer<UInt8>, _ values: UnsafePointer<Float>, clip: UnsafePointer<Float>?, count: Int
  ) {
    var i = 0
    if wide {
      var c = color
      let index = Int32(mode.shaderIndex)
      i = withUnsafePointer(to: &c) {
        $0.withMemoryRebound(to: Float.self, capacity: 4) {
          lamina_blend_color_span8(p, values, clip, count, $0, index)
        }
      }
    }
    while i < count {
      var k = values[i]
      if let clip { k *= clip[i] }
      if k > 0 { blendPixel(p + i * 4, color, k, mode: mode) }
      i += 1
    }
  }
}
