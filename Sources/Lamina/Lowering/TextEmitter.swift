// TextEmitter: a text layer's draws made from its layout, away from the
// walk (LoweringText.swift says what they are). The walk meets a text
// layer, decides what only it knows (the layer's matrix, clips and reach,
// each run's colour through the replicators' multipliers) and leaves a
// `PendingText` with a placeholder draw; once the walk is done, or before
// anything reads the surfaces' commands, the pending texts are drawn
// together on every core, one `TextEmitter` per worker, and each
// placeholder is replaced by its text's draws (PendingDraws.swift).
//
// An emitter keeps the glyph outlines it flattened, and whether each
// fills by adding its edges, for the lowering's later texts: a function
// of the outline's key alone, so which worker flattened a glyph, or
// whether two did, changes no draw.
//
// Rejected: one shared table of flattened outlines behind a lock (a lookup
// per glyph, 7,000 in S7-flat, each taking the lock) and drawing each
// text on the walk's thread (S7's text was four fifths of its first
// frame's 36 ms lowering, on one core of two; 23 ms now).

/// A text's draws failed: why (the resolver names the layer's place).
struct TextEmitError: Error {
  var reason: String
}

/// What a run is painted with: outline glyphs in a premultiplied fill, or
/// colour glyphs (emoji) at an opacity.
enum TextPaint {
  case fill(PremultipliedColor)
  case colorGlyphs(opacity: Float)
}

/// A text layer whose draws wait for `resolvePendingDraws`.
struct PendingText {
  /// The walk's count of pending draws when it met the text (the order
  /// errors are reported in).
  let order: Int
  /// Where its placeholder is: surface, index in the surface's commands.
  let surface: Int, index: Int
  let target: PlanBuilder.TextTarget
  /// The runs that show, in order, each with its paint.
  let runs: [(run: TextLayout.Run, paint: TextPaint)]
}

/// Makes texts' draws; one per worker (not thread-safe), kept for a
/// lowering's later texts.
final class TextEmitter {
  let limits: RenderLimits
  /// Glyph outlines this emitter flattened, by face, size, glyph and
  /// tolerance.
  private var flattenedGlyphs: [FlattenedGlyphKey: FlattenedGlyph] = [:]
  /// Whether each of those outlines fills by adding its edges
  /// (`SimpleContours`): 0 when not, else the sign of the winding number
  /// inside it.
  private var simpleGlyphs: [FlattenedGlyphKey: Int8] = [:]
  /// The draws of the text being made.
  private var draws: [DrawCommand] = []

  init(limits: RenderLimits) { self.limits = limits }

  /// `text`'s draws, in the order the walk would have added them. Throws
  /// for a layout that cannot be drawn (an outline that cannot be read,
  /// more visible edges than `RenderLimits.maxShapeEdges`).
  func draws(of text: PendingText) throws(TextEmitError) -> [DrawCommand] {
    draws = []
    var edges = 0
    for (run, paint) in text.runs {
      switch paint {
      case .fill(let fill): try emitGlyphOutlines(run, fill: fill, text.target, edges: &edges)
      case .colorGlyphs(let opacity): try emitColorGlyphs(run, opacity: opacity, text.target)
      }
    }
    let made = draws
    draws = []
    return made
  }

