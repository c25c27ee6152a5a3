// Font names as iOS code writes them (PostScript names such as
// "Helvetica-Bold", "Family Style" names such as "Helvetica Bold") judged by
// fontconfig's own `fc-match`: the face Lamina draws equals fc-match's
// answer for the family and style the name means, written in fontconfig's
// syntax by hand here ("Helvetica:weight=bold"), so the table below is the
// reference and the tool decides which file it is. Where fonts-liberation2
// is installed (tools/setup), the bold and regular faces are also named by
// file, so a resolver that asked fc-match the wrong question (the regular
// face for "Helvetica-Bold", as fontconfig's name parser gives it) fails
// even if fc-match agreed with it.
//
// The reading of names (case changes, Monotype endings, style words) is
// tested without fontconfig; style words are compared with fontconfig's
// own constants (FcNameGetConstant).
//
// Rejected: expected files for every name (the answer depends on the
// fonts installed; fc-match is the judge of that, as in TextShapingTests).

import CFontconfig
import Testing

@testable import Lamina

@Suite struct FontNameTests {
  static let liberation = "/usr/share/fonts/truetype/liberation2/"

  /// The face a one-line layer in `font` draws its first run in, and the layout's warnings.
  func drawn(_ font: String, _ text: String = "Hamburg") throws -> (FontReference?, [String]) {
    let layout = try TextFonts.layer(text, font: font, size: 20).layout()
    return (layout.lines.first?.runs.first?.font, layout.warnings)
  }

  // MARK: against fc-match

  /// name, fc-match's pattern for what it means, and whether the family
  /// is unknown here (a warning, and fontconfig's default in that style).
  static let names: [(name: String, pattern: String, missing: Bool)] = [
    ("Helvetica-Bold", "Helvetica:weight=bold", false),
    ("Helvetica-Oblique", "Helvetica:slant=oblique", false),
    ("Helvetica-BoldOblique", "Helvetica:weight=bold:slant=oblique", false),
    ("Helvetica-Light", "Helvetica:weight=light", false),
    ("TimesNewRomanPS-BoldMT", "Times New Roman:weight=bold", false),
    ("TimesNewRomanPS-ItalicMT", "Times New Roman:slant=italic", false),
    ("TimesNewRomanPSMT", "Times New Roman", false),
    ("Times-Roman", "Times:slant=roman", false),
    ("Times-BoldItalic", "Times:weight=bold:slant=italic", false),
    ("Arial-BoldItalicMT", "Arial:weight=bold:slant=italic", false),
    ("Arial-BoldMT", "Arial:weight=bold", false),
    ("ArialMT", "Arial", false),
    ("CourierNewPS-BoldMT", "Courier New:weight=bold", false),
    ("Courier-Oblique", "Courier:slant=oblique", false),
    ("Courier-BoldOblique", "Courier:weight=bold:slant=oblique", false),
    ("DejaVuSans-Light", "DejaVu Sans:weight=light", false),
    ("DejaVuSerif-SemiBold", "DejaVu Serif:weight=semibold", false),
    ("HelveticaNeue-Medium", "Helvetica Neue:weight=medium", true),
    ("Menlo-Regular", "Menlo:weight=regular", true),
    ("Helvetica Bold", "Helvetica:weight=bold", false),
    ("Helvetica Bold Oblique", "Helvetica:weight=bold:slant=oblique", false),
    ("Times New Roman Semi Bold", "Times New Roman:weight=semibold", false),
    ("Liberation Sans Bold Italic", "Liberation Sans:weight=bold:slant=italic", false),
    ("Liberation Serif Italic", "Liberation Serif:slant=italic", false),
    ("DejaVu Sans Oblique", "DejaVu Sans:slant=oblique", false),
    ("DejaVu Sans Condensed", "DejaVu Sans Condensed", false),
    ("DejaVu Sans Bold Condensed", "DejaVu Sans:weight=bold:width=condensed", false),
    // Unchanged: plain families, generic families, fontconfig's syntax.
    ("Helvetica", "Helvetica", false),
    ("Arial", "Arial", false),
    ("DejaVu Sans", "DejaVu Sans", false),
    ("sans-serif", "sans-serif", false),
    ("Liberation Sans:bold", "Liberation Sans:bold", false),
    ("DejaVu Sans-12", "DejaVu Sans-12", false),
    ("Liberation Serif,DejaVu Sans", "Liberation Serif,DejaVu Sans", false),
  ]

