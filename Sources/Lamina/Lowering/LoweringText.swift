// LoweringText: a text layer's string, in place of contents (step 3 of the
// drawing model: over the background, under the sublayers and the border,
// as Core Animation draws a `CATextLayer`'s backing store). The layer's
// `TextLayout` (computed once, cached on the layer) gives runs of glyphs;
// each run of outlines is cut into pieces that share no target pixel
// (`GlyphPieces`), each filled non-zero (so a mark on its base, or joined
// letters, are filled once), neighbouring pieces gathered into one
// `PathDraw` (`pieceEnds`: filled apart, placed side by side), in the run's colour through
// `shapeColor` (the replicator's `multipliedColor` and the fade, as every
// shape colour); each colour glyph (emoji) becomes an `ImageDraw` of its
// strike's image scaled into its frame. A content shadow, a mask, group
// opacity and `masksToBounds` apply as for any layer: the text is one
// more primitive of the layer's content, so a content shadow follows the
// glyphs' alpha.
//
// The walk decides what only it knows (the layer's matrix, clips and
// reach, each run's paint through the replicators' multipliers) and
// leaves the draws to `TextEmitter`, which makes them with the other
// pending texts on every core (TextEmitter.swift, PendingDraws.swift).
//
// Glyph coverages: each distinct glyph's outline is flattened once, relative to
// its origin, and placed at its origins (`PlacedOutlines`: the draw holds
// the outlines and the origins, not the moved points); under a similarity
// (a translation and a uniform scale; the glyphs' origins are first moved
// to quarter pixels) the draw also carries a `GlyphRun`, so its pieces of
// one glyph are their `GlyphCoverage`s, cached per glyph and phase by both
// backends (docs/architecture.md, "Text on the GL backend").
//
// Device resolution: outlines are flattened, as a shape layer's path is,
// at `Path.rasterTolerance` target pixels over the largest local scale of
// the draw's matrix over the run's box, so text is sharp under any
// transform, and `contentsScale` (which sizes Core Animation's backing
// store) plays no part.
//
// Bounds on hostile input: only glyphs whose ink box can reach the
// visible part of the target are kept (`visibleLocalRegion`), so a page of
// a million characters flattens what shows; the polygons of what is kept,
// all runs together, are at most `RenderLimits.maxShapeEdges` edges, else
// the layer is refused with `LoweringError.invalidText` naming it and its
// place in the tree. Layout failures (text or sizes beyond `TextLimits`, a
// font file that cannot be used) are refused the same way.
//
// Rejected: rendering the text into an image at `contentsScale` and
// drawing it as contents (Core Animation's backing store: blurred under a
// zoom or a 3D turn, and a second resampling the backends would do
// differently), and one `PathDraw` per run or per layer (the fill sweep
// then crosses a whole line's edges on every pixel row: a paragraph of
// 2,000 glyphs took 5 times as long to cover, docs/architecture.md "Text
// on the GL backend").

extension Layer {
  /// The layer as a `TextLayer`, or `nil`: an exact type test (the class
  /// is final), cheaper than a cast on every layer of the lowering.
  @inline(__always)
  var asTextLayer: TextLayer? {
    type(of: self) == TextLayer.self ? unsafeDowncast(self, to: TextLayer.self) : nil
  }

  /// True when the layer draws text: a `TextLayer` with a string of some
  /// characters in a colour that shows (decided without laying it out).
  var drawsText: Bool { asTextLayer?.hasVisibleText ?? false }
}

extension TextLayer {
  /// Some characters in a visible colour (the layer's, or a run's own).
  var hasVisibleText: Bool {
    switch textContent {
    case nil: return false
    case .plain(let s): return !s.isEmpty && (foregroundColor?.alpha ?? 0) > 0
    case .attributed(let runs):
      return runs.contains { !$0.text.isEmpty && (($0.foregroundColor ?? foregroundColor)?.alpha ?? 0) > 0 }
    }
  }

