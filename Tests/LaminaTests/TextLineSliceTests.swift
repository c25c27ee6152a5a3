// Lines cut from their paragraph's shaping (`TextShaper.slice`) instead of
// shaped again: every layout equals the one that shapes each line again,
// over paragraphs in several scripts, fonts, colours and widths; a cut is
// refused where HarfBuzz says breaking is unsafe (a kerned pair), and
// taken where the line alone shapes the same.

import Foundation
import Testing

@testable import Lamina

@Suite struct TextLineSliceTests {
  static let fonts = [TextFonts.dejaVuSans, TextFonts.liberationSans, TextFonts.wenQuanYi, TextFonts.lohitDevanagari]

  /// Paragraphs a page might hold: kerned and ligated Latin, Chinese with
  /// its punctuation, a mix of the two, marks, Hebrew, Devanagari.
  static let texts = [
    "AVAST! Toward the WAVE, Yvonne; office affluence: fi fl ffi. To Va. LT AT AY",
    "汉字排版的测试，包括标点符号。这一段文字需要换行，「引号」与（括号）也在行首。",
    "Latin 与 汉字 mixed: Lamina 渲染 layers, 文本 and shapes；再来一次。",
    "Cafe\u{301} na\u{308}ive re\u{301}sume\u{301} — marks on their bases, Z\u{327}\u{30C} too.",
    "שלום עולם, hello world 123, and back to עברית here.",
    "हिन्दी पाठ का एक उदाहरण, जो कई पंक्तियों में टूटता है।",
  ]

  static func layer(_ text: String, font: String, width: Double, colours: Bool) -> TextLayer {
    let layer = TextFonts.layer(text, font: font, size: 13, width: width, height: 2_000)
    layer.isWrapped = true
    if colours {
      // A colour change every few characters: runs that end mid-word.
      var runs: [TextRun] = []
      var rest = Substring(text), k = 0
      while !rest.isEmpty {
        let n = min(rest.count, 3 + k % 5)
        runs.append(TextRun(String(rest.prefix(n)), foregroundColor: k % 2 == 0 ? .black : Color(red: 1, green: 0, blue: 0)))
        rest = rest.dropFirst(n)
        k += 1
      }
      layer.string = TextContent.attributed(runs)
    }
    return layer
  }

  @Test func cutLinesEqualLinesShapedAgain() throws {
    guard TextFonts.require(Self.fonts) else { return }
    var lines = 0
    for (t, text) in Self.texts.enumerated() {
      for font in Self.fonts {
        for width in [24.0, 61, 97, 143, 230] {
          for colours in [false, true] {
            let layer = Self.layer(text, font: font, width: width, colours: colours)
            let cut = try TextLayout(layer: layer)
            let shaped = try TextLayout(layer: layer, reshapingEveryLine: true)
            #expect(cut == shaped, "text \(t), \(font), width \(width), colours \(colours)")
            lines += cut.lines.count
          }
        }
      }
    }
    #expect(lines > 1_000, "the widths wrap the paragraphs into many lines")
  }

  /// The shaper's own answer: a line of Latin is cut, and the cut equals
  /// the line shaped alone; a cut between a kerned pair is refused.
  @Test func aSafeCutIsTakenAndAnUnsafeOneRefused() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    var shaper = try TextShaper(
      attributes: [TextAttributes(font: TextFonts.dejaVuSans, size: 12, color: .black)], baseDirectory: nil)
    func styled(_ s: String) -> StyledText {
      let units = Array(s.utf16)
      return StyledText(
        units: units, attribute: [Int32](repeating: 0, count: units.count), source: (0..<Int32(units.count)).map { $0 })
    }
    let paragraph = styled("The quick brown fox AV")
    let (runs, level) = shaper.shape(paragraph, paragraphLevel: nil)
    #expect(level == 0 && TextShaper.cutsExactly(runs))
    let scripts = TextShaper.scripts(paragraph.units)
    // "quick " (4..<10): a cut after spaces and before a letter.
    let cut = try #require(TextShaper.slice(runs, of: paragraph, scripts: scripts, 4..<10))
    let alone = shaper.shape(paragraph[4..<10], paragraphLevel: 0).runs
    #expect(cut.count == alone.count)
    for (a, b) in zip(cut, alone) {
      #expect(a.range == b.range && a.face === b.face && a.script == b.script)
      #expect(a.glyphs.map(\.codepoint) == b.glyphs.map(\.codepoint))
      #expect(a.glyphs.map(\.cluster) == b.glyphs.map(\.cluster))
      #expect(a.positions.map { [$0.x_advance, $0.x_offset, $0.y_offset] } == b.positions.map { [$0.x_advance, $0.x_offset, $0.y_offset] })
    }
    // "A|V": DejaVu Sans kerns the pair, so HarfBuzz marks V unsafe to break before.
    let pair = paragraph.units.count - 1
    let kerned = shaper.shape(paragraph[(pair - 1)..<(pair + 1)], paragraphLevel: 0).runs[0].positions[0].x_advance
    let plain = shaper.shape(paragraph[(pair - 1)..<pair], paragraphLevel: 0).runs[0].positions[0].x_advance
    #expect(kerned != plain, "the pair is kerned")
    #expect(TextShaper.slice(runs, of: paragraph, scripts: scripts, 10..<pair) == nil)
  }

  /// Line trimming's white space: Unicode's White_Space for every UTF-16
  /// unit (a surrogate half is none), ASCII answered without the lookup.
  @Test func spacesAreUnicodesWhiteSpace() {
    for u in UInt16.min...UInt16.max {
      let expected = Unicode.Scalar(u)?.properties.isWhitespace ?? false
      if LineBreaker.isSpace(u) != expected { Issue.record("U+\(String(u, radix: 16)): \(!expected)") }
    }
    #expect(LineBreaker.trimEnd(Array("ab \t\u{3000}".utf16), 0, 5) == 2)
  }
}
