// docs/bench-scenes.md S1 "cards", S2 "blur-scaling" and S3 "images" (an opaque
// noise image stands in for the peers' test image: sampling cost does not
// depend on content), drawn when LAMINA_BENCH=1 (never timed in a
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
  static let grey = PremultipliedColor(r: 0xEE / 255, g: 0xEE / 255, b: 0xEE / 255, a: 1)

  /// One card: a shadow offset (0, 4), a white fill and a 2 px #333333 ring.
  static func card(x: Double, y: Double, width: Double, height: Double, radius: Double, sigma: Double)
    -> [DrawCommand]
  {
    let matrix = Transform3D(translationX: x, y: y)
    let bounds = CGRect(x: 0, y: 0, width: width, height: height)
    let radii = [radius, radius, radius, radius]
    let shadowShape = RoundedRect(rect: bounds.offsetBy(dx: 0, dy: 4), radii: radii)
    let border = Float(0x33) / 255
    return [
      .shadow(
        ShadowDraw(
          matrix: matrix, shape: shadowShape, sigma: sigma, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5),
          extent: shadowShape.rect.insetBy(dx: -3 * sigma, dy: -3 * sigma), clips: [], name: "card")),
      .shape(
        ShapeDraw(
          matrix: matrix, outer: RoundedRect(rect: bounds, radii: radii), inner: nil,
          color: PremultipliedColor(r: 1, g: 1, b: 1, a: 1), clips: [], name: "card")),
      .shape(
        ShapeDraw(
          matrix: matrix, outer: RoundedRect(rect: bounds, radii: radii),
          inner: RoundedRect(rect: bounds.insetBy(dx: 2, dy: 2), radii: radii.map { $0 - 2 }),
          color: PremultipliedColor(r: border, g: border, b: border, a: 1), clips: [], name: "card")),
    ]
  }

  /// S1: 1000 cards at 1920×1080 with a shadow, a fill and a border ring each.
  static var cards: RenderPlan {
    var state: UInt32 = 12345
    func u() -> Double {
      state = 1_664_525 &* state &+ 1_013_904_223
      return Double(state) / 4_294_967_296
    }
    let stepX = (1920.0 - 120 - 40) / 39, stepY = (1080.0 - 80 - 40) / 24
    var commands: [DrawCommand] = []
    for r in 0..<25 {
      for c in 0..<40 {
        let jx = (u() * 2 - 1) * 6
        let jy = (u() * 2 - 1) * 6
        let x = (20 + Double(c) * stepX + jx).rounded(), y = (20 + Double(r) * stepY + jy).rounded()
        commands += card(x: x, y: y, width: 120, height: 80, radius: 12, sigma: 4)
      }
    }
    return PlanFixtures.plan(1920, 1080, background: grey, commands)
  }

  /// S2: one 400×300 card at (200, 150) on 800×600, shadow σ `sigma`.
  static func blur(sigma: Double) -> RenderPlan {
    PlanFixtures.plan(
      800, 600, background: grey, card(x: 200, y: 150, width: 400, height: 300, radius: 24, sigma: sigma))
  }

  /// S3: a 1024×1024 opaque image drawn 200 times at scales 0.05…3.
  static func images(_ sampling: Sampling) -> RenderPlan {
    var state: UInt32 = 777
    func u() -> Double {
      state = 1_664_525 &* state &+ 1_013_904_223
      return Double(state) / 4_294_967_296
    }
    let noise = PlanFixtures.noise(width: 1024, height: 1024, seed: 3)
    var pixels = noise.pixels
    for i in stride(from: 3, to: pixels.count, by: 4) { pixels[i] = 255 }
    for i in pixels.indices where i % 4 != 3 { pixels[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13) }
    let image = Image(width: 1024, height: 1024, premultipliedPixels: pixels)
    var draws: [DrawCommand] = (0..<200).map { i in
      let size = 1024 * 0.05 * pow(3.0 / 0.05, Double(i) / 199)
      let cx = u() * 1920, cy = u() * 1080
      return PlanFixtures.image(
        image, at: CGRect(x: cx - size / 2, y: cy - size / 2, width: size, height: size), sampling: sampling)
    }
    for i in stride(from: 199, through: 1, by: -1) { draws.swapAt(i, Int(u() * Double(i + 1))) }
    return PlanFixtures.plan(1920, 1080, background: grey, draws)
  }
}

@Suite("GL benchmarks", .enabled(if: ProcessInfo.processInfo.environment["LAMINA_BENCH"] == "1"), requiresGL)
struct BenchTests {
  /// Renders `plan` 7 times (the first warms caches, not counted), prints
  /// the median wall and CPU times and returns the last image.
  @discardableResult
  static func measure(_ name: String, _ plan: RenderPlan, _ renderer: GLRenderer) throws -> Image {
    func cpuMilliseconds() -> Double {
      var usage = rusage()
      getrusage(RUSAGE_SELF.rawValue, &usage)
      return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3
    }
    var image = try renderer.render(plan)
    var times: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<7 {
      let start = DispatchTime.now().uptimeNanoseconds
      let startCPU = cpuMilliseconds()
      image = try renderer.render(plan)
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
      cpu.append(cpuMilliseconds() - startCPU)
    }
    times.sort()
    cpu.sort()
    print("\(name): median \(times[times.count / 2]) ms wall (min \(times[0])), median CPU \(cpu[cpu.count / 2]) ms (all threads)")
    return image
  }

  @Test func blurScalingS2() throws {
    let renderer = try GLRenderer()
    for sigma in [2.0, 8, 32] {
      let image = try Self.measure("S2 σ\(Int(sigma))", BenchScenes.blur(sigma: sigma), renderer)
      #expect(image.pixels[(300 * 800 + 400) * 4] == 255, "the card is white")
    }
  }

  @Test func imagesS3() throws {
    let renderer = try GLRenderer()
    let filters: [(String, Sampling)] = [
      ("nearest", Sampling(minification: .nearest, magnification: .nearest, bias: 0)),
      ("bilinear", Sampling(minification: .linear, magnification: .linear, bias: 0)),
      ("trilinear", Sampling(minification: .trilinear, magnification: .linear, bias: 0)),
    ]
    for (name, sampling) in filters {
      let image = try Self.measure("S3 \(name)", BenchScenes.images(sampling), renderer)
      let shades = Set(stride(from: 0, to: image.pixels.count, by: 4).prefix(200_000).map { image.pixels[$0] }).count
      #expect(shades > 10)
    }
  }

  @Test func cardsS1() throws {
    let renderer = try GLRenderer()
    var plan = BenchScenes.cards
    if let only = ProcessInfo.processInfo.environment["LAMINA_BENCH_ONLY"] {
      plan.surfaces[0].commands = plan.surfaces[0].commands.enumerated().filter { only.contains("\($0.offset % 3)") }.map(\.element)
    }
    let image: Image? = try Self.measure("S1 cards", plan, renderer)
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

