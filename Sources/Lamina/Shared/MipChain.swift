// The mip chain of an image, defined once (docs/scene-format.md, "Mip chain"):
// level n+1 is max(1, ⌊size/2⌋) per axis and each of its texels is the
// area-weighted average of its exact footprint in level n, in premultiplied
// values, rounded to 8 bits. Even sizes reduce to the 2×2 box; odd sizes
// weigh the straddled texels by the part of them that is covered.
//
// Rejected: dropping the last row/column of odd sizes (shifts the image by
// half a texel per level) and GL's implementation-defined glGenerateMipmap.

/// One level of a mip chain: premultiplied RGBA8, rows top-down.
public struct MipLevel: Hashable, Sendable {
  public let width: Int
  public let height: Int
  public let pixels: [UInt8]

  /// Wraps premultiplied pixels (`width * height * 4` bytes).
  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}

/// An image and its reduced levels, down to 1×1.
public struct MipChain: Sendable {
  /// Level 0 is the image itself.
  public let levels: [MipLevel]

  /// Builds every level of `image`.
  public init(_ image: Image) {
    var levels = [MipLevel(width: image.width, height: image.height, pixels: image.pixels)]
    while let last = levels.last, last.width > 1 || last.height > 1 {
      levels.append(Self.reduce(last))
    }
    self.levels = levels
  }

  /// The footprint weights of each texel of a reduced axis: `(first, weights)`
  /// where `weights` sum to 1 and start at source texel `first`.
  static func footprints(from size: Int, to reduced: Int) -> [(first: Int, weights: [Double])] {
    let scale = Double(size) / Double(reduced)
    return (0..<reduced).map { i in
      let lo = Double(i) * scale, hi = Double(i + 1) * scale
      let first = Int(lo.rounded(.down)), last = min(size - 1, Int(hi.rounded(.up)) - 1)
      let weights = (first...last).map { k in
        (min(hi, Double(k + 1)) - max(lo, Double(k))) / scale
      }
      return (first, weights)
    }
  }

  static func reduce(_ level: MipLevel) -> MipLevel {
    let w = max(1, level.width / 2), h = max(1, level.height / 2)
    let fx = footprints(from: level.width, to: w), fy = footprints(from: level.height, to: h)
    var out = [UInt8](repeating: 0, count: w * h * 4)
    level.pixels.withUnsafeBufferPointer { src in
      for j in 0..<h {
        let (y0, wy) = fy[j]
        for i in 0..<w {
          let (x0, wx) = fx[i]
          var sum = SIMD4<Double>(repeating: 0)
          for (dy, ky) in wy.enumerated() {
            let row = (y0 + dy) * level.width
            for (dx, kx) in wx.enumerated() {
              let s = (row + x0 + dx) * 4
              let texel = SIMD4(Double(src[s]), Double(src[s + 1]), Double(src[s + 2]), Double(src[s + 3]))
              sum += texel * (kx * ky)
            }
          }
          let o = (j * w + i) * 4
          for c in 0..<4 { out[o + c] = UInt8(min(255, max(0, sum[c].rounded()))) }
        }
      }
    }
    return MipLevel(width: w, height: h, pixels: out)
  }
}
