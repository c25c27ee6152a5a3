// Text drawn by LaminaCPU, by closed forms: a glyph's ink (the sum of its
// coverage) equals the area of its outline, computed here from the font's
// quadratic Béziers by Green's theorem (a quadratic segment adds its
// chord's cross product and 2/3 of its control triangle: no flattening);
// a whole-pixel move of the layer moves the image exactly; a quarter turn
// of the layer gives the image turned a quarter.
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct TextDrawingCPUTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

  /// A canvas of `w`×`h` points (scale 1, transparent) holding one text
  /// layer of `text` at `frame`, under `transform`.
  static func plan(
    _ text: String, size: Double, frame: CGRect, canvas: (Int, Int), transform: CGAffineTransform = .identity,
    color: Color = .black
  ) throws -> (RenderPlan, TextLayer) {
    let layer = TextLayer()
    layer.frame = frame
    layer.string = .plain(text)
    layer.font = dejaVu
    layer.fontSize = size
    layer.foregroundColor = color
    layer.affineTransform = transform
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: Double(canvas.0), height: Double(canvas.1))
    try root.addSublayer(layer)
    return (
      try RenderPlan(root: root, size: CGSize(width: Double(canvas.0), height: Double(canvas.1)), scale: 1), layer
    )
  }

  /// The area (non-zero, contours not overlapping) of a path of lines and
  /// quadratic Béziers: |Σ| of each contour's signed area, by Green's
  /// theorem in closed form.
  static func area(_ path: Path) -> Double {
    var total = 0.0, start = CGPoint.zero, pen = CGPoint.zero
    func cross(_ a: CGPoint, _ b: CGPoint) -> Double { Double(a.x) * Double(b.y) - Double(a.y) * Double(b.x) }
    for e in path.elements {
      switch e {
      case .move(let p):
        (start, pen) = (p, p)
      case .line(let p):
        total += cross(pen, p) / 2
        pen = p
      case .quad(let c, let p):
        // Chord, plus the segment between chord and curve: 2/3 of the
        // control triangle (signed).
        let tri = cross(CGPoint(x: c.x - pen.x, y: c.y - pen.y), CGPoint(x: p.x - pen.x, y: p.y - pen.y))
        total += cross(pen, p) / 2 + tri / 3
        pen = p
      case .cubic:
        Issue.record("DejaVu Sans is TrueType: no cubics expected")
      case .close:
        total += cross(pen, start) / 2
        pen = start
      }
    }
    return abs(total)
  }

  /// Σ alpha / 255 over the image.
  static func ink(_ image: Image) -> Double {
    var s = 0
    for i in stride(from: 3, to: image.pixels.count, by: 4) { s += Int(image.pixels[i]) }
    return Double(s) / 255
  }

  @Test func glyphInkEqualsTheAreaOfItsOutline() throws {
    guard FileManager.default.fileExists(atPath: Self.dejaVu) else {
      Issue.record("missing font \(Self.dejaVu) (fonts-dejavu-core)")
      return
    }
    for (text, size) in [("O", 60.0), ("H", 48.0), ("g", 73.3), ("&", 40.0)] {
      let (plan, layer) = try Self.plan(
        text, size: size, frame: CGRect(x: 10.3, y: 7.6, width: 150, height: 120), canvas: (180, 150))
      guard case .outlines(let path, _) = try layer.layout().drawings().first else {
        Issue.record("\(text): no outline")
        continue
      }
      let expected = Self.area(path)
      let measured = Self.ink(CPURenderer().render(plan))
      // Each partly covered pixel rounds to 8 bits (±0.5/255), and the
      // flattening at 0.005 pixels moves the edge by at most that much
      // inward, on every chord (area ≤ 2/3 · 0.005 · perimeter); both are
      // a few hundredths of a pixel² here. The bound: 0.1 px² + 0.2 %.
      #expect(abs(measured - expected) <= 0.1 + 0.002 * expected, "\(text): ink \(measured) vs area \(expected)")
      #expect(expected > 100, "\(text): the glyph is drawn")
    }
  }

  /// A draw of several pieces (`PathDraw.pieceEnds`) draws the same bytes
  /// as one draw per piece blended in turn, upright and turned: pieces
  /// share no pixel, and a pixel outside a piece blends nothing. A mutation
  /// that summed pieces wrongly, or misplaced one, changes bytes.
  @Test func gatheredPiecesDrawAsOneDrawPerPiece() throws {
    let text = "Gathered pieces: fi ff Wavy AVATAR, 0123456789 jumps"
    for transform in [CGAffineTransform.identity, CGAffineTransform(rotationAngle: 0.3)] {
      let (plan, _) = try Self.plan(
        text, size: 13.3, frame: CGRect(x: 10.3, y: 40.6, width: 420, height: 40), canvas: (460, 160),
        transform: transform)
      var split = plan
      var gathered = 0
      split.surfaces[0].commands = plan.surfaces[0].commands.flatMap { c -> [DrawCommand] in
        guard case .path(let d) = c, d.pieceEnds.count > 1 else { return [c] }
        gathered += 1
        var start = 0
        return d.pieceEnds.map { end in
          defer { start = end }
          let piece = PolygonSet((start..<end).map { Array(d.polygons.polygon($0)) })
          return .path(
            PathDraw(matrix: d.matrix, polygons: piece, rule: d.rule, color: d.color, clips: d.clips, name: d.name))
        }
      }
      #expect(gathered > 0)
      #expect(split.surfaces[0].commands.count > plan.surfaces[0].commands.count + 4)
      let a = CPURenderer().render(plan), b = CPURenderer().render(split)
      #expect(Self.ink(a) > 100)
      #expect(a.pixels == b.pixels)
    }
  }

  @Test func aWholePixelMoveMovesTheImageExactly() throws {
    let (a, _) = try Self.plan("Moving text, 1 px", size: 23.7, frame: CGRect(x: 5.37, y: 3.11, width: 220, height: 40), canvas: (240, 50))
    let (b, _) = try Self.plan("Moving text, 1 px", size: 23.7, frame: CGRect(x: 6.37, y: 4.11, width: 220, height: 40), canvas: (240, 50))
    let ia = CPURenderer().render(a), ib = CPURenderer().render(b)
    #expect(Self.ink(ia) > 100)
    #expect(WrongImages.shifted(ia, dx: 1, dy: 1).pixels == ib.pixels)
  }

  @Test func aQuarterTurnTurnsTheImage() throws {
    // The layer's centre sits on a pixel corner, so the quarter turn maps
    // the pixel grid onto itself; the matrix is exact (no cos(π/2) ≈ 6e-17).
    let text = "Turn Ag"
    func turned(_ a: Double, _ b: Double) throws -> RenderPlan {
      try Self.plan(
        text, size: 21.3, frame: CGRect(x: 20, y: 60, width: 100, height: 30), canvas: (140, 140),
        transform: CGAffineTransform(a: a, b: b, c: -b, d: a, tx: 0, ty: 0)
      ).0
    }
    // The text a quarter turn one way, and a half turn: upright it would
    // take the glyph route, whose origins fall on quarter pixels
    // (GlyphRun.quarterPixel) while a turned run's stay where the layout
    // put them, so the relation is checked between two turned runs, both
    // drawn from their placed outlines: the check is the sweep's alone
    // (GlyphCoverageTests compare the two routes).
    let quarter = try turned(0, 1), half = try turned(-1, 0)
    let u = CPURenderer().render(quarter), t = CPURenderer().render(half)
    #expect(GlyphRoutes.paths(quarter).allSatisfy { $0.glyphPlacements() == nil })
    #expect(GlyphRoutes.paths(half).allSatisfy { $0.glyphPlacements() == nil })
    #expect(Self.ink(u) > 100)
    // Turning by +90° (y down) takes the pixel (x, y) about the centre
    // (70, 75) to (70 − (y − 75) − 1, 75 + (x − 70)).
    var worst = 0, differing = 0
    for y in 0..<140 {
      for x in 0..<140 {
        let tx = 70 - (y - 75) - 1, ty = 75 + (x - 70)
        guard tx >= 0, ty >= 0, tx < 140, ty < 140 else { continue }
        let d = abs(Int(u.pixels[(y * 140 + x) * 4 + 3]) - Int(t.pixels[(ty * 140 + tx) * 4 + 3]))
        worst = max(worst, d)
        if d > 0 { differing += 1 }
      }
    }
    // The sweep adds the same areas in another order: the coverage agrees
    // to about 1e-15, so a value may round the other way at a half level
    // (26 pixels since outlines are flattened relative to their glyph's
    // origin and then moved there; the bound was 20 before).
    #expect(worst <= 1, "largest difference \(worst) levels")
    #expect(differing < 40, "\(differing) pixels differ")
  }

  @Test func aRasterizedLayerKeepsTheTextPastItsBounds() throws {
    // The text overflows its 60-point bounds: the raster's extent is the
    // ink's (`textInkExtent`), so nothing is cut, and at the canvas's scale
    // with whole-pixel placement the raster draws back 1:1.
    func render(_ rasterize: Bool) throws -> Image {
      let layer = TextLayer()
      layer.frame = CGRect(x: 10, y: 10, width: 60, height: 30)
      layer.string = "Overflowing text"
      layer.font = Self.dejaVu
      layer.fontSize = 20
      layer.foregroundColor = .black
      layer.shouldRasterize = rasterize
      let root = Layer()
      root.bounds = CGRect(x: 0, y: 0, width: 220, height: 50)
      try root.addSublayer(layer)
      return CPURenderer().render(try RenderPlan(root: root, size: CGSize(width: 220, height: 50), scale: 1))
    }
    let plain = try render(false), raster = try render(true)
    #expect(Self.ink(plain) > 150)
    #expect(abs(Self.ink(plain) - Self.ink(raster)) < 0.5, "ink \(Self.ink(plain)) vs rasterized \(Self.ink(raster))")
  }
}
