// GlyphRun: what a text `PathDraw` carries besides its placed polygons when
// each of its pieces is one glyph and the lowering's matrix was a
// similarity: the face, size and scale, each distinct glyph's outline
// flattened once relative to its origin, and per piece the glyph and its
// origin in bounds space. With it, a piece's coverage is its `GlyphCoverage`
// (a function of face, glyph, size, scale and sub-pixel phase), which both
// backends cache by glyph instead of by draw: LaminaGL draws one instanced
// quad per piece from its coverage atlas, LaminaCPU assembles the draw
// from its coverage cache. Under any other matrix (a 3D turn, a rotation, a
// matrix that is no longer the scale the outlines were flattened for) the
// draw is filled from its placed polygons as before (`PathDraw.coverage`).
//
// The placed polygons are the same flattened outlines moved to their
// origins, so both routes fill the same contours (the outline route then
// maps them through the matrix; the glyph route maps the origin and adds
// the outline scaled: the same numbers in exact arithmetic, and coverage
// within 1e-12 in floating point, GlyphCoverageTests).
//
// Rejected: a new draw command beside `PathDraw` (`GlyphRunDraw`): every
// pass, cull, damage and digest over commands would need a new case for
// what is, under any matrix that is not a similarity, exactly a path draw.

/// The glyphs of a text `PathDraw` whose pieces are each one glyph.
public struct GlyphRun: Hashable, Sendable {
  /// One piece's glyph.
  public struct Placed: Hashable, Sendable {
    /// The glyph's id in `font`.
    public var glyph: UInt32
    /// Its outline: an index into `outlines`; `Placed.severalGlyphs` for a
    /// piece of several glyphs (their pixel boxes meet), which is filled
    /// from the draw's placed polygons under the non-zero rule, as before;
    /// `Placed.summedGlyphs` for one whose glyphs' outlines lie apart.
    public var outline: Int
    /// Its origin (on the baseline), in bounds space.
    public var origin: SIMD2<Double>

    /// The `outline` of a piece of several glyphs.
    public static let severalGlyphs = -1
    /// The `outline` of a piece of several glyphs whose outlines' boxes lie
    /// apart and which the lowering marked simple (`PathDraw.simplePieces`):
    /// no glyph's ink meets another's, so the piece's coverage is the sum
    /// of its glyphs' coverages (disjoint areas add), each a `GlyphCoverage`
    /// its backend keeps. Small text's neighbours share edge pixels: 1,183
    /// of S7-flat's pieces were filled from their outlines every first frame.
    public static let summedGlyphs = -2

    public init(glyph: UInt32, outline: Int, origin: SIMD2<Double>) {
      self.glyph = glyph
      self.outline = outline
      self.origin = origin
    }
  }

  /// The face the glyphs index.
  public var font: FontReference
  /// `font`'s number in mask keys (`GlyphCoverageKey.faceID`).
  public let faceID: Int
  /// Points: bounds units per em.
  public var fontSize: Double
  /// The similarity's scale the outlines were flattened for (at
  /// `Path.rasterTolerance / scale` bounds units), target pixels per unit.
  public var scale: Double
  /// Each distinct glyph's outline, relative to its origin, in bounds units, y down.
  public var outlines: [PolygonSet]
  /// One per piece of the draw, in the pieces' order.
  public var glyphs: [Placed]
  /// Each outline's glyph id (empty: no piece is `Placed.summedGlyphs`).
  public var outlineGlyphs: [UInt32]
  /// True when every piece is one glyph (no `Placed.severalGlyphs`).
  public let allSingle: Bool

  /// Made by the lowering alone (the outlines must be what it flattens).
  init(
    font: FontReference, fontSize: Double, scale: Double, outlines: [PolygonSet], glyphs: [Placed],
    outlineGlyphs: [UInt32] = []
  ) {
    self.font = font
    faceID = GlyphCoverageKey.faceID(font)
    self.fontSize = fontSize
    self.scale = scale
    self.outlines = outlines
    self.glyphs = glyphs
    self.outlineGlyphs = outlineGlyphs.count == outlines.count ? outlineGlyphs : []
    allSingle = glyphs.allSatisfy { $0.outline >= 0 }
  }

  /// Equal face, size, scale and glyphs (ids, outline indices, origins).
  /// The outlines are not compared: only the lowering makes a `GlyphRun`,
  /// and it flattens each glyph's outline from the face, the glyph, the
  /// size and the scale alone (the premise `GlyphCoverageKey` rests on too).
  /// Comparing them was a tenth of a steady S7-flat frame on GL, where a
  /// cache's key and the draw looked up held equal outlines in different
  /// arrays.
  public static func == (a: GlyphRun, b: GlyphRun) -> Bool {
    a.faceID == b.faceID && a.fontSize == b.fontSize && a.scale == b.scale && a.glyphs == b.glyphs
      && a.outlineGlyphs == b.outlineGlyphs
      && a.outlines.count == b.outlines.count && a.font == b.font
  }

