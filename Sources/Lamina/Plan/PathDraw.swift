// PathDraw: a shape layer's fill or stroke in the plan: polygons in the
// layer's bounds space, already flattened (and, for a stroke, outlined) by
// the lowering at a tolerance chosen for the draw's matrix, so that
// `Path.rasterTolerance` holds in target pixels. Its coverage is defined
// here, once, for both backends: the polygons mapped through the matrix
// (a polygon maps exactly through a homography; the part behind the viewer
// is cut away first), then filled by `FillSweep` with the draw's rule:
// exact area coverage. LaminaCPU blends that coverage; LaminaGL uploads the
// same values to its coverage atlas, so the two agree to the 8-bit rounding
// of the atlas.
//
// Pieces: a draw may hold several groups of polygons (`pieceEnds`), each
// filled on its own and the results placed side by side, when the lowering
// knows they share no target pixel (a run of text, `GlyphPieces`). That is
// exactly the coverage of one draw per piece blended one after the other
// (a pixel outside every piece gets coverage 0, which blends nothing), at
// the cost a frame pays of one draw: one cache lookup, one clip, one blend
// of the box. Before, S7's text was 26,425 draws, and a steady CPU frame
// spent most of its time on their lookups, existential copies and
// per-tile bookkeeping.
//
// Glyphs: a text draw whose pieces are each one glyph, lowered under a
// similarity, also carries a `GlyphRun`. While its matrix is that
// similarity, each piece's coverage is the glyph's `GlyphCoverage` (a function
// of face, glyph, size, scale and sub-pixel phase, placed at the origin's
// whole pixel), so the backends may cache it per glyph; otherwise the
// placed polygons are filled as above.
//
// Rejected: coverage images computed in the lowering (as `shadowPath`'s
// are): a plan moved into an offscreen's grid would have to move them too,
// and a frame would pay for pixels a backend culls; and curves in the plan
// (each backend would flatten and stroke, and drift apart).

/// A filled path: a shape layer's fill (its fill rule) or its stroke
/// outline (non-zero), × clips, source-over.
public struct PathDraw: DrawHeaderCarrier, Hashable, Sendable {
  /// The matrix (local units → target pixels), the clips and the layer's name.
  public var header: DrawHeader
  /// Closed polygons in local units: a shape's, or a text draw's placed
  /// outlines built into one set (`placedOutlines`: the fills read them
  /// polygon by polygon instead, `polygon(_:)`).
  public var polygons: PolygonSet { placedOutlines?.polygons ?? storedPolygons }
  /// A shape's polygons (empty for a text draw).
  private var storedPolygons: PolygonSet
  /// A text draw's polygons as glyph outlines placed at origins
  /// (PlacedOutlines.swift); nil for a shape.
  public private(set) var placedOutlines: PlacedOutlines?
  /// How many polygons `polygons` holds.
  public var polygonCount: Int { placedOutlines?.count ?? storedPolygons.count }
  /// How many points (edges) `polygons` holds.
  public var edgeCount: Int { placedOutlines?.edgeCount ?? storedPolygons.edgeCount }
  /// A hash of `polygons`, taken once when the draw is made: the coverage
  /// caches look every path up by its polygons each frame, and hashing
  /// their points there was a fifth of a steady S4 frame on the CPU.
  public private(set) var polygonsDigest: Int
  /// The fill rule: the layer's for a fill, non-zero for a stroke's outline.
  public var rule: FillRule
  /// × coverage × clips, source-over.
  public var color: PremultipliedColor
  /// The polygons' bounding box, in local units.
  public var bounds: CGRect
  /// Where each piece ends in `polygons` (a polygon count, exclusive):
  /// pieces are filled apart and placed side by side (summed, at most 1);
  /// empty means one piece, all the polygons. The lowering splits a draw
  /// only into pieces that share no target pixel (`GlyphPieces`), so the
  /// result is the coverage of one draw per piece drawn in turn.
  public private(set) var pieceEnds: [Int]
  /// One glyph per piece (text under a similarity): the pieces' coverage
  /// is then their `GlyphCoverage`s while the matrix is `glyphs`' similarity.
  /// `nil` for shapes, and for text whose pieces or matrix do not qualify.
  public private(set) var glyphs: GlyphRun?
  /// Per piece, true where the lowering knows its contours neither meet
  /// nor wind beyond one sign's 1 (`SimpleContours`: a glyph's outline,
  /// checked once per outline instead of once per placed glyph; a piece of
  /// several glyphs whose outlines are, wind alike and lie in boxes apart), so its
  /// coverage is the sum of its edges as long as the matrix keeps it whole
  /// (`Homography.projectReportingCut`); empty or false: checked when filled.
  public private(set) var simplePieces: [Bool] = []