  /// A run of outline glyphs filled with `fill`: its glyphs within reach,
  /// cut into pieces that share no pixel (`GlyphPieces`), gathered into
  /// `PathDraw`s. `edges` counts the polygon edges of every run of the
  /// layer, refused past `RenderLimits.maxShapeEdges`.
  private func emitGlyphOutlines(
    _ run: TextLayout.Run, fill: PremultipliedColor, _ text: PlanBuilder.TextTarget, edges: inout Int
  ) throws(TextEmitError) {
    let m = text.matrix
    var glyphs: [(glyph: UInt32, origin: SIMD2<Double>, elements: [Path.Element], ink: CGRect)]
    do {
      glyphs = try TextLayout.glyphShapes(run, elements: false) { $0.intersects(text.reach) }
    } catch {
      throw TextEmitError(reason: "\(error)")
    }
    guard !glyphs.isEmpty else { return }
    let similarity = GlyphRun.scale(of: m)
    if let s = similarity { glyphs = PlanBuilder.onQuarterPixels(glyphs, m, scale: s) }
    let tolerance = PlanBuilder.glyphTolerance(glyphs.lazy.map(\.ink), m, similarity: similarity)
    let (outlines, outlineIndex, outlineKeys, table) = try flattenedOutlines(
      glyphs, of: run, tolerance: tolerance, layer: text.layer)
    // Pieces are gathered into draws of at most
    // `GlyphPieces.maximumDrawSide` pixels a side, each piece filled
    // on its own (`PathDraw.pieceEnds`); under a similarity the draw
    // carries a `GlyphRun`: each one-glyph piece is its glyph's coverage,
    // a piece of several glyphs is filled from its placed polygons.
    // A draw's glyphs placed (`PlacedOutlines`: its polygons, never built
    // here), how many polygons they hold, where its pieces end.
    var outlineGlyphs = [UInt32](repeating: 0, count: outlines.count)
    for (i, g) in glyphs.enumerated() { outlineGlyphs[outlineIndex[i]] = g.glyph }
    var glyphsPlaced: [PlacedOutlines.Glyph] = [], polygonCount = 0, ends: [Int] = []
    var placed: [GlyphRun.Placed] = [], simple: [Bool] = []
    func flush() {
      if polygonCount > 0 {
        let glyphRun =
          similarity.flatMap { s in
            placed.contains { $0.outline != GlyphRun.Placed.severalGlyphs }
              ? GlyphRun(
                font: run.font, fontSize: run.fontSize, scale: s, outlines: outlines, glyphs: placed,
                outlineGlyphs: outlineGlyphs)
              : nil
          }
        draws.append(
          .path(
            PathDraw(
              matrix: m, placed: PlacedOutlines(table, glyphs: glyphsPlaced), rule: .nonZero,
              color: fill, clips: text.clips, name: text.name, pieceEnds: ends, glyphs: glyphRun
            ).withSimplePieces(simple)))
      }
      (glyphsPlaced, polygonCount, ends, placed, simple) = ([], 0, [], [], [])
    }
    // Per outline, whether a piece of it alone takes its glyph's coverage
    // (asked once per outline, not per glyph: its bounding box is a pass
    // over its points).
    var coverable = [Bool?](repeating: nil, count: outlines.count)
    func hasCoverage(_ outline: Int, _ scale: Double) -> Bool {
      if let known = coverable[outline] { return known }
      let answer = PlanBuilder.hasGlyphCoverage(outlines[outline], scale: scale)
      coverable[outline] = answer
      return answer
    }
    let simplePieces = SimplePieceCheck(
      table: table, outlineIndex: outlineIndex, keys: outlineKeys, origins: glyphs.map(\.origin))
    let pieces = GlyphPieces.split(glyphs.map(\.ink), m)
    let starts = PlanBuilder.drawStarts(pieces, glyphs.map(\.ink), m)
    for (p, piece) in pieces.enumerated() {
      let single = similarity.map { piece.count == 1 && hasCoverage(outlineIndex[piece[0]], $0) } ?? false
      if starts[p] { flush() }
      let before = polygonCount
      for i in piece where !outlines[outlineIndex[i]].isEmpty {
        let outline = outlines[outlineIndex[i]]
        glyphsPlaced.append(PlacedOutlines.Glyph(outline: outlineIndex[i], origin: glyphs[i].origin))
        polygonCount += outline.count
        edges += outline.edgeCount
      }
      guard edges <= limits.maxShapeEdges else {
        throw TextEmitError(
          reason:
            "the visible glyph outlines have more than \(limits.maxShapeEdges) edges (RenderLimits.maxShapeEdges): too much text shows at once")
      }
      if polygonCount > before {
        ends.append(polygonCount)
        // A glyph coverage's piece is never swept: its outline is not checked here.
        let isSimple = !single && simplePieces.isSimple(piece, signs: &simpleGlyphs)
        simple.append(isSimple)
        // Several glyphs whose ink is apart, each with a coverage: their sum.
        let summed =
          isSimple && piece.count > 1
          && similarity.map { s in piece.allSatisfy { hasCoverage(outlineIndex[$0], s) } } ?? false
        let first = glyphs[piece[0]]
        placed.append(
          GlyphRun.Placed(
            glyph: first.glyph,
            outline: single
              ? outlineIndex[piece[0]] : summed ? GlyphRun.Placed.summedGlyphs : GlyphRun.Placed.severalGlyphs,
            origin: first.origin))
      }
    }
    flush()
  }


