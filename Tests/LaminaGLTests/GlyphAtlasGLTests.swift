// The glyph route on LaminaGL (PathPass's glyph instances from the coverage
// atlas): its bytes against LaminaCPU's (the same GlyphCoverage floats, so only
// the blend's rounding may differ) and against LaminaGL's own outline route
// (the same plan with its GlyphRuns dropped: one region per draw, filled
// from the placed polygons); one instance per glyph piece in a few draw
// calls the first time, one per draw once the draw repeats (the same
// bytes); one atlas coverage per (glyph, phase); and a quarter-pixel move
// drawn at its phase.
import Foundation
import LaminaCPU
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaGL

@Suite("Glyph atlas on GL", requiresGL)
struct GlyphAtlasGLTests {
  static var hasFont: Bool { FileManager.default.fileExists(atPath: GlyphRoutes.dejaVu) }

  static func paragraph(x: Double, scale: Double = 1) throws -> RenderPlan {
    try GlyphRoutes.plan(
      [
        ("Glyph masks in the atlas: fi Wavy AVATAR 0123 jumps", CGRect(x: x, y: 10.5, width: 400, height: 30)),
        // The same line 3 and 30 points on: the same phases at scale 1 and 2.
        ("Glyph masks in the atlas: fi Wavy AVATAR 0123 jumps", CGRect(x: x + 3, y: 40.5, width: 400, height: 30)),
      ], size: 15, canvas: (420, 80), scale: scale)
  }

  @Test func glyphInstancesMatchTheCPUAndTheOutlineRoute() throws {
    guard Self.hasFont else {
      Issue.record("missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
      return
    }
    for scale in [1.0, 2.0] {
      let plan = try Self.paragraph(x: 10.3, scale: scale)
      let (distinct, pieces) = GlyphRoutes.coverageKeys(plan)
      #expect(pieces >= 60 && distinct * 2 <= pieces, "scale \(scale): \(distinct) coverages for \(pieces) pieces")
      let renderer = try GLRenderer()
      let before = renderer.batchCounts
      let gl = try renderer.render(plan)
      let after = renderer.batchCounts
      let instanced = GlyphRoutes.instanced(plan)
      #expect(instanced.pieces >= 30)
      #expect(after.instances - before.instances >= instanced.pieces, "one instance per glyph piece")
      #expect(after.drawCalls - before.drawCalls <= 3)
      #expect(renderer.glyphCoverageCounts == (distinct, distinct))
      if let failure = ImageExpectation.check(
        gl, against: CPURenderer().render(plan), tolerance: .glParity, name: "glyph-atlas-cpu-\(Int(scale))x")
      {
        Issue.record(Comment(rawValue: failure))
      }
      let outline = try GLRenderer().render(GlyphRoutes.outlineRoute(plan))
      var bytes = 0, levels = 0
      for (p, q) in zip(gl.pixels, outline.pixels) where p != q {
        bytes += 1
        levels = max(levels, abs(Int(p) - Int(q)))
      }
      // The routes' coverages agree to 1e-12 (GlyphCoverageTests): a byte may
      // round the other way at a half level.
      #expect(levels <= 1 && bytes <= 8, "scale \(scale): \(bytes) bytes differ, by up to \(levels)")
      // Seen again, each draw is one instance of a region of its own,
      // assembled from the same coverages: the same bytes, whatever came before.
      let second = try renderer.render(plan), third = renderer.batchCounts
      #expect(second.pixels == gl.pixels)
      #expect(third.instances - after.instances < instanced.pieces / 4, "\(instanced.draws) draws, \(instanced.pieces) glyphs")
      #expect(renderer.glyphCoverageCounts.uploads == distinct, "no glyph is filled again")
      #expect(try renderer.render(plan).pixels == gl.pixels)
    }
  }

  @Test func aQuarterPixelMoveUploadsCoveragesAtItsPhase() throws {
    try #require(Self.hasFont, "missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
    let renderer = try GLRenderer()
    // Two "o"s: at x and at x + 20.25 (a quarter pixel off the first's phase).
    func frame(_ x: Double) throws -> (gl: Image, cpu: Image, outline: Image) {
      let plan = try GlyphRoutes.plan(
        [("o", CGRect(x: x, y: 10, width: 30, height: 30)), ("o", CGRect(x: x + 20.25, y: 10, width: 30, height: 30))],
        size: 16, canvas: (80, 40))
      return (try renderer.render(plan), CPURenderer().render(plan), try GLRenderer().render(GlyphRoutes.outlineRoute(plan)))
    }
    let first = try frame(10)
    #expect(renderer.glyphCoverageCounts == (2, 2), "a new phase is a new coverage")
    let moved = try frame(13)
    #expect(renderer.glyphCoverageCounts == (2, 2), "a whole-pixel move reuses both coverages")
    #expect(WrongImages.shifted(first.gl, dx: 3, dy: 0).pixels == moved.gl.pixels)
    func beyondOneLevel(_ a: Image, _ b: Image) -> Int {
      zip(a.pixels, b.pixels).filter { abs(Int($0) - Int($1)) > 1 }.count
    }
    #expect(beyondOneLevel(first.gl, first.cpu) == 0)
    #expect(beyondOneLevel(first.gl, first.outline) == 0)
    // The second "o" is drawn at its phase: it is not the first one moved
    // by 20 whole pixels (what a route that ignored the phase would draw).
    let left = WrongImages.shifted(first.gl, dx: 20, dy: 0)
    var differing = 0
    for y in 0..<40 {
      for x in 25..<60 {
        let i = (y * 80 + x) * 4 + 3
        if abs(Int(left.pixels[i]) - Int(first.gl.pixels[i])) > 1 { differing += 1 }
      }
    }
    #expect(differing > 10, "\(differing) pixels of the second o differ from the first moved by 20")
  }

  /// The bench's S7-flat (docs/bench-scenes.md): the first frame draws its
  /// 7,029 one-glyph pieces as instances in a few batch draws, a repeated
  /// frame one instance per draw, the same bytes. The counts are printed
  /// for docs/architecture.md.
  @Test func benchPageInstances() throws {
    let path = Corpus.root + "/Tests/Scenes/bench/S7-flat.json"
    try #require(Self.hasFont, "missing font \(GlyphRoutes.dejaVu) (fonts-dejavu-core)")
    try #require(FileManager.default.fileExists(atPath: path), "missing bench scene \(path)")
    let plan = try Scene(contentsOfFile: path).renderPlan()
    let renderer = try GLRenderer()
    let c0 = renderer.batchCounts
    let first = try renderer.render(plan)
    let c1 = renderer.batchCounts, m1 = renderer.glyphCoverageCounts
    let second = try renderer.render(plan)
    let c2 = renderer.batchCounts
    let third = try renderer.render(plan)
    let c3 = renderer.batchCounts
    print(
      "S7-flat on GL: first frame \(c1.drawCalls - c0.drawCalls) batch draws, \(c1.instances - c0.instances) instances, \(m1.uploads) coverages; second \(c2.drawCalls - c1.drawCalls) draws, \(c2.instances - c1.instances) instances; third \(c3.drawCalls - c2.drawCalls) draws, \(c3.instances - c2.instances) instances"
    )
    #expect(second.pixels == first.pixels && third.pixels == first.pixels)
    #expect(c1.instances - c0.instances >= GlyphRoutes.instanced(plan).pieces)
    #expect(c3.instances - c2.instances < 3000)
    #expect(c3.drawCalls - c2.drawCalls <= 4)
  }
}