  /// How many primitives the text counts as for group opacity: one run
  /// draws once; several may overlap (a kerned pair across a change of
  /// colour), so they fade as a group, as Core Animation's one backing
  /// store does. One when the layout fails (the lowering refuses it then).
  var textPrimitives: Int {
    guard hasVisibleText else { return 0 }
    guard let layout = try? layout() else { return 1 }
    let runs = layout.lines.reduce(0) { $0 + $1.runs.count }
    return runs > 1 ? 2 : 1
  }

  /// The box of the text's ink in bounds space (every glyph's control box
  /// or colour image frame), or `nil` when nothing is drawn or the layout
  /// fails. For the extent of offscreens holding the layer.
  var textInkExtent: CGRect? {
    guard hasVisibleText, let layout = try? layout() else { return nil }
    var box = CGRect.null
    for line in layout.lines {
      for run in line.runs {
        let keepNone: (CGRect) -> Bool = { ink in
          box = box.union(ink)
          return false
        }
        // Outline glyphs' boxes without their scaled outlines.
        if run.isColorBitmap {
          _ = try? TextLayout.drawing(run, keeping: keepNone)
        } else {
          _ = try? TextLayout.glyphShapes(run, elements: false, keeping: keepNone)
        }
      }
    }
    return box.isNull ? nil : box
  }
}

extension PlanBuilder {
  /// The text of a text layer, faded by `alpha`, into surface `t`: its
  /// runs' paints decided now, its draws made with the other pending ones
  /// (`deferText`, TextEmitter.swift).
  @inline(never)
  func emitText(
    _ layer: TextLayer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double, name: String
  ) throws(LoweringError) {
    guard layer.hasVisibleText else { return }
    let layout: TextLayout
    do {
      layout = try layer.layout()
    } catch {
      throw .invalidText(layer: place(of: layer), reason: error.description)
    }
    // A missing font or character said once per process (TextWarnings).
    if !layout.warnings.isEmpty { TextWarnings.report(layout.warnings) { place(of: layer) } }
    guard let reach = textReach(layer, m, into: t) else { return }
    var runs: [(run: TextLayout.Run, paint: TextPaint)] = []
    for line in layout.lines {
      for run in line.runs {
        guard let color = run.color, color.alpha > 0 else { continue }
        if !run.isColorBitmap {
          guard let fill = shapeColor(color, alpha: alpha) else { continue }
          runs.append((run, .fill(fill)))
        } else {
          runs.append((run, .colorGlyphs(opacity: Float(alpha * color.alpha))))
        }
      }
    }
    guard !runs.isEmpty else { return }
    deferText(
      TextTarget(
        layer: layer, matrix: m, surface: t, reach: reach, clips: clips, name: name, tint: colorMultiplier),
      runs: runs)
  }

  /// Where and how a text layer's runs are drawn: what every run's
  /// emission shares, passed as one value instead of seven arguments.
  struct TextTarget {
    var layer: TextLayer
    var matrix: Transform3D
    var surface: Int
    /// The local region whose glyphs can show (`textReach`).
    var reach: CGRect
    var clips: [Clip]
    var name: String
    /// The replicators' multiplier, for colour glyphs' images.
    var tint: ColorMultiplier
  }

  /// The local region whose image can reach the visible part of surface
  /// `t`, or `nil` when none does: glyphs outside it are left out. The
  /// local plane is cut from a square far larger than any layout (a
  /// million characters of 10,000 points), grown by a pixel's worth
  /// against rounding.
  private func textReach(_ layer: TextLayer, _ m: Transform3D, into t: Int) -> CGRect? {
    let far = 1e13
    guard
      let region = visibleLocalRegion(
        of: CGRect(x: -far, y: -far, width: 2 * far, height: 2 * far), m, within: visible[t])
    else { return nil }
    let grow = 1 / max(Homography(m).maxScale(over: layer.bounds), 1e-12) + 1e-6 * max(region.width, region.height)
    return region.insetBy(dx: -grow, dy: -grow)
  }

