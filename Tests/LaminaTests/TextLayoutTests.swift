// TextLayout with values worked out by hand from the font's own tables:
// DejaVu Sans (2048 units per em) at 20.48 pt, so one font unit is 0.01 pt.
// Its advances (hb-shape, no kerning between these letters): a 1255, b 1300,
// c 1126, x 1212, space 651, "…" 2825 with advance 2048; its hhea ascender
// 1901, descender −483, line gap 0 (OS/2 USE_TYPO_METRICS is off), so a
// line is 23.84 pt with its baseline 19.01 pt below its top. Liberation
// Sans (for Hebrew) is only used where the order, not the widths, counts.
//
// Tolerance: positions are sums of products of Doubles (0.01 is not exact
// in binary); 1e-9 pt is far below anything a renderer can show and far
// above the rounding of a few dozen additions.

import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite struct TextLayoutTests {
  static let tolerance = 1e-9
  static let size = 20.48

  static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= tolerance }

  static func layout(
    _ text: String, width: Double, height: Double = 1_000, wrapped: Bool = false,
    truncation: TextTruncationMode = .none, alignment: TextAlignmentMode = .natural,
    font: String = TextFonts.dejaVuSans
  ) throws -> TextLayout {
    let layer = TextFonts.layer(text, font: font, size: size, width: width, height: height)
    layer.isWrapped = wrapped
    layer.truncationMode = truncation
    layer.alignmentMode = alignment
    return try layer.layout()
  }

  static func ids(_ line: TextLayout.Line) -> [UInt32] { line.runs.flatMap { $0.glyphs.map(\.id) } }
  static func xs(_ line: TextLayout.Line) -> [Double] {
    line.runs.flatMap { $0.glyphs.map { Double($0.position.x) } }
  }

  @Test func capHeightIsTheOS2TablesElseTheTopOfH() throws {
    guard TextFonts.require([TextFonts.dejaVuSans, TextFonts.liberationSans]) else { return }
    // DejaVu Sans's OS/2 table (version 1) has no cap height: the top of
    // its "H" is 1493 units. Liberation Sans's OS/2 sCapHeight is 1409 of 2048.
    let dejaVu = try Self.layout("x", width: 100)
    #expect(Self.close(dejaVu.lines[0].capHeight, 14.93))
    let liberation = try Self.layout("x", width: 100, font: TextFonts.liberationSans)
    #expect(Self.close(liberation.lines[0].capHeight, 14.09))
  }

  @Test func lineHeightIsAscentPlusDescentPlusGapAndTheFirstTopIsTheBoundsTop() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let l = try Self.layout("a\n\nb", width: 100)
    #expect(l.lines.count == 3, "an empty paragraph is an empty line")
    for (i, line) in l.lines.enumerated() {
      #expect(Self.close(line.ascent, 19.01) && Self.close(line.descent, 4.83) && line.lineGap == 0)
      #expect(
        Self.close(line.top, 23.84 * Double(i))
          && Self.close(line.baseline, 23.84 * Double(i) + 19.01))
    }
    #expect(Self.close(Double(l.lines[0].runs[0].glyphs[0].position.y), 19.01))
    // The bounds' origin moves everything.
    let layer = TextFonts.layer(
      "a", font: TextFonts.dejaVuSans, size: Self.size, width: 100, height: 100)
    layer.bounds.origin = CGPoint(x: -5, y: 7)
    let moved = try layer.layout()
    #expect(
      Self.close(moved.lines[0].top, 7)
        && Self.close(Double(moved.lines[0].runs[0].glyphs[0].position.x), -5))
  }

  @Test func aLargerRunMakesItsLineTaller() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let layer = TextFonts.layer("", font: TextFonts.dejaVuSans, size: Self.size, width: 100)
    layer.string = .attributed([TextRun("a"), TextRun("b", fontSize: 2 * Self.size)])
    let line = try #require(try layer.layout().lines.first)
    #expect(Self.close(line.ascent, 38.02) && Self.close(line.descent, 9.66))
    #expect(Self.xs(line).count == 2 && Self.close(Self.xs(line)[1], 12.55))
  }

  @Test func leftRightAndCenterPlaceTheLineByHand() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    // "xx" is 24.24 pt wide in bounds 100 pt wide.
    let expected: [(TextAlignmentMode, Double)] = [
      (.natural, 0), (.left, 0), (.right, 75.76), (.center, 37.88),
    ]
    for (mode, x) in expected {
      let line = try #require(try Self.layout("xx", width: 100, alignment: mode).lines.first)
      #expect(Self.close(line.x, x) && Self.close(line.width, 24.24), "\(mode)")
      #expect(
        zip(Self.xs(line), [x, x + 12.12]).allSatisfy { Self.close($0, $1) },
        "\(mode): \(Self.xs(line))")
    }
    // Trailing spaces hang: "xx  " right-aligned puts the x's at the edge.
    let hanging = try #require(try Self.layout("xx  ", width: 100, alignment: .right).lines.first)
    #expect(Self.close(hanging.x, 75.76) && Self.close(Self.xs(hanging)[0], 75.76))
  }

  @Test func wrappingBreaksBetweenWordsAndJustifiedStretchesAllButTheLastLine() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    // aaa 37.65 + space 6.51 + bbb 39.00 = 83.16 fits 90; adding " ccc" (40.29) does not.
    let l = try Self.layout("aaa bbb ccc", width: 90, wrapped: true, alignment: .justified)
    #expect(l.lines.map(Self.ids) == [[68, 68, 68, 3, 69, 69, 69, 3], [70, 70, 70]])
    // Line 1 has one inner space; it grows by 90 − 83.16 = 6.84, so "bbb" starts at 51.00.
    let x1 = Self.xs(l.lines[0])
    #expect(Self.close(x1[4], 51.0) && Self.close(x1[6] + 13.0, 90), "\(x1)")
    #expect(Self.close(l.lines[0].width, 90))
    // The last line keeps its natural (left) place and width.
    #expect(Self.close(Self.xs(l.lines[1])[0], 0) && Self.close(l.lines[1].width, 33.78))
    #expect(Self.close(l.lines[1].top, 23.84))
    // Unjustified, the same text keeps its natural spaces.
    let plain = try Self.layout("aaa bbb ccc", width: 90, wrapped: true)
    #expect(Self.close(Self.xs(plain.lines[0])[4], 44.16))
  }

  @Test func aWordLongerThanTheLineBreaksInside() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    // x is 12.12 pt: four fit in 50 (48.48), five do not.
    let l = try Self.layout("xxxxxxxxxx", width: 50, wrapped: true)
    #expect(l.lines.map { Self.ids($0).count } == [4, 4, 2])
    // Unwrapped, the line overflows the bounds (no clip in layout).
    #expect(try Self.layout("xxxxxxxxxx", width: 50).lines.map { Self.ids($0).count } == [10])
  }

  @Test func truncationPutsTheEllipsisAtTheEndStartOrMiddle() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    // Ten x's are 121.2 pt in 50: with "…" (20.48) two x's fit (44.72), three do not (56.84).
    let x: UInt32 = 91
    let e: UInt32 = 2825
    let cases: [(TextTruncationMode, [UInt32], [Double])] = [
      (.end, [x, x, e], [0, 12.12, 24.24]),
      (.start, [e, x, x], [0, 20.48, 32.6]),
      (.middle, [x, e, x], [0, 12.12, 32.6]),
    ]
    for (mode, ids, xs) in cases {
      let line = try #require(
        try Self.layout("xxxxxxxxxx", width: 50, truncation: mode).lines.first)
      #expect(Self.ids(line) == ids && line.isTruncated, "\(mode)")
      #expect(
        zip(Self.xs(line), xs).allSatisfy { Self.close($0, $1) } && Self.close(line.width, 44.72),
        "\(mode)")
    }
    // A line that fits is left alone.
    let fits = try #require(try Self.layout("xxx", width: 50, truncation: .end).lines.first)
    #expect(Self.ids(fits) == [x, x, x] && !fits.isTruncated)
  }

  @Test func rightToLeftTextKeepsItsLogicalStartAndTheEllipsisGoesLeft() throws {
    guard TextFonts.require([TextFonts.liberationSans]) else { return }
    // Liberation Sans (2048 units) at 20.48 pt: א 12.86, ב 12.25, ג 8.66, "…" 20.48 (hb-shape).
    // In 50 pt, "אב…" (45.59) fits and "אבג…" (54.25) does not; natural alignment of a
    // right-to-left paragraph puts the line at the right edge, the ellipsis on its left.
    let line = try #require(
      try Self.layout("אבגדהוזחטי", width: 50, truncation: .end, font: TextFonts.liberationSans).lines.first)
    #expect(Self.ids(line) == [2031, 1281, 1280] && line.isRightToLeft && line.isTruncated)
    #expect(Self.close(line.x, 4.41) && Self.close(line.width, 45.59))
    #expect(zip(Self.xs(line), [4.41, 24.89, 37.14]).allSatisfy { Self.close($0, $1) }, "\(Self.xs(line))")
    #expect(line.runs.flatMap { $0.glyphs.map(\.cluster) } == [2, 1, 0], "the ellipsis maps to where it cuts")
  }

  @Test func wrappedTextTruncatesTheLastLineThatFitsTheHeight() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    // One 23.84 pt line fits 30 pt. "aaa b" + "…" = 77.64 ≤ 90; "aaa bb…" = 90.64 > 90.
    let l = try Self.layout("aaa bbb ccc", width: 90, height: 30, wrapped: true, truncation: .end)
    #expect(l.lines.count == 1 && l.lines[0].isTruncated)
    #expect(Self.ids(l.lines[0]) == [68, 68, 68, 3, 69, 2825])
    // When the hidden text is a later paragraph, the ellipsis follows the visible line.
    let p = try Self.layout("aaa\nbbb", width: 90, height: 30, wrapped: true, truncation: .end)
    #expect(p.lines.count == 1 && Self.ids(p.lines[0]) == [68, 68, 68, 2825])
    // An empty last visible line becomes the ellipsis alone.
    let e = try Self.layout("aaa\n\nbbb", width: 90, height: 50, wrapped: true, truncation: .end)
    #expect(e.lines.map(Self.ids) == [[68, 68, 68], [2825]])
  }

  @Test func aLongTextWithoutSpacesWrapsInLinearTime() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    // 200,000 x's at 12.12 pt in 1,000 pt: 82 a line (993.84), 2,440 lines (the last of 2).
    let started = ContinuousClock.now
    let l = try Self.layout(String(repeating: "x", count: 200_000), width: 1_000, wrapped: true)
    #expect(
      l.lines.count == 2_440 && Self.ids(l.lines[0]).count == 82
        && Self.ids(l.lines[2_439]).count == 2)
    // 1.5 s in a debug build here; the scan from the first grapheme that this replaced was
    // quadratic in the length (each cut searched from the start of the text).
    #expect(ContinuousClock.now - started < .seconds(20))
  }

  @Test func bidiRunsAreInVisualOrderAndNaturalFollowsTheParagraph() throws {
    guard TextFonts.require([TextFonts.liberationSans]) else { return }
    // Left-to-right paragraph: Latin, then the Hebrew run, its glyphs right to left.
    let ltr = try #require(
      try Self.layout("abc אבג", width: 200, font: TextFonts.liberationSans).lines.first)
    #expect(
      ltr.runs.map(\.script) == ["Latn", "Hebr"] && ltr.runs.map(\.isRightToLeft) == [false, true])
    #expect(
      ltr.runs[1].glyphs.map(\.cluster) == [6, 5, 4] && !ltr.isRightToLeft && Self.close(ltr.x, 0))
    // Right-to-left paragraph: the Latin run is on the left, the line at the right edge.
    let rtl = try #require(
      try Self.layout("אבג abc", width: 200, font: TextFonts.liberationSans).lines.first)
    #expect(rtl.isRightToLeft && rtl.runs.map(\.script) == ["Latn", "Hebr"])
    #expect(Self.close(rtl.x + rtl.width, 200))
    let xs = Self.xs(rtl)
    #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }, "glyphs run left to right: \(xs)")
  }

  @Test func aTabIsASpaceAndOtherControlsDrawNothing() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let line = try #require(try Self.layout("a\tb\u{0}\u{7}c", width: 100).lines.first)
    // a, space (651), b, two invisible glyphs with no advance, c: no .notdef (0).
    #expect(!Self.ids(line).contains(0) && Self.ids(line).count == 6, "\(Self.ids(line))")
    #expect(Self.close(Self.xs(line)[2], 19.06) && Self.close(Self.xs(line)[5], 32.06))
  }

  @Test func aLayoutIsReusedUntilAnInputChanges() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let layer = TextFonts.layer("xx", font: TextFonts.dejaVuSans, size: Self.size, width: 100)
    let first = try layer.layout()
    #expect(layer.layoutCache?.key == TextLayoutKey(layer))
    #expect(try layer.layout() == first)
    layer.alignmentMode = .right
    let moved = try layer.layout()
    #expect(moved != first && Self.close(moved.lines[0].x, 75.76))
    layer.bounds.size.width = 50
    #expect(Self.close(try layer.layout().lines[0].x, 25.76))
  }

  // MARK: Hostile input

  @Test func aFontThatDoesNotExistFallsBackAndSaysSo() throws {
    let l = try TextFonts.layer("abc", font: "No Such Font Family 17", size: 12).layout()
    #expect(l.lines.first?.runs.isEmpty == false)
    #expect(
      l.warnings.count == 1
        && l.warnings[0].hasPrefix("font \"No Such Font Family 17\" was not found; using "))
    // A character no installed font has (plane 16 private use) is the font's .notdef, said once.
    if TextFonts.require([TextFonts.dejaVuSans]) {
      let missing = try TextFonts.layer(
        "a\u{10FFFD}\u{10FFFD}", font: TextFonts.dejaVuSans, size: 12
      ).layout()
      #expect(missing.lines.first.map(Self.ids) == [68, 0, 0])
      #expect(
        missing.warnings == [
          "no installed font has U+10FFFD; it is drawn as DejaVu Sans's missing-glyph box"
        ])
    }
    // A substitution the configuration knows (Helvetica → a metric-compatible sans) is not a fallback.
    #expect(try TextFonts.layer("abc", font: "Helvetica", size: 12).layout().warnings == [])
  }

  @Test func corruptOrTruncatedFontFilesAreClearErrors() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lamina-text-\(getpid())"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let font = try Data(contentsOf: URL(fileURLWithPath: TextFonts.dejaVuSans))
    try font.prefix(font.count / 2).write(to: URL(fileURLWithPath: folder + "/half.ttf"))
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(
      to: URL(fileURLWithPath: folder + "/noise.ttf"))
    try Data().write(to: URL(fileURLWithPath: folder + "/empty.ttf"))
    let cases: [(String, String)] = [
      ("half.ttf", "the file is truncated: table '"),
      ("noise.ttf", "not a TrueType or OpenType font"),
      ("empty.ttf", "the file is"),
      ("absent.ttf", "cannot read the file: No such file or directory"),
    ]
    for (name, reason) in cases {
      let layer = TextFonts.layer("abc", font: name, size: 12)
      layer.fontBaseDirectory = folder
      do {
        _ = try layer.layout()
        Issue.record("\(name) laid out")
      } catch {
        guard case .font(let e) = error else {
          Issue.record("\(name): \(error)")
          continue
        }
        #expect(e.path == folder + "/" + name && e.reason.hasPrefix(reason), "\(name): \(e)")
      }
    }
  }

  @Test func oneHundredThousandCombiningMarksAreOneBoundedCluster() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let text = "a" + String(repeating: "\u{301}", count: 100_000) + " b"
    let started = ContinuousClock.now
    // "a" is 12.55 pt, "a b" 32.06: a line of 20 pt holds the cluster alone.
    let l = try Self.layout(text, width: 20, wrapped: true)
    let elapsed = ContinuousClock.now - started
    // One grapheme cannot be cut: it is one line, "b" the next.
    #expect(l.lines.count == 2)
    #expect(Self.ids(l.lines[1]) == [69])
    // The cluster is cut to TextLimits.maxClusterLength code units, and the layout says so
    // (HarfBuzz alone takes 19 s of CPU for the whole cluster, in hb-shape).
    #expect((1...TextLimits.maxClusterLength).contains(Self.ids(l.lines[0]).count))
    #expect(
      l.warnings == [
        "a grapheme cluster of 100001 UTF-16 code units at offset 0 is cut to its first 64 (TextLimits.maxClusterLength)"
      ])
    // Bound: about 1 s in a debug build here; 10 s catches quadratic work.
    #expect(elapsed < .seconds(10), "\(elapsed)")
  }

  @Test func randomMixedTextInEveryModeLaysOutWithinItsRules() throws {
    guard TextFonts.require([TextFonts.dejaVuSans, TextFonts.liberationSans]) else { return }
    // Pieces that stress the rules: bidi controls, marks, ZWJ sequences,
    // flags, newlines, NUL, spaces; fonts that exist, fall back or are files.
    let pool = [
      "a", "x", "W", "fi", " ", "  ", "\n", "\r\n", "\u{2029}", "\t", "של", "ום", "مر", "حبا", "नम",
      "स्", "ते",
      "你", "好", "，", "😀", "👩‍👩‍👧", "\u{301}", "\u{200D}", "\u{FE0F}", "12", "(", ")", "…", "\u{202E}",
      "\u{2067}",
      "\u{0}", "🇫🇷", "\u{10FFFD}",
    ]
    let fonts = ["Helvetica", "No Such Font", TextFonts.dejaVuSans, "monospace"]
    var rng = SplitMix64(seed: 17)
    for _ in 0..<300 {
      var text = ""
      for _ in 0..<Int.random(in: 0...24, using: &rng) { text += pool.randomElement(using: &rng)! }
      let layer = TextFonts.layer(
        text, font: fonts.randomElement(using: &rng)!,
        size: [0.5, 12, 36].randomElement(using: &rng)!,
        width: [0, 5, 60, 300, -10].randomElement(using: &rng)!,
        height: [0, 30, 1000].randomElement(using: &rng)!)
      layer.isWrapped = Bool.random(using: &rng)
      layer.truncationMode = TextTruncationMode.allCases.randomElement(using: &rng)!
      layer.alignmentMode = TextAlignmentMode.allCases.randomElement(using: &rng)!
      let layout = try layer.layout()
      let what =
        "\(text.debugDescription) \(layer.bounds.size) wrapped \(layer.isWrapped) \(layer.truncationMode)"
      var top = -Double.infinity
      for line in layout.lines {
        #expect(line.top >= top && line.height > 0, "\(what)")
        top = line.top
        for run in line.runs {
          #expect(
            run.textRange.lowerBound >= 0 && run.textRange.upperBound <= text.utf16.count, "\(what)"
          )
          for g in run.glyphs {
            #expect(g.position.x.isFinite && g.position.y.isFinite && g.advance.isFinite, "\(what)")
            #expect((0..<max(text.utf16.count, 1)).contains(g.cluster), "\(what)")
          }
        }
      }
      _ = try layout.drawings()
    }
  }
}
