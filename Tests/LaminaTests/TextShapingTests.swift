// Lamina's text layout judged by tools nobody here wrote:
//
// - HarfBuzz's `hb-shape` (Debian's libharfbuzz-bin): for a corpus of Latin
//   with kerning and ligatures, Arabic, Devanagari, Hebrew inside Latin,
//   CJK and emoji (TextFixtures/corpus.json), the runs Lamina makes, their
//   glyph ids and their positions equal hb-shape's output for the same font
//   file, text, script, direction and context. The output is committed
//   (TextFixtures/shaping.json, written by tools/text-fixtures) so the
//   tests do not need hb-shape; each case records the font file's size and
//   hash, and a different font version fails with a message saying so.
// - fontconfig's `fc-match`: the font of every run equals fc-match's answer
//   for the layer's font name with the run's first character in the
//   charset, the same question a browser asks for fallback. fc-match runs
//   live (its answer depends on the fonts installed, which is what it
//   judges); it comes with Debian's fontconfig package.
//
// Tolerance for positions: hb-shape's integers in font units are scaled by
// size / unitsPerEm and summed in Double; 1e-9 pt bounds that rounding.

import Foundation
import Testing

@testable import Lamina

@Suite struct TextShapingTests {
  static let tolerance = 1e-9
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("TextFixtures").path

  struct Case {
    var name: String, font: String, fontBytes: Int, hash: String, size: Double, text: String
    var runs: [(start: Int, end: Int, script: String, rtl: Bool, glyphs: [[Double]])]
  }

  static func fixtures() throws -> [Case] {
    let bytes = try #require(FileManager.default.contents(atPath: folder + "/shaping.json"))
    let root = try JSONParser.parse(Array(bytes))
    func member(_ v: JSONValue, _ key: String) -> JSONValue? {
      guard case .object(let m) = v.kind else { return nil }
      return m.first { $0.key == key }?.value
    }
    func string(_ v: JSONValue?) -> String {
      if case .string(let s)? = v?.kind { return s } else { return "" }
    }
    func number(_ v: JSONValue?) -> Double {
      if case .number(let d)? = v?.kind { return d } else { return .nan }
    }
    func array(_ v: JSONValue?) -> [JSONValue] {
      if case .array(let a)? = v?.kind { return a } else { return [] }
    }
    return array(member(root, "cases")).map { c in
      Case(
        name: string(member(c, "name")), font: string(member(c, "font")),
        fontBytes: Int(number(member(c, "fontBytes"))),
        hash: string(member(c, "fontFNV1a256k")), size: number(member(c, "size")),
        text: string(member(c, "text")),
        runs: array(member(c, "runs")).map { r in
          (
            Int(number(member(r, "start"))), Int(number(member(r, "end"))),
            string(member(r, "script")),
            string(member(r, "direction")) == "rtl",
            array(member(r, "glyphs")).map { array($0).map(number) }
          )
        })
    }
  }

