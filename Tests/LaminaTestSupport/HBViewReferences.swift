// HBViewReferences: the outside check of text drawing. HarfBuzz's own
// `hb-view` (cairo's rasterizer, a program nobody here wrote) drew single
// lines of text into Tests/References/text/ (tools/hb-view-references
// holds the exact commands); both backends draw the same line and must
// agree within `hbViewReference` (Tolerances.swift), calibrated on
// hb-view itself.
//
// hb-view's conventions, matched explicitly here rather than absorbed by
// the tolerance: the pen starts at x = margin; the baseline lies at
// margin + round(ascent) (hb-view rounds the ascent to whole pixels);
// cairo 1.16 puts every glyph at a whole-pixel origin, round(margin + x).
// Lamina's own layout gives the glyph positions (at 32 and 64 pixels of a
// 2048-unit font, hb-view's 1/64-pixel positions are exact, so they are
// equal); the test rounds them as cairo does and hands the layout to the
// layer, so only the rasterizers differ.
//
// Rejected: drawing Lamina's exact positions (a glyph up to half a pixel
// from cairo's puts tens of levels on every stem edge: the tolerance would
// have to accept a shifted image) and a 4x hb-view line as the reference
// (hb-view rounds origins at 4x too, so its line is not the 1x line's
// geometry).

import Foundation

@testable import Lamina

/// One committed hb-view line.
public struct HBViewCase: Sendable {
  public let name: String
  public let font: String
  public let size: Double
  public let text: String
  public let margin: Int
  /// hb-view's PNG (grayscale, read as opaque RGBA).
  public let reference: Image
}

public enum HBViewReferences {
  public static let folder = Corpus.root + "/Tests/References/text"

  /// Every case of cases.json with its PNG; throws when one is missing.
  public static func cases() throws -> [HBViewCase] {
    let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/cases.json"))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let margin = object["margin"] as? Int, let list = object["cases"] as? [[String: Any]]
    else { throw PNGError("cases.json: not the format tools/hb-view-references writes") }
    return try list.map { c in
      guard let name = c["name"] as? String, let font = c["font"] as? String, let size = c["size"] as? Double,
        let text = c["text"] as? String
      else { throw PNGError("cases.json: a case without name, font, size or text") }
      return HBViewCase(
        name: name, font: font, size: size, text: text, margin: margin,
        reference: try Image(contentsOfPNGFile: folder + "/" + name + ".png"))
    }
  }

  /// The case drawn by Lamina with hb-view's conventions, black on white,
  /// on a canvas of the reference's size, moved by `dx` pixels.
  public static func plan(_ c: HBViewCase, dx: Double = 0) throws -> RenderPlan {
    let w = c.reference.width, h = c.reference.height
    let layer = TextLayer()
    layer.frame = CGRect(x: dx, y: 0, width: Double(w), height: Double(h))
    layer.string = .plain(c.text)
    layer.font = c.font
    layer.fontSize = c.size
    layer.foregroundColor = .black
    var layout = try layer.layout()
    let m = Double(c.margin)
    for i in layout.lines.indices {
      let line = layout.lines[i]
      let baseline = m + line.ascent.rounded()
      for r in line.runs.indices {
        for g in line.runs[r].glyphs.indices {
          let p = line.runs[r].glyphs[g].position
          layout.lines[i].runs[r].glyphs[g].position = CGPoint(
            x: (m + Double(p.x)).rounded(), y: (baseline + Double(p.y) - line.baseline).rounded())
        }
      }
    }
    layer.layoutCache = (TextLayoutKey(layer), .success(layout))
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: Double(w), height: Double(h))
    try root.addSublayer(layer)
    return try RenderPlan(root: root, size: CGSize(width: Double(w), height: Double(h)), scale: 1, background: .white)
  }
}