  /// Its words for damage matching (CommandMatching.swift): the polygons by
  /// their digest and counts (confirmed with `==`), its pieces, glyphs and
  /// which pieces are known simple.
  @inline(__always) func writeWords(into w: inout CommandWordWriter) {
    w.add(5)
    w.write(header, polygonsDigest, polygonCount, edgeCount, rule)
    w.write(color, bounds, pieceEnds, glyphs, simplePieces)
  }

  /// A draw of `polygons` (local units) mapped by `matrix` to target pixels.
  public init(
    matrix: Transform3D, polygons: PolygonSet, rule: FillRule, color: PremultipliedColor, clips: [Clip],
    name: String, pieceEnds: [Int] = [], glyphs: GlyphRun? = nil
  ) {
    self.init(
      matrix: matrix, polygons: polygons, placed: nil, rule: rule, color: color, clips: clips, name: name,
      pieceEnds: pieceEnds, glyphs: glyphs)
  }

  /// A text draw of `placed` outlines (the same draw as one of their
  /// `polygons`, held without building them).
  public init(
    matrix: Transform3D, placed: PlacedOutlines, rule: FillRule, color: PremultipliedColor, clips: [Clip],
    name: String, pieceEnds: [Int] = [], glyphs: GlyphRun? = nil
  ) {
    self.init(
      matrix: matrix, polygons: PolygonSet(), placed: placed, rule: rule, color: color, clips: clips, name: name,
      pieceEnds: pieceEnds, glyphs: glyphs)
  }

  private init(
    matrix: Transform3D, polygons: PolygonSet, placed: PlacedOutlines?, rule: FillRule, color: PremultipliedColor,
    clips: [Clip], name: String, pieceEnds: [Int], glyphs: GlyphRun?
  ) {
    storedPolygons = polygons
    placedOutlines = placed
    // Ascending counts up to the polygons' (a malformed list is one piece).
    let valid =
      zip(pieceEnds, pieceEnds.dropFirst()).allSatisfy { $0 < $1 }
      && (pieceEnds.first ?? 1) > 0 && (pieceEnds.last ?? 0) == (placed?.count ?? polygons.count)
    self.pieceEnds = valid && pieceEnds.count > 1 ? pieceEnds : []
    // A glyph per piece, each outline present (else the placed polygons).
    let pieces = max(1, self.pieceEnds.count)
    self.glyphs =
      glyphs.flatMap { g in
        g.glyphs.count == pieces
          && g.glyphs.allSatisfy {
            $0.outline == GlyphRun.Placed.severalGlyphs || $0.outline == GlyphRun.Placed.summedGlyphs
              || g.outlines.indices.contains($0.outline)
          }
          ? g : nil
      }
    polygonsDigest = placed?.digest ?? polygons.digest
    self.rule = rule
    self.color = color
    bounds = placed?.boundingBox ?? polygons.boundingBox
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }

  /// The draw with `simplePieces` (one per piece; any other count leaves it
  /// unknown). Only the lowering, which checked them, promises this: a
  /// wrong promise would count an overlap twice.
  func withSimplePieces(_ simple: [Bool]) -> PathDraw {
    var d = self
    d.simplePieces = simple.count == max(1, pieceEnds.count) ? simple : []
    return d
  }

  /// The polygons by their digest (`==`, synthesized, still compares them):
  /// a raster's content hash hashes its draws every frame.
  public func hash(into h: inout Hasher) {
    h.combine(header)
    h.combine(polygonsDigest)
    h.combine(rule)
    h.combine(color)
    h.combine(pieceEnds.count)
    h.combine(glyphs?.glyphs.count)
  }

