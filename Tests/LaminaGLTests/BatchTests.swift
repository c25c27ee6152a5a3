// The quad batch and occlusion (QuadBatch, OcclusionGrid, CoverageAtlas's
// atlas): overlapping cards drawn with and without culling give the same bytes, and match LaminaCPU; a steady frame of many
// cards is a few draw calls; the grid never drops a pixel that shows; the
// shelf packer never overlaps; an atlas that must grow still draws right.

import Foundation
import LaminaCPU
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaGL

private typealias F = PlanFixtures

/// Cards like S1's, smaller: shadow, white fill, dark border, each over the
/// last, some at fractional positions; `translucent` makes the fill and
/// the border see-through (the stack's weights then depend on their alpha).
private func cards(
  count: Int = 60, width: Int = 320, height: Int = 200, sizes: Int = 1, firstSize: Double = 40,
  translucent: Bool = false
) -> RenderPlan {
  var state: UInt32 = 99
  func u() -> Double {
    state = state &* 1_664_525 &+ 1_013_904_223
    return Double(state) / 4_294_967_296
  }
  var commands: [DrawCommand] = []
  for i in 0..<count {
    let w = firstSize + Double(i % sizes), h = firstSize - 12 + Double(i % sizes) / 2
    let x = u() * Double(width - 30) - 10, y = u() * Double(height - 20) - 10
    let rect = CGRect(x: i % 3 == 0 ? x.rounded() : x, y: i % 3 == 0 ? y.rounded() : y, width: w, height: h)
    let radii = [6.0, 6, 6, 6]
    commands.append(
      .shadow(
        ShadowDraw(
          matrix: .identity, shape: RoundedRect(rect: rect.offsetBy(dx: 0, dy: 2), radii: radii), sigma: 2,
          color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5), extent: rect.offsetBy(dx: 0, dy: 2).insetBy(dx: -8, dy: -8),
          clips: [], name: "shadow \(i)")))
    commands.append(F.roundedRect(rect, radius: 6, color: translucent ? PremultipliedColor(r: 0.6, g: 0.5, b: 0.1, a: 0.7) : F.white))
    let ring = RoundedRect(rect: rect.insetBy(dx: 2, dy: 2), radii: [4, 4, 4, 4])
    let border = translucent ? PremultipliedColor(r: 0.1, g: 0.2, b: 0.4, a: 0.5) : PremultipliedColor(r: 0.2, g: 0.2, b: 0.2, a: 1)
    commands.append(F.roundedRect(rect, radius: 6, border: ring, color: border))
  }
  return F.plan(width, height, background: PremultipliedColor(r: 0.93, g: 0.93, b: 0.93, a: 1), commands)
}

@Suite("GL batching and occlusion", requiresGL)
struct BatchTests {
  @Test func cullingHiddenQuadsDrawsTheSameBytes() throws {
    let plan = cards()
    let renderer = try GLRenderer()
    var images: [Image] = []
    for setting in [false, true] {
      renderer.occlusion = setting
      _ = try renderer.render(plan)  // coverage is cached from a shape's second use
      images.append(try renderer.render(plan))
    }
    for (i, image) in images.enumerated().dropFirst() {
      #expect(image.pixels == images[0].pixels, "culling (setting \(i)) changed the image")
    }
    let cpu = CPURenderer().render(plan)
    let failure = ImageExpectation.check(images[1], against: cpu, tolerance: .glParity, name: "batch-cards")
    #expect(failure == nil, "\(failure ?? "")")
  }

