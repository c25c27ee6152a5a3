// TextLayer through the scene format: `"type": "textLayer"` makes one with
// CATextLayer's defaults; its table (LayerProperties.text) reads, writes
// and compares every key (a new key without a sample fails here); errors
// name their JSON path; and the hostile inputs of issue 17 (a string of
// ten million characters, invalid UTF-8, a fontSize of 1e6, a run without
// text) are refused with a message, not a crash. Layout is tested in
// TextLayoutTests and TextShapingTests.

import Foundation
import Testing

@testable import Lamina

@Suite struct TextLayerTests {
  static let table = LayerProperties.text

  /// A value other than the default for every text key.
  static let samples: [String: String] = [
    "string":
      ##"[{"text": "Hi "}, {"text": "there", "font": "DejaVu Sans:bold", "fontSize": 12, "foregroundColor": "#FF0000"}]"##,
    "font": ##""fonts/Some Font.ttf""##,
    "fontSize": "17.5",
    "foregroundColor": ##""#3366FF80""##,
    "isWrapped": "true",
    "truncationMode": ##""kCATruncationMiddle""##,
    "alignmentMode": ##""justified""##,
  ]

  /// The table checks' view of the class (LayerClassTableTests):
  /// `textContent` holds `string` (TextLayer.swift); the font folder and
  /// the layout cache are never in a scene.
  static let ownTable = OwnTable(
    LayerClasses.textLayer, table, fresh: TextLayer(), samples: samples, renamed: ["textContent": "string"],
    notInScenes: ["fontBaseDirectory", "layoutCache"])

  static func textLayer(_ body: String) throws -> TextLayer {
    try SceneFixtures.firstLayer("textLayer", as: TextLayer.self, body)
  }

  @Test func typeTextLayerMakesATextLayerWithCoreAnimationsDefaults() throws {
    let layer = try Self.textLayer(##""frame": [0, 0, 10, 10]"##)
    #expect(layer.string == nil && layer.font == "Helvetica" && layer.fontSize == 36)
    #expect(layer.foregroundColor == .white && !layer.isWrapped)
    #expect(layer.truncationMode == .none && layer.alignmentMode == .natural)
    let read = try Self.textLayer(
      ##""string": "Hello", "font": "Liberation Serif", "fontSize": 20, "foregroundColor": "#000","##
        + ##" "isWrapped": true, "truncationMode": "end", "alignmentMode": "kCAAlignmentCenter""##)
    #expect(read.string as? String == "Hello" && read.font == "Liberation Serif" && read.fontSize == 20)
    #expect(read.foregroundColor == .black && read.isWrapped)
    #expect(read.truncationMode == .end && read.alignmentMode == .center)
  }

  @Test func attributedRunsTakeTheLayersAttributesWhereTheyHaveNone() throws {
    let layer = try Self.textLayer(
      ##""string": [{"text": "a"}, {"text": "b", "fontSize": 9, "foregroundColor": [0, 0, 1, 1]}]"##
    )
    #expect(
      layer.textContent
        == .attributed([TextRun("a"), TextRun("b", fontSize: 9, foregroundColor: .blue)]))
    #expect(layer.textContent?.text == "ab")
  }

  @Test func theTableListsTheTextKeysInCoreAnimationsOrder() {
    #expect(
      Self.table.map(\.key) == [
        "string", "font", "fontSize", "foregroundColor", "isWrapped", "truncationMode",
        "alignmentMode",
      ])
  }

