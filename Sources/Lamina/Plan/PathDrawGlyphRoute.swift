// PathDrawGlyphRoute: a text draw's coverage assembled from its glyphs'
// coverages (the glyph route: `PathDraw.glyphPlacements`), from a cache a
// backend keeps (`GlyphCoverageCache.coverage`, one draw at a time) or from
// a frame's read-only table of them (`GlyphCoverageFrame`, every text draw
// of a frame at once on the workers).
//
// Design: each piece is noted with the box it covers and where its values
// are read (a glyph coverage's array, a slot of the frame's one array, or
// a piece of several glyphs filled here), then the pieces are summed into
// the draw's box in their order, row by row through pointers. A glyph cut
// by the limit is read in place, not copied first.
//
// Why the frame table: LaminaCPU assembled a frame's text draws on one
// thread (~3 of a cold S7-flat frame's ~9 ms). Assembled on two workers
// straight from the cache, each glyph coverage copied out of the cache
// retained its array, and two threads retaining the same arrays (a page
// repeats its glyphs) made the frame slower (9.9 → 10.7 ms). The table's
// lookups give a box and an offset into one array: nothing is retained per
// glyph, so the workers share no reference count.
//
// Rejected: a lock or per-worker copies of the cache (the copies are the
// retains again), and assembling on the workers with the glyph arrays
// retained (measured above).

extension PathDraw {
  /// Where a glyph piece's coverage is read from on the glyph route.
  public enum GlyphSource {
    /// A glyph coverage (`GlyphCoverageCache.coverage`, or filled here).
    case coverage(GlyphCoverage)
    /// A slot of `GlyphCoverageFrame`'s array.
    case slot(GlyphCoverageFrame.Slot)
  }

  /// One piece of a text draw's grid: the box it covers on the target
  /// (`at`), the part of it within the limit (`rect`), and its values:
  /// `held[source]` when `source >= 0`, else the frame's array from offset
  /// `-1 - source`, row-major over `at`.
  private struct Piece {
    var at: PixelRect, rect: PixelRect, source: Int
  }

  /// `coverage(within: limit)` of a draw on the glyph route, its glyphs'
  /// coverages read from `frame` (a glyph missing there is filled here),
  /// and how many glyph coverages it asked for; nil when the draw is not on
  /// the glyph route. The same values as `coverage(within:glyphCoverages:)`
  /// with a cache holding the frame's coverages. Safe to call from several
  /// threads at once with one frame.
  public func coverage(within limit: PixelRect, glyphFrame frame: GlyphCoverageFrame) -> (
    grid: (rect: PixelRect, values: [Float])?, asked: Int
  )? {
    guard let glyphs, let placed = glyphPlacements() else { return nil }
    let slots = frame.slots
    var asked = 0
    let grid = frame.values.withUnsafeBufferPointer { arena in
      glyphRouteCoverage(placed, within: limit, severalGlyphsOnly: false, arena: arena) { key, outline in
        asked += 1
        if let slot = slots[key] { return .slot(slot) }
        return GlyphCoverage(outline: glyphs.outlines[outline], key: key).map { .coverage($0) }
      }
    }
    return (grid, asked)
  }

