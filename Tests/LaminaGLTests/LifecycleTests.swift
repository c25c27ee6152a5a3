// Renderers on several threads at once give identical images, and a
// renderer releases every GL object it created.

import Foundation
import Synchronization
import Testing
import LaminaTestSupport

@testable import Lamina
@testable import LaminaGL

@Suite("GL lifecycle", requiresGL)
struct LifecycleTests {
  @Test func parallelRenderersGiveIdenticalImages() throws {
    let plan = PlanFixtures.mixed
    let reference = try GLRenderer().render(plan).pixels
    let renders = onThreads(4) { renderer throws(GLError) in
      var last: [UInt8] = []
      for _ in 0..<3 { last = try renderer.render(plan).pixels }
      return last
    }
    for result in renders {
      let pixels = try result.get()
      #expect(pixels == reference)
    }
  }

  @Test func oneRendererUsedFromManyThreadsInTurn() throws {
    let renderer = try GLRenderer()
    let plan = PlanFixtures.mixed
    let reference = try renderer.render(plan).pixels
    let group = DispatchGroup()
    let same = Mutex(0)
    for _ in 0..<4 {
      DispatchQueue.global().async(group: group) {
        if let image = try? renderer.render(plan), image.pixels == reference { same.withLock { $0 += 1 } }
      }
    }
    group.wait()
    #expect(same.withLock { $0 } == 4)
  }

  @Test func everyGLObjectIsReleased() throws {
    var renderer: GLRenderer? = try GLRenderer()
    let ledger = renderer!.ledger
    _ = try renderer!.render(PlanFixtures.mixed)
    _ = try renderer!.render(PlanFixtures.mixed)
    #expect(ledger.live(.program) > 0)
    #expect(ledger.live(.texture) > 0)
    #expect(ledger.live(.framebuffer) > 0)
    renderer = nil
    for kind in GLObjectLedger.Kind.allCases { #expect(ledger.live(kind) == 0, "\(kind) objects left") }
  }

  @Test func steadyFramesAllocateNothingNew() throws {
    let renderer = try GLRenderer()
    // Frame 2 caches the coverage of shapes seen again; from then on, nothing new.
    _ = try renderer.render(PlanFixtures.mixed)
    _ = try renderer.render(PlanFixtures.mixed)
    let textures = renderer.ledger.live(.texture)
    let programs = renderer.ledger.live(.program)
    for _ in 0..<3 { _ = try renderer.render(PlanFixtures.mixed) }
    #expect(renderer.ledger.live(.texture) == textures)
    #expect(renderer.ledger.live(.program) == programs)
  }

  /// An animated group: its offscreen surface has a new size each frame.
  static func growingGroup(_ frame: Int) -> RenderPlan {
    let size = 20 + frame
    let group = Surface(
      width: size, height: size, label: "group",
      commands: [PlanFixtures.roundedRect(CGRect(x: 2, y: 2, width: size - 4, height: size - 4))])
    return PlanFixtures.plan(64, 64, [PlanFixtures.composite(1, opacity: 0.5)], offscreen: [group])
  }

  @Test func aGroupWhoseSizeChangesEveryFrameKeepsABoundedPool() throws {
    // The pool once kept one target per size ever seen (the standard
    // suite's soak grew by 3 textures a frame); now a size unused for
    // maxIdleFrames goes.
    let renderer = try GLRenderer()
    renderer.pool.maxIdleFrames = 5
    for frame in 0..<8 { _ = try renderer.render(Self.growingGroup(frame)) }
    let textures = renderer.ledger.live(.texture)
    for frame in 8..<40 { _ = try renderer.render(Self.growingGroup(frame)) }
    #expect(renderer.ledger.live(.texture) == textures)
    #expect(renderer.pool.kept.count <= 5 + 1, "sizes idle for more than 5 frames are freed")
  }

  @Test func thePoolKeepsToItsBudgetLongestUnusedFirst() throws {
    let renderer = try GLRenderer()
    renderer.pool.budgetBytes = 3 * 60 * 60 * 4
    for frame in 0..<30 { _ = try renderer.render(Self.growingGroup(frame)) }
    #expect(renderer.pool.kept.bytes <= renderer.pool.budgetBytes)
    #expect(renderer.pool.kept.count >= 2, "the most recent sizes stay")
  }

  @Test func scenesRenderedInTurnReuseTheirTargets() throws {
    // A server cycling through scenes with different offscreen sizes: after
    // the first round every target comes from the pool (freeing a size the
    // moment one frame did not use it churned megabytes a frame).
    let renderer = try GLRenderer()
    let plans = [Self.growingGroup(10), Self.growingGroup(30), PlanFixtures.mixed]
    for plan in plans { _ = try renderer.render(plan) }
    let made = renderer.pool.made
    for _ in 0..<5 { for plan in plans { _ = try renderer.render(plan) } }
    #expect(renderer.pool.made == made)
  }
}

@Suite("GL texture cache", requiresGL)
struct TextureCacheTests {
  static func plan(_ image: Image) -> RenderPlan {
    PlanFixtures.plan(16, 16, [PlanFixtures.image(image, at: CGRect(x: 0, y: 0, width: 16, height: 16))])
  }
  static let empty = PlanFixtures.plan(16, 16, [])

