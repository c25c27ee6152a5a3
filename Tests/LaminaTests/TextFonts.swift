// TextFonts: the font files the text tests use, each with the Debian
// package that installs it (tools/setup installs them all). A test names
// the fonts it needs through `TextFonts.require`, which records a failure
// naming the missing file and its package, so a machine without the fonts
// fails loudly instead of passing on whatever fontconfig falls back to.

import Foundation
import Testing

@testable import Lamina

enum TextFonts {
  static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let liberationSans = "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"
  static let lohitDevanagari = "/usr/share/fonts/truetype/lohit-devanagari/Lohit-Devanagari.ttf"
  static let wenQuanYi = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
  static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

  static let packages: [String: String] = [
    dejaVuSans: "fonts-dejavu-core", liberationSans: "fonts-liberation2",
    lohitDevanagari: "fonts-lohit-deva", wenQuanYi: "fonts-wqy-microhei",
    notoColorEmoji: "fonts-noto-color-emoji",
  ]

  /// True when every file is installed; otherwise records which are not.
  static func require(_ paths: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation)
    -> Bool
  {
    let missing = paths.filter { !FileManager.default.fileExists(atPath: $0) }
    for path in missing {
      Issue.record(
        "missing font \(path): install Debian's \(packages[path] ?? "package holding it") (tools/setup does)",
        sourceLocation: sourceLocation)
    }
    return missing.isEmpty
  }

  /// A one-line layer (no wrapping, wide bounds) of `text` in `font`.
  static func layer(
    _ text: String, font: String, size: Double, width: Double = 10_000, height: Double = 1_000
  ) -> TextLayer {
    let layer = TextLayer()
    layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
    layer.string = .plain(text)
    layer.font = font
    layer.fontSize = size
    return layer
  }
}