  /// The outlines and glyphs by their counts (`==` still compares the glyphs):
  /// the caches hash a draw's key every frame.
  public func hash(into h: inout Hasher) {
    h.combine(scale)
    h.combine(fontSize)
    h.combine(glyphs.count)
    h.combine(glyphs.first?.origin.x)
    h.combine(glyphs.last?.origin.x)
  }

  /// The scale of `m` when the glyph route takes it: a translation and a
  /// uniform positive scale, nothing else that the 2D homography reads
  /// (exactly: m11 = m22 > 0, m12 = m21 = m14 = m24 = 0, m44 = 1). `nil`
  /// otherwise (rotations, flips, skews, perspective).
  public static func scale(of m: Transform3D) -> Double? {
    let s = m.m11
    guard s > 0, s.isFinite, m.m22 == s, m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1,
      m.m41.isFinite, m.m42.isFinite
    else { return nil }
    return s
  }

  /// The scale and translation of `matrix` when it is the similarity the
  /// outlines were flattened for (`scale(of:)` equal to `scale`).
  public func similarity(_ matrix: Transform3D) -> (scale: Double, tx: Double, ty: Double)? {
    guard let s = Self.scale(of: matrix), s == scale else { return nil }
    return (s, matrix.m41, matrix.m42)
  }

  /// The largest side, in target pixels, of a glyph's box that takes the
  /// glyph route: LaminaGL keeps regions of up to 1,024 texels a side in
  /// its atlas (a coverage is at most 2 pixels larger than the box). The
  /// lowering gives larger glyphs no `GlyphRun`.
  public static let maximumCoverageSide: Double = 1000

  /// `p` (target pixels) at the nearest quarter of a pixel in x and y
  /// (halfway cases to even): where text under a similarity puts a glyph's
  /// origin. Core Graphics quantizes glyphs' sub-pixel positions the same
  /// way by default (`CGContext.setShouldSubpixelQuantizeFonts`), as Skia
  /// and WebRender do to four phases; a glyph moves by at most an eighth
  /// of a pixel, and a page's glyphs need a coverage per glyph and phase
  /// (16 phases) instead of one per placement. The lowering moves the
  /// glyphs there (`PlanBuilder.onQuarterPixels`); `placements` rounds
  /// again so that a phase a rounding off a quarter is the quarter's key.
  public static func quarterPixel(_ p: SIMD2<Double>) -> SIMD2<Double> {
    (p * 4).rounded(.toNearestOrEven) / 4
  }

  /// Where each glyph's coverage goes under `matrix`: its key, its outline (an
  /// index into `outlines`, or `Placed.severalGlyphs`: then the key and the
  /// pixel mean nothing) and the whole pixel of its origin on the
  /// target; `nil` when the glyph route does not apply (not the
  /// similarity, or an origin beyond 10⁷ pixels, where a Double's phase
  /// would lose its bits).
  public func placements(_ matrix: Transform3D) -> [(key: GlyphCoverageKey, outline: Int, x: Int, y: Int)]? {
    guard let similarity = similarity(matrix) else { return nil }
    var out: [(key: GlyphCoverageKey, outline: Int, x: Int, y: Int)] = []
    out.reserveCapacity(glyphs.count)
    for g in glyphs {
      guard let p = placement(g.glyph, outline: g.outline, at: g.origin, similarity) else { return nil }
      out.append(p)
    }
    return out
  }

  /// Where the coverage of `glyph` (outline `outline`) with its origin at
  /// `origin` (bounds space) goes under the similarity: its key and the
  /// whole pixel of its origin; nil for an origin beyond 10⁷ pixels.
  func placement(
    _ glyph: UInt32, outline: Int, at origin: SIMD2<Double>, _ similarity: (scale: Double, tx: Double, ty: Double)
  ) -> (key: GlyphCoverageKey, outline: Int, x: Int, y: Int)? {
    let s = similarity.scale
    let o = Self.quarterPixel(SIMD2(origin.x * s + similarity.tx, origin.y * s + similarity.ty))
    guard o.x.isFinite, o.y.isFinite, abs(o.x) < 1e7, abs(o.y) < 1e7 else { return nil }
    let ix = o.x.rounded(.down), iy = o.y.rounded(.down)
    let key = GlyphCoverageKey(
      face: faceID, glyph: glyph, fontSize: fontSize, scale: s, phaseX: o.x - ix, phaseY: o.y - iy)
    return (key, outline, Int(ix), Int(iy))
  }
}
