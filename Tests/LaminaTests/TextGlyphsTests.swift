// TextLayout.drawings(): glyph outlines from FreeType, placed in bounds
// space, judged by HarfBuzz's glyph extents (hb-shape --show-extents, read
// from the glyf table and the CBDT metrics: not through FreeType), and
// colour glyphs as images. Values by hand, DejaVu Sans at 20.48 pt (one
// font unit = 0.01 pt; baseline 19.01 pt below the top):
// "l" extents x 193…377, y 0…1556, advance 569; "o" x 113…1141, y −29…1147.
// Noto Color Emoji (2048 units, one strike of 109 ppem): "🥰" extents
// x 0…2555, y −507…1898 (its 136 × 128 image).

import Foundation
import Testing

@testable import Lamina

@Suite struct TextGlyphsTests {
  /// Sums of products of Doubles.
  static let tolerance = 1e-9
  /// hb-shape rounds extents to whole font units: half a unit at 40 pt.
  static let extentsTolerance = 0.5 * 40 / 2048

  static func bounds(_ elements: [Path.Element]) -> (
    minX: Double, minY: Double, maxX: Double, maxY: Double
  ) {
    var points: [CGPoint] = []
    for e in elements {
      switch e {
      case .move(let p), .line(let p): points.append(p)
      case .quad(let c, let p): points += [c, p]
      case .cubic(let c1, let c2, let p): points += [c1, c2, p]
      case .close: break
      }
    }
    let xs = points.map { Double($0.x) }
    let ys = points.map { Double($0.y) }
    return (xs.min() ?? .nan, ys.min() ?? .nan, xs.max() ?? .nan, ys.max() ?? .nan)
  }

  @Test func outlinesArePlacedAndScaledIntoBoundsSpace() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let layer = TextFonts.layer(
      "lo", font: TextFonts.dejaVuSans, size: 20.48, width: 100, height: 50)
    layer.foregroundColor = .blue
    let drawings = try layer.layout().drawings()
    guard drawings.count == 1, case .outlines(let path, let color) = drawings[0] else {
      Issue.record("expected one run of outlines: \(drawings)")
      return
    }
    #expect(color == .blue)
    // Split the path at its glyphs: "l" is one contour, "o" two.
    let moves = path.elements.indices.filter {
      if case .move = path.elements[$0] { return true } else { return false }
    }
    #expect(moves.count == 3)
    let l = Self.bounds(Array(path.elements[..<moves[1]]))
    let o = Self.bounds(Array(path.elements[moves[1]...]))
    let expected: [(Double, Double)] = [
      (l.minX, 1.93), (l.maxX, 3.77), (l.minY, 19.01 - 15.56), (l.maxY, 19.01),
      (o.minX, 5.69 + 1.13), (o.maxX, 5.69 + 11.41), (o.minY, 19.01 - 11.47),
      (o.maxY, 19.01 + 0.29),
    ]
    for (i, (got, want)) in expected.enumerated() {
      #expect(abs(got - want) <= Self.tolerance, "bound \(i): \(got), expected \(want)")
    }
    // TrueType outlines are quadratic; every contour is closed.
    #expect(path.elements.contains { if case .quad = $0 { return true } else { return false } })
    #expect(path.elements.filter { $0 == .close }.count == 3 && path.elements.last == .close)
  }

  @Test func colourGlyphsAreImagesScaledFromTheirStrike() throws {
    guard TextFonts.require([TextFonts.notoColorEmoji]) else { return }
    let layout = try TextFonts.layer(
      "🥰", font: "Noto Color Emoji", size: 40, width: 100, height: 60
    ).layout()
    let run = try #require(layout.lines.first?.runs.first)
    #expect(
      run.isColorBitmap && run.font.path == TextFonts.notoColorEmoji
        && run.glyphs.map(\.id) == [1179])
    guard case .bitmaps(let images)? = try layout.drawings().first,
      let (image, frame) = images.first
    else {
      Issue.record("no colour image")
      return
    }
    let k = 40.0 / 2048
    let baseline = layout.lines[0].baseline
    let expected: [(Double, Double)] = [
      (Double(frame.minX), 0), (Double(frame.width), 2555 * k),
      (Double(frame.minY), baseline - 1898 * k), (Double(frame.maxY), baseline + 507 * k),
    ]
    for (i, (got, want)) in expected.enumerated() {
      #expect(abs(got - want) <= Self.extentsTolerance, "frame \(i): \(got), expected \(want)")
    }
    // The image is the face: opaque in the middle, coloured (not grey).
    let (r, g, b, a) = image.pixel(x: image.width / 2, y: image.height / 2)
    #expect(a == 255 && (r != g || g != b), "\(r) \(g) \(b) \(a)")
  }
}