  /// Painted tiles (OcclusionGrid) around what the grid cannot cut: cards
  /// over and under images and clipped cards, drawn on a renderer's first
  /// frame (shapes with their own shader, cut by the grid) and a later one
  /// (from cached coverage), give the bytes of drawing with no grid at all.
  @Test func paintedTilesDrawTheSameBytesAroundImagesClipsAndFirstUses() throws {
    var plan = cards(count: 40)
    var commands = plan.surfaces[0].commands
    let picture = Image(width: 2, height: 2, premultipliedPixels: [200, 0, 0, 255, 0, 200, 0, 255, 0, 0, 200, 255, 90, 90, 90, 255])
    commands.insert(F.image(picture, at: CGRect(x: 20, y: 10, width: 150, height: 120)), at: 30)
    commands.insert(F.image(picture, at: CGRect(x: 160, y: 60, width: 90, height: 90)), at: 75)
    let clip = Clip(matrix: .identity, shape: .roundedRect(RoundedRect(rect: CGRect(x: 60, y: 40, width: 120, height: 80))))
    commands.insert(F.roundedRect(CGRect(x: 40, y: 30, width: 160, height: 100), color: F.white, clips: [clip]), at: 50)
    plan.surfaces[0].commands = commands
    var first: [Image] = [], later: [Image] = []
    for setting in [false, true] {
      let renderer = try GLRenderer()
      renderer.occlusion = setting
      first.append(try renderer.render(plan))
      _ = try renderer.render(plan)
      later.append(try renderer.render(plan))
    }
    #expect(first[1].pixels == first[0].pixels, "first frame: painting changed the image")
    #expect(later[1].pixels == later[0].pixels, "later frame: painting changed the image")
  }

