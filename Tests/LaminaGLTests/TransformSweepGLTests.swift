// LaminaGL along the flip and pop-in sweeps: every frame renders (edge-on
// planes and layers scaled to 1e-9 included), and each matches LaminaCPU
// within `sweepParity`. The CPU side of the same sweeps, and why their
// frames change continuously, is in LaminaCPUTests/TransformSweepTests.
import Foundation
import Lamina
import LaminaCPU
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("GL along the transform sweeps", requiresGL)
struct TransformSweepGLTests {
  func check(_ root: Layer, _ what: String, gl: GLRenderer, cpu: CPURenderer) throws -> String? {
    let plan = try TransformSweeps.plan(root)
    let a = try gl.render(plan)
    let b = cpu.render(plan)
    return ImageExpectation.check(a, against: b, tolerance: .sweepParity, name: "sweep-" + what)
  }

  @Test func flipFramesMatchTheCPU() throws {
    let gl = try GLRenderer(), cpu = CPURenderer()
    let angles = TransformSweeps.angles(from: 0, to: 85, step: 5) + TransformSweeps.angles(from: 89, to: 91, step: 0.05)
      + TransformSweeps.angles(from: 95, to: 180, step: 5)
    var failures: [String] = []
    for a in angles {
      if let f = try check(TransformSweeps.flip(degrees: a, frameSet: false), "flip-\(a)", gl: gl, cpu: cpu) {
        failures.append("\(a)°: \(f)")
      }
      // The card set by `frame` has bounds of 10⁴–10¹⁸ points near 90°: an
      // edge that far out is beyond GL's Float32 inverse (measured: one
      // column up to 54 levels off). It must draw, in the same place and
      // colour on average.
      let plan = try TransformSweeps.plan(TransformSweeps.flip(degrees: a, frameSet: true))
      let mean = TransformSweeps.meanDifference(try gl.render(plan), cpu.render(plan))
      if mean > ImageTolerance.sweepParity.maxMeanError { failures.append("\(a)° frame-set: mean \(mean)") }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(angles.count) frames: \(failures.prefix(3))")
  }

  @Test func popFramesMatchTheCPU() throws {
    let gl = try GLRenderer(), cpu = CPURenderer()
    let scales = TransformSweeps.scales(count: 91)
    var failures: [String] = []
    for s in scales {
      if let f = try check(TransformSweeps.pop(scale: s), "pop-\(s)", gl: gl, cpu: cpu) {
        failures.append("\(s): \(f)")
      }
    }
    #expect(failures.isEmpty, "\(failures.count) of \(scales.count) frames: \(failures.prefix(3))")
  }
}

extension TransformSweepGLTests {
  @Test func sweepParityRejectsBlankShiftedAndTintedFrames() throws {
    let cpu = CPURenderer().render(try TransformSweeps.plan(TransformSweeps.flip(degrees: 30, frameSet: true)))
    for (name, image) in WrongImages.all(cpu, tint: 4) {
      #expect(!ImageTolerance.sweepParity.violations(of: try ImageDiff(cpu, image)).isEmpty, "\(name) must fail")
    }
  }
}

extension ImageTolerance {
  /// GL against the CPU on the small sweep frames: `glParity`'s levels and
  /// mean, with shares sized for a 96×64 canvas, where one column is 1 %
  /// of the pixels. Measured along the sweeps: up to 2.7 % of pixels
  /// beyond 2 levels (at most 10) where a card scaled to 0.1–0.2 blurs its
  /// shadow with σ below 1 pixel (GL's kernel, sampled on its own grid, is
  /// 4 levels from the closed form there, the CPU's 0.4), and up to 16
  /// pixels beyond 16 levels (37 at most) on the one anti-aliased edge
  /// column of a plane within 1° of edge-on (GL's Float32 inverse
  /// homography). A blank, shifted or tinted frame fails
  /// (`sweepParityRejectsBlankShiftedAndTintedFrames`).
  static let sweepParity = ImageTolerance(
    name: "sweepParity",
    reason: "glParity's causes; σ < 1 px blurs; Float32 edge-on planes; one column is 1 % of a frame",
    levels: 2, maxShareBeyondLevels: 0.04, largeLevels: 16, maxShareBeyondLarge: 0.005,
    maxMeanError: 0.5)
}

extension TransformSweepGLTests {
  /// Known: GL's anti-aliasing takes the local point and Jacobian at each
  /// pixel centre, a tangent-plane approximation that fails where the
  /// projection bends within one pixel. A plane 0.1° from edge-on (a
  /// 0.18-pixel sliver, whose exact coverage LaminaCPU matches to a level:
  /// LaminaCPUTests/SliverTests) is drawn 0–0.03 covered instead of 0.08
  /// and 0.10. Recorded, not hidden, until GL covers such planes by area.
  @Test func subPixelSliverOfAnEdgeOnPlane() throws {
    let plan = try TransformSweeps.sliverPlan()
    let gl = try GLRenderer().render(plan)
    let cpu = CPURenderer().render(plan)
    withKnownIssue("GL under-covers a sub-pixel sliver of a plane 0.1° from edge-on") {
      if let f = ImageExpectation.check(gl, against: cpu, tolerance: .glParity, name: "sliver") {
        Issue.record(Comment(rawValue: f))
      }
    }
  }
}
