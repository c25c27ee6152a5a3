// Shape layers drawn by LaminaCPU: rendered coverage against closed-form
// areas (the alpha of a transparent canvas summed, / 255, is the area in
// px²), the drawing model's order and clips, and the proof that
// `chromiumPathReference` fails what it must (blank, moved by a pixel,
// another join, another cap, another fill rule).
import Foundation
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite struct PathStageTests {
  static func render(_ layers: String, width: Int = 128, height: Int = 96, background: String? = nil) throws -> Image {
    let bg = background.map { #", "background": "\#($0)""# } ?? ""
    let json = #"""
      { "format": "lamina-scene", "version": 2,
        "canvas": { "width": \#(width), "height": \#(height), "scale": 1\#(bg) }, "layers": [\#(layers)] }
      """#
    let scene = try Scene(jsonData: Array(json.utf8))
    return CPURenderer().render(try scene.renderPlan())
  }

  /// Σ alpha / 255: the covered area in px².
  static func area(_ image: Image) -> Double {
    stride(from: 3, to: image.pixels.count, by: 4).reduce(0) { $0 + Double(image.pixels[$1]) } / 255
  }

  /// Each pixel's alpha is rounded to 8 bits: ±0.5/255 per edge pixel (a
  /// stroke of these sizes has fewer than 400 edge pixels: ±0.8 px²).
  static let roundingTolerance = 0.8

  @Test func renderedCapsCoverTheirClosedFormAreas() throws {
    let (L, w) = (60.0, 8.0)
    func capArea(_ cap: String) throws -> Double {
      Self.area(
        try Self.render(
          ##"{ "type": "shapeLayer", "frame": [0, 0, 128, 96], "path": {"svg": "M 30.3 40.6 L 90.3 40.6"}, "fillColor": null, "strokeColor": "#000", "lineWidth": 8, "lineCap": "\##(cap)" }"##
        ))
    }
    #expect(abs(try capArea("butt") - L * w) < Self.roundingTolerance)
    #expect(abs(try capArea("square") - (L + w) * w) < Self.roundingTolerance)
    #expect(abs(try capArea("round") - (L * w + .pi * w * w / 4)) < Self.roundingTolerance + 0.005 * .pi * w)
  }

  @Test func renderedRingAndJoinsCoverTheirClosedFormAreas() throws {
    let circle = Self.area(
      try Self.render(
        ##"{ "type": "shapeLayer", "frame": [0, 0, 128, 96], "path": {"ellipse": [24, 8, 80, 80]}, "fillColor": null, "strokeColor": "#000", "lineWidth": 6 }"##
      ))
    let (r, w) = (40.0, 6.0)
    let ring = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
    // The cubic circle's 2.7e-4·r radial error over both edges, plus rounding.
    #expect(abs(circle - ring) < 2 * .pi * 2 * r * (2.7e-4 * r + 0.005) + Self.roundingTolerance)
    // A square's corners: mitre − bevel = 4 · h²/2.
    func square(_ join: String) throws -> Double {
      Self.area(
        try Self.render(
          ##"{ "type": "shapeLayer", "frame": [0, 0, 128, 96], "path": {"rect": [20.5, 20.5, 50, 40]}, "fillColor": null, "strokeColor": "#000", "lineWidth": 6, "lineJoin": "\##(join)" }"##
        ))
    }
    let miter = try square("miter"), bevel = try square("bevel")
    #expect(abs(miter - (56 * 46 - 44 * 34)) < Self.roundingTolerance)
    #expect(abs(miter - bevel - 4 * 9 / 2) < Self.roundingTolerance)
  }

  @Test func aMiterLimitBelowOneBevelsLikeBevel() throws {
    func render(_ extra: String) throws -> Image {
      try Self.render(
        ##"{ "type": "shapeLayer", "frame": [0, 0, 128, 96], "path": {"svg": "M 10 80 L 40 10 L 70 80 L 100 20"}, "fillColor": null, "strokeColor": "#007AFF", "lineWidth": 9, \##(extra) }"##
      )
    }
    let zero = try render(#""miterLimit": 0"#), bevel = try render(#""lineJoin": "bevel""#)
    #expect(zero.pixels == bevel.pixels)
    #expect(try render(#""miterLimit": 10"#).pixels != bevel.pixels, "the default limit mitres these corners")
  }

  @Test func theFillIsUnderTheStrokeAboveTheBackgroundAndTheStrokeIsNotClipped() throws {
    let image = try Self.render(
      ##"{ "type": "shapeLayer", "frame": [20, 20, 40, 40], "backgroundColor": "#00FF00", "path": {"rect": [10, 10, 20, 20]}, "fillColor": "#FF0000", "strokeColor": "#0000FF", "lineWidth": 4 }, { "type": "shapeLayer", "frame": [70, 20, 40, 40], "masksToBounds": true, "path": {"svg": "M -10 20 L 50 20"}, "fillColor": null, "strokeColor": "#000", "lineWidth": 4 }, { "type": "shapeLayer", "frame": [70, 70, 40, 10], "path": {"svg": "M -10 5 L 50 5"}, "fillColor": null, "strokeColor": "#000", "lineWidth": 4 }"##
    )
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      let i: Int = (y * image.width + x) * 4
      return Array(image.pixels[i..<(i + 4)])
    }
    func alpha(_ x: Int, _ y: Int) -> UInt8 { pixel(x, y)[3] }
    #expect(pixel(40, 40) == [255, 0, 0, 255], "fill over the background")
    #expect(pixel(30, 40) == [0, 0, 255, 255], "stroke over the fill's edge")
    #expect(pixel(25, 25) == [0, 255, 0, 255], "background outside the path")
    #expect(alpha(65, 40) == 0 && alpha(75, 40) == 255, "masksToBounds clips the stroke")
    #expect(alpha(65, 75) == 255, "without it the stroke overflows the bounds")
  }

  @Test func aContentShadowFollowsTheStrokeNotTheBounds() throws {
    let image = try Self.render(
      ##"{ "type": "shapeLayer", "frame": [24, 8, 80, 80], "path": {"ellipse": [10, 10, 60, 60]}, "fillColor": null, "strokeColor": "#000", "lineWidth": 4, "shadowOpacity": 1, "shadowRadius": 0, "shadowOffset": [0, 0], "shadowColor": "#FF0000" }"##
    )
    // The ring's centre (no fill) casts no shadow; the ring itself is drawn over its shadow.
    let centre: Int = (48 * 128 + 64) * 4 + 3, onRing: Int = (48 * 128 + 34) * 4 + 3
    #expect(image.pixels[centre] == 0)
    #expect(image.pixels[onRing] == 255)
  }

  /// `chromiumPathReference` refuses a blank image, the reference moved by
  /// one pixel, and Lamina's render of the same scene with another join,
  /// another cap or the other fill rule; Lamina's render of the scene itself passes.
  @Test func thePathToleranceRejectsBlankShiftedAndWrongGeometry() throws {
    let tolerance = ImageTolerance.chromiumPathReference
    func cpu(_ id: String, _ edit: (inout String) -> Void = { _ in }) throws -> (Image, Image) {
      let scene = try #require(References.scene(id))
      var text = try String(contentsOfFile: scene.path, encoding: .utf8)
      edit(&text)
      let image = CPURenderer().render(try Scene(jsonData: Array(text.utf8), baseDirectory: References.folder).renderPlan())
      return (try scene.reference(), image)
    }
    func fails(_ expected: Image, _ actual: Image) throws -> Bool {
      !tolerance.violations(of: try ImageDiff(expected, actual)).isEmpty
    }
    let (joins, joinsImage) = try cpu("shape-joins-miter")
    #expect(try !fails(joins, joinsImage))
    #expect(try fails(joins, WrongImages.blank(like: joins)), "blank")
    #expect(try fails(joins, WrongImages.shifted(joinsImage, dx: 1, dy: 0)), "moved 1 px right")
    #expect(try fails(joins, WrongImages.shifted(joinsImage, dx: 0, dy: 1)), "moved 1 px down")
    let (_, bevelled) = try cpu("shape-joins-miter") { $0 = $0.replacingOccurrences(of: #""lineJoin": "miter""#, with: #""lineJoin": "bevel""#) }
    #expect(try fails(joins, bevelled), "bevel joins for miter joins")
    // Caps are a few pixels each: a scene with a cap on every dash shows them.
    let (dashes, _) = try cpu("shape-dashes")
    let (_, squared) = try cpu("shape-dashes") { $0 = $0.replacingOccurrences(of: #""lineCap": "butt""#, with: #""lineCap": "square""#) }
    #expect(try fails(dashes, squared), "square caps for butt caps")
    let (rules, _) = try cpu("shape-fill-rules")
    let (_, swapped) = try cpu("shape-fill-rules") { $0 = $0.replacingOccurrences(of: #""fillRule": "evenOdd""#, with: #""fillRule": "nonZero""#) }
    #expect(try fails(rules, swapped), "non-zero for even-odd")
  }
}