  /// Opaque images over each other (S3's kind), with a see-through one, one
  /// at opacity < 1, a turned one and fills among them: the grid hides
  /// what later opaque images cover and cuts each image's draws; the bytes
  /// equal drawing with no grid, first frame and later, and match LaminaCPU.
  @Test(arguments: [ContentsFilter.nearest, .linear, .trilinear])
  func imagesOverImagesDrawTheSameBytesWithTheGrid(minification: ContentsFilter) throws {
    var state: UInt32 = 5
    func u() -> Double {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Double(state) / 4_294_967_296
    }
    var pixels: [UInt8] = []
    for y in 0..<48 { for x in 0..<48 { pixels += [UInt8(x * 5), UInt8(y * 5), UInt8((x ^ y) & 255), 255] } }
    let opaque = Image(width: 48, height: 48, premultipliedPixels: pixels)
    let seeThrough = Image(width: 2, height: 2, premultipliedPixels: [0, 0, 120, 128, 60, 0, 0, 64, 0, 90, 0, 128, 20, 20, 20, 255])
    let sampling = Sampling(minification: minification, magnification: .linear, bias: 0)
    var commands: [DrawCommand] = [F.roundedRect(CGRect(x: 10, y: 10, width: 120, height: 90), color: F.white)]
    for i in 0..<40 {
      let scale = 0.2 * pow(15, Double(i) / 39)
      let w = 48 * scale, h = 48 * scale
      let at = CGRect(x: u() * 220 - w / 2, y: u() * 160 - h / 2, width: w, height: h)
      switch i % 10 {
      case 3: commands.append(F.image(seeThrough, at: at, sampling: sampling))
      case 5: commands.append(F.image(opaque, at: at, sampling: sampling, opacity: 0.7))
      case 7:
        commands.append(
          F.image(opaque, at: at, sampling: sampling, matrix: Transform3D(rotationAngle: 0.2, x: 0, y: 0, z: 1)))
      case 8: commands.append(F.roundedRect(at.insetBy(dx: w / 4, dy: h / 4), radius: 3, color: PremultipliedColor(r: 0.2, g: 0.6, b: 0.3, a: 1)))
      default: commands.append(F.image(opaque, at: at, sampling: sampling))
      }
    }
    let plan = F.plan(200, 150, background: PremultipliedColor(r: 0.9, g: 0.9, b: 0.9, a: 1), commands)
    var first: [Image] = [], later: [Image] = []
    for setting in [false, true] {
      let renderer = try GLRenderer()
      renderer.occlusion = setting
      first.append(try renderer.render(plan))
      later.append(try renderer.render(plan))
    }
    let sameFirst = first[1].pixels == first[0].pixels, sameLater = later[1].pixels == later[0].pixels
    #expect(sameFirst, "first frame: the grid changed the image")
    #expect(sameLater, "later frame: the grid changed the image")
    let failure = ImageExpectation.check(
      later[1], against: CPURenderer().render(plan), tolerance: .glParity, name: "images-over-images-\(minification)")
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test func aSteadyFrameOfManyCardsIsAFewDrawCalls() throws {
    let plan = cards(count: 200, width: 480, height: 320)
    let renderer = try GLRenderer()
    _ = try renderer.render(plan)
    _ = try renderer.render(plan)
    let before = renderer.batchCounts
    _ = try renderer.render(plan)
    let after = renderer.batchCounts
    // 600 commands: the painted tiles' draw, then one draw per
    // QuadBatch.flushAt quads.
    let instances = after.instances - before.instances
    #expect(instances >= 200)
    #expect(after.drawCalls - before.drawCalls <= instances / QuadBatch.flushAt + 2)
  }

  @Test func anAtlasThatMustGrowStillDrawsRight() throws {
    // 120 card sizes, each shadow, fill and ring cached: more than a 512²
    // atlas holds, so it grows (and a 1-px unit texel stays at (0, 0)).
    let plan = cards(count: 240, width: 400, height: 300, sizes: 120)
    let renderer = try GLRenderer()
    _ = try renderer.render(plan)
    #expect(renderer.atlasCounts.grown > 0)
    // Every stack is cached from its first use, and a grown atlas keeps
    // its regions where they were: the next frames find every coverage
    // and allocate none. (Growing into an empty atlas made the next frame
    // draw again what the frame before had drawn before the growth; and
    // shelves of exact heights left the atlas full at 12 % of its texels,
    // so it started again, and drew all 200 stacks, every frame.)
    let allocated = renderer.atlasCounts.allocations
    _ = try renderer.render(plan)
    let image = try renderer.render(plan)
    #expect(renderer.atlasCounts.allocations == allocated)
    #expect(renderer.atlasSide > CoverageAtlas.firstSide)
    let cpu = CPURenderer().render(plan)
    let failure = ImageExpectation.check(image, against: cpu, tolerance: .glParity, name: "batch-atlas")
    #expect(failure == nil, "\(failure ?? "")")
  }
}

@Suite("GL coverage atlas", requiresGL)
struct CoverageAtlasTests {
  @Test func scenesThatComeAndGoDoNotGrowTheAtlas() throws {
    // Each frame its own 12 card sizes (a server rendering one scene after
    // another): the atlas fills with coverage the next frame does not use,
    // and starts again from empty instead of doubling (64 MiB at 2048²).
    let renderer = try GLRenderer()
    var last: (RenderPlan, Image)?
    for frame in 0..<24 {
      let plan = cards(count: 24, width: 400, height: 300, sizes: 12, firstSize: 30 + Double(frame) / 2)
      last = (plan, try renderer.render(plan))
    }
    #expect(renderer.atlasSide == CoverageAtlas.firstSide)
    let (plan, image) = try #require(last)
    let failure = ImageExpectation.check(image, against: CPURenderer().render(plan), tolerance: .glParity, name: "atlas-churn")
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test func aFrameThatFillsTheLargestAtlasKeepsWhatItCached() throws {
    // 150 cards of 200 × 188, two in three at their own sub-pixel phase:
    // ~100 stacks of ~46,000 texels, more than a 2048² atlas holds. The
    // frame that fills it draws the rest directly (it used to start again
    // from empty, so every later frame evaluated every stack again), and
    // later frames reuse what it cached: no new region, the same bytes.
    let plan = cards(count: 150, width: 1920, height: 1080, sizes: 1, firstSize: 200)
    let renderer = try GLRenderer()
    let first = try renderer.render(plan)
    let allocated = renderer.atlasCounts.allocations
    #expect(renderer.atlasSide == CoverageAtlas.maxSide)
    for frame in 2...3 {
      let image = try renderer.render(plan)
      #expect(renderer.atlasCounts.allocations == allocated, "frame \(frame) made regions again")
      #expect(image.pixels == first.pixels, "frame \(frame)")
    }
    let failure = ImageExpectation.check(first, against: CPURenderer().render(plan), tolerance: .glParity, name: "atlas-full")
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test func aLargeShapeIsNotCachedButItsShadowIs() throws {
    // S2's card: 400×300 with a σ 8 shadow. Its fill and ring are wider
    // than CoverageStack.maxSide: their edge cells are drawn with the shape
    // shader, and only the shadow's coverage takes atlas texels, so the
    // atlas keeps its first side (it grew to 1024², 16 MiB, for one card).
    let card = CGRect(x: 200.5, y: 150, width: 400, height: 300)
    let plan = F.plan(
      800, 600, background: PremultipliedColor(r: 0.93, g: 0.93, b: 0.93, a: 1),
      [
        F.shadow(card.offsetBy(dx: 0, dy: 6), radius: 24, sigma: 8, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.4)),
        F.roundedRect(card, radius: 24, color: F.white),
        F.roundedRect(
          card, radius: 24, border: RoundedRect(rect: card.insetBy(dx: 2, dy: 2), radii: [22, 22, 22, 22]),
          color: PremultipliedColor(r: 0.2, g: 0.2, b: 0.25, a: 1)),
      ])
    let renderer = try GLRenderer()
    var images: [Image] = []
    for _ in 0..<4 { images.append(try renderer.render(plan)) }
    #expect(renderer.atlasSide == CoverageAtlas.firstSide)
    #expect(renderer.cachedCoverageCount == 1, "the shadow alone")
    #expect(images[3].pixels == images[2].pixels)
    let failure = ImageExpectation.check(
      images[3], against: CPURenderer().render(plan), tolerance: .glParity, name: "large-card")
    #expect(failure == nil, "\(failure ?? "")")
  }
}

@Suite("GL coverage stacks", requiresGL)
struct CoverageStackTests {
  @Test(arguments: [false, true])
  func aStackDrawsWhatSeparateDrawsDrawWithinALevel(translucent: Bool) throws {
    let plan = cards(translucent: translucent)
    let renderer = try GLRenderer()
    renderer.stacking = false
    _ = try renderer.render(plan)
    let separate = try renderer.render(plan)
    renderer.stacking = true
    let stacked = try renderer.render(plan)
    let rounding = ImageExpectation.check(
      stacked, against: separate, tolerance: .stackRounding, name: "stack-vs-separate-\(translucent)")
    #expect(rounding == nil, "\(rounding ?? "")")
    #expect(stacked.pixels != separate.pixels, "the stacks were not used")
    let cpu = CPURenderer().render(plan)
    let failure = ImageExpectation.check(stacked, against: cpu, tolerance: .glParity, name: "stack-cards-\(translucent)")
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test func aCardIsOneInstancePerVisiblePiece() throws {
    let plan = cards(count: 200, width: 480, height: 320)
    var instances: [Bool: Int] = [:]
    for stacking in [false, true] {
      let renderer = try GLRenderer()
      renderer.stacking = stacking
      _ = try renderer.render(plan)
      _ = try renderer.render(plan)
      let before = renderer.batchCounts.instances
      _ = try renderer.render(plan)
      instances[stacking] = renderer.batchCounts.instances - before
    }
    let separate = try #require(instances[false]), stacked = try #require(instances[true])
    // Shadow, fill edges, fill interior and border pieces become one.
    #expect(stacked * 2 < separate, "\(stacked) instances stacked, \(separate) separate")
  }

  @Test func theFirstFrameDrawsTheSameBytesAsLaterOnes() throws {
    let plan = cards(sizes: 7)
    let renderer = try GLRenderer()
    let first = try renderer.render(plan)
    let second = try renderer.render(plan)
    #expect(first.pixels == second.pixels)
  }

  @Test func layersUnderDifferentMatricesOrClipsAreNotStacked() throws {
    let rect = CGRect(x: 20, y: 20, width: 60, height: 40)
    let moved = Transform3D(translationX: 0.5, y: 0)
    let clip = Clip(matrix: .identity, shape: .roundedRect(RoundedRect(rect: CGRect(x: 0, y: 0, width: 90, height: 90))))
    for commands in [
      [F.roundedRect(rect, radius: 8, color: F.white), F.roundedRect(rect, radius: 8, color: F.black, matrix: moved)],
      [F.roundedRect(rect, radius: 8, color: F.white), F.roundedRect(rect, radius: 8, color: F.black, clips: [clip])],
    ] {
      let plan = F.plan(100, 80, background: F.white, commands)
      let renderer = try GLRenderer()
      let image = try renderer.render(plan)
      let cpu = CPURenderer().render(plan)
      let failure = ImageExpectation.check(image, against: cpu, tolerance: .glParity, name: "stack-refused")
      #expect(failure == nil, "\(failure ?? "")")
      renderer.stacking = false
      #expect(try renderer.render(plan).pixels == image.pixels, "these commands must not stack")
    }
  }
}

/// A pixel rectangle from its four edges.
func px(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> PixelRect { PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) }

@Suite struct OcclusionGridTests {
  @Test func aQuadUnderALaterOpaqueFillIsDropped() throws {
    let commands = [F.roundedRect(CGRect(x: 0, y: 0, width: 10, height: 10)), F.roundedRect(CGRect(x: 0, y: 0, width: 64, height: 64))]
    let grid = try #require(OcclusionGrid(commands, width: 64, height: 64))
    var out: [PixelRect] = []
    grid.visible(px(8, 8, 40, 40), command: 0, into: &out)
    #expect(out.isEmpty)
    // The fill's own interior is painted first, in its colour: its quads
    // leave it out.
    grid.visible(px(8, 8, 40, 40), command: 1, into: &out)
    #expect(out.isEmpty)
    var painted: [(quad: PixelRect, command: Int)] = []
    grid.paintedQuads(into: &painted)
    #expect(painted.count == 1 && painted[0].command == 1)
    #expect(painted.first.map { $0.quad.x0 <= 8 && $0.quad.y0 <= 8 && $0.quad.x1 >= 40 && $0.quad.y1 >= 40 } == true)
  }