  @Test func anImageUsedAgainAfterOtherScenesIsNotUploadedAgain() throws {
    let renderer = try GLRenderer()
    let image = PlanFixtures.noise(width: 8, height: 8)
    _ = try renderer.render(Self.plan(image))
    let textures = renderer.ledger.live(.texture)
    for _ in 0..<10 { _ = try renderer.render(Self.empty) }
    #expect(renderer.textures.count == 1, "kept while its image lives and within maxIdleFrames")
    _ = try renderer.render(Self.plan(image))
    #expect(renderer.ledger.live(.texture) == textures)
  }

  @Test func aTextureGoesWithItsImageOrAfterMaxIdleFrames() throws {
    let renderer = try GLRenderer()
    renderer.textures.maxIdleFrames = 3
    let kept = PlanFixtures.noise(width: 8, height: 8)
    do {
      let gone = PlanFixtures.noise(width: 8, height: 8, seed: 2)
      _ = try renderer.render(Self.plan(gone))
      _ = try renderer.render(Self.plan(kept))
    }
    _ = try renderer.render(Self.empty)
    #expect(renderer.textures.count == 1, "the texture of an image no one holds is deleted")
    for _ in 0..<3 { _ = try renderer.render(Self.empty) }
    #expect(renderer.textures.count == 0, "unused for more than maxIdleFrames")
  }

  @Test func texturesKeepToTheirBudget() throws {
    let renderer = try GLRenderer()
    renderer.textures.budgetBytes = 2 * 8 * 8 * 4
    let images = (0..<5).map { PlanFixtures.noise(width: 8, height: 8, seed: UInt32($0 + 1)) }
    for image in images { _ = try renderer.render(Self.plan(image)) }
    #expect(renderer.textures.count == 2)
    _ = try renderer.render(Self.plan(images[4]))
    #expect(renderer.textures.count == 2, "the most recent stayed: no upload")
  }
}

@Suite("GL rasters", requiresGL)
struct RasterTests {
  static func plan(key: Int?, color: PremultipliedColor) -> RenderPlan {
    let raster = Surface(
      width: 8, height: 8, label: "raster", rasterKey: key,
      commands: [PlanFixtures.roundedRect(CGRect(x: 0, y: 0, width: 8, height: 8), color: color)])
    return PlanFixtures.plan(8, 8, [PlanFixtures.composite(1)], offscreen: [raster])
  }

  @Test func equalRasterKeysReuseTheKeptPixels() throws {
    let renderer = try GLRenderer()
    let red = PremultipliedColor(r: 1, g: 0, b: 0, a: 1), blue = PremultipliedColor(r: 0, g: 0, b: 1, a: 1)
    #expect(try renderer.render(Self.plan(key: 7, color: red)).pixel(x: 4, y: 4) == (255, 0, 0, 255))
    // Same key: the renderer may (and does) reuse the kept raster.
    #expect(try renderer.render(Self.plan(key: 7, color: blue)).pixel(x: 4, y: 4) == (255, 0, 0, 255))
    // Another key, or none, draws afresh.
    #expect(try renderer.render(Self.plan(key: 8, color: blue)).pixel(x: 4, y: 4) == (0, 0, 255, 255))
    #expect(try renderer.render(Self.plan(key: nil, color: red)).pixel(x: 4, y: 4) == (255, 0, 0, 255))
  }
}

@Suite("GL fixtures", requiresGL)
struct FixtureTests {
  /// Every fixture renders without error and draws something (the parity
  /// test against LaminaCPU iterates the same list).
  @Test func everyFixtureDrawsSomething() throws {
    let renderer = try GLRenderer()
    for (name, plan) in PlanFixtures.all {
      let image = try renderer.render(plan)
      #expect(image.width == plan.width && image.height == plan.height, "\(name)")
      #expect(image.pixels.contains { $0 != 0 }, "\(name) is blank")
    }
  }
}
