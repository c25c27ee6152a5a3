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
      if let f = try check(TransformSweeps.flip(degrees: a, frameSet: true), "flip-\(a)", gl: gl, cpu: cpu) {
        failures.append("\(a)°: \(f)")
      }
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

extension TransformSweepGLTests {
  /// A plane 0.1° from edge-on is a 0.18-pixel sliver next to its
  /// vanishing line: GL covers each pixel by the exact area of the
  /// projected quadrilateral in it (coverage.glsl, PROJECTIVE), as the CPU
  /// does (LaminaCPUTests/SliverTests works the areas out by hand). A
  /// product of anti-aliased slabs had covered the second pixel 0–30 %
  /// instead of 8 %.
  @Test func subPixelSliverOfAnEdgeOnPlane() throws {
    let plan = try TransformSweeps.sliverPlan()
    let gl = try GLRenderer().render(plan)
    let cpu = CPURenderer().render(plan)
    if let f = ImageExpectation.check(gl, against: cpu, tolerance: .glParity, name: "sliver") {
      Issue.record(Comment(rawValue: f))
    }
    let (x0, x1) = TransformSweeps.sliverEdges()
    for px in 58...61 {
      let covered = max(0, min(Double(px + 1), x1) - max(Double(px), x0))
      let green = Double(gl.pixels[(70 * gl.width + px) * 4 + 1])
      #expect(abs(green - 255 * (1 - covered)) <= 1, "pixel \(px): green \(green), coverage \(covered)")
    }
  }
}
