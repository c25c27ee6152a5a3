// The renderer's shortcuts change no pixel beyond a rounding: stamps
// (coverage reused under axis-aligned matrices), products of overlaps for
// axis-aligned rounded rectangles, skipping pixels a later opaque shape
// overwrites, and the number of threads.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct RendererTests {
  /// Three cards (shadow, fill, border) at fractional positions; with
  /// `clipped`, every command carries a clip that covers the whole canvas,
  /// which turns the stamps and the occlusion skipping off.
  func cards(clipped: Bool) -> RenderPlan {
    let everything = Clip(matrix: .identity, shape: .roundedRect(RoundedRect(rect: F.rect(-10, -10, 200, 200))))
    let clips = clipped ? [everything] : []
    var commands: [DrawCommand] = []
    for (x, y) in [(3.25, 4.5), (40.7, 9.1), (20.5, 30.25)] {
      let m = Transform3D(translationX: x, y: y)
      let bounds = RoundedRect(rect: F.rect(0, 0, 40, 28), radii: [8, 8, 8, 8], curve: .continuous)
      let silhouette = RoundedRect(rect: F.rect(0, 3, 40, 28), radii: [8, 8, 8, 8], curve: .continuous)
      commands.append(
        .shadow(
          ShadowDraw(
            matrix: m, shape: silhouette, sigma: 3, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5),
            extent: silhouette.rect.insetBy(dx: -12, dy: -12), clips: clips, name: "card")))
      commands.append(F.roundedRect(bounds, matrix: m, clips: clips))
      let border = RoundedRect(rect: F.rect(2, 2, 36, 24), radii: [6, 6, 6, 6], curve: .continuous)
      commands.append(F.roundedRect(bounds, border: border, matrix: m, color: PremultipliedColor(r: 0.2, g: 0.2, b: 0.2, a: 1), clips: clips))
    }
    return F.plan(96, 72, background: PremultipliedColor(r: 0.9, g: 0.9, b: 0.9, a: 1), commands)
  }

  /// Axis-aligned rounded rectangles drawn unclipped take products of
  /// overlaps and small corner patches (AxisRoundedRectCoverage), clipped
  /// ones the sweep of the whole outline: the same areas, rounded apart by
  /// an ulp of Float, so a byte may land one level apart at a tie.
  static let evaluationRounding = 1

  @Test func shortcutsChangeNoPixel() {
    let fast = CPURenderer().render(cards(clipped: false))
    let plain = CPURenderer().render(cards(clipped: true))
    let differences = zip(fast.pixels, plain.pixels).map { abs(Int($0) - Int($1)) }
    #expect(differences.max() ?? 0 <= Self.evaluationRounding)
    // A tie is rare: 24 of 27,648 bytes when written.
    #expect(differences.filter { $0 > 0 }.count <= fast.pixels.count / 200)
    #expect(Set(fast.pixels).count > 40, "the cards are drawn")
  }

  @Test func threadCountChangesNoPixel() {
    let one = CPURenderer(threads: 1).render(cards(clipped: false))
    let three = CPURenderer(threads: 3).render(cards(clipped: false))
    #expect(one.pixels == three.pixels)
  }

  @Test func backgroundFillsTheCanvas() {
    let out = CPURenderer().render(F.plan(3, 2, background: PremultipliedColor(r: 0.5, g: 0, b: 0.25, a: 0.5), []))
    let expected: [UInt8] = Array(repeating: [128, 0, 64, 128], count: 6).flatMap { $0 }
    #expect(out.pixels == expected)
  }

  @Test func badInputDrawsNothingAndNeverTraps() {
    let nan = Transform3D(translationX: .nan, y: 0)
    let odd = RoundedRect(rect: F.rect(1, 1, 6, 6), radii: [3, .infinity, -2])
    let singular = Transform3D(scaleX: 0, y: 0)
    let commands: [DrawCommand] = [
      F.roundedRect(odd, matrix: nan), F.roundedRect(odd, matrix: singular), F.roundedRect(odd),
      .shadow(
        ShadowDraw(
          matrix: .identity, shape: odd, sigma: 1e12, color: F.white, extent: F.rect(-1e12, -1e12, 2e12, 2e12),
          clips: [], name: "huge")),
      .shadow(ShadowDraw(matrix: .identity, shape: odd, sigma: .nan, color: F.white, extent: F.rect(0, 0, 8, 8), clips: [], name: "nan")),
    ]
    let out = CPURenderer().render(F.plan(8, 8, commands))
    #expect(out.width == 8)
    let negative = RenderPlan(width: -3, height: 4, background: F.white, surfaces: [])
    #expect(CPURenderer().render(negative).width == 0)
  }
}

@Suite("Canvas reuse (CPU)")
struct CanvasReuseTests {
  @Test func framesLetGoOfAreReusedAndHeldOnesNeverWritten() throws {
    let failures = try CanvasReuse.failures({ CPURenderer() }, render: { $0.render($1) })
    #expect(failures.isEmpty, "\(failures)")
  }
}

@Suite struct SurfaceStorageTests {
  /// A block lent in one frame is lent again in the next (no new memory),
  /// and a block no frame took for a whole frame is released.
  @Test func blocksAreReusedAndReleased() {
    let storage = SurfaceStorage()
    let a = storage.take(300_000)
    _ = storage.take(10)
    storage.endFrame()
    let held = storage.bytes
    #expect(storage.take(250_000) == a, "the smallest free block that holds it")
    storage.endFrame()  // the small block went untaken for a frame
    storage.endFrame()  // and the large one now too
    #expect(held >= 300_000 && storage.bytes == 0)
  }

  /// A renderer drawing the same grouped scene twice takes no new memory
  /// for its offscreens the second time, and draws the same bytes.
  @Test func offscreensDrawTheSameBytesFromKeptMemory() throws {
    // Masked and faded groups (one-shape blends open none).
    let plan = try BlendChecks.parityPlan(BlendChecks.parityScenes[3].json)
    #expect(plan.surfaces.count > 2)
    let renderer = CPURenderer()
    let first = renderer.render(plan)
    let bytes = renderer.storage.bytes
    let second = renderer.render(plan)
    #expect(renderer.storage.bytes == bytes && bytes > 0)
    #expect(first.pixels == second.pixels)
    #expect(second.pixels == CPURenderer().render(plan).pixels)
  }
}