  @Test func aRingOverTheFillJustBeforeItPassesTheCoverOnAndBarriersStopThePaint() throws {
    let card = CGRect(x: 0, y: 0, width: 64, height: 64)
    let ring = F.roundedRect(card, border: RoundedRect(rect: card.insetBy(dx: 6, dy: 6)), color: F.white)
    var painted: [(quad: PixelRect, command: Int)] = []
    // Fill then ring: the hole is painted for the ring, the band under it for the fill.
    let grid = try #require(OcclusionGrid([F.roundedRect(card), ring], width: 64, height: 64))
    grid.paintedQuads(into: &painted)
    #expect(Set(painted.map(\.command)) == [0, 1])
    var out: [PixelRect] = []
    grid.visible(px(0, 0, 64, 64), command: 1, into: &out)
    #expect(!out.isEmpty && out.allSatisfy { $0.x0 < 8 || $0.y0 < 8 || $0.x1 > 56 || $0.y1 > 56 }, "only the ring's band")
    // Something between the fill and the ring: the ring passes nothing on.
    painted = []
    let other = F.roundedRect(CGRect(x: 100, y: 100, width: 4, height: 4))
    try #require(OcclusionGrid([F.roundedRect(card), other, ring], width: 64, height: 64)).paintedQuads(into: &painted)
    #expect(Set(painted.map(\.command)) == [0])
    // A turned image before the fill (drawn outside the grid's reach) stops
    // the paint where it touches; one after it does not.
    let image = F.image(
      Image(width: 1, height: 1, premultipliedPixels: [9, 9, 9, 255]), at: CGRect(x: 0, y: 0, width: 32, height: 64),
      matrix: Transform3D(rotationAngle: 0.01, x: 0, y: 0, z: 1))
    painted = []
    try #require(OcclusionGrid([image, F.roundedRect(card)], width: 64, height: 64)).paintedQuads(into: &painted)
    #expect(!painted.isEmpty && painted.allSatisfy { $0.quad.x0 >= 32 }, "\(painted)")
    painted = []
    try #require(OcclusionGrid([F.roundedRect(card), image], width: 64, height: 64)).paintedQuads(into: &painted)
    #expect(painted.contains { $0.quad.x0 < 32 })
    // Under the image, a ring's hole is not painted, so the fill draws it.
    let blocked = try #require(OcclusionGrid([image, F.roundedRect(card), ring], width: 64, height: 64))
    out = []
    blocked.visible(px(0, 0, 64, 64), command: 1, into: &out)
    #expect(out.contains { $0.x0 <= 16 && $0.x1 >= 24 && $0.y0 <= 16 && $0.y1 >= 48 }, "\(out)")
  }