  /// What decides `coverage(within:)`'s values: equal keys, equal values.
  /// Both backends keep a draw's coverage under it across frames.
  public struct CoverageKey: Hashable, Sendable {
    /// The draw's polygons (a shape's), rule and matrix.
    public var polygons: PolygonSet
    /// The draw's placed outlines (a text draw's).
    public var placedOutlines: PlacedOutlines? = nil
    /// `polygons`' hash, as the draw took it.
    var polygonsDigest: Int
    public var rule: FillRule
    public var matrix: Transform3D
    /// The pixels the coverage was asked for.
    public var limit: PixelRect
    /// The draw's pieces (`PathDraw.pieceEnds`).
    public var pieceEnds: [Int] = []
    /// The draw's glyphs (`PathDraw.glyphs`).
    public var glyphs: GlyphRun? = nil
    /// Only the pieces of several glyphs (`coverage(within:glyphCoverages:severalGlyphsOnly:)`).
    public var severalGlyphsOnly = false
    /// The draw's `simplePieces`.
    var simplePieces: [Bool] = []

    /// The polygons by their digest; `==` still compares them (as bytes).
    public func hash(into h: inout Hasher) {
      h.combine(polygonsDigest)
      h.combine(rule)
      h.combine(matrix)
      h.combine(limit)
      h.combine(pieceEnds.count)
      h.combine(glyphs?.glyphs.count)
      h.combine(severalGlyphsOnly)
    }
  }

  /// The key of `coverage(within: limit)`.
  public func coverageKey(within limit: PixelRect) -> CoverageKey {
    CoverageKey(
      polygons: storedPolygons, placedOutlines: placedOutlines, polygonsDigest: polygonsDigest, rule: rule,
      matrix: matrix, limit: limit, pieceEnds: pieceEnds, glyphs: glyphs, simplePieces: simplePieces)
  }

  /// The exact area coverage (0…1) of the polygons in target pixels, over
  /// the pixels of `limit` they touch: that box and its values, row-major;
  /// `nil` when they touch none (or the matrix is singular). Under the
  /// glyph route (`glyphPlacements`) each piece is its glyph's coverage (a
  /// summed piece the sum of its glyphs'), asked of `glyphCoverages` (a
  /// backend's cache; computed here when `nil`);
  /// `severalGlyphsOnly` leaves those out, keeping the pieces of several
  /// glyphs (what LaminaGL uploads beside its glyph instances).
  public func coverage(
    within limit: PixelRect, glyphCoverages: ((GlyphCoverageKey, PolygonSet) -> GlyphCoverage?)? = nil,
    severalGlyphsOnly: Bool = false
  ) -> (rect: PixelRect, values: [Float])? {
    if let glyphs, let placed = glyphPlacements() {
      return glyphRouteCoverage(placed, within: limit, severalGlyphsOnly: severalGlyphsOnly, arena: nil) {
        let outline = glyphs.outlines[$1]
        return (glyphCoverages?($0, outline) ?? GlyphCoverage(outline: outline, key: $0)).map { .coverage($0) }
      }
    }
    let h = Homography(matrix)
    guard h.inverse != nil else { return nil }
    guard pieceEnds.count > 1 else {
      return coverage(0..<polygonCount, h, within: limit, simple: isSimple(0))
    }
    // Each piece as its own draw would have it, then placed in their box.
    var grids: [(rect: PixelRect, values: [Float])] = []
    var start = 0
    for (i, end) in pieceEnds.enumerated() {
      if let g = coverage(start..<end, h, within: limit, simple: isSimple(i)) { grids.append(g) }
      start = end
    }
    return Self.placed(grids)
  }

  /// The glyph coverages of a `Placed.summedGlyphs` piece holding polygons
  /// `range`, one per glyph (as `glyphPlacements` places a piece of one);
  /// nil when the draw cannot say (not the similarity, no glyph ids).
  func summedPlacements(_ range: Range<Int>) -> [(key: GlyphCoverageKey, outline: Int, x: Int, y: Int)]? {
    guard let glyphs, let placedOutlines, !glyphs.outlineGlyphs.isEmpty, let similarity = glyphs.similarity(matrix)
    else { return nil }
    var out: [(key: GlyphCoverageKey, outline: Int, x: Int, y: Int)] = []
    for g in placedOutlines.glyphRange(polygons: range) {
      let placed = placedOutlines.glyphs[g]
      guard
        let p = glyphs.placement(glyphs.outlineGlyphs[placed.outline], outline: placed.outline, at: placed.origin, similarity)
      else { return nil }
      out.append(p)
    }
    return out
  }

