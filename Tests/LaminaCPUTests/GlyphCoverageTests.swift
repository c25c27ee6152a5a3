// The glyph route of text (GlyphCoverage, GlyphRun) on LaminaCPU against the
// outline route (the same placed outlines through the matrix, filled per
// piece): the two are the same sums in another order, so their coverages
// agree to rounding (1e-12) and the rendered bytes to a level at a few
// pixels; a glyph moved by a quarter pixel must draw what the outline
// route draws there (a route that ignored the phase would draw the
// unmoved glyph); the coverage cache
// fills one coverage per (glyph, phase) and forgets one a frame did not ask for.
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct GlyphCoverageTests {
  /// Largest coverage difference between the routes where positions are
  /// not dyadic (size 13.3 at x = 10.3): the two add the same terms in
  /// another order, so edges move by a few ulps of a pixel, and the area
  /// under them by as much (1e-12 leaves six orders of magnitude).
  static let placementRounding: Float = 1e-12

  static var hasFont: Bool { FileManager.default.fileExists(atPath: GlyphRoutes.dejaVu) }

  /// The largest coverage difference between the routes' draws, and how
  /// many of the rendered bytes differ and by how much at most.
  static func compareRoutes(_ plan: RenderPlan) -> (coverage: Float, bytes: Int, levels: Int) {
    let outline = GlyphRoutes.outlineRoute(plan)
    let limit = PixelRect(x0: 0, y0: 0, x1: plan.width, y1: plan.height)
    var worst: Float = 0
    for (a, b) in zip(GlyphRoutes.paths(plan), GlyphRoutes.paths(outline)) {
      guard let ga = a.coverage(within: limit), let gb = b.coverage(within: limit), ga.rect == gb.rect else {
        return (.infinity, 0, 0)
      }
      for (x, y) in zip(ga.values, gb.values) { worst = max(worst, abs(x - y)) }
    }
    let x = CPURenderer().render(plan), y = CPURenderer().render(outline)
    var bytes = 0, levels = 0
    for (p, q) in zip(x.pixels, y.pixels) where p != q {
      bytes += 1
      levels = max(levels, abs(Int(p) - Int(q)))
    }
    return (worst, bytes, levels)
  }

  @Test(arguments: [(16.0, 10.25, 20.5, 1.0), (16.0, 10.25, 20.5, 2.0), (13.3, 10.3, 20.7, 1.5)])
  func glyphRouteIsTheOutlineRouteUpToRounding(size: Double, x: Double, y: Double, scale: Double) throws {
    guard Self.hasFont else {
      Issue.record("missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
      return
    }
    let plan = try GlyphRoutes.plan(
      [("Glyph masks: fi Wavy AVATAR 0123 jumps", CGRect(x: x, y: y, width: 400, height: 40))], size: size,
      canvas: (420, 80), scale: scale)
    #expect(GlyphRoutes.coverageKeys(plan).pieces >= 20, "most glyphs are pieces of their own")
    #expect(TextDrawingCPUTests.ink(CPURenderer().render(plan)) > 100)
    let (coverage, bytes, levels) = Self.compareRoutes(plan)
    #expect(coverage <= Self.placementRounding, "largest coverage difference \(coverage)")
    #expect(levels <= 1 && bytes <= 8, "\(bytes) bytes differ, by up to \(levels) levels")
  }

  @Test func aQuarterPixelMoveIsDrawnAtItsPhase() throws {
    try #require(Self.hasFont, "missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
    func image(_ x: Double) throws -> (glyph: Image, outline: Image) {
      let plan = try GlyphRoutes.plan([("og", CGRect(x: x, y: 10, width: 60, height: 30))], size: 16, canvas: (80, 50))
      #expect(GlyphRoutes.coverageKeys(plan).pieces == 2)
      return (CPURenderer().render(plan), CPURenderer().render(GlyphRoutes.outlineRoute(plan)))
    }
    func beyondOneLevel(_ a: Image, _ b: Image) -> Int {
      zip(a.pixels, b.pixels).filter { abs(Int($0) - Int($1)) > 1 }.count
    }
    let still = try image(10), moved = try image(10.25)
    // Each route agrees with the other at its place; a route that ignored
    // the phase would draw the glyphs of x = 10 at 10.25.
    #expect(beyondOneLevel(moved.glyph, moved.outline) == 0)
    #expect(beyondOneLevel(still.glyph, still.outline) == 0)
    #expect(beyondOneLevel(moved.glyph, still.glyph) > 20, "the quarter pixel is drawn")
    #expect(TextDrawingCPUTests.ink(moved.glyph) > 20)
  }

  /// Largest coverage difference between a summed piece (its glyphs'
  /// coverages, each rounded to Float, added) and the same glyphs filled
  /// together: two Float roundings of values at most 1.
  static let sumRounding: Float = 2.5e-7

  @Test func piecesOfGlyphsApartAreTheSumOfTheirGlyphs() throws {
    try #require(Self.hasFont, "missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
    // Small text: neighbours share edge pixels, so most pieces hold several glyphs.
    let plan = try GlyphRoutes.plan(
      [("minimum illumination, rhythm; nnnn mmmm 1111", CGRect(x: 10.3, y: 8.6, width: 300, height: 20))], size: 7,
      canvas: (320, 30))
    let placed = GlyphRoutes.paths(plan).compactMap { $0.glyphPlacements() }.joined()
    let summed = placed.filter { $0.outline == GlyphRun.Placed.summedGlyphs }.count
    #expect(summed >= 2, "\(summed) summed pieces of \(placed.count)")
    #expect(TextDrawingCPUTests.ink(CPURenderer().render(plan)) > 100)
    let (coverage, bytes, levels) = Self.compareRoutes(plan)
    #expect(coverage <= Self.sumRounding, "largest coverage difference \(coverage)")
    #expect(levels <= 1 && bytes <= 8, "\(bytes) bytes differ, by up to \(levels) levels")
    // The summed pieces' glyphs are filled with the others, once each.
    let renderer = CPURenderer()
    _ = renderer.render(plan)
    let requests = GlyphRoutes.paths(plan).compactMap { $0.glyphCoverageRequests() }.joined()
    #expect(requests.count > placed.count)
    #expect(renderer.glyphCoverages.filled == Set(requests.map(\.key)).count)
  }

  @Test func glyphsFallOnTheNearestQuarterPixel() throws {
    try #require(Self.hasFont, "missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
    // One glyph, at the layer's left edge: each glyph's own origin is
    // rounded, so a line's later glyphs may round the other way.
    func image(_ x: Double) throws -> Image {
      let plan = try GlyphRoutes.plan([("o", CGRect(x: x, y: 10, width: 60, height: 30))], size: 16, canvas: (80, 50))
      return CPURenderer().render(plan)
    }
    // 10.1 is nearest 10, 10.2 nearest 10.25, and 10.125 a tie (to the even quarter, 10).
    let whole = try image(10)
    #expect(try image(10.1).pixels == whole.pixels)
    #expect(try image(10.125).pixels == whole.pixels)
    #expect(try image(10.2).pixels == image(10.25).pixels)
    #expect(zip(try image(10.2).pixels, whole.pixels).filter { abs(Int($0) - Int($1)) > 1 }.count > 10)
    // Twenty o's at random sub-pixel places in one plan: at most 16 phases.
    var random = SystemRandomNumberGenerator()
    let layers = (0..<20).map { i in
      ("o", CGRect(x: 5 + Double(i % 5) * 20 + .random(in: 0..<1, using: &random),
        y: 5 + Double(i / 5) * 20 + .random(in: 0..<1, using: &random), width: 20, height: 20))
    }
    let plan = try GlyphRoutes.plan(layers, size: 12, canvas: (120, 100))
    let placed = GlyphRoutes.paths(plan).compactMap { $0.glyphPlacements() }.joined()
    #expect(placed.count == 20)
    #expect(placed.allSatisfy { [0, 0.25, 0.5, 0.75].contains($0.key.phaseX) && [0, 0.25, 0.5, 0.75].contains($0.key.phaseY) })
    let renderer = CPURenderer()
    _ = renderer.render(plan)
    #expect(renderer.glyphCoverages.filled <= 16)
    // Both routes draw the glyphs where the lowering put them.
    let (coverage, _, _) = Self.compareRoutes(plan)
    #expect(coverage <= Self.placementRounding, "largest coverage difference \(coverage)")
  }

  @Test func oneCoveragePerGlyphAndPhase() throws {
    try #require(Self.hasFont, "missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
    // Two layers of "o": 40 points apart (the same phase), then 40.25.
    for (dx, coverages) in [(40.0, 1), (40.25, 2)] {
      let plan = try GlyphRoutes.plan(
        [("o", CGRect(x: 10, y: 10, width: 30, height: 30)), ("o", CGRect(x: 10 + dx, y: 10, width: 30, height: 30))],
        size: 16, canvas: (100, 50))
      #expect(GlyphRoutes.coverageKeys(plan) == (coverages, 2))
      let renderer = CPURenderer()
      let first = renderer.render(plan)
      #expect(renderer.glyphCoverages.filled == coverages, "dx \(dx)")
      #expect(renderer.glyphCoverages.asked == 2)
      // A steady frame reuses the draws' grids: no coverage is asked for.
      #expect(renderer.render(plan).pixels == first.pixels)
      #expect(renderer.glyphCoverages.filled == coverages && renderer.glyphCoverages.asked == 2)
    }
  }

  @Test func coveragesAFrameDidNotAskForAreForgotten() throws {
    try #require(Self.hasFont, "missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
    let a = try GlyphRoutes.plan([("abc", CGRect(x: 10, y: 10, width: 80, height: 30))], size: 16, canvas: (100, 50))
    let b = try GlyphRoutes.plan([("xyz", CGRect(x: 10, y: 10, width: 80, height: 30))], size: 16, canvas: (100, 50))
    // A coverage is kept while frames ask for it, and one frame after; a
    // steady frame reads its draws' grids (PathCoverages) and asks for none.
    let renderer = CPURenderer()
    _ = renderer.render(a)
    #expect(renderer.glyphCoverages.count == 3)
    _ = renderer.render(b)
    #expect(renderer.glyphCoverages.count == 3, "a's coverages are dropped, b's kept")
    #expect(renderer.glyphCoverages.filled == 6)
    _ = renderer.render(b)
    #expect(renderer.glyphCoverages.count == 0, "b's draws came from their grids")
  }

  /// The bench's text pages (docs/bench-scenes.md): on S7-flat most draws
  /// take the glyph route and some coverages repeat (docs/architecture.md,
  /// "Text on the GL backend"); S7's turned cards fall back to their
  /// outlines. The counts are printed for the docs.
  @Test func benchPagesReuseCoverages() throws {
    for (name, flat) in [("S7-flat", true), ("S7", false)] {
      let path = Corpus.root + "/Tests/Scenes/bench/\(name).json"
      try #require(Self.hasFont, "missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
      try #require(FileManager.default.fileExists(atPath: path), "missing bench scene \(path)")
      let plan = try Scene(contentsOfFile: path).renderPlan()
      let (distinct, pieces) = GlyphRoutes.coverageKeys(plan)
      let draws = GlyphRoutes.paths(plan)
      let routed = draws.filter { $0.glyphPlacements() != nil }.count
      let outlinePieces = draws.reduce(0) { n, d in
        n + (d.glyphPlacements()?.filter { $0.outline == GlyphRun.Placed.severalGlyphs }.count ?? max(1, d.pieceEnds.count))
      }
      print(
        "\(name): \(draws.count) path draws, \(routed) on the glyph route, \(pieces) glyph pieces, \(distinct) coverages; \(outlinePieces) pieces filled from outlines"
      )
      // Measured: 5,651 coverages for 7,029 pieces (the page's sizes and
      // baselines give most glyphs a phase of their own); at least 10 %.
      #expect(distinct * 10 < pieces * 9, "\(name): \(distinct) coverages for \(pieces) pieces")
      if flat { #expect(routed * 2 > draws.count) }
    }
  }
}