  @Test func anOpaqueImageHidesWhatIsUnderItAndIsNeverPainted() throws {
    let opaque = Image(width: 2, height: 1, premultipliedPixels: [9, 9, 9, 255, 200, 0, 0, 255])
    let seeThrough = Image(width: 2, height: 1, premultipliedPixels: [9, 9, 9, 255, 100, 0, 0, 128])
    let isOpaque: (Image) -> Bool = { $0 === opaque }
    let under = F.roundedRect(CGRect(x: 0, y: 0, width: 64, height: 64), color: PremultipliedColor(r: 0, g: 0, b: 0.5, a: 0.5))
    let at = CGRect(x: 3.5, y: 0.25, width: 50, height: 60)
    let over = F.image(opaque, at: at)
    var out: [PixelRect] = []
    // What is under the image's whole pixels is hidden; the image's tiles
    // are not painted (it has no one colour), and it draws all of itself.
    let grid = try #require(OcclusionGrid([under, over], width: 64, height: 64, opaqueImage: isOpaque))
    grid.visible(px(8, 8, 40, 40), command: 0, into: &out)
    #expect(out.isEmpty, "\(out)")
    var painted: [(quad: PixelRect, command: Int)] = []
    grid.paintedQuads(into: &painted)
    #expect(painted.isEmpty, "\(painted)")
    grid.visible(px(3, 0, 54, 61), command: 1, into: &out)
    #expect(out.count == 1 && out[0] == px(3, 0, 54, 61), "\(out)")
    // Not hidden: under a see-through image, an image at opacity < 1, or
    // when the texels' opacity is not known to be 1.
    for (cover, known) in [
      (F.image(seeThrough, at: at), isOpaque), (F.image(opaque, at: at, opacity: 0.5), isOpaque), (over, { _ in false }),
    ] {
      out = []
      try #require(OcclusionGrid([F.roundedRect(CGRect(x: 60, y: 60, width: 4, height: 4)), under, cover], width: 64, height: 64, opaqueImage: known))
        .visible(px(8, 8, 40, 40), command: 1, into: &out)
      #expect(!out.isEmpty)
    }
    // A fill after the image is painted first, and the image leaves out
    // what the paint holds.
    let fill = F.roundedRect(CGRect(x: 0, y: 0, width: 64, height: 64))
    let later = try #require(OcclusionGrid([over, fill], width: 64, height: 64, opaqueImage: isOpaque))
    painted = []
    later.paintedQuads(into: &painted)
    #expect(painted.count == 1 && painted[0].command == 1)
    let paint = try #require(painted.first?.quad)
    out = []
    later.visible(px(3, 0, 54, 61), command: 0, into: &out)
    #expect(out.allSatisfy { $0.x1 <= paint.x0 || $0.x0 >= paint.x1 || $0.y1 <= paint.y0 || $0.y0 >= paint.y1 }, "\(out), paint \(paint)")
  }