  @Test func aFontPathStartsAtTheScenesFolderAndIsWrittenAsGiven() throws {
    let scene = try SceneFixtures.load(
      SceneFixtures.oneLayer(##""type": "textLayer", "font": "fonts/a.ttf""##),
      baseDirectory: "/scenes")
    let layer = try #require(scene.layers.first as? TextLayer)
    #expect(layer.font == "fonts/a.ttf" && layer.fontBaseDirectory == "/scenes")
    #expect(String(decoding: scene.jsonData(), as: UTF8.self).contains(##""font": "fonts/a.ttf""##))
  }

  @Test func invalidValuesNameTheirPathExactly() {
    let cases: [(String, String)] = [
      (##""fontSize": 0"##, "layers[0].fontSize: must be > 0, got 0"),
      (##""fontSize": 1e6"##, "layers[0].fontSize: must be ≤ 10000 points, got 1000000"),
      (##""string": 12"##, "layers[0].string: expected a string or an array of runs, got a number"),
      (##""string": [{"font": "x"}]"##, ##"layers[0].string[0]: a run needs "text""##),
      (##""string": [{"text": "a", "size": 3}]"##, "layers[0].string[0].size: unknown key"),
      (
        ##""string": [{"text": "a", "fontSize": -1}]"##,
        "layers[0].string[0].fontSize: must be > 0, got -1"
      ),
      (
        ##""string": [{"text": "a", "foregroundColor": null}]"##,
        "layers[0].string[0].foregroundColor: expected a colour (\"#RRGGBB\", \"#RRGGBBAA\", \"#RGB\", \"#RGBA\" or [r, g, b, a]), got null"
      ),
      (
        ##""truncationMode": "both""##,
        ##"layers[0].truncationMode: expected one of "none", "start", "middle", "end", got "both""##
      ),
      (##""isWrapped": "yes""##, "layers[0].isWrapped: expected true or false, got a string"),
    ]
    for (body, message) in cases {
      let errors = SceneFixtures.errors(
        SceneFixtures.oneLayer(##""type": "textLayer", \##(body)"##))
      #expect(errors.count == 1 && errors.first?.hasSuffix(message) == true, "\(body): \(errors)")
      #expect(errors.first?.hasPrefix("layers[0].") == true)
    }
  }

  @Test func aFontFileThatIsNotAFontIsAnErrorAtItsPath() throws {
    // Placeholder resources: any file ending in broken.ttf is not a font.
    let cases: [(String, String)] = [
      (
        ##""font": "x/broken.ttf""##,
        ##"layers[0].font: cannot use the font file "x/broken.ttf": not a TrueType or OpenType font (no sfnt header)"##
      ),
      (
        ##""string": [{"text": "a", "font": "/f/broken.ttf"}]"##,
        ##"layers[0].string[0].font: cannot use the font file "/f/broken.ttf": not a TrueType or OpenType font (no sfnt header)"##
      ),
    ]
    for (body, message) in cases {
      let errors = SceneFixtures.errors(
        SceneFixtures.oneLayer(##""type": "textLayer", \##(body)"##))
      #expect(errors.count == 1 && errors.first?.hasSuffix(message) == true, "\(errors)")
    }
    // The real check, through the public API: a missing file, relative to the scene's folder.
    let text = SceneFixtures.oneLayer(##""type": "textLayer", "font": "no-such-font-file.ttf""##)
    do {
      _ = try Scene(jsonData: Array(text.utf8), baseDirectory: "/nonexistent")
      Issue.record("a missing font file loaded")
    } catch {
      #expect(
        error.errors.map(\.message) == [
          ##"cannot use the font file "/nonexistent/no-such-font-file.ttf": cannot read the file: No such file or directory"##
        ])
    }
  }


  /// Puts a NaN or an infinity into the property named.
  static let poisons: [String: @Sendable (TextLayer) -> Void] = [
    "string": { $0.string = .attributed([TextRun("a", fontSize: .nan)]) },
    "fontSize": { $0.fontSize = .infinity },
    "foregroundColor": { $0.foregroundColor = Color(red: .nan, green: 0, blue: 0) },
  ]

  @Test func theLoweringRefusesNonFiniteTextProperties() throws {
    try LayerClassChecks.poisonsAreNamed(LayerClasses.textLayer, make: { TextLayer() }, poisons: Self.poisons)
  }

  // MARK: Hostile input

  @Test func aStringOfTenMillionCharactersIsRefusedWithItsPath() {
    let body = String(repeating: "a", count: 10_000_000)
    let started = ContinuousClock.now
    let errors = SceneFixtures.errors(
      SceneFixtures.oneLayer(##""type": "textLayer", "string": "\##(body)""##))
    #expect(errors.count == 1)
    #expect(
      errors.first?.hasSuffix(
        "layers[0].string: the text has 10000000 UTF-16 code units, more than the limit of 1000000")
        == true,
      "\(errors.first?.prefix(200) ?? "")")
    // The parser reads ~10 MB; a bound far above its time on this machine, to catch a hang.
    #expect(ContinuousClock.now - started < .seconds(20))
  }

  @Test func theLimitHoldsForRunsTogetherAndForLayersBuiltInSwift() {
    let half = String(repeating: "b", count: 600_000)
    let errors = SceneFixtures.errors(
      SceneFixtures.oneLayer(
        ##""type": "textLayer", "string": [{"text": "\##(half)"}, {"text": "\##(half)"}]"##))
    #expect(errors.count == 1 && errors.first?.contains("1200000 UTF-16 code units") == true)
    let layer = TextLayer()
    layer.string = .plain(half + half)
    #expect(
      throws: TextLayoutError.tooLong(
        "the text has 1200000 UTF-16 code units, more than the limit of 1000000")
    ) {
      try layer.layout()
    }
    layer.string = "x"
    layer.fontSize = 1e6
    #expect(throws: TextLayoutError.fontSize("must be ≤ 10000 points, got 1000000")) {
      try layer.layout()
    }
  }

  @Test func runsMayNameAtMost256Fonts() {
    let runs = (0...256).map { ##"{"text": "a", "font": "F\##($0)"}"## }.joined(separator: ", ")
    let errors = SceneFixtures.errors(
      SceneFixtures.oneLayer(##""type": "textLayer", "string": [\##(runs)]"##))
    #expect(
      errors.count == 1
        && errors.first?.hasSuffix("layers[0].string: the runs name more than 256 different fonts")
          == true
    )
    let layer = TextLayer()
    layer.string = .attributed((0...256).map { TextRun("a", font: "F\($0)") })
    #expect(throws: TextLayoutError.tooManyFonts("the runs name more than 256 different fonts")) {
      try layer.layout()
    }
    #expect(TextLimits.fontCountViolation((0..<256).map { TextRun("a", font: "F\($0)") }) == nil)
  }

  @Test func invalidUTF8InAStringIsAnErrorAtItsPlace() throws {
    var bytes = Array(SceneFixtures.oneLayer(##""type": "textLayer", "string": "ab_cd""##).utf8)
    let i = try #require(bytes.firstIndex(of: UInt8(ascii: "_")))
    bytes[i] = 0xC3  // a lead byte followed by 'c': not UTF-8
    do {
      _ = try SceneFixtures.load(bytes)
      Issue.record("invalid UTF-8 loaded")
    } catch {
      #expect(error.errors.map(\.message) == ["the string is not valid UTF-8"])
    }
  }
}
