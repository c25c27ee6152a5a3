// Text layers on LaminaGL: hb-view's lines (HBViewReferences, the outside
// check, `hbViewReference`), and text scenes against the CPU under
// `glParity` (both draw the same PathDraw coverage, so only blending and
// 8-bit rounding may differ): a justified paragraph, rotated and clipped
// text, text under perspective, a content shadow, a faded group of runs,
// colour glyphs (emoji) and replicated text.
import Foundation
import LaminaCPU
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaGL

@Suite("Text layers on GL", requiresGL)
struct TextGLTests {
  static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let emoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

  @Test func everyLineMatchesHBView() throws {
    let renderer = try GLRenderer()
    for c in try HBViewReferences.cases() {
      guard FileManager.default.fileExists(atPath: c.font) else {
        Issue.record("missing font \(c.font) (tools/setup installs it)")
        continue
      }
      let image = try renderer.render(try HBViewReferences.plan(c))
      if let failure = ImageExpectation.check(
        image, against: c.reference, tolerance: .hbViewReference, name: "hb-view-gl-" + c.name)
      {
        Issue.record(Comment(rawValue: failure))
      }
      let moved = try renderer.render(try HBViewReferences.plan(c, dx: 1))
      #expect(!ImageTolerance.hbViewReference.violations(of: try ImageDiff(c.reference, moved)).isEmpty, "\(c.name) moved")
    }
  }

  static func scene(_ layers: String, width: Int = 240, height: Int = 160, scale: Double = 1) throws -> RenderPlan {
    let json = #"""
      { "format": "lamina-scene", "version": 2,
        "canvas": { "width": \#(width), "height": \#(height), "scale": \#(scale), "background": "#F2F2F7" }, "layers": [\#(layers)] }
      """#
    return try Scene(jsonData: Array(json.utf8)).renderPlan()
  }

  static let scenes: [(String, String)] = [
    (
      "paragraph",
      ##"{ "type": "textLayer", "frame": [10, 10, 220, 140], "string": "Lorem ipsum dolor sit amet, consectetur adipiscing elit. Quisque massa arcu, eleifend vel varius in, facilisis pulvinar leo.", "font": "\##(dejaVu)", "fontSize": 15, "foregroundColor": "#1C1C1E", "isWrapped": true, "alignmentMode": "justified", "backgroundColor": "#FFFFFF" }"##
    ),
    (
      "rotated-clipped",
      ##"{ "type": "textLayer", "frame": [30, 40, 180, 60], "transform": "rotate(-17deg)", "cornerRadius": 14, "masksToBounds": true, "backgroundColor": "#FFCC00", "borderWidth": 2, "string": "Clipped & turned", "font": "\##(dejaVu)", "fontSize": 34, "foregroundColor": "#AF52DE" }"##
    ),
    (
      "perspective",
      ##"{ "type": "textLayer", "frame": [20, 30, 200, 100], "transform": "perspective(300) rotateY(40deg)", "string": "Depth of text", "font": "\##(dejaVu)", "fontSize": 30, "foregroundColor": "#007AFF", "isWrapped": true }"##
    ),
    (
      "shadow",
      ##"{ "type": "textLayer", "frame": [20, 30, 200, 100], "string": "Shadowed", "font": "\##(dejaVu)", "fontSize": 40, "foregroundColor": "#FF3B30", "shadowOpacity": 0.8, "shadowRadius": 3, "shadowOffset": [3, 4] }"##
    ),
    (
      "faded-runs",
      ##"{ "type": "textLayer", "frame": [10, 30, 220, 100], "opacity": 0.5, "string": [ { "text": "Two " }, { "text": "runs", "fontSize": 44, "foregroundColor": "#34C759" } ], "font": "\##(dejaVu)", "fontSize": 30, "foregroundColor": "#000000" }"##
    ),
    (
      "replicated",
      ##"{ "type": "replicatorLayer", "frame": [0, 0, 240, 160], "instanceCount": 4, "instanceTransform": "translate(0, 34)", "instanceRedOffset": -0.25, "instanceAlphaOffset": -0.2, "sublayers": [ { "type": "textLayer", "frame": [10, 4, 220, 34], "string": "Copy", "font": "\##(dejaVu)", "fontSize": 26, "foregroundColor": "#FF9500" } ] }"##
    ),
    (
      "rasterized-overflow",
      ##"{ "type": "textLayer", "frame": [20, 50, 90, 40], "shouldRasterize": true, "rasterizationScale": 2, "transform": "rotate(8deg)", "string": "Overflowing the bounds", "font": "\##(dejaVu)", "fontSize": 24, "foregroundColor": "#5856D6", "borderWidth": 1 }"##
    ),
    (
      "planar-shadow",
      ##"{ "type": "textLayer", "frame": [20, 30, 200, 100], "transform": "perspective(400) rotateX(30deg)", "string": "Tilted shadow", "font": "\##(dejaVu)", "fontSize": 32, "foregroundColor": "#FF2D55", "shadowOpacity": 0.7, "shadowRadius": 4, "shadowOffset": [0, 6] }"##
    ),
    (
      "text-mask",
      ##"{ "type": "gradientLayer", "frame": [10, 20, 220, 120], "colors": ["#FF3B30", "#007AFF"], "mask": { "type": "textLayer", "frame": [0, 0, 220, 120], "string": "MASK", "font": "\##(dejaVu)", "fontSize": 70, "foregroundColor": "#000000" } }"##
    ),
  ]

  @Test func textScenesMatchTheCPU() throws {
    let renderer = try GLRenderer()
    for (name, layers) in Self.scenes {
      for scale in [1.0, 2.0] {
        let plan = try Self.scene(layers, scale: scale)
        let gl = try renderer.render(plan)
        if let failure = ImageExpectation.check(
          gl, against: CPURenderer().render(plan), tolerance: .glParity, name: "text-gl-\(name)-\(Int(scale))x")
        {
          Issue.record(Comment(rawValue: failure))
        }
        // Not only the background: the text is there.
        let empty = CPURenderer().render(try Self.scene("", width: 240, height: 160, scale: scale))
        #expect(gl.pixels != empty.pixels, "\(name)")
      }
    }
  }

  @Test func colourGlyphsMatchTheCPU() throws {
    guard FileManager.default.fileExists(atPath: Self.emoji) else {
      Issue.record("missing font \(Self.emoji) (fonts-noto-color-emoji)")
      return
    }
    let plan = try Self.scene(
      ##"{ "type": "textLayer", "frame": [10, 20, 220, 120], "string": "Hi 🥰🎉", "font": "\##(Self.dejaVu)", "fontSize": 40, "foregroundColor": "#000000" }"##)
    #expect(plan.surfaces[0].commands.contains { if case .image = $0 { true } else { false } })
    let gl = try GLRenderer().render(plan)
    if let failure = ImageExpectation.check(gl, against: CPURenderer().render(plan), tolerance: .glParity, name: "text-gl-emoji") {
      Issue.record(Comment(rawValue: failure))
    }
  }
}