  @Test func noPixelThatShowsIsDropped() throws {
    var state: UInt32 = 7
    func u(_ n: Int) -> Int {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int(state >> 8) % n
    }
    for _ in 0..<40 {
      let size = 96
      var commands: [DrawCommand] = []
      for _ in 0..<8 {
        let x = Double(u(80)) + 0.5, y = Double(u(80)) + 0.25
        commands.append(F.roundedRect(CGRect(x: x - 10, y: y - 10, width: Double(u(40)) + 8, height: Double(u(40)) + 8)))
      }
      let grid = try #require(OcclusionGrid(commands, width: size, height: size))
      let opaque = commands.map { OcclusionGrid.opaqueCells($0, width: size, height: size) ?? [] }
      var painted: [(quad: PixelRect, command: Int)] = []
      grid.paintedQuads(into: &painted)
      for index in commands.indices {
        let (x, y) = (u(60), u(60))
        let q = px(x, y, x + u(36) + 1, y + u(36) + 1)
        var out: [PixelRect] = []
        grid.visible(q, command: index, into: &out)
        for r in out { #expect(r.x0 >= q.x0 && r.y0 >= q.y0 && r.x1 <= q.x1 && r.y1 <= q.y1 && r.x0 < r.x1 && r.y0 < r.y1) }
        func inside(_ r: PixelRect, _ cx: Float, _ cy: Float) -> Bool {
          cx > Float(r.x0) && cx < Float(r.x1) && cy > Float(r.y0) && cy < Float(r.y1)
        }
        // The command for which each pixel is painted first, if any.
        func painter(_ cx: Float, _ cy: Float) -> Int? {
          painted.first { inside($0.quad, cx, cy) }?.command
        }
        for py in Int(q.y0)..<Int(q.y1) {
          for px in Int(q.x0)..<Int(q.x1) {
            let cx = Float(px) + 0.5, cy = Float(py) + 0.5
            let hidden = opaque[(index + 1)...].contains { cells in
              cells.contains { inside($0, cx, cy) }
            }
            let kept = out.contains { inside($0, cx, cy) }
            // Drawn over a pixel painted for itself or a later command, it
            // would cover what must be on top: the paint comes first.
            if kept, let p = painter(cx, cy) {
              #expect(p < index, "pixel (\(px), \(py)) of command \(index) is drawn over the paint of \(p)")
            }
            if hidden { continue }
            #expect(kept || painter(cx, cy) == index, "pixel (\(px), \(py)) of command \(index) shows but was dropped")
            if !(kept || painter(cx, cy) == index) { return }
          }
        }
      }
    }
  }
}

@Suite struct ShelfPackerTests {
  @Test func placesNeverOverlapAndStayInside() {
    var packer = ShelfPacker(width: 256, height: 256)
    var placed: [(Int, Int, Int, Int)] = []
    var state: UInt32 = 3
    func u(_ n: Int) -> Int {
      state = state &* 1_664_525 &+ 1_013_904_223
      return Int(state >> 8) % n
    }
    var refused = 0
    for _ in 0..<400 {
      let w = u(40) + 1, h = u(40) + 1
      guard let p = packer.allocate(width: w, height: h) else {
        refused += 1
        continue
      }
      #expect(p.x >= 0 && p.y >= 0 && p.x + w <= 256 && p.y + h <= 256)
      for q in placed {
        let overlap = p.x < q.0 + q.2 && q.0 < p.x + w && p.y < q.1 + q.3 && q.1 < p.y + h
        #expect(!overlap)
      }
      placed.append((p.x, p.y, w, h))
    }
    #expect(refused > 0, "400 rectangles of up to 40² cannot all fit in 256²")
    #expect(packer.allocate(width: 257, height: 1) == nil)

    // Grown to 512², it keeps every place and fills the rest without overlap.
    packer = packer.grown(width: 512, height: 512)
    var more = 0
    for _ in 0..<400 {
      let w = u(40) + 1, h = u(40) + 1
      guard let p = packer.allocate(width: w, height: h) else { continue }
      more += 1
      #expect(p.x + w <= 512 && p.y + h <= 512)
      #expect(!placed.contains { q in p.x < q.0 + q.2 && q.0 < p.x + w && p.y < q.1 + q.3 && q.1 < p.y + h })
      placed.append((p.x, p.y, w, h))
    }
    #expect(more > refused, "the grown packer takes what the small one refused, and more")
  }

  @Test func heightsThatGrowATexelAtATimeShareShelves() {
    // 240 regions 120 wide, 50 to 109 tall, each a little taller than the
    // last (a scene's cards of 120 sizes): exact-height shelves would open
    // one each (a 240-shelf column 19,000 texels tall); bucketed ones
    // open a few per bucket and fit in 2048².
    var packer = ShelfPacker(width: 2048, height: 2048)
    var shelves = Set<Int>()
    for i in 0..<240 {
      let h = 50 + i / 4
      guard let p = packer.allocate(width: 120, height: h) else {
        Issue.record("region \(i) (\(h) tall) did not fit")
        return
      }
      shelves.insert(p.y)
    }
    #expect(shelves.count <= 20, "\(shelves.count) shelves")
    #expect(ShelfPacker.shelfHeight(for: 57) == 64 && ShelfPacker.shelfHeight(for: 3) == 4)
    #expect(ShelfPacker.shelfHeight(for: 100) == 112 && ShelfPacker.shelfHeight(for: 128) == 128)
  }
}
