// Shape layers on LaminaGL (PathPass): every shape reference scene against
// the CPU under `glParity` (the CPU is checked against closed forms and
// Chromium; the GL draws the same coverage, so only 8-bit rounding may
// differ); clipped paths (path.frag) and a path too large for the atlas
// (its own texture); the cache: a steady frame uploads nothing and an
// unclipped page of icons is a few batched draw calls.
import Foundation
import LaminaCPU
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaGL

@Suite("Shape layers on GL", requiresGL)
struct PathGLTests {
  static let shapeScenes = References.scenes.filter { $0.id.hasPrefix("shape-") }

  @Test func everyShapeReferenceMatchesTheCPU() throws {
    #expect(Self.shapeScenes.count >= 20)
    let renderer = try GLRenderer()
    for scene in Self.shapeScenes {
      let plan = try scene.plan()
      if let failure = ImageExpectation.check(
        try renderer.render(plan), against: CPURenderer().render(plan), tolerance: .glParity, name: "path-gl-" + scene.id)
      {
        Issue.record(Comment(rawValue: failure))
      }
    }
  }

  static func scene(_ layers: String, width: Int = 160, height: Int = 120) throws -> RenderPlan {
    let json = #"""
      { "format": "lamina-scene", "version": 2,
        "canvas": { "width": \#(width), "height": \#(height), "scale": 1, "background": "#F2F2F7" }, "layers": [\#(layers)] }
      """#
    return try Scene(jsonData: Array(json.utf8)).renderPlan()
  }

  @Test func clippedAndOversizedPathsMatchTheCPU() throws {
    // Clipped by a rotated rounded masksToBounds (path.frag with CLIPS),
    // and a stroke 1,040 pixels wide and tall (beyond the atlas's 1,024).
    // Its fill is opaque: a translucent colour over a million pixels is one
    // level off on GL wherever it is blended (GL's 8-bit blend rounds
    // otherwise than the CPU's: a plain layer's #34C75955 background of the
    // same size gives a mean of 0.53, over glParity's 0.5), which is not
    // the path's coverage.
    let clipped = try Self.scene(
      ##"{ "frame": [20, 10, 120, 100], "cornerRadius": 24, "masksToBounds": true, "affineTransform": [0.94, 0.34, -0.34, 0.94, 0, 0], "sublayers": [ { "type": "shapeLayer", "frame": [0, 0, 120, 100], "path": {"svg": "M -10 90 C 40 -40 80 140 130 10"}, "fillColor": "#FFCC0088", "strokeColor": "#007AFF", "lineWidth": 12, "lineCap": "round", "lineDashPattern": [18, 7] } ] }"##
    )
    let large = try Self.scene(
      ##"{ "type": "shapeLayer", "frame": [0, 0, 1100, 1100], "path": {"ellipse": [30, 30, 1040, 1040]}, "fillColor": "#34C759", "strokeColor": "#AF52DE", "lineWidth": 9 }"##,
      width: 1100, height: 1100)
    for (name, plan) in [("clipped", clipped), ("oversized", large)] {
      let gl = try GLRenderer().render(plan)
      if let failure = ImageExpectation.check(gl, against: CPURenderer().render(plan), tolerance: .glParity, name: "path-gl-" + name) {
        Issue.record(Comment(rawValue: failure))
      }
      // Not blank: the shape is there.
      #expect(gl.pixels != CPURenderer().render(try Self.scene("", width: plan.width, height: plan.height)).pixels, "\(name)")
    }
  }

  @Test func aSteadyFrameOfIconsReusesTheUploadsInAFewDrawCalls() throws {
    let icons = (0..<48).map { i in
      let x = (i % 8) * 20 + 2, y = (i / 8) * 20 + 2
      return ##"{ "type": "shapeLayer", "frame": [\##(x), \##(y), 16, 16], "path": {"svg": "M 8 1 L 10 6 L 15 6 L 11 9.5 L 12.5 15 L 8 11.5 L 3.5 15 L 5 9.5 L 1 6 L 6 6 Z"}, "fillColor": "#FF9500", "strokeColor": "#1C1C1E", "lineWidth": 1, "lineJoin": "round" }"##
    }
    let plan = try Self.scene(icons.joined(separator: ", "))
    let renderer = try GLRenderer()
    let first = try renderer.render(plan)
    let cached = renderer.cachedCoverageCount
    #expect(cached == 96, "a fill and a stroke per icon, each at its own sub-pixel position")
    let before = renderer.batchCounts
    let second = try renderer.render(plan)
    let after = renderer.batchCounts
    #expect(second.pixels == first.pixels)
    #expect(renderer.cachedCoverageCount == cached, "nothing new was uploaded")
    #expect(after.instances - before.instances == 96)
    #expect(after.drawCalls - before.drawCalls <= 2, "96 paths in one batch (and the painted tiles)")
    let failure = ImageExpectation.check(second, against: CPURenderer().render(plan), tolerance: .glParity, name: "path-gl-icons")
    #expect(failure == nil, "\(failure ?? "")")
  }
}