  /// Every glyph coverage the glyph route reads (`glyphPlacements`' pieces
  /// of one glyph and the glyphs of summed pieces), for a backend to fill
  /// them together; nil off the glyph route.
  public func glyphCoverageRequests() -> [(key: GlyphCoverageKey, outline: Int)]? {
    guard let placed = glyphPlacements() else { return nil }
    var out: [(key: GlyphCoverageKey, outline: Int)] = []
    out.reserveCapacity(placed.count)
    for (i, p) in placed.enumerated() {
      if p.outline >= 0 {
        out.append((p.key, p.outline))
      } else if p.outline == GlyphRun.Placed.summedGlyphs {
        let start = i == 0 ? 0 : pieceEnds[i - 1], end = pieceEnds.isEmpty ? polygonCount : pieceEnds[i]
        for q in summedPlacements(start..<end) ?? [] { out.append((q.key, q.outline)) }
      }
    }
    return out
  }

  /// Whether piece `i` is known simple (`simplePieces`).
  func isSimple(_ i: Int) -> Bool { simplePieces.indices.contains(i) && simplePieces[i] }

  /// The glyph route: each piece's coverage key, outline and whole-pixel origin
  /// on the target, when the draw has `glyphs` and its matrix is their
  /// similarity; `nil` otherwise (the placed polygons are filled). The
  /// outline is an index into `glyphs.outlines`.
  public func glyphPlacements() -> [(key: GlyphCoverageKey, outline: Int, x: Int, y: Int)]? {
    glyphs?.placements(matrix)
  }

  /// Polygon `i` of `polygons`, read from the placed outlines of a text
  /// draw without building the set.
  public func polygon(_ i: Int) -> [SIMD2<Double>] {
    placedOutlines?.polygon(i) ?? Array(storedPolygons.polygon(i))
  }

  /// The coverage of polygons `range` of `polygons` through `h` over the
  /// pixels of `limit` they touch, under the draw's rule.
  /// `simple`: the polygons are known simple (`simplePieces`); trusted
  /// while the matrix keeps every one of them whole.
  func coverage(
    _ range: Range<Int>, _ h: Homography, within limit: PixelRect, simple: Bool = false
  ) -> (rect: PixelRect, values: [Float])? {
    var projected = PolygonSet()
    var lo = SIMD2(Double.infinity, Double.infinity), hi = -lo
    var whole = simple
    var p: [SIMD2<Double>] = []
    for i in range {
      // Projected from the outline's own points where nothing is cut (no
      // placed copy, no projected copy); else as `projectReportingCut` cuts it.
      p.removeAll(keepingCapacity: true)
      var kept = true
      let points: ArraySlice<SIMD2<Double>>, origin: SIMD2<Double>?
      if let placedOutlines {
        let unplaced = placedOutlines.unplacedPolygon(i)
        (points, origin) = (unplaced.points, unplaced.origin)
      } else {
        (points, origin) = (storedPolygons.polygon(i), nil)
      }
      if !h.projectWhole(points, movedBy: origin, into: &p) {
        (p, kept) = h.projectReportingCut(polygon(i))
      }
      whole = whole && kept
      guard p.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
      for q in p {
        lo = pointwiseMin(lo, q)
        hi = pointwiseMax(hi, q)
      }
      projected.append(p)
    }
    guard !projected.isEmpty else { return nil }
    let rect = PixelRect.covering(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y, within: limit)
    guard !rect.isEmpty else { return nil }
    let offset = SIMD2(-Double(rect.x0), -Double(rect.y0))
    if whole, let values = FillSweep.accumulateSimple(projected, offset: offset, width: rect.width, height: rect.height) {
      return (rect, values)
    }
    var sweep = FillSweep(projected, offset: offset, rule: rule)
    if whole { sweep.simpleContours = true }
    return (rect, sweep.coverage(width: rect.width, height: rect.height))
  }
}
