// GlyphRoutes: text plans for the tests of the glyph route (GlyphCoverage,
// GlyphRun) on both backends, and the same plan with every draw's
// `GlyphRun` dropped, so its pieces are filled from their placed polygons
// (the outline route): what a draw's coverage was before glyph coverages, and
// what it still is under any matrix that is not a similarity.
//
// Rejected: a flag on the renderers that turns the glyph route off (a
// switch the product would carry for its tests only).

import Foundation
import Lamina

public enum GlyphRoutes {
  public static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// A transparent canvas of `canvas` points at `scale` holding one text
  /// layer per entry of `layers` (its string and frame), DejaVu Sans at
  /// `size`, black.
  public static func plan(
    _ layers: [(text: String, frame: CGRect)], size: Double, canvas: (Int, Int), scale: Double = 1,
    transform: CGAffineTransform = .identity
  ) throws -> RenderPlan {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: Double(canvas.0), height: Double(canvas.1))
    for (text, frame) in layers {
      let layer = TextLayer()
      layer.frame = frame
      layer.string = .plain(text)
      layer.font = dejaVu
      layer.fontSize = size
      layer.foregroundColor = .black
      layer.affineTransform = transform
      try root.addSublayer(layer)
    }
    return try RenderPlan(root: root, size: CGSize(width: Double(canvas.0), height: Double(canvas.1)), scale: scale)
  }

  /// The path draws of every surface.
  public static func paths(_ plan: RenderPlan) -> [PathDraw] {
    plan.surfaces.flatMap { s in
      s.commands.compactMap { c -> PathDraw? in
        if case .path(let d) = c { return d }
        return nil
      }
    }
  }

  /// `plan` with every path draw's glyphs dropped (the outline route).
  public static func outlineRoute(_ plan: RenderPlan) -> RenderPlan {
    var out = plan
    for i in out.surfaces.indices {
      out.surfaces[i].commands = out.surfaces[i].commands.map { c in
        guard case .path(let d) = c, d.glyphs != nil else { return c }
        return .path(
          PathDraw(
            matrix: d.matrix, polygons: d.polygons, rule: d.rule, color: d.color, clips: d.clips, name: d.name,
            pieceEnds: d.pieceEnds))
      }
    }
    return out
  }

  /// The distinct glyph coverages the plan's glyph route asks for, and the glyph pieces drawn from them.
  public static func coverageKeys(_ plan: RenderPlan) -> (distinct: Int, pieces: Int) {
    var keys = Set<GlyphCoverageKey>(), pieces = 0
    for d in paths(plan) {
      guard let placed = d.glyphPlacements() else { continue }
      for p in placed where p.outline >= 0 {
        pieces += 1
        keys.insert(p.key)
      }
    }
    return (keys.count, pieces)
  }

  /// The one-glyph pieces of the glyph route's draws (what LaminaGL draws
  /// as one instance each the first time), and how many such draws.
  public static func instanced(_ plan: RenderPlan) -> (pieces: Int, draws: Int) {
    let draws = paths(plan).compactMap { $0.glyphPlacements() }
    return (draws.reduce(0) { $0 + $1.filter { $0.outline >= 0 }.count }, draws.count)
  }
}
