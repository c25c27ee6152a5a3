// BENCH_SCENES.md S1 "cards", drawn when LAMINA_BENCH=1 (never timed in a
// normal test run): prints the median frame time and checks the image is
// not blank, so a broken benchmark can't report a fast nothing.

import Foundation
import Testing

@testable import Lamina
@testable import LaminaGL

enum BenchScenes {
  /// S1: 1000 cards at 1920×1080 with a shadow, a fill and a border ring each.
  static var cards: RenderPlan {
    var state: UInt32 = 12345
    func u() -> Double {
      state = 1_664_525 &* state &+ 1_013_904_223
      return Double(state) / 4_294_967_296
    }
    let stepX = (1920.0 - 120 - 40) / 39, stepY = (1080.0 - 80 - 40) / 24
    let grey = 0xEE / 255.0
    var commands: [DrawCommand] = []
    for r in 0..<25 {
      for c in 0..<40 {
        let jx = (u() * 2 - 1) * 6
        let jy = (u() * 2 - 1) * 6
        let x = (20 + Double(c) * stepX + jx).rounded(), y = (20 + Double(r) * stepY + jy).rounded()
        let matrix = Transform3D(translationX: x, y: y)
        let bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        let shadowShape = RoundedRect(rect: bounds.offsetBy(dx: 0, dy: 4), radii: [12, 12, 12, 12])
        commands.append(
          .shadow(
            ShadowDraw(
              matrix: matrix, shape: shadowShape, sigma: 4, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5),
              extent: shadowShape.rect.insetBy(dx: -12, dy: -12), clips: [], name: "card")))
        commands.append(
          .shape(
            ShapeDraw(
              matrix: matrix, outer: RoundedRect(rect: bounds, radii: [12, 12, 12, 12]), inner: nil,
              color: PremultipliedColor(r: 1, g: 1, b: 1, a: 1), clips: [], name: "card")))
        let border = Float(0x33) / 255
        commands.append(
          .shape(
            ShapeDraw(
              matrix: matrix, outer: RoundedRect(rect: bounds, radii: [12, 12, 12, 12]),
              inner: RoundedRect(rect: bounds.insetBy(dx: 2, dy: 2), radii: [10, 10, 10, 10]),
              color: PremultipliedColor(r: border, g: border, b: border, a: 1), clips: [], name: "card")))
      }
    }
    return PlanFixtures.plan(
      1920, 1080, background: PremultipliedColor(r: Float(grey), g: Float(grey), b: Float(grey), a: 1), commands)
  }
}

@Suite("GL benchmarks", .enabled(if: ProcessInfo.processInfo.environment["LAMINA_BENCH"] == "1"), requiresGL)
struct BenchTests {
  @Test func cardsS1() throws {
    let renderer = try GLRenderer()
    var plan = BenchScenes.cards
    if let only = ProcessInfo.processInfo.environment["LAMINA_BENCH_ONLY"] {
      plan.surfaces[0].commands = plan.surfaces[0].commands.enumerated().filter { only.contains("\($0.offset % 3)") }.map(\.element)
    }
    var times: [Double] = []
    var image: Image? = nil
    for _ in 0..<5 {
      let start = DispatchTime.now().uptimeNanoseconds
      image = try renderer.render(plan)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    print("S1 cards: median \(times[times.count / 2]) ms (min \(times[0]), max \(times.last!))")
    let pixels = try #require(image).pixels
    #expect(Set(stride(from: 0, to: pixels.count, by: 4).prefix(200_000).map { pixels[$0] }).count > 10)
    if let path = ProcessInfo.processInfo.environment["LAMINA_BENCH_OUT"] {
      let data = Data(try #require(image).pixels)
      try data.write(to: URL(fileURLWithPath: path))
    }
  }
}

@Suite("GL experiments", .enabled(if: ProcessInfo.processInfo.environment["LAMINA_EXP"] == "1"), requiresGL)
struct ExperimentTests {
  @Test func plainFills() throws {
    let renderer = try GLRenderer()
    for radius in [0.0, 12.0] {
      var commands: [DrawCommand] = []
      for i in 0..<1000 {
        commands.append(PlanFixtures.shape(CGRect(x: Double(i % 40) * 45, y: Double(i / 40) * 40, width: 120, height: 80), radius: radius, color: PremultipliedColor(r: 1, g: 1, b: 1, a: 1)))
      }
      let plan = PlanFixtures.plan(1920, 1080, background: PlanFixtures.black, commands)
      var times: [Double] = []
      for _ in 0..<3 {
        let start = DispatchTime.now().uptimeNanoseconds
        _ = try renderer.render(plan)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      }
      print("1000 fills radius \(radius): \(times.sorted()) ms")
    }
    var full: [DrawCommand] = []
    let n = Int(ProcessInfo.processInfo.environment["LAMINA_EXP_N"] ?? "5")!
    for _ in 0..<n { full.append(PlanFixtures.shape(CGRect(x: 0, y: 0, width: 1920, height: 1080), color: PremultipliedColor(r: 0.5, g: 0.5, b: 0.5, a: 0.5))) }
    let plan = PlanFixtures.plan(1920, 1080, background: PlanFixtures.black, full)
    var times: [Double] = []
    for _ in 0..<3 {
      let start = DispatchTime.now().uptimeNanoseconds
      _ = try renderer.render(plan)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    print("\(n) full-screen rect fills: \(times.sorted()) ms")
  }
}