  /// The glyph route's coverage of a draw whose placements are `placed`:
  /// each one-glyph piece from `glyph(key, outline)` (nil: it covers no
  /// pixel) placed at its whole pixel, a summed piece as its glyphs', a
  /// piece of several glyphs filled from its polygons; `severalGlyphsOnly`
  /// keeps only the last. `arena` holds the values `.slot` sources name.
  func glyphRouteCoverage(
    _ placed: [(key: GlyphCoverageKey, outline: Int, x: Int, y: Int)], within limit: PixelRect,
    severalGlyphsOnly: Bool, arena: UnsafeBufferPointer<Float>?,
    glyph: (GlyphCoverageKey, Int) -> GlyphSource?
  ) -> (rect: PixelRect, values: [Float])? {
    var pieces: [Piece] = [], held: [[Float]] = []
    pieces.reserveCapacity(placed.count)
    var h: Homography?
    // A glyph's coverage placed at its whole pixel, within `limit`.
    func addGlyph(_ p: (key: GlyphCoverageKey, outline: Int, x: Int, y: Int)) {
      let rect: PixelRect, source: Int
      switch glyph(p.key, p.outline) {
      case nil: return
      case .coverage(let g)?:
        held.append(g.values)
        (rect, source) = (g.rect, held.count - 1)
      case .slot(let s)?:
        guard s.offset >= 0 else { return }
        (rect, source) = (s.rect, -1 - s.offset)
      }
      let at = PixelRect(x0: rect.x0 + p.x, y0: rect.y0 + p.y, x1: rect.x1 + p.x, y1: rect.y1 + p.y)
      let within = at.intersection(limit)
      guard !within.isEmpty else { return }
      pieces.append(Piece(at: at, rect: within, source: source))
    }
    for (i, p) in placed.enumerated() {
      if severalGlyphsOnly && p.outline >= 0 { continue }
      if p.outline >= 0 {
        addGlyph(p)
        continue
      }
      let start = i == 0 ? 0 : pieceEnds[i - 1], end = pieceEnds.isEmpty ? polygonCount : pieceEnds[i]
      if p.outline == GlyphRun.Placed.summedGlyphs, let summed = summedPlacements(start..<end) {
        // Glyphs whose ink is apart: the sum of their coverages.
        summed.forEach(addGlyph)
        continue
      }
      // A piece of several glyphs: its placed polygons through the matrix.
      h = h ?? Homography(matrix)
      if let g = coverage(start..<end, h!, within: limit, simple: isSimple(i)) {
        held.append(g.values)
        pieces.append(Piece(at: g.rect, rect: g.rect, source: held.count - 1))
      }
    }
    return Self.placed(pieces, held: held, arena: arena)
  }

  /// Grids placed side by side in their box (summed, at most 1), in
  /// their order: a draw's pieces.
  static func placed(_ grids: [(rect: PixelRect, values: [Float])]) -> (rect: PixelRect, values: [Float])? {
    let pieces = grids.indices.map { Piece(at: grids[$0].rect, rect: grids[$0].rect, source: $0) }
    return placed(pieces, held: grids.map(\.values), arena: nil)
  }

  /// Pieces' coverages placed side by side in their box (summed, at most
  /// 1), in their order, row by row through pointers (a text draw's first
  /// frame assembles ~7,000 glyphs here).
  private static func placed(
    _ pieces: [Piece], held: [[Float]], arena: UnsafeBufferPointer<Float>?
  ) -> (rect: PixelRect, values: [Float])? {
    guard !pieces.isEmpty else { return nil }
    var x0 = Int.max, y0 = Int.max, x1 = Int.min, y1 = Int.min
    for p in pieces {
      (x0, y0, x1, y1) = (min(x0, p.rect.x0), min(y0, p.rect.y0), max(x1, p.rect.x1), max(y1, p.rect.y1))
    }
    let box = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    var values = [Float](repeating: 0, count: box.width * box.height)
    values.withUnsafeMutableBufferPointer { out in
      func add(_ piece: Piece, from source: UnsafePointer<Float>) {
        let rect = piece.rect, at = piece.at
        for y in rect.y0..<rect.y1 {
          let to = out.baseAddress! + ((y - box.y0) * box.width + rect.x0 - box.x0)
          let from = source + ((y - at.y0) * at.width + rect.x0 - at.x0)
          for x in 0..<rect.width {
            let v = from[x]
            if v > 0 { to[x] = min(1, to[x] + v) }
          }
        }
      }
      for piece in pieces {
        if piece.source >= 0 {
          held[piece.source].withUnsafeBufferPointer { add(piece, from: $0.baseAddress!) }
        } else {
          add(piece, from: arena!.baseAddress! + (-1 - piece.source))
        }
      }
    }
    return (box, values)
  }
}
