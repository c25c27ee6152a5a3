// ImageDiff's numbers on images small enough to check by hand, the blank
// image that must never pass, and the failure strip's layout.

import Foundation
import Testing

@testable import Lamina

@Suite struct ImageDiffTests {
  let a = StraightImage(width: 2, height: 1, pixels: [10, 20, 30, 255, 0, 0, 0, 0])
  let b = StraightImage(width: 2, height: 1, pixels: [13, 20, 30, 255, 0, 0, 0, 10])

  @Test func equalImages() throws {
    let diff = try ImageDiff(a, a)
    #expect(diff.maxChannelDifference == 0)
    #expect(diff.meanAbsoluteError == 0)
    #expect(diff.psnr == .infinity)
    #expect(diff.fractionBeyond(0) == 0)
    #expect(diff.histogram[0] == 2)
    #expect(diff.heatmap().pixels == [0, 0, 0, 255, 0, 0, 0, 255])
  }

  @Test func numbersWorkedOutByHand() throws {
    // Pixel maxima 3 and 10; |d| sums to 13 over 8 values; d² to 109, so the
    // MSE is 13.625 and PSNR = 10·log10(255² / 13.625) = 36.7874 dB.
    let diff = try ImageDiff(a, b)
    #expect(diff.maxChannelDifference == 10)
    #expect(diff.meanAbsoluteError == 1.625)
    #expect(abs(diff.psnr - 36.787438) < 1e-5)
    #expect(diff.pixelDifferences == [3, 10])
    #expect(diff.histogram[3] == 1 && diff.histogram[10] == 1 && diff.histogram.reduce(0, +) == 2)
    #expect(diff.fractionBeyond(-5) == 1)
    #expect(diff.fractionBeyond(0) == 1)
    #expect(diff.fractionBeyond(2) == 1)
    #expect(diff.fractionBeyond(3) == 0.5)
    #expect(diff.fractionBeyond(9) == 0.5)
    #expect(diff.fractionBeyond(10) == 0)
    #expect(diff.fractionBeyond(255) == 0)
    #expect(try ImageDiff(b, a) == diff)
    #expect(
      diff.description == "2×1: max channel difference 10, mean 1.6250, "
        + "100.0000% of pixels differ, 100.0000% beyond 2, PSNR 36.79 dB")
    #expect(try ImageDiff(a, a).description.hasSuffix("PSNR ∞"))
  }

  @Test func blankAgainstDrawnIsFarApart() throws {
    let drawn = GeneratedImage.checkerboard(width: 32, height: 32, cell: 4, colors: (.red, .blue))
    let blank = Image(
      width: 32, height: 32, premultipliedPixels: [UInt8](repeating: 0, count: 32 * 32 * 4))
    let diff = try ImageDiff(blank, drawn)
    // Every pixel differs by 255 in alpha and one colour channel: mean 127.5.
    #expect(diff.maxChannelDifference == 255)
    #expect(diff.fractionBeyond(254) == 1)
    #expect(diff.meanAbsoluteError == 127.5)
    #expect(diff.psnr < 4)
  }

  @Test func imagesCompareInPremultipliedBytes() throws {
    // Different colour under zero alpha: different straight bytes, same image.
    let red = StraightImage(width: 1, height: 1, pixels: [255, 0, 0, 0])
    let green = StraightImage(width: 1, height: 1, pixels: [0, 255, 0, 0])
    #expect(try ImageDiff(red, green).maxChannelDifference == 255)
    #expect(try ImageDiff(Image(red), Image(green)).maxChannelDifference == 0)
  }

  @Test func sizeMismatchIsAnError() {
    let wide = StraightImage(width: 3, height: 1, pixels: [UInt8](repeating: 0, count: 12))
    #expect(throws: ImageDiffError.sizeMismatch(aWidth: 2, aHeight: 1, bWidth: 3, bHeight: 1)) {
      try ImageDiff(a, wide)
    }
    #expect(throws: ImageDiffError.sizeMismatch(aWidth: 3, aHeight: 1, bWidth: 2, bHeight: 1)) {
      try ImageDiff(Image(wide), Image(a))
    }
    #expect(throws: ImageDiffError.bufferLength(expected: 8, a: 8, b: 7)) {
      try ImageDiff(width: 2, height: 1, rgba: a.pixels, [UInt8](repeating: 0, count: 7))
    }
    #expect(
      ImageDiffError.sizeMismatch(aWidth: 2, aHeight: 1, bWidth: 3, bHeight: 1).description
        == "cannot compare images of different sizes: 2×1 and 3×1")
  }

  @Test func emptyImagesAreEqual() throws {
    let empty = StraightImage(width: 0, height: 0, pixels: [])
    let diff = try ImageDiff(empty, empty)
    #expect(diff.fractionBeyond(0) == 0 && diff.meanAbsoluteError == 0 && diff.psnr == .infinity)
  }

  @Test func heatmapIsLogarithmicRed() throws {
    // Differences 0, 1, 2, 10, 255 → red 0, 64, 88, 143, 255.
    let zero = StraightImage(width: 5, height: 1, pixels: [UInt8](repeating: 0, count: 20))
    let other = StraightImage(
      width: 5, height: 1, pixels: [0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 10, 0, 0, 0, 0, 255])
    let heat = try ImageDiff(zero, other).heatmap()
    #expect(
      pixelQuads(heat) == [
        [0, 0, 0, 255], [64, 0, 0, 255], [88, 0, 0, 255], [143, 0, 0, 255], [255, 0, 0, 255],
      ])
  }

  @Test func sideBySideLaysOutExpectedDiffActual() throws {
    let strip = ImageDiff.sideBySide(expected: a, actual: b)
    let gap: [UInt8] = [128, 128, 128, 255]
    #expect(strip.width == 2 + 4 + 2 + 4 + 2 && strip.height == 1)
    let p = pixelQuads(strip)
    #expect(Array(p[0..<2]) == pixelQuads(a))
    #expect(Array(p[2..<6]) == [gap, gap, gap, gap])
    #expect(Array(p[6..<8]) == pixelQuads(try ImageDiff(a, b).heatmap()))
    #expect(Array(p[8..<12]) == [gap, gap, gap, gap])
    #expect(Array(p[12..<14]) == pixelQuads(b))
  }

  @Test func sideBySideOfImagesDiffsPremultiplied() {
    let red = Image(StraightImage(width: 1, height: 1, pixels: [255, 0, 0, 0]))
    let green = Image(StraightImage(width: 1, height: 1, pixels: [0, 255, 0, 0]))
    let strip = ImageDiff.sideBySide(expected: red, actual: green)
    #expect(pixelQuads(strip)[5] == [0, 0, 0, 255])
  }

  @Test func sideBySideShowsSizeMismatchInMagenta() {
    // 2×2 against 3×1: the diff panel is 3×2; (2,0) and (0…1,1) exist in one image only.
    let tall = StraightImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16))
    let wide = StraightImage(width: 3, height: 1, pixels: [UInt8](repeating: 255, count: 12))
    let strip = ImageDiff.sideBySide(expected: tall, actual: wide)
    #expect(strip.width == 2 + 4 + 3 + 4 + 3 && strip.height == 2)
    let p = pixelQuads(strip)
    let magenta: [UInt8] = [255, 0, 255, 255]
    let black: [UInt8] = [0, 0, 0, 255]
    let row0 = Array(p[6..<9])
    let row1 = Array(p[16 + 6..<16 + 9])
    #expect(row0 == [black, black, magenta])
    #expect(row1 == [magenta, magenta, [0, 0, 0, 0]])
    #expect(Array(p[16 + 13..<16 + 16]) == [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])
  }
}
