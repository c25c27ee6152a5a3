// PathDraw.simplePieces: the lowering checks each glyph outline once
// (SimpleContours) and marks the pieces of text drawn from its outlines
// whose glyphs are simple, wind alike and lie in boxes apart, so filling
// them adds their edges without checking each placed glyph again; glyphs
// whose boxes overlap (a kerned AV) are left to the fill's check. Checks: text under non-similar matrices (its pieces marked)
// covers what the unmarked draw covers, pixel by pixel; the mark is
// trusted only while the matrix keeps the piece whole: a piece cut at the
// near plane is checked as before. A wrong mark (a bow tie's) is trusted
// where the matrix keeps it whole and shows, so the mark is really used.
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite struct SimplePiecesTests {
  static let canvas = PixelRect(x0: 0, y0: 0, x1: 160, y1: 120)

  static func unmarked(_ d: PathDraw) -> PathDraw {
    PathDraw(
      matrix: d.matrix, polygons: d.polygons, rule: d.rule, color: d.color, clips: d.clips, name: d.name,
      pieceEnds: d.pieceEnds, glyphs: d.glyphs)
  }

  static func sameCoverage(_ a: PathDraw, _ b: PathDraw) -> Bool {
    guard let x = a.coverage(within: canvas), let y = b.coverage(within: canvas) else {
      return a.coverage(within: canvas) == nil && b.coverage(within: canvas) == nil
    }
    // Float coverage of Double sums, the same edges added in another order.
    return x.rect == y.rect && zip(x.values, y.values).allSatisfy { abs($0 - $1) < 1e-6 }
  }

  @Test(arguments: [
    CGAffineTransform(a: 1.4, b: 0, c: 0, d: 0.8, tx: 0, ty: 0),  // stretched
    CGAffineTransform(a: 0.9, b: 0.12, c: -0.08, d: 1.3, tx: 0, ty: 0),  // turned a little and stretched
  ])
  func markedTextCoversWhatItsUnmarkedDrawCovers(transform: CGAffineTransform) throws {
    let plan = try GlyphRoutes.plan(
      [("Quick brown fox, 0123", CGRect(x: 10, y: 20, width: 140, height: 30)),
       ("jumps over Ågård", CGRect(x: 10, y: 60, width: 140, height: 30))],
      size: 17.5, canvas: (160, 120), transform: transform)
    let draws = GlyphRoutes.paths(plan)
    let marked = draws.reduce(0) { $0 + $1.simplePieces.filter { $0 }.count }
    #expect(marked >= 10, "\(marked) pieces marked simple")
    for d in draws {
      #expect(Self.sameCoverage(d, Self.unmarked(d)), "\(d.name)")
    }
  }

  @Test func piecesOfSeveralGlyphsWhoseBoxesAreApartAreMarked() throws {
    // At 7 px, stretched, neighbouring m's share pixels (pieces of several
    // glyphs) but not ink: marked, and covering what the unmarked draw covers.
    let text = "mmmm nnnn mmmm"
    let plan = try GlyphRoutes.plan(
      [(text, CGRect(x: 10, y: 20, width: 140, height: 30))], size: 7, canvas: (160, 120),
      transform: CGAffineTransform(a: 1.4, b: 0, c: 0, d: 0.8, tx: 0, ty: 0))
    let draws = GlyphRoutes.paths(plan)
    let pieces = draws.reduce(0) { $0 + max(1, $1.pieceEnds.count) }
    #expect(pieces < text.filter { $0 != " " }.count, "\(pieces) pieces: some of several glyphs")
    let marked = draws.reduce(0) { $0 + $1.simplePieces.filter { $0 }.count }
    #expect(marked == pieces)
    for d in draws { #expect(Self.sameCoverage(d, Self.unmarked(d)), "\(d.name)") }
    // A kerned AV: the boxes overlap (the ink does not), so the piece is
    // not marked and its fill checks it.
    let kerned = GlyphRoutes.paths(
      try GlyphRoutes.plan(
        [("AVAV", CGRect(x: 10, y: 20, width: 140, height: 40))], size: 24, canvas: (160, 120),
        transform: CGAffineTransform(a: 1.4, b: 0, c: 0, d: 0.8, tx: 0, ty: 0)))
    #expect(!kerned.isEmpty && kerned.allSatisfy { !$0.simplePieces.contains(true) })
    for d in kerned { #expect(Self.sameCoverage(d, Self.unmarked(d)), "\(d.name)") }
  }

  @Test func boxesApartMeansMoreThanARoundingBetween() {
    let a = (lo: SIMD2(0.0, 0.0), hi: SIMD2(10.0, 10.0))
    #expect(GlyphPieces.apart(a, (SIMD2(10.001, 0), SIMD2(20, 10))))
    #expect(GlyphPieces.apart(a, (SIMD2(0, -5), SIMD2(10, -0.001))))
    #expect(!GlyphPieces.apart(a, (SIMD2(10, 0), SIMD2(20, 10))), "touching")
    #expect(!GlyphPieces.apart(a, (SIMD2(10 + 1e-12, 0), SIMD2(20, 10))), "a rounding apart")
    #expect(!GlyphPieces.apart(a, (SIMD2(5, 5), SIMD2(20, 20))), "overlapping")
  }

  /// A bow tie marked simple (wrongly: its halves wind +1 and −1), its
  /// crossing in the middle of pixel (30, 30).
  static func bowTie(_ matrix: Transform3D) -> PathDraw {
    var tie = PolygonSet()
    tie.append([SIMD2(10.5, 10.5), SIMD2(50.5, 50.5), SIMD2(50.5, 10.5), SIMD2(10.5, 50.5)])
    return PathDraw(
      matrix: matrix, polygons: tie, rule: .nonZero, color: Color.black.premultiplied, clips: [], name: "bow tie"
    ).withSimplePieces([true])
  }

  @Test func theMarkIsTrustedOnlyWhileTheMatrixKeepsThePieceWhole() throws {
    // Kept whole: the (wrong) mark is trusted, and in the crossing's pixel
    // the halves' areas cancel (0 against their 0.5).
    let flat = Self.bowTie(.identity)
    let trusted = try #require(flat.coverage(within: Self.canvas))
    let checked = try #require(Self.unmarked(flat).coverage(within: Self.canvas))
    let pixel = (30 - checked.rect.y0) * checked.rect.width + (30 - checked.rect.x0)
    #expect(abs(checked.values[pixel] - 0.5) < 1e-6)
    #expect(trusted.values[pixel] < 0.01, "the mark was not used: \(trusted.values[pixel])")
    // w = 1 − x/40 reaches the near bound inside the tie: it is cut there,
    // the mark is not trusted, and the cut tie is checked (and swept).
    var perspective = Transform3D.identity
    perspective.m14 = -1.0 / 40
    let cut = Self.bowTie(perspective)
    #expect(!Homography(perspective).projectReportingCut(Array(cut.polygons.polygon(0))).whole)
    #expect(Self.sameCoverage(cut, Self.unmarked(cut)))
    #expect(cut.coverage(within: Self.canvas) != nil)
  }
}