  /// Under a similarity of scale `s`, each glyph moved (its ink box with
  /// it) so that its origin falls on a quarter of a target pixel
  /// (`GlyphRun.quarterPixel`), by at most an eighth of a pixel each way:
  /// the placed polygons, the pieces' boxes and the glyph route then agree
  /// on where each glyph is, and a glyph's coverage is one of 16 phases.
  static func onQuarterPixels(
    _ glyphs: [(glyph: UInt32, origin: SIMD2<Double>, elements: [Path.Element], ink: CGRect)], _ m: Transform3D,
    scale s: Double
  ) -> [(glyph: UInt32, origin: SIMD2<Double>, elements: [Path.Element], ink: CGRect)] {
    let t = SIMD2(m.m41, m.m42)
    return glyphs.map { g in
      let snapped = GlyphRun.quarterPixel(g.origin * s + t)
      let origin = (snapped - t) / s
      guard origin.x.isFinite, origin.y.isFinite else { return g }
      let d = origin - g.origin
      return (g.glyph, origin, g.elements, g.ink.offsetBy(dx: d.x, dy: d.y))
    }
  }

  /// Where a run's draws begin: a piece opens a new draw when the draw's
  /// box would grow past `GlyphPieces.maximumDrawSide` pixels a side. True
  /// for each piece that opens one (the first included).
  static func drawStarts(_ pieces: [[Int]], _ inks: [CGRect], _ m: Transform3D) -> [Bool] {
    var out = [Bool](repeating: false, count: pieces.count)
    var drawBox = CGRect.null
    for (p, piece) in pieces.enumerated() {
      let ink = piece.reduce(CGRect.null) { $0.union(inks[$1]) }
      let pixels = projectedBounds(of: ink, m) ?? .infinite
      let grown = drawBox.isNull ? pixels : drawBox.union(pixels)
      if p == 0 || (!drawBox.isNull && !(max(grown.width, grown.height) <= GlyphPieces.maximumDrawSide)) {
        out[p] = true
        drawBox = pixels
      } else {
        drawBox = grown
      }
    }
    return out
  }

  /// One flattening tolerance for a run, so the flattening does not depend
  /// on how the run is cut into pieces: under a similarity, a function of
  /// its scale alone (a glyph coverage's key holds the scale, not the run's
  /// box); otherwise over the box of all its kept glyphs' `inks`, taken
  /// down to a quarter-octave step (`steppedTolerance`).
  static func glyphTolerance(
    _ inks: some Sequence<CGRect>, _ m: Transform3D, similarity: Double?
  ) -> Double {
    if let similarity { return Path.rasterTolerance / similarity }
    let box = inks.reduce(CGRect.null) { $0.union($1) }
    return steppedTolerance(Path.rasterTolerance / max(Homography(m).maxScale(over: box), 1e-12))
  }

  /// The largest tolerance `rasterTolerance · 2^(k/4)` (k an integer) not
  /// above `t`. Every line of text under a perspective has a scale of its
  /// own, so its glyphs were flattened and checked (SimpleContours) again:
  /// S7's 12 turned cards made 198 tolerances and 4,559 flattenings of
  /// ~300 glyphs. On steps, runs of nearly one scale share them. The
  /// flattening is finer than the run needs by less than 2^(1/4) (19 %:
  /// up to ~9 % more points), never coarser but by a rounding: a `t` a
  /// rounding off a step is on it (a quarter turn's scale of 1 − 1e-16
  /// keeps `rasterTolerance`, as the upright text has).
  static func steppedTolerance(_ t: Double) -> Double {
    guard t.isFinite, t > 0 else { return t }
    let slack = 1 + 1e-9
    var k = (4 * log2(t * slack / Path.rasterTolerance)).rounded(.down)
    var stepped = Path.rasterTolerance * exp2(k / 4)
    while stepped > t * slack {
      k -= 1
      stepped = Path.rasterTolerance * exp2(k / 4)
    }
    return stepped
  }

