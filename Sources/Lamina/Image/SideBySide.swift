// The `expected | diff | actual` strip a failing image test writes next to
// its report, so a reader sees at once where and how badly the images part.
//
// Design: the strip never fails. Images of different sizes (itself a test
// failure worth seeing) are laid out top-aligned; the diff panel covers the
// larger extent and shows pixels only one image has in magenta. Panels are
// separated by a grey gap; the expected and actual panels keep their alpha.

extension ImageDiff {
  /// `expected | diff | actual`, straight alpha; the diff compares straight bytes.
  public static func sideBySide(expected: StraightImage, actual: StraightImage) -> StraightImage {
    strip(expected: expected, actual: actual, comparing: expected.pixels, actual.pixels)
  }

  /// `expected | diff | actual`, straight alpha; the diff compares the
  /// premultiplied bytes, as `ImageDiff(_:_:)` on `Image`s does.
  public static func sideBySide(expected: Image, actual: Image) -> StraightImage {
    strip(
      expected: expected.straight, actual: actual.straight, comparing: expected.pixels,
      actual.pixels)
  }

  /// Lays out the panels; `a` and `b` are the bytes the diff panel compares
  /// (same dimensions as `expected` and `actual` respectively).
  private static func strip(
    expected: StraightImage, actual: StraightImage, comparing a: [UInt8], _ b: [UInt8]
  ) -> StraightImage {
    let diffWidth = max(expected.width, actual.width)
    let height = max(expected.height, actual.height)
    let gap = HeatmapScale.gapWidth
    let width = expected.width + gap + diffWidth + gap + actual.width
    var out = [UInt8](repeating: 0, count: width * height * 4)
    out.withUnsafeMutableBufferPointer { out in
      func put(_ x: Int, _ y: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) {
        let o = (y * width + x) * 4
        out[o] = rgba.0
        out[o + 1] = rgba.1
        out[o + 2] = rgba.2
        out[o + 3] = rgba.3
      }
      func paste(_ image: StraightImage, at x0: Int) {
        let rowBytes = image.width * 4
        image.pixels.withUnsafeBufferPointer { pixels in
          guard let source = pixels.baseAddress, let dest = out.baseAddress else { return }
          for y in 0..<image.height {
            (dest + (y * width + x0) * 4).update(from: source + y * rowBytes, count: rowBytes)
          }
        }
      }
      paste(expected, at: 0)
      paste(actual, at: expected.width + gap + diffWidth + gap)
      for y in 0..<height {
        for x in 0..<gap {
          put(expected.width + x, y, HeatmapScale.gap)
          put(expected.width + gap + diffWidth + x, y, HeatmapScale.gap)
        }
      }
      let x0 = expected.width + gap
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
          for y in 0..<height {
            for x in 0..<diffWidth {
              let inA = x < expected.width && y < expected.height
              let inB = x < actual.width && y < actual.height
              guard inA && inB else {
                if inA || inB { put(x0 + x, y, HeatmapScale.missing) }
                continue
              }
              let i = (y * expected.width + x) * 4
              let j = (y * actual.width + x) * 4
              var largest = 0
              for c in 0..<4 { largest = max(largest, abs(Int(a[i + c]) - Int(b[j + c]))) }
              put(x0 + x, y, HeatmapScale.colors[largest])
            }
          }
        }
      }
    }
    return StraightImage(width: width, height: height, pixels: out)
  }
}
