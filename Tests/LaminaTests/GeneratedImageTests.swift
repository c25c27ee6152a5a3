// Generated images against values worked out by hand: pixel centres,
// gradient t in pixel space, straight interpolation, 8-bit rounding
// (straight first, then premultiplied).

import Testing

@testable import Lamina

/// Premultiplied RGBA of every pixel, row by row.
private func pixels(_ image: Image) -> [[UInt8]] {
  stride(from: 0, to: image.pixels.count, by: 4).map { Array(image.pixels[$0..<$0 + 4]) }
}

/// Opaque grey `v`.
private func grey(_ v: UInt8) -> [UInt8] { [v, v, v, 255] }

/// `GeneratedImage.linearGradient` of `width`×`height` pixels from unit
/// point `start` to `end`.
private func linear(
  _ width: Int, _ height: Int, _ colors: [Color], from start: (Double, Double), to end: (Double, Double)
) -> Image {
  GeneratedImage.linearGradient(
    width: width, height: height, colors: colors, start: CGPoint(x: start.0, y: start.1),
    end: CGPoint(x: end.0, y: end.1))
}

@Suite struct GeneratedImageTests {
  let halfBlue = Color(red: 0, green: 0, blue: 1, alpha: 0.5)

  @Test func checkerboardStartsWithFirstColourTopLeft() {
    let image = GeneratedImage.checkerboard(width: 5, height: 3, cell: 2, colors: (.red, halfBlue))
    // Alpha 0.5 → 127.5 → 128 straight; blue 255·128/255 = 128 premultiplied.
    let r: [UInt8] = [255, 0, 0, 255]
    let b: [UInt8] = [0, 0, 128, 128]
    #expect(
      pixels(image) == [
        r, r, b, b, r,
        r, r, b, b, r,
        b, b, r, r, b,
      ])
  }

  @Test func checkerboardDegenerateSizes() {
    #expect(
      GeneratedImage.checkerboard(width: -3, height: 2, cell: 4, colors: (.red, .blue)).pixels
        .isEmpty)
    let cellZero = GeneratedImage.checkerboard(width: 2, height: 1, cell: 0, colors: (.red, .blue))
    #expect(pixels(cellZero) == [[255, 0, 0, 255], [0, 0, 255, 255]])
  }

  @Test func linearGradientSamplesPixelCentres() {
    // Start pixel x = 0, end x = 4: centres 0.5…3.5 give t = 1/8, 3/8, 5/8, 7/8,
    // so 31.875, 95.625, 159.375, 223.125 round to 32, 96, 159, 223.
    let image = linear(4, 1, [.black, .white], from: (0, 0.5), to: (1, 0.5))
    #expect(pixels(image) == [grey(32), grey(96), grey(159), grey(223)])
  }

  @Test func linearGradientTopToBottom() {
    let image = linear(2, 4, [.black, .white], from: (0.5, 0), to: (0.5, 1))
    #expect(
      pixels(image) == [
        grey(32), grey(32), grey(96), grey(96), grey(159), grey(159), grey(223), grey(223),
      ])
  }

  @Test func linearGradientProjectsInPixelSpace() {
    // 2×4 pixels, unit (0,0)→(1,1) is pixel (0,0)→(2,4): t = (2x + 4y) / 20.
    // (0.5,0.5) 0.15 → 38.25; (1.5,0.5) 0.25 → 63.75; (0.5,3.5) 0.75 → 191.25;
    // (1.5,3.5) 0.85 → 216.75. (In unit space the corners would differ.)
    let image = linear(2, 4, [.black, .white], from: (0, 0), to: (1, 1))
    let p = pixels(image)
    #expect(p[0] == grey(38))
    #expect(p[1] == grey(64))
    #expect(p[6] == grey(191))
    #expect(p[7] == grey(217))
  }

  @Test func linearGradientClampsBeyondTheEnds() {
    // Start x = 1, end x = 3: t = -0.25, 0.25, 0.75, 1.25 → 0, 64, 191, 255.
    let image = linear(4, 1, [.black, .white], from: (0.25, 0), to: (0.75, 0))
    #expect(pixels(image) == [grey(0), grey(64), grey(191), grey(255)])
  }

  @Test func threeStopsAreEvenlySpaced() {
    // t = 1/8…7/8 over stops at 0, ½, 1: s = 0.25, 0.75 in the first half,
    // 1.25, 1.75 in the second; 0.25·255 = 63.75 → 64, 0.75·255 → 191.
    let image = linear(4, 1, [.red, .green, .blue], from: (0, 0), to: (1, 0))
    #expect(
      pixels(image) == [
        [191, 64, 0, 255], [64, 191, 0, 255], [0, 191, 64, 255], [0, 64, 191, 255],
      ])
  }

  @Test func gradientInterpolatesStraightAlpha() {
    // Opaque red → transparent blue at t = 1/4: straight (191.25, 0, 63.75, 191.25)
    // → (191, 0, 64, 191) → premultiplied 191·191/255 = 143.06, 64·191/255 = 47.94.
    // At t = 3/4: (64, 0, 191, 64) → 64·64/255 = 16.06, 191·64/255 = 47.94.
    let clearBlue = Color(red: 0, green: 0, blue: 1, alpha: 0)
    let image = linear(2, 1, [.red, clearBlue], from: (0, 0), to: (1, 0))
    #expect(pixels(image) == [[143, 0, 48, 191], [16, 0, 48, 64]])
  }

  @Test func linearGradientDegenerateCases() {
    let same = linear(2, 1, [.red, .blue], from: (0.5, 0.5), to: (0.5, 0.5))
    #expect(pixels(same) == [[255, 0, 0, 255], [255, 0, 0, 255]])
    let single = linear(1, 1, [halfBlue], from: (0, 0), to: (0, 1))
    #expect(pixels(single) == [[0, 0, 128, 128]])
    let none = linear(1, 1, [], from: (0, 0), to: (0, 1))
    #expect(pixels(none) == [[0, 0, 0, 0]])
    let nan = linear(1, 1, [.red, .blue], from: (Double.nan, 0), to: (0, 1))
    #expect(pixels(nan) == [[255, 0, 0, 255]])
  }

  @Test func outOfRangeColourFieldsAreClamped() {
    // `Color`'s fields are public vars: 2 and -1 count as 1 and 0, NaN as 0,
    // before interpolation (at t = 1/4: 0.75·1 + 0.25·0 → 191).
    var wild = Color.white
    wild.red = 2
    wild.green = -1
    wild.blue = .nan
    let image = linear(2, 1, [wild, .black], from: (0, 0), to: (1, 0))
    #expect(pixels(image) == [[191, 0, 0, 255], [64, 0, 0, 255]])
  }

  @Test func radialGradientDistanceOverRadius() {
    // 5×5, centre (2.5, 2.5), radius 2.5 px: d = 0 → 0; d = 1 → 0.4 → 102;
    // d = 2 → 0.8 → 204; d = √2 → 0.5657 → 144.25; corner d = √8 → clamped → 255.
    let image = GeneratedImage.radialGradient(
      width: 5, height: 5, colors: [.black, .white], center: CGPoint(x: 0.5, y: 0.5), radius: 0.5)
    let p = pixels(image)
    #expect(p[2 * 5 + 2] == grey(0))
    #expect(p[2 * 5 + 3] == grey(102))
    #expect(p[2 * 5 + 4] == grey(204))
    #expect(p[3 * 5 + 3] == grey(144))
    #expect(p[0] == grey(255))
    #expect(p[24] == grey(255))
  }

  @Test func radialGradientRadiusIsInWidthUnits() {
    // 4×2: centre (2, 1), radius 0.5 × 4 = 2 px (a circle, not an ellipse).
    // (0.5, 0.5): d = √2.5 → 0.7906 → 201.6; (2.5, 0.5): d = √0.5 → 0.3536 → 90.2.
    let image = GeneratedImage.radialGradient(
      width: 4, height: 2, colors: [.black, .white], center: CGPoint(x: 0.5, y: 0.5), radius: 0.5)
    let p = pixels(image)
    #expect(p[0] == grey(202))
    #expect(p[2] == grey(90))
    #expect(p[7] == grey(202))
    #expect(p[5] == p[6])
  }

  @Test func radialGradientZeroRadiusIsLastColour() {
    let image = GeneratedImage.radialGradient(
      width: 2, height: 1, colors: [.black, .white], center: CGPoint(x: 0.5, y: 0.5), radius: 0)
    #expect(pixels(image) == [grey(255), grey(255)])
  }

  @Test func generatedImagesSurviveAPNGRoundTrip() throws {
    // A scene whose generated images are exported as PNG files renders the same.
    let image = GeneratedImage.radialGradient(
      width: 40, height: 30,
      colors: [halfBlue, .red, Color(red: 0.2, green: 1, blue: 0.3, alpha: 0.1)],
      center: CGPoint(x: 0.3, y: 0.6), radius: 0.4)
    #expect(try Image(pngData: image.pngData()).pixels == image.pixels)
  }

  @Test func sourceIsKept() {
    let image = GeneratedImage.checkerboard(
      width: 1, height: 1, cell: 1, colors: (.red, .blue), source: .generated("{}"))
    #expect(image.source == .generated("{}"))
  }
}