  @Test func namesDrawFcMatchsFaceForTheirFamilyAndStyle() throws {
    guard TextFonts.require([TextFonts.dejaVuSans, TextFonts.liberationSans]) else { return }
    for c in Self.names {
      guard let expected = TextShapingTests.fcMatch(c.pattern) else { return }
      let (font, warnings) = try drawn(c.name)
      #expect(font == expected, "\(c.name): fc-match '\(c.pattern)' gives \(expected)")
      if c.missing {
        #expect(
          warnings.count == 1 && warnings[0].contains("\"\(c.name)\" was not found"),
          "\(c.name): \(warnings)")
      } else {
        #expect(warnings == [], "\(c.name)")
      }
    }
  }

  @Test func helveticaBoldIsBoldAndHelveticaIsRegular() throws {
    let bold = Self.liberation + "LiberationSans-Bold.ttf"
    let boldItalic = Self.liberation + "LiberationSans-BoldItalic.ttf"
    let serifBold = Self.liberation + "LiberationSerif-Bold.ttf"
    let monoItalic = Self.liberation + "LiberationMono-Italic.ttf"
    guard TextFonts.require([TextFonts.liberationSans, bold, boldItalic, serifBold, monoItalic]) else {
      return
    }
    let expected: [(String, String)] = [
      ("Helvetica-Bold", bold), ("Helvetica Bold", bold), ("Helvetica-BoldOblique", boldItalic),
      ("Arial-BoldItalicMT", boldItalic), ("TimesNewRomanPS-BoldMT", serifBold),
      ("Courier-Oblique", monoItalic), ("Helvetica", TextFonts.liberationSans),
    ]
    for (name, path) in expected {
      let (font, warnings) = try drawn(name)
      #expect(font?.path == path && warnings == [], "\(name): \(String(describing: font))")
    }
  }

  @Test func fallbackPerCharacterStartsFromTheStyledFamily() throws {
    guard TextFonts.require([TextFonts.liberationSans, TextFonts.wenQuanYi]) else { return }
    // 你 is in no Liberation font: fontconfig's nearest font that has it,
    // for the bold Helvetica the name means.
    guard let expected = TextShapingTests.fcMatch("Helvetica:weight=bold:charset=4f60") else { return }
    let layout = try TextFonts.layer("你", font: "Helvetica-Bold", size: 20).layout()
    #expect(layout.lines.first?.runs.first?.font == expected)
  }

  @Test func namesThatMatchNothingStillWarn() throws {
    guard TextFonts.require([TextFonts.dejaVuSans, TextFonts.liberationSans]) else { return }
    for (name, pattern) in [
      ("LaminaNoSuchFont-Bold", "LaminaNoSuchFont:weight=bold"),
      ("Lamina No Such Font", "Lamina No Such Font"),
      // A style word Lamina does not know: the family alone, with a warning.
      ("Helvetica-Compressed", "Helvetica"),
    ] {
      guard let expected = TextShapingTests.fcMatch(pattern) else { return }
      let (font, warnings) = try drawn(name)
      #expect(font == expected, "\(name)")
      #expect(
        warnings.count == 1 && warnings[0].hasPrefix("font \"\(name)\" was not found; using "),
        "\(name): \(warnings)")
    }
  }

  // MARK: reading names

  @Test func readingsOfPostScriptNames() {
    let bold = FontStyle(weight: FC_WEIGHT_BOLD)
    #expect(
      FontName.readings("TimesNewRomanPS-BoldMT") == [
        .family("TimesNewRomanPS-BoldMT", FontStyle()), .family("TimesNewRomanPS", bold),
        .family("Times New Roman PS", bold), .family("TimesNewRoman", bold),
        .family("Times New Roman", bold),
      ])
    #expect(
      FontName.readings("Helvetica-BoldOblique") == [
        .family("Helvetica-BoldOblique", FontStyle()),
        .family("Helvetica", FontStyle(weight: FC_WEIGHT_BOLD, slant: FC_SLANT_OBLIQUE)),
      ])
    #expect(
      FontName.readings("ArialMT") == [
        .family("ArialMT", FontStyle()), .family("Arial MT", FontStyle()), .family("Arial", FontStyle()),
      ])
    // An unknown style: no PostScript reading.
    #expect(FontName.readings("Helvetica-Compressed") == [.family("Helvetica-Compressed", FontStyle())])
  }

  @Test func readingsOfFamilyStyleNames() {
    #expect(
      FontName.readings("Helvetica Semi Bold") == [
        .family("Helvetica Semi Bold", FontStyle()),
        .family("Helvetica Semi", FontStyle(weight: FC_WEIGHT_BOLD)),
        .family("Helvetica", FontStyle(weight: FC_WEIGHT_SEMIBOLD)),
      ])
    #expect(
      FontName.readings("Liberation Sans Narrow Bold Italic") == [
        .family("Liberation Sans Narrow Bold Italic", FontStyle()),
        .family("Liberation Sans Narrow Bold", FontStyle(slant: FC_SLANT_ITALIC)),
        .family("Liberation Sans Narrow", FontStyle(weight: FC_WEIGHT_BOLD, slant: FC_SLANT_ITALIC)),
      ])
    #expect(FontName.fallbackReading("Lamina Nothing") == .syntax("Lamina Nothing"))
    #expect(
      FontName.fallbackReading("Menlo-Bold") == .family("Menlo", FontStyle(weight: FC_WEIGHT_BOLD)))
  }

  @Test func fontconfigSyntaxIsLeftToFontconfig() {
    for name in ["Liberation Sans:bold", "DejaVu Sans-12", "DejaVu Sans-10.5", "A,B", "Odd\\-Name"] {
      #expect(FontName.isFontconfigSyntax(name), "\(name)")
    }
    for name in ["Helvetica-Bold", "Helvetica Bold", "sans-serif", "Helvetica"] {
      #expect(!FontName.isFontconfigSyntax(name), "\(name)")
    }
  }

  @Test func caseChangesAndMonotypeEndings() {
    let words: [(String, String)] = [
      ("HelveticaNeue", "Helvetica Neue"), ("TimesNewRomanPS", "Times New Roman PS"),
      ("SFProText", "SF Pro Text"), ("Helvetica", "Helvetica"), ("Helvetica Neue", "Helvetica Neue"),
      ("PingFangSC", "Ping Fang SC"), ("Source Han Sans", "Source Han Sans"),
    ]
    for (a, b) in words { #expect(FontName.camelCaseWords(a) == b, "\(a)") }
    let endings: [(String, String)] = [
      ("TimesNewRomanPSMT", "TimesNewRoman"), ("TimesNewRomanPS", "TimesNewRoman"),
      ("ArialMT", "Arial"), ("CourierNewPS", "CourierNew"), ("TrebuchetMS", "TrebuchetMS"),
      ("MT", "MT"), ("PS", "PS"),
    ]
    for (a, b) in endings { #expect(FontName.withoutMonotypeEnding(a) == b, "\(a)") }
  }

  @Test func styleWords() {
    let cases: [(String, FontStyle?)] = [
      ("Bold", FontStyle(weight: FC_WEIGHT_BOLD)),
      ("BoldOblique", FontStyle(weight: FC_WEIGHT_BOLD, slant: FC_SLANT_OBLIQUE)),
      ("Bold Italic", FontStyle(weight: FC_WEIGHT_BOLD, slant: FC_SLANT_ITALIC)),
      ("BoldIt", FontStyle(weight: FC_WEIGHT_BOLD, slant: FC_SLANT_ITALIC)),
      ("Italic", FontStyle(slant: FC_SLANT_ITALIC)),
      ("SemiBold", FontStyle(weight: FC_WEIGHT_SEMIBOLD)),
      ("Semibold", FontStyle(weight: FC_WEIGHT_SEMIBOLD)),
      ("UltraLight", FontStyle(weight: FC_WEIGHT_ULTRALIGHT)),
      ("Thin", FontStyle(weight: FC_WEIGHT_THIN)),
      ("Heavy", FontStyle(weight: FC_WEIGHT_HEAVY)),
      ("CondensedBlack", FontStyle(weight: FC_WEIGHT_BLACK, width: FC_WIDTH_CONDENSED)),
      ("Roman", FontStyle(slant: FC_SLANT_ROMAN)),
      ("", FontStyle()),
      ("Compressed", nil), ("Boldx", nil), ("Sans", nil),
    ]
    for (text, style) in cases { #expect(FontStyle(words: text) == style, "\(text)") }
  }

  @Test func styleWordsMeanWhatFontconfigMeans() {
    var unknown: [String] = []
    for (word, object, value) in FontStyle.vocabulary {
      guard let constant = FcNameGetConstant(word) else {
        unknown.append(word)
        continue
      }
      #expect(
        String(cString: constant.pointee.object) == object && constant.pointee.value == value,
        "\(word): fontconfig says \(String(cString: constant.pointee.object)) \(constant.pointee.value)")
    }
    // The spellings fontconfig lacks, each given the value of its synonym.
    #expect(unknown.sorted() == ["demi", "extrablack", "hairline", "it", "plain", "ultrablack", "upright"])
  }
}
