// ImageDiff: how far apart two images are, in the numbers image tests bound
// (docs/architecture.md, "Tests"): the largest channel difference, the share of pixels
// beyond a threshold, the mean, and PSNR, plus a heatmap and the
// `expected | diff | actual` strip a failing test writes.
//
// Design: one pass over the bytes records, per pixel, its largest channel
// difference, and a 256-bin histogram of those; every threshold question is
// then a sum over the histogram, so a test can ask for several tolerances
// without rescanning. `Image`s are compared in their premultiplied bytes (what
// renderers produce: colour under zero alpha is no difference), and
// `StraightImage`s in theirs.
//
// Rejected: a perceptual metric (SSIM, ΔE). The tests need bounds a reader
// can check by hand against a byte dump, and that fail on a blank image.

import Foundation

/// Why two images could not be compared.
public enum ImageDiffError: Error, Equatable, CustomStringConvertible {
  /// The images have different sizes.
  case sizeMismatch(aWidth: Int, aHeight: Int, bWidth: Int, bHeight: Int)
  /// A buffer does not hold `width × height × 4` bytes.
  case bufferLength(expected: Int, a: Int, b: Int)

  public var description: String {
    switch self {
    case .sizeMismatch(let aw, let ah, let bw, let bh):
      "cannot compare images of different sizes: \(aw)×\(ah) and \(bw)×\(bh)"
    case .bufferLength(let expected, let a, let b):
      "cannot compare RGBA8 buffers of \(a) and \(b) bytes: \(expected) expected"
    }
  }
}

/// The difference between two equal-sized RGBA8 images.
public struct ImageDiff: Hashable, Sendable, CustomStringConvertible {
  public let width: Int
  public let height: Int
  /// The largest difference of any channel of any pixel, 0…255.
  public let maxChannelDifference: Int
  /// The mean absolute difference over all channel values (4 per pixel).
  public let meanAbsoluteError: Double
  /// Peak signal-to-noise ratio in dB over all channel values; `infinity`
  /// when the images are equal.
  public let psnr: Double
  /// `histogram[d]`: how many pixels have `d` as their largest channel
  /// difference (256 bins).
  public let histogram: [Int]
  /// Each pixel's largest channel difference, rows top-down.
  public let pixelDifferences: [UInt8]

  /// Compares straight-alpha bytes.
  public init(_ a: StraightImage, _ b: StraightImage) throws(ImageDiffError) {
    guard a.width == b.width, a.height == b.height else {
      throw .sizeMismatch(aWidth: a.width, aHeight: a.height, bWidth: b.width, bHeight: b.height)
    }
    try self.init(width: a.width, height: a.height, rgba: a.pixels, b.pixels)
  }

  /// Compares premultiplied bytes, as renderers produce them.
  public init(_ a: Image, _ b: Image) throws(ImageDiffError) {
    guard a.width == b.width, a.height == b.height else {
      throw .sizeMismatch(aWidth: a.width, aHeight: a.height, bWidth: b.width, bHeight: b.height)
    }
    try self.init(width: a.width, height: a.height, rgba: a.pixels, b.pixels)
  }

