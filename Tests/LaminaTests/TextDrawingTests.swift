// The lowering of text layers (LoweringText): the order of the drawing
// model (background, text, border), runs as non-zero PathDraws in their
// colours through the replicator's multiplier, `contentsScale` playing no
// part, content shadows from the glyphs, errors naming the layer's place,
// and the bounds on hostile input (a ten-million-character string, a
// fontSize of 1e6, 100,000 combining marks, more outline than the limit).
import Foundation
import Testing

@testable import Lamina

@Suite struct TextDrawingTests {
  static let dejaVu = TextFonts.dejaVuSans

  static func plan(_ layers: String, width: Int = 200, height: Int = 100, limits: RenderLimits = .default) throws
    -> RenderPlan
  {
    let json = #"""
      { "format": "lamina-scene", "version": 2,
        "canvas": { "width": \#(width), "height": \#(height), "scale": 1 }, "layers": [\#(layers)] }
      """#
    return try Scene(jsonData: Array(json.utf8)).renderPlan(limits: limits)
  }

  static func paths(_ plan: RenderPlan) -> [PathDraw] {
    plan.surfaces.flatMap(\.commands).compactMap { if case .path(let p) = $0 { p } else { nil } }
  }

  @Test func textIsDrawnBetweenBackgroundAndBorder() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    let plan = try Self.plan(
      ##"{ "type": "textLayer", "frame": [10, 10, 180, 60], "string": "Hi", "font": "\##(Self.dejaVu)", "fontSize": 30, "foregroundColor": "#FF0000", "backgroundColor": "#FFFFFF", "borderWidth": 2 }"##)
    let kinds = plan.surfaces[0].commands.map { c -> String in
      switch c {
      case .roundedRect: return "shape"
      case .path: return "path"
      default: return "other"
      }
    }
    // H and i share no pixel: two pieces (GlyphPieces) of one draw,
    // between the background and the border.
    #expect(kinds == ["shape", "path", "shape"])
    let text = Self.paths(plan)
    #expect(text.allSatisfy { $0.rule == .nonZero && $0.color == Color(red: 1, green: 0, blue: 0).premultiplied })
    // "Hi" in DejaVu Sans: H and i are 3 contours (H 1, i 2).
    #expect(text.map(\.polygons.count) == [3])
    #expect(text.map(\.pieceEnds) == [[1, 3]])
  }

  @Test func colourPassesTheReplicatorsMultiplier() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    let plan = try Self.plan(
      ##"{ "type": "replicatorLayer", "frame": [0, 0, 200, 100], "instanceCount": 2, "instanceGreenOffset": -1, "instanceTransform": "translate(0, 40)", "sublayers": [ { "type": "textLayer", "frame": [0, 0, 200, 40], "string": "x", "font": "\##(Self.dejaVu)", "fontSize": 20, "foregroundColor": "#FFFFFF" } ] }"##)
    let colors = Self.paths(plan).map(\.color)
    #expect(colors == [Color.white.premultiplied, Color(red: 1, green: 0, blue: 1).premultiplied])
  }

  @Test func perspectiveTextIsFlattenedOnQuarterOctaveSteps() {
    let r = Path.rasterTolerance
    var seen = Set<Double>()
    var t = r * 3.7
    while t > r / 5 {
      let s = PlanBuilder.steppedTolerance(t)
      // Never coarser than asked (but by a rounding), less than a step finer.
      #expect(s <= t * (1 + 1e-9) && s > t / exp2(0.25) * (1 - 1e-9), "\(t) → \(s)")
      // On a step: rasterTolerance · 2^(k/4).
      let k = 4 * log2(s / r)
      #expect(abs(k - k.rounded()) < 1e-9, "\(s) is \(k) quarter octaves")
      seen.insert(s)
      t *= 0.97
    }
    // From 3.7 r down to about r / 5: steps k = 7 (⌊4 log2 3.7⌋) to −10.
    #expect(seen.count == 18)
    // A scale a rounding off 1 keeps the tolerance (a quarter turn's).
    #expect(PlanBuilder.steppedTolerance(r / (1 + 1e-15)) == r && PlanBuilder.steppedTolerance(r) == r)
    #expect(PlanBuilder.steppedTolerance(.infinity) == .infinity)
  }

  @Test func glyphsSharingAPixelStayInOnePiece() throws {
    // Boxes in pixels: 0…10 and 10…20 share no pixel, nor does 30…35; a
    // later 9…12 meets the first two, and merges them with every piece
    // after them (pieces stay runs of consecutive glyphs).
    let inks = [
      CGRect(x: 0.2, y: 0, width: 9.6, height: 10), CGRect(x: 10.1, y: 0, width: 9.7, height: 10),
      CGRect(x: 30, y: 0, width: 5, height: 10),
    ]
    #expect(GlyphPieces.split(inks, .identity) == [[0], [1], [2]])
    #expect(GlyphPieces.split(inks + [CGRect(x: 9.5, y: 2, width: 2.5, height: 3)], .identity) == [[0, 1, 2, 3]])
    // Under a scale of 0.02 everything falls into one pixel: one piece.
    #expect(GlyphPieces.split(inks, Transform3D(scaleX: 0.02, y: 0.02)) == [[0, 1, 2]])
    // A glyph meeting a piece older than the last 8 merges them all.
    var row = (0..<12).map { CGRect(x: Double($0) * 20, y: 0, width: 10, height: 10) }
    #expect(GlyphPieces.split(row, .identity).count == 12)
    row.append(CGRect(x: 3, y: 3, width: 2, height: 2))
    #expect(GlyphPieces.split(row, .identity) == [Array(0...12)])
  }

  /// Pieces are gathered into draws of at most `maximumDrawSide` pixels a
  /// side: a line of 100 "o "s (each "o" its own piece) at 20 pt, about
  /// 1,860 pixels wide, is several draws, each within the bound, holding every
  /// glyph once.
  @Test func piecesAreGatheredIntoBoundedDraws() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    let line = String(repeating: "o ", count: 100)
    let plan = try Self.plan(
      ##"{ "type": "textLayer", "frame": [0, 0, 2000, 40], "string": "\##(line)", "font": "\##(Self.dejaVu)", "fontSize": 20, "foregroundColor": "#000000" }"##,
      width: 2000, height: 40)
    let text = Self.paths(plan)
    #expect(text.count >= 7 && text.count < 20, "\(text.count) draws")
    for d in text {
      let box = try #require(projectedBounds(of: d.bounds, d.matrix))
      #expect(max(box.width, box.height) <= GlyphPieces.maximumDrawSide)
      #expect(d.pieceEnds.count > 1 && d.pieceEnds.last == d.polygons.count)
    }
    // "o" is two contours; each piece one glyph.
    #expect(text.reduce(0) { $0 + $1.polygons.count } == 200)
    #expect(text.reduce(0) { $0 + $1.pieceEnds.count } == 100)
  }

  @Test func contentsScaleDoesNotChangeTheDrawing() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    func plan(_ s: Double) throws -> RenderPlan {
      try Self.plan(
        ##"{ "type": "textLayer", "frame": [0, 0, 200, 100], "contentsScale": \##(s), "string": "Sharp", "font": "\##(Self.dejaVu)", "fontSize": 30, "anchorPoint": [0, 0], "transform": "scale(3)" }"##,
        width: 600, height: 300)
    }
    #expect(try plan(1) == plan(4))
  }

  @Test func aContentShadowFollowsTheGlyphs() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    let plan = try Self.plan(
      ##"{ "type": "textLayer", "frame": [0, 0, 200, 100], "string": "Shadow", "font": "\##(Self.dejaVu)", "fontSize": 30, "shadowOpacity": 0.5, "shadowRadius": 2 }"##)
    // The text is drawn into a group whose alpha casts the shadow.
    #expect(plan.surfaces.count == 2)
    let inGroup = plan.surfaces[1].commands.filter { if case .path = $0 { true } else { false } }
    #expect(inGroup.count == Self.paths(plan).count && inGroup.count >= 1)
  }

  @Test func failuresNameTheLayersPlace() throws {
    let layer = TextLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    layer.string = "x"
    layer.font = "/nonexistent/folder/missing.ttf"
    let holder = Layer()
    let other = Layer()
    try holder.addSublayer(other)
    try holder.addSublayer(layer)
    layer.name = "caption"
    let scene = Scene(canvas: Canvas(width: 100, height: 40), layers: [holder])
    do {
      _ = try scene.renderPlan()
      Issue.record("a missing font file must be refused")
    } catch {
      guard case .invalidText(let where_, let why) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(where_ == "layers[0].sublayers[1] ('caption')")
      #expect(why.contains("missing.ttf"))
    }
  }

  @Test func tenMillionCharactersAreRefusedQuickly() throws {
    let layer = TextLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    layer.string = .plain(String(repeating: "a", count: 10_000_000))
    let scene = Scene(canvas: Canvas(width: 100, height: 40), layers: [layer])
    let start = Date()
    #expect {
      _ = try scene.renderPlan()
    } throws: { error in
      "\(error)".contains("more than the limit of 1000000")
    }
    #expect(Date().timeIntervalSince(start) < 5)
  }

  @Test func aMillionPointFontIsRefused() throws {
    let layer = TextLayer()
    layer.frame = CGRect(x: 0, y: 0, width: 100, height: 40)
    layer.string = "A"
    layer.fontSize = 1e6
    let scene = Scene(canvas: Canvas(width: 100, height: 40), layers: [layer])
    #expect {
      _ = try scene.renderPlan()
    } throws: { error in
      "\(error)".contains("fontSize") && "\(error)".contains("10000")
    }
  }

  /// A text layer `width` × 100 at the origin holding `text` in DejaVu
  /// Sans at 20 points.
  static func dejaVuLayer(width: Double, _ text: String) -> TextLayer {
    let layer = TextLayer()
    layer.frame = CGRect(x: 0, y: 0, width: width, height: 100)
    layer.font = dejaVu
    layer.fontSize = 20
    layer.string = .plain(text)
    return layer
  }

  @Test func oneHundredThousandCombiningMarksAreBounded() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    let layer = Self.dejaVuLayer(width: 200, "e" + String(repeating: "\u{0301}", count: 100_000) + "x")
    let scene = Scene(canvas: Canvas(width: 200, height: 100), layers: [layer])
    let start = Date()
    let plan = try scene.renderPlan()
    #expect(Date().timeIntervalSince(start) < 5)
    // The cluster is cut to 64 code units: its 63 marks and the base.
    let edges = Self.paths(plan).reduce(0) { $0 + $1.polygons.edgeCount }
    #expect(edges > 0 && edges < 200_000)
  }

  @Test func onlyVisibleGlyphsAreFlattened() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    // 50,000 characters on one line; a 200-point canvas shows about 20.
    let layer = Self.dejaVuLayer(width: 500_000, String(repeating: "abcdefghij", count: 5_000))
    let scene = Scene(canvas: Canvas(width: 200, height: 100), layers: [layer])
    let plan = try scene.renderPlan()
    let contours = Self.paths(plan).reduce(0) { $0 + $1.polygons.count }
    #expect(contours > 10 && contours < 100, "\(contours) contours kept")
  }

  @Test func tooMuchVisibleOutlineIsRefused() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    #expect {
      _ = try Self.plan(
        ##"{ "type": "textLayer", "frame": [0, 0, 200, 100], "string": "Many outlines here", "font": "\##(Self.dejaVu)", "fontSize": 30 }"##,
        limits: RenderLimits(maxShapeEdges: 100))
    } throws: { error in
      guard case LoweringError.invalidText(_, let why) = error else { return false }
      return why.contains("maxShapeEdges")
    }
  }
}
