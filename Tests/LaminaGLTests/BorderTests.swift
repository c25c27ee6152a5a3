// Borders against closed forms, on both backends. An opaque border's outer
// edge at x = 10.5 covers half of pixel column 10, and what lies under the
// border (the background, contents inside the bounds) must not show there:
// the pixel is ½ border + ½ canvas, as a supersampled render gives. Drawn
// one by one without the pull-in under the border (`UnderBorder`), the
// background showed through by k(1 − k) = ¼: 64 levels here.
import Foundation
import Lamina
import LaminaCPU
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("Borders", requiresGL)
struct BorderTests {
  /// A 40×30 card at x = 10.5 on a black canvas: white background, a red
  /// opaque border of `width`, maybe opaque or translucent contents.
  static func scene(width: Double, contents: Image? = nil, borderAlpha: Double = 1) -> Scene {
    let card = Layer()
    card.frame = CGRect(x: 10.5, y: 10, width: 40, height: 30)
    card.backgroundColor = .white
    card.borderWidth = width
    card.borderColor = Color(red: 1, green: 0, blue: 0, alpha: borderAlpha)
    card.contents = contents
    return Scene(canvas: Canvas(width: 64, height: 50, background: .black), layers: [card])
  }

  static func renders(_ scene: Scene) throws -> [(String, Image)] {
    let plan = try scene.renderPlan()
    return [("cpu", CPURenderer().render(plan)), ("gl", try GLRenderer().render(plan))]
  }

  /// Pixel (10, 25): half border, half canvas; its green channel is what
  /// leaks from under the border (the border is pure red, the canvas black).
  @Test(arguments: [2.0, 5, 40])
  func nothingUnderAnOpaqueBorderShowsAtItsEdge(width: Double) throws {
    let translucent = GeneratedImage.linearGradient(
      width: 8, height: 8, colors: [Color(red: 0, green: 1, blue: 0, alpha: 0.6), .white],
      start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 0))
    for contents in [nil, translucent] {
      for (name, image) in try Self.renders(Self.scene(width: width, contents: contents)) {
        let p = image.pixel(x: 10, y: 25)
        #expect(abs(Int(p.0) - 128) <= 1, "\(name), border \(width): red \(p.0), ½ border expected")
        #expect(p.1 <= 1, "\(name), border \(width), contents \(contents != nil): green \(p.1) leaks from under the border")
      }
    }
  }

  /// Under a translucent border the background is not pulled in: it shows.
  /// A supersampled render gives ½ × (border over background) on black,
  /// green 64; drawn one by one the edge pixel keeps the background's own
  /// half too, green 96 (the conflation a translucent border cannot avoid
  /// without a group). Pulled in, the background would give 0.
  @Test func aTranslucentBorderShowsWhatIsUnderIt() throws {
    for (name, image) in try Self.renders(Self.scene(width: 5, borderAlpha: 0.5)) {
      let p = image.pixel(x: 10, y: 25)
      #expect((62...98).contains(Int(p.1)), "\(name): green \(p.1), the background under a translucent border")
    }
  }

  /// Opaque contents covering the bounds hide the background: their edge
  /// pixel is ½ contents + ½ canvas.
  @Test func opaqueContentsHideTheBackground() throws {
    let blue = GeneratedImage.checkerboard(
      width: 8, height: 8, cell: 4, colors: (Color(red: 0, green: 0, blue: 1), Color(red: 0, green: 0, blue: 1)))
    for (name, image) in try Self.renders(Self.scene(width: 0, contents: blue)) {
      let p = image.pixel(x: 10, y: 25)
      #expect(p.0 <= 1 && p.1 <= 1, "\(name): \(p): white leaks from under opaque contents")
      #expect(abs(Int(p.2) - 128) <= 1, "\(name): blue \(p.2)")
    }
  }
}
