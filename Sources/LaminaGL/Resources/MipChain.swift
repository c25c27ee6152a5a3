// MipChain: the box-filtered mip levels of an image, built on the CPU to
// the shared rule (SCENE_FORMAT.md "Mip chain"): level n+1 is max(1,
// ⌊size/2⌋) per axis, each texel the area-weighted average of its exact
// footprint in level n, in premultiplied values, rounded to 8 bits.
// The filter is separable: per axis, each output texel covers
// [i·N/n, (i+1)·N/n) of the input, and the weights are the overlaps.
//
// Rejected: glGenerateMipmap, whose filter for odd sizes is the driver's
// choice, so it would not match the CPU renderer.

enum MipChain {
  /// Levels 1… of `pixels` (RGBA8, `width`×`height`), down to 1×1.
  static func levels(width: Int, height: Int, pixels: [UInt8]) -> [(width: Int, height: Int, pixels: [UInt8])] {
    var result: [(Int, Int, [UInt8])] = []
    var (w, h, current) = (width, height, pixels)
    while w > 1 || h > 1 {
      let nw = max(1, w / 2), nh = max(1, h / 2)
      current = downsample(current, width: w, height: h, to: nw, nh)
      (w, h) = (nw, nh)
      result.append((w, h, current))
    }
    return result
  }

  /// Footprint weights of each output texel along one axis: (first input index, weights).
  static func weights(from n: Int, to m: Int) -> [(Int, [Double])] {
    let ratio = Double(n) / Double(m)
    return (0..<m).map { i in
      let lo = Double(i) * ratio, hi = Double(i + 1) * ratio
      let first = Int(lo.rounded(.down))
      var w: [Double] = []
      var j = first
      while Double(j) < hi && j < n {
        let overlap = min(hi, Double(j + 1)) - max(lo, Double(j))
        w.append(overlap / ratio)
        j += 1
      }
      return (first, w)
    }
  }

  static func downsample(_ src: [UInt8], width: Int, height: Int, to nw: Int, _ nh: Int) -> [UInt8] {
    let wx = weights(from: width, to: nw), wy = weights(from: height, to: nh)
    // Rows first into doubles, then columns, then round once.
    var rows = [Double](repeating: 0, count: nw * height * 4)
    for y in 0..<height {
      for (i, (first, w)) in wx.enumerated() {
        for c in 0..<4 {
          var sum = 0.0
          for (k, weight) in w.enumerated() { sum += weight * Double(src[(y * width + first + k) * 4 + c]) }
          rows[(y * nw + i) * 4 + c] = sum
        }
      }
    }
    var out = [UInt8](repeating: 0, count: nw * nh * 4)
    for (j, (first, w)) in wy.enumerated() {
      for x in 0..<nw {
        for c in 0..<4 {
          var sum = 0.0
          for (k, weight) in w.enumerated() { sum += weight * rows[((first + k) * nw + x) * 4 + c] }
          out[(j * nw + x) * 4 + c] = UInt8(min(255, max(0, sum.rounded())))
        }
      }
    }
    return out
  }
}