  /// Whether a one-glyph piece of this outline is drawn from its glyph's
  /// coverage under a similarity of `scale`: one of some ink, no larger than
  /// `GlyphRun.maximumCoverageSide` a side.
  static func hasGlyphCoverage(_ outline: PolygonSet, scale s: Double) -> Bool {
    let box = outline.boundingBox
    return !outline.isEmpty && max(Double(box.width), Double(box.height)) * s < GlyphRun.maximumCoverageSide
  }

}

/// A run's glyphs cut into pieces that share no target pixel, each filled
/// on its own (a piece of a `PathDraw`, `pieceEnds`; neighbouring pieces
/// are gathered into one draw up to `maximumDrawSide`). The fill sweep's cost grows with the edges crossing
/// a pixel row (a whole line of text in one path: 2,000 glyphs took
/// 0.6 s of CPU to cover, the first frame, where glyph by glyph takes a
/// few ms), and pieces that share no pixel blend exactly as their union
/// would; glyphs whose pixel boxes meet (a mark on its base, a kerned or
/// overhanging pair, everything under a strong minification) stay in one
/// piece, filled once under the non-zero rule.
///
/// Rejected: a draw per glyph whatever its neighbours (two glyphs sharing
/// an edge pixel, drawn one over the other, cover a + b − ab of it instead
/// of a + b: the conflation artifact).
enum GlyphPieces {
  /// The largest side, in target pixels, of the box of the pieces one
  /// `PathDraw` gathers: LaminaGL caches a path's coverage in its atlas
  /// only up to 1,024 pixels a side (beyond, it would recompute it every
  /// frame), and S1's measurements put the atlas's sweet spot for a region
  /// at 256 (docs/architecture.md, "Coverage atlas"). A line of S7's text
  /// (180 to 300 pixels) is one or two draws.
  static let maximumDrawSide: CGFloat = 256

  /// The most glyphs of a piece whose boxes are compared pair by pair (a
  /// longer piece is left to the fill's own check).
  static let maximumApartCheck = 32

  /// Whether two boxes (local units) are apart by more than a rounding.
  static func apart(_ a: (lo: SIMD2<Double>, hi: SIMD2<Double>), _ b: (lo: SIMD2<Double>, hi: SIMD2<Double>)) -> Bool {
    let gap = 1e-9 * max(1, abs(a.lo.x), abs(a.hi.x), abs(a.lo.y), abs(a.hi.y))
    return a.hi.x + gap < b.lo.x || b.hi.x + gap < a.lo.x || a.hi.y + gap < b.lo.y || b.hi.y + gap < a.lo.y
  }

  /// Pieces of indices into `inks` (bounds-space ink boxes, in the run's
  /// order), in order. A glyph joins the piece whose pixel boxes its own
  /// meets; one meeting several earlier pieces merges them and all between.
  /// It is compared with the last 8 pieces one by one and with the union
  /// box of the older ones (meeting that merges them all: exact, rarely
  /// needed, and linear).
  static func split(_ inks: [CGRect], _ m: Transform3D) -> [[Int]] {
    let everywhere = CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)
    var pieces: [(indices: [Int], boxes: [CGRect], union: CGRect)] = []
    var older = CGRect.null
    var olderCount = 0
    for (i, ink) in inks.enumerated() {
      let pixels = projectedBounds(of: ink, m)?.roundedOut ?? everywhere
      func meets(_ r: CGRect) -> Bool {
        r.minX < pixels.maxX && pixels.minX < r.maxX && r.minY < pixels.maxY && pixels.minY < r.maxY
      }
      var first: Int?
      if olderCount > 0, meets(older) {
        first = 0
      } else {
        for p in max(olderCount, pieces.count - 8)..<pieces.count
        where meets(pieces[p].union) && pieces[p].boxes.contains(where: meets) {
          first = p
          break
        }
      }
      if let first {
        var merged = pieces[first]
        for p in (first + 1)..<pieces.count {
          merged.indices += pieces[p].indices
          merged.boxes += pieces[p].boxes
          merged.union = merged.union.union(pieces[p].union)
        }
        merged.indices.append(i)
        merged.boxes.append(pixels)
        merged.union = merged.union.union(pixels)
        pieces.removeSubrange(first...)
        pieces.append(merged)
        if first < olderCount { (older, olderCount) = (.null, 0) }
      } else {
        pieces.append(([i], [pixels], pixels))
      }
      // Pieces beyond the last 8 join the older union box.
      while pieces.count - olderCount > 8 {
        older = older.union(pieces[olderCount].union)
        olderCount += 1
      }
    }
    return pieces.map(\.indices)
  }
}