  /// Each distinct glyph's outline flattened once, relative to its
  /// origin, and for each glyph the index of its outline: a piece's
  /// polygons are those outlines moved to its glyphs' origins, each
  /// outline's key, and the outlines with their boxes and digests.
  /// Outlines another layer of this lowering flattened alike are reused,
  /// with their boxes and digests.
  private func flattenedOutlines(
    _ glyphs: [(glyph: UInt32, origin: SIMD2<Double>, elements: [Path.Element], ink: CGRect)],
    of run: TextLayout.Run, tolerance: Double, layer: TextLayer
  ) throws(TextEmitError) -> (
    outlines: [PolygonSet], outlineIndex: [Int], keys: [FlattenedGlyphKey], table: PlacedOutlines.Table
  ) {
    var outlines: [PolygonSet] = [], outlineOf: [UInt32: Int] = [:], outlineIndex: [Int] = []
    var keys: [FlattenedGlyphKey] = [], boxes: [(lo: SIMD2<Double>, hi: SIMD2<Double>)?] = [], digests: [Int] = []
    let face = GlyphCoverageKey.faceID(run.font)
    for g in glyphs {
      if let known = outlineOf[g.glyph] {
        outlineIndex.append(known)
        continue
      }
      let key = FlattenedGlyphKey(face: face, fontSize: run.fontSize, glyph: g.glyph, tolerance: tolerance)
      let flat: FlattenedGlyph
      if let kept = flattenedGlyphs[key] {
        flat = kept
      } else {
        let elements: [Path.Element]
        do {
          elements = try TextLayout.scaledOutline(g.glyph, of: run)
        } catch {
          throw TextEmitError(reason: "\(error)")
        }
        var set = PolygonSet()
        for s in Path(elements: elements).flattenedSubpaths(tolerance: tolerance) where s.points.count > 2 {
          set.append(s.points.map { SIMD2(Double($0.x), Double($0.y)) })
        }
        flat = FlattenedGlyph(outline: set, box: PlacedOutlines.Table.box(set), digest: set.digest)
        flattenedGlyphs[key] = flat
      }
      outlineOf[g.glyph] = outlines.count
      outlineIndex.append(outlines.count)
      outlines.append(flat.outline)
      boxes.append(flat.box)
      digests.append(flat.digest)
      keys.append(key)
    }
    return (outlines, outlineIndex, keys, PlacedOutlines.Table(outlines: outlines, boxes: boxes, digests: digests))
  }


  /// A run of colour glyphs (emoji): each strike image within reach drawn
  /// into its frame. Colour glyphs keep their own colours; the run's
  /// colour gives only its alpha (in `opacity`, with the fade), and the
  /// replicator's multiplier tints them.
  private func emitColorGlyphs(_ run: TextLayout.Run, opacity: Float, _ text: PlanBuilder.TextTarget) throws(TextEmitError) {
    let drawing: TextLayout.RunDrawing
    do {
      drawing = try TextLayout.drawing(run) { $0.intersects(text.reach) }
    } catch {
      throw TextEmitError(reason: "\(error)")
    }
    guard case .bitmaps(let images) = drawing, opacity > 0 else { return }
    for (image, frame) in images where image.width > 0 && image.height > 0 {
      var draw = ImageDraw(
        matrix: text.matrix, image: image,
        slices: [
          ImageSlice(
            destination: frame, source: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        ],
        sampling: Sampling(minification: .trilinear, magnification: .linear, bias: 0), opacity: opacity,
        clips: text.clips, name: text.name)
      draw.tint = text.tint
      draws.append(.image(draw))
    }
  }}