  /// Compares two RGBA8 buffers of `width × height × 4` bytes each.
  public init(width: Int, height: Int, rgba a: [UInt8], _ b: [UInt8]) throws(ImageDiffError) {
    let count = max(0, width) * max(0, height)
    guard a.count == count * 4, b.count == count * 4 else {
      throw .bufferLength(expected: count * 4, a: a.count, b: b.count)
    }
    var histogram = [Int](repeating: 0, count: 256)
    var perPixel = [UInt8](repeating: 0, count: count)
    let (sum, sumOfSquares) = a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        perPixel.withUnsafeMutableBufferPointer { perPixel in
          histogram.withUnsafeMutableBufferPointer { histogram in
            Self.scan(a, b, perPixel: perPixel, histogram: histogram)
          }
        }
      }
    }
    self.width = width
    self.height = height
    self.histogram = histogram
    self.pixelDifferences = perPixel
    self.maxChannelDifference = histogram.lastIndex { $0 > 0 } ?? 0
    let values = Double(count * 4)
    self.meanAbsoluteError = count == 0 ? 0 : Double(sum) / values
    self.psnr =
      sumOfSquares == 0 ? .infinity : 10 * log10(255 * 255 / (Double(sumOfSquares) / values))
  }

  /// The one pass over the bytes: fills the per-pixel maxima and their
  /// histogram, returns the sums of |d| and d² over all channel values.
  private static func scan(
    _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>,
    perPixel: UnsafeMutableBufferPointer<UInt8>, histogram: UnsafeMutableBufferPointer<Int>
  ) -> (sum: Int, sumOfSquares: Int) {
    var sum = 0
    var sumOfSquares = 0
    for p in 0..<perPixel.count {
      var largest = 0
      for i in 4 * p..<4 * p + 4 {
        let d = abs(Int(a[i]) - Int(b[i]))
        sum += d
        sumOfSquares += d * d
        largest = max(largest, d)
      }
      perPixel[p] = UInt8(largest)
      histogram[largest] += 1
    }
    return (sum, sumOfSquares)
  }

  /// The number of pixels compared.
  public var pixelCount: Int { pixelDifferences.count }

  /// The share (0…1) of pixels whose largest channel difference exceeds
  /// `levels`: `fractionBeyond(0)` is the share of pixels that differ at all.
  public func fractionBeyond(_ levels: Int) -> Double {
    guard pixelCount > 0, levels < 255 else { return 0 }
    let beyond = histogram[max(0, levels + 1)...].reduce(0, +)
    return Double(beyond) / Double(pixelCount)
  }

  /// One line for test failures: the numbers the tolerances bound.
  public var description: String {
    func percent(_ fraction: Double) -> String { String(format: "%.4f%%", 100 * fraction) }
    let psnrText = psnr.isInfinite ? "∞" : String(format: "%.2f dB", psnr)
    return "\(width)×\(height): max channel difference \(maxChannelDifference), "
      + "mean \(String(format: "%.4f", meanAbsoluteError)), "
      + "\(percent(fractionBeyond(0))) of pixels differ, \(percent(fractionBeyond(2))) beyond 2, "
      + "PSNR \(psnrText)"
  }

  /// Black where the images agree, red where they differ, on a logarithmic
  /// scale so that a difference of 1 is already visible (red 64) and 255 is
  /// full red. Opaque.
  public func heatmap() -> StraightImage {
    var out = [UInt8](repeating: 0, count: pixelCount * 4)
    out.withUnsafeMutableBufferPointer { out in
      pixelDifferences.withUnsafeBufferPointer { differences in
        HeatmapScale.colors.withUnsafeBufferPointer { colors in
          for (p, d) in differences.enumerated() {
            let color = colors[Int(d)]
            out[4 * p] = color.0
            out[4 * p + 1] = color.1
            out[4 * p + 2] = color.2
            out[4 * p + 3] = color.3
          }
        }
      }
    }
    return StraightImage(width: max(0, width), height: max(0, height), pixels: out)
  }
}

/// The heatmap's colours, shared by `heatmap()` and `sideBySide`.
enum HeatmapScale {
  /// Difference 0 → black; 1…255 → red 64…255, logarithmically. Opaque.
  static let colors: [(UInt8, UInt8, UInt8, UInt8)] = (0...255).map { d in
    let red = d == 0 ? 0 : UInt8((64 + 191 * log2(Double(d)) / log2(255)).rounded())
    return (red, 0, 0, 255)
  }
  /// Where only one image has a pixel (sizes differ): opaque magenta.
  static let missing: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 255, 255)
  /// Between panels: opaque mid grey.
  static let gap: (UInt8, UInt8, UInt8, UInt8) = (128, 128, 128, 255)
  static let gapWidth = 4
}