/// Which pieces of a run's glyphs fill by adding their edges
/// (`PathDraw.simplePieces`). One glyph: its outline's contours neither
/// meet nor wind beyond one sign's 1 (`SimpleContours`, asked once per
/// outline in a lowering: `signs`). Several: each glyph's outline is so,
/// all wind the same way inside, and their outlines' boxes lie apart, so
/// no contours of different glyphs meet or nest (glyphs whose pixels touch
/// but whose ink does not: most of small text's pieces); up to
/// `GlyphPieces.maximumApartCheck` glyphs, compared pairwise.
struct SimplePieceCheck {
  typealias Box = (lo: SIMD2<Double>, hi: SIMD2<Double>)
  /// The run's outlines with their boxes.
  let table: PlacedOutlines.Table
  let outlineIndex: [Int], keys: [FlattenedGlyphKey], origins: [SIMD2<Double>]

  init(table: PlacedOutlines.Table, outlineIndex: [Int], keys: [FlattenedGlyphKey], origins: [SIMD2<Double>]) {
    (self.table, self.outlineIndex, self.keys, self.origins) = (table, outlineIndex, keys, origins)
  }

  /// Whether `piece` (indices into the run's glyphs) is simple; `signs`
  /// keeps each outline's answer: 0 not simple, else the sign inside it.
  func isSimple(_ piece: [Int], signs: inout [FlattenedGlyphKey: Int8]) -> Bool {
    guard piece.count <= GlyphPieces.maximumApartCheck else { return false }
    var sign: Int8 = 0, placed: [Box] = []
    for i in piece {
      let outline = outlineIndex[i]
      let s: Int8
      if let known = signs[keys[outline]] {
        s = known
      } else {
        s = Self.sign(table.outlines[outline])
        signs[keys[outline]] = s
      }
      guard s != 0, sign == 0 || s == sign else { return false }
      sign = s
      guard piece.count > 1 else { return true }
      // An empty outline's box is empty (lowest +∞, highest −∞).
      let b = table.boxes[outline] ?? (SIMD2(.infinity, .infinity), SIMD2(-.infinity, -.infinity)), o = origins[i]
      let box = (lo: b.lo + o, hi: b.hi + o)
      for other in placed where !GlyphPieces.apart(box, other) { return false }
      placed.append(box)
    }
    return true
  }

  /// 0 when `set`'s contours meet or wind beyond one sign's 1, else the
  /// sign of its area (the winding number inside it).
  static func sign(_ set: PolygonSet) -> Int8 {
    guard SimpleContours.fillByAccumulation(points: set.points, ends: set.ends) else { return 0 }
    let area = (0..<set.count).reduce(0.0) { $0 + PolygonSet.signedArea(set.polygon($1)) }
    return area > 0 ? 1 : (area < 0 ? -1 : 0)
  }
}

/// What a flattened glyph outline is a function of: its elements (the
/// face's outline at the run's size) and the flattening tolerance. The face
/// by its number (`GlyphCoverageKey.faceID`): hashing its path for every
/// distinct glyph of every run was a tenth of S7-flat's lowering.
struct FlattenedGlyphKey: Hashable {
  var face: Int
  var fontSize: Double
  var glyph: UInt32
  var tolerance: Double
}

/// A flattened glyph outline, its box and its digest, kept by the lowering.
struct FlattenedGlyph {
  var outline: PolygonSet
  var box: (lo: SIMD2<Double>, hi: SIMD2<Double>)?
  var digest: Int
}
