// BENCH_SCENES.md S1 "cards", drawn when LAMINA_BENCH=1 (never timed in a
// normal test run): prints the median wall and CPU time of a frame (CPU
// time, summed over llvmpipe's threads, is what to compare on a shared
// machine) and checks the image is not blank, so a broken benchmark can't
// report a fast nothing. LAMINA_BENCH_ONLY=0, 1 or 2 keeps only the
// shadows, fills or borders; LAMINA_BENCH_OUT=path writes the RGBA bytes.

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
    var cpu: [Double] = []
    var image: Image? = nil
    func cpuMilliseconds() -> Double {
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3
    }
    for _ in 0..<5 {
      let start = DispatchTime.now().uptimeNanoseconds
      let startCPU = cpuMilliseconds()
      image = try renderer.render(plan)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      cpu.append(cpuMilliseconds() - startCPU)
    }
    times.sort()
    cpu.sort()
    print("S1 cards: median \(times[times.count / 2]) ms wall (min \(times[0])), median CPU \(cpu[cpu.count / 2]) ms (all threads)")
    let pixels = try #require(image).pixels
    // Shadows, fills and borders make many shades; a blank or broken frame makes few.
    let shades = Set(stride(from: 0, to: pixels.count, by: 4).prefix(200_000).map { pixels[$0] }).count
    #expect(shades > (ProcessInfo.processInfo.environment["LAMINA_BENCH_ONLY"] == nil ? 10 : 2))
    if let path = ProcessInfo.processInfo.environment["LAMINA_BENCH_OUT"] {
      let data = Data(try #require(image).pixels)
      try data.write(to: URL(fileURLWithPath: path))
    }
  }
}