  /// FNV-1a (64 bits) of a file's first 256 KiB, as tools/text-fixtures computes it.
  static func fnv1a(_ path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path),
      let data = try? handle.read(upToCount: 256 * 1024)
    else {
      return nil
    }
    var h: UInt64 = 0xCBF2_9CE4_8422_2325
    for b in data { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
    let hex = String(h, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  @Test func glyphIdsAndPositionsEqualHbShapes() throws {
    let cases = try Self.fixtures()
    #expect(
      cases.map(\.name) == [
        "latin-kerning-ligatures", "arabic", "devanagari", "hebrew-in-latin", "cjk", "emoji",
      ])
    guard TextFonts.require(Array(Set(cases.map(\.font))).sorted()) else { return }
    for c in cases {
      let size = (try? FileManager.default.attributesOfItem(atPath: c.font)[.size] as? Int) ?? -1
      guard size == c.fontBytes, Self.fnv1a(c.font) == c.hash else {
        Issue.record(
          "\(c.name): \(c.font) is not the file the fixtures were made from (\(size) bytes, expected \(c.fontBytes)); regenerate them with tools/text-fixtures"
        )
        continue
      }
      let layout = try TextFonts.layer(c.text, font: c.font, size: c.size).layout()
      #expect(layout.warnings == [], "\(c.name)")
      guard layout.lines.count == 1 else {
        Issue.record("\(c.name): \(layout.lines.count) lines")
        continue
      }
      let line = layout.lines[0]
      // The runs, in logical order, are the ones the corpus expects.
      let logical = line.runs.sorted { $0.textRange.lowerBound < $1.textRange.lowerBound }
      #expect(
        logical.map { "\($0.textRange) \($0.script) \($0.isRightToLeft ? "rtl" : "ltr")" }
          == c.runs.map { "\($0.start)..<\($0.end) \($0.script) \($0.rtl ? "rtl" : "ltr")" },
        "\(c.name)")
      guard logical.count == c.runs.count else { continue }
      let face = try FontFace.open(logical[0].font)
      let k = c.size / face.unitsPerEm
      for (run, expected) in zip(logical, c.runs) {
        #expect(run.font.path == c.font, "\(c.name)")
        #expect(
          run.glyphs.map { Double($0.id) } == expected.glyphs.map { $0[0] },
          "\(c.name) \(run.textRange): glyph ids")
        guard run.glyphs.count == expected.glyphs.count, let first = run.glyphs.first else {
          continue
        }
        // The pen starts where the first glyph's offset says; then hb-shape's advances and offsets.
        var pen = Double(first.position.x) - expected.glyphs[0][3] * k
        for (g, e) in zip(run.glyphs, expected.glyphs) {
          let (ax, dx, dy) = (e[1] * k, e[3] * k, e[4] * k)
          #expect(
            abs(Double(g.position.x) - (pen + dx)) <= Self.tolerance, "\(c.name): glyph \(g.id) x")
          #expect(
            abs(Double(g.position.y) - (line.baseline - dy)) <= Self.tolerance,
            "\(c.name): glyph \(g.id) y")
          #expect(abs(g.advance - ax) <= Self.tolerance, "\(c.name): glyph \(g.id) advance")
          pen += ax
        }
      }
      // Runs follow each other without gaps, left to right, from where the
      // line starts (the right edge less its width for Arabic: natural alignment).
      var x = line.x
      #expect(
        abs(line.x - (line.isRightToLeft ? 10_000 - line.width : 0)) <= Self.tolerance, "\(c.name)")
      for run in line.runs {
        guard let first = run.glyphs.first else { continue }
        let offset =
          c.runs.first { $0.start == run.textRange.lowerBound }.map { $0.glyphs[0][3] * k } ?? 0
        #expect(
          abs(Double(first.position.x) - offset - x) <= Self.tolerance,
          "\(c.name): run \(run.textRange) starts at \(x)")
        x += run.glyphs.reduce(0) { $0 + $1.advance }
      }
    }
  }

  // MARK: fc-match

  /// fc-match's file and face index for a pattern, or nil with a recorded failure.
  static func fcMatch(_ pattern: String) -> FontReference? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
    process.arguments = ["-f", "%{file}\n%{index}", pattern]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
      Issue.record("fc-match cannot run (\(error)); install Debian's fontconfig (tools/setup does)")
      return nil
    }
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let parts = out.split(separator: "\n")
    guard process.terminationStatus == 0, parts.count == 2, let index = Int(parts[1]) else {
      Issue.record("fc-match \(pattern) said \(out)")
      return nil
    }
    return FontReference(path: String(parts[0]), faceIndex: index)
  }

  /// Whether fontconfig knows no fonts beyond those tools/setup installs
  /// (and fonts-liberation, which some Debian images carry).
  static let onlySetupFonts: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
    process.arguments = [":", "family"]
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return false }
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let known = ["DejaVu", "Liberation", "Lohit", "WenQuanYi", "Noto Color Emoji"]
    return out.split(separator: "\n").allSatisfy { family in known.contains { family.contains($0) }
    }
  }()

  @Test func everyRunsFontIsFcMatchsForItsFirstCharacter() throws {
    // The corpus needs its fonts installed, or fontconfig would answer with others.
    guard
      TextFonts.require([
        TextFonts.dejaVuSans, TextFonts.liberationSans, TextFonts.lohitDevanagari,
        TextFonts.wenQuanYi,
        TextFonts.notoColorEmoji,
      ])
    else { return }
    let cases: [(font: String, text: String, fonts: Int)] = [
      ("Helvetica", "Hello שלום مرحبا नमस्ते 你好 🥰", 5),
      ("DejaVu Serif", "Zürich 東京 नमस्ते", 3),
      ("sans-serif", "abc 🥰", 2),
      ("Liberation Sans:bold", "Bold 你好", 2),
    ]
    for c in cases {
      let layout = try TextFonts.layer(c.text, font: c.font, size: 20).layout()
      let units = Array(c.text.utf16)
      var used = Set<String>()
      for run in layout.lines.flatMap(\.runs) {
        let first = TextShaper.scalar(units, at: run.textRange.lowerBound)
        let pattern = "\(c.font):charset=\(String(first.value, radix: 16))"
        guard let expected = Self.fcMatch(pattern) else { return }
        #expect(
          run.font == expected,
          "\(c.font): run \(run.textRange) (U+\(String(first.value, radix: 16))): fc-match \(pattern) gives \(expected)"
        )
        used.insert(run.font.description)
      }
      // With only tools/setup's fonts the count is `fonts` (checked when
      // the corpus fonts are the only ones); other installed fonts may
      // change the mix, never make one font cover every script.
      #expect(used.count >= 2, "\(c.font): \(used.sorted())")
      if Self.onlySetupFonts { #expect(used.count == c.fonts, "\(c.font): \(used.sorted())") }
    }
  }

  @Test func singleCharactersAcrossUnicodeFallBackAsFcMatchSays() throws {
    guard TextFonts.require([TextFonts.dejaVuSans, TextFonts.liberationSans]) else { return }
    // Every 1,999th code point from U+0020 to U+2FFFF that is assigned,
    // visible and not a mark (over 50): Latin, Greek, Cyrillic, Arabic,
    // Indic, CJK, symbols, emoji, and many no installed font has (then
    // fc-match and Lamina both keep the best font for the name).
    // A sweep of every 97th (4,473 points in three names) agreed too.
    var checked = 0
    for v in stride(from: UInt32(0x20), to: 0x2FFFF, by: 1_999) {
      guard let c = Unicode.Scalar(v) else { continue }
      let p = c.properties
      let hidden: [Unicode.GeneralCategory] = [
        .unassigned, .control, .nonspacingMark, .surrogate, .privateUse, .spaceSeparator, .format,
      ]
      guard !hidden.contains(p.generalCategory), !p.isDefaultIgnorableCodePoint else { continue }
      let layout = try TextFonts.layer(String(c), font: "Helvetica", size: 12).layout()
      guard let run = layout.lines.first?.runs.first,
        let expected = Self.fcMatch("Helvetica:charset=\(String(v, radix: 16))")
      else { continue }
      #expect(run.font == expected, "U+\(String(v, radix: 16, uppercase: true))")
      checked += 1
    }
    #expect(checked > 50)
  }

  @Test func aFaceNameFindsThatFace() throws {
    guard TextFonts.require([TextFonts.liberationSans]) else { return }
    let bold = "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf"
    guard TextFonts.require([bold]) else { return }
    for name in ["Liberation Sans Bold", "LiberationSans-Bold"] {
      let layout = try TextFonts.layer("Bold", font: name, size: 20).layout()
      #expect(layout.lines.first?.runs.first?.font.path == bold && layout.warnings == [], "\(name)")
    }
  }
}
