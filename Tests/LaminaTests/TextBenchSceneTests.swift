// TextBenchSceneTests: the S7 "text" bench scene (Tests/Scenes/bench/S7.json,
// written by tools/bench-scenes/generate.py, docs/bench-scenes.md) is what
// its description says, so `lamina bench` and the peers in tools/peers time
// the page they claim to: every paragraph is laid out in its own font
// (no fallback, no warning) and fits its box, so no peer needs clipping or
// truncation to draw it the same way, and the page holds about 5,000 words
// in three fonts and two scripts, half of them on the turned cards.
//
// Rejected: checking S7 by drawing it (text drawing is a feature of its own,
// with its own tests; this checks the layout the bench pays for).

import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite struct TextBenchSceneTests {
  static let path = Corpus.root + "/Tests/Scenes/bench/S7.json"
  /// fonts-liberation2, as Liberation Sans (TextFonts).
  static let liberationSerif = "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"

  static func textLayers(_ layers: [Layer], turned: Bool = false) -> [(TextLayer, Bool)] {
    layers.flatMap { layer -> [(TextLayer, Bool)] in
      let here = turned || !layer.transform.isAffine
      let own = (layer as? TextLayer).map { [($0, here)] } ?? []
      return own + textLayers(layer.sublayers ?? [], turned: here)
    }
  }

  @Test func everyParagraphFitsItsBoxInItsOwnFont() throws {
    guard
      TextFonts.require([TextFonts.dejaVuSans, TextFonts.wenQuanYi, Self.liberationSerif])
    else { return }
    let scene = try Scene(contentsOfFile: Self.path)
    let texts = Self.textLayers(scene.layers)
    #expect(texts.count == 52)
    var words = (flat: 0, turned: 0)
    var families = Set<String>()
    var scripts = Set<String>()
    for (layer, turned) in texts {
      let layout = try layer.layout()
      #expect(layout.warnings.isEmpty, "\(layer.name ?? "?"): \(layout.warnings)")
      let height = layout.lines.reduce(0) { $0 + $1.height }
      let widest = layout.lines.map(\.width).max() ?? 0
      #expect(
        height <= Double(layer.bounds.height) && widest <= Double(layer.bounds.width),
        "\(layer.name ?? "?"): \(height) × \(widest) in \(layer.bounds.size)")
      for run in layout.lines.flatMap(\.runs) {
        families.insert(run.fontFamily)
        scripts.insert(run.script)
      }
      let text = layer.textContent?.text ?? ""
      let n =
        text.unicodeScalars.contains { $0.value >= 0x4E00 }
        ? text.unicodeScalars.filter { $0.value >= 0x4E00 && $0.value < 0xA000 }.count / 2
        : text.split(separator: " ").count
      if turned { words.turned += n } else { words.flat += n }
    }
    #expect(families == ["DejaVu Sans", "Liberation Serif", "WenQuanYi Micro Hei"])
    #expect(scripts == ["Latn", "Hani"])
    let total = words.flat + words.turned
    #expect(total >= 4_500 && total <= 5_500, "\(words)")
    #expect(abs(words.flat - words.turned) <= total / 5, "\(words)")
  }
}
