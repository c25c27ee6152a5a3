// Text laid out ahead of the lowering, on several workers
// (`Layer.layOutText`), and ICU's break iterators kept per thread: the same
// layouts and boundaries as one at a time, which layers are laid out, and
// line breaks against UAX #14 worked by hand.

import Foundation
import Testing

@testable import Lamina

@Suite struct TextLayoutAheadTests {
  /// Paragraphs in four scripts and three fonts, wrapped at several widths.
  static func page() -> (root: Layer, texts: [TextLayer]) {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 800, height: 800)
    let samples: [(String, String)] = [
      ("The quick brown fox jumps over the lazy dog, twice; then it rests.", TextFonts.dejaVuSans),
      ("汉字排版的测试，包括标点符号。这一段文字需要换行。", TextFonts.wenQuanYi),
      ("שלום עולם, hello world, 123 and more words here.", TextFonts.liberationSans),
      ("हिन्दी पाठ का एक उदाहरण, जो कई पंक्तियों में टूटता है।", TextFonts.lohitDevanagari),
    ]
    var texts: [TextLayer] = []
    for k in 0..<24 {
      let (text, font) = samples[k % samples.count]
      let layer = TextFonts.layer(
        String(repeating: text + " ", count: 1 + k % 3), font: font, size: 9 + Double(k % 5),
        width: 60 + Double(k) * 7, height: 400)
      layer.isWrapped = k % 4 != 3
      try! root.addSublayer(layer)
      texts.append(layer)
    }
    return (root, texts)
  }

  @Test func layingOutAheadGivesTheLayoutsMadeOneAtATime() throws {
    guard
      TextFonts.require([
        TextFonts.dejaVuSans, TextFonts.wenQuanYi, TextFonts.liberationSans, TextFonts.lohitDevanagari,
      ])
    else { return }
    let one = Self.page(), ahead = Self.page()
    let expected = try one.texts.map { try $0.layout() }
    #expect(ahead.root.layOutText(threads: 4) == ahead.texts.count)
    for (k, layer) in ahead.texts.enumerated() {
      #expect(layer.hasCurrentLayout, "layer \(k) was not laid out")
      #expect(try layer.layoutCache?.result.get() == expected[k], "layer \(k) differs")
    }
    #expect(ahead.root.layOutText(threads: 4) == 0, "kept layouts are not made again")
    ahead.texts[5].string = "changed"
    #expect(ahead.root.layOutText(threads: 4) == 1, "a stale layout is made again")
  }

  @Test func hiddenSubtreesAndTextThatDrawsNothingAreLeftMasksAreLaidOut() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let root = Layer()
    let hidden = Layer()
    hidden.isHidden = true
    let underHidden = TextFonts.layer("hidden", font: TextFonts.dejaVuSans, size: 12)
    try hidden.addSublayer(underHidden)
    let empty = TextFonts.layer("", font: TextFonts.dejaVuSans, size: 12)
    let clear = TextFonts.layer("clear", font: TextFonts.dejaVuSans, size: 12)
    clear.foregroundColor = nil
    let masked = Layer()
    let maskText = TextFonts.layer("mask", font: TextFonts.dejaVuSans, size: 12)
    masked.mask = maskText
    let shown = TextFonts.layer("shown", font: TextFonts.dejaVuSans, size: 12)
    for layer in [hidden, empty, clear, masked, shown] { try root.addSublayer(layer) }
    #expect(root.layOutText(threads: 2) == 2)
    #expect(maskText.hasCurrentLayout && shown.hasCurrentLayout)
    #expect(!underHidden.hasCurrentLayout && !empty.hasCurrentLayout && !clear.hasCurrentLayout)
  }

  @Test func aLayoutThatFailsIsKeptAndTheLoweringNamesItsLayer() throws {
    guard TextFonts.require([TextFonts.dejaVuSans]) else { return }
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    let good = TextFonts.layer("good", font: TextFonts.dejaVuSans, size: 12, width: 100, height: 50)
    let bad = TextFonts.layer("bad", font: "/nonexistent/font.ttf", size: 12, width: 100, height: 50)
    bad.name = "badFont"
    try root.addSublayer(good)
    try root.addSublayer(bad)
    #expect(root.layOutText(threads: 2) == 2)
    #expect(bad.hasCurrentLayout, "the failure is kept")
    #expect(throws: LoweringError.self) { try RenderPlan(root: root, size: CGSize(width: 100, height: 100)) }
    do {
      _ = try RenderPlan(root: root, size: CGSize(width: 100, height: 100))
    } catch {
      #expect("\(error)".contains("badFont") && "\(error)".contains("/nonexistent/font.ttf"), "\(error)")
    }
  }

  /// UAX #14 by hand: after "ab " (3), after "cd\n" (6, mandatory), the
  /// end (8); graphemes: "e" + U+0301 is one cluster.
  @Test func breaksFollowUAX14AndDoNotDependOnTheTextBefore() {
    let latin = Array("ab cd\nef".utf16)
    let accented = Array("xe\u{301}y".utf16)
    let thai = Array("ภาษาไทยไม่มีช่องว่างระหว่างคำ".utf16)
    let expected = UnicodeText.lineBreaks(latin)
    #expect(expected.map(\.offset) == [3, 6, 8])
    #expect(expected.map(\.isHard) == [false, true, false])
    #expect(UnicodeText.graphemeBoundaries(accented) == [0, 1, 3, 4])
    let thaiBreaks = UnicodeText.lineBreaks(thai)
    #expect(thaiBreaks.count > 2, "Thai breaks between words by ICU's dictionary")
    // The same answers after other texts of either kind, and on other threads.
    _ = UnicodeText.graphemeBoundaries(thai)
    #expect(UnicodeText.lineBreaks(latin).map(\.offset) == [3, 6, 8])
    #expect(UnicodeText.graphemeBoundaries(accented) == [0, 1, 3, 4])
    let texts = [latin, accented, thai]
    let answers = concurrentMap(60, threads: 4) { i in
      UnicodeText.lineBreaks(texts[i % 3]).map(\.offset) + [-1] + UnicodeText.graphemeBoundaries(texts[(i + 1) % 3])
    }
    for (i, answer) in answers.enumerated() {
      let serial = UnicodeText.lineBreaks(texts[i % 3]).map(\.offset) + [-1]
        + UnicodeText.graphemeBoundaries(texts[(i + 1) % 3])
      #expect(answer == serial)
    }
    #expect(thaiBreaks.map(\.offset) == UnicodeText.lineBreaks(thai).map(\.offset))
  }
}
