// Blur: the Gaussian blur of a surface's alpha for surface shadows
// (mirrors Shaders/blur.frag). Separable, with Lamina's pixel-integrated
// kernel (radius ⌈4σ⌉, normalised), on a grid padded by the kernel radius so
// the blur spreads past the surface's edge; exact for any σ (the GL backend
// may downsample for speed; the reference does not).
import Dispatch
import Lamina

/// The largest σ blurred exactly; larger ones are drawn with this σ (a
/// shadow that wide is nearly invisible, and an exact kernel would cost
/// O(σ) per pixel and memory for a grid padded by 4σ).
let maxBlurSigma = 128.0

/// The alpha of `raster` blurred with standard deviation `sigma` pixels.
func blurredAlpha(_ raster: Raster, sigma: Double) -> AlphaGrid {
  let kernel = gaussianKernel(sigma: min(sigma, maxBlurSigma))
  let radius = kernel.count / 2
  let w = raster.width, h = raster.height
  let out = AlphaGrid(width: w + 2 * radius, height: h + 2 * radius, pad: radius)
  // Horizontal pass: h rows of the padded width.
  let buffer = AlphaGrid(width: out.width, height: h, pad: 0)
  let rows = buffer
  let ow = out.width
  let k = kernel
  do {
    // Each row's alpha, as floats between 2r zeros a side, so every tap is
    // read without a bounds test; a tap on a zero adds +0, so the sums are
    // the ones over the taps inside the row, bit for bit.
    let taps = k.count
    DispatchQueue.concurrentPerform(iterations: h) { j in
      let src = raster.pixels + j * w * 4
      let line = UnsafeMutablePointer<Float>.allocate(capacity: w + 4 * radius)
      defer { line.deallocate() }
      line.initialize(repeating: 0, count: w + 4 * radius)
      for x in 0..<w { line[2 * radius + x] = Float(src[x * 4 + 3]) }
      k.withUnsafeBufferPointer { weights in
        // Output texel i sits at source column i − radius; taps t = 0…2r
        // read line[i + t]. Eight outputs at a time, each lane summing its
        // taps in the same order as one output alone.
        let out = rows.values + j * ow
        var i = 0
        while i + 8 <= ow {
          var sum = SIMD8<Float>(repeating: 0)
          for t in 0..<taps {
            sum += weights[t] * UnsafeRawPointer(line + i + t).loadUnaligned(as: SIMD8<Float>.self)
          }
          UnsafeMutableRawPointer(out + i).storeBytes(of: sum * (1 / 255), as: SIMD8<Float>.self)
          i += 8
        }
        while i < ow {
          var sum: Float = 0
          for t in 0..<taps { sum += weights[t] * line[i + t] }
          out[i] = sum * (1 / 255)
          i += 1
        }
      }
    }
    // Vertical pass into the padded grid.
    let oh = out.height
    DispatchQueue.concurrentPerform(iterations: oh) { j in
      let first = max(0, 2 * radius - j), last = min(2 * radius, h - 1 + 2 * radius - j)
      let dst = out.values + j * ow
      guard first <= last else { return }
      for t in first...last {
        let weight = k[t]
        let src = rows.values + (j - 2 * radius + t) * ow
        for i in 0..<ow { dst[i] += weight * src[i] }
      }
    }
  }
  return out
}
