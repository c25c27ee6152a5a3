// GradientStage's occluder: an opaque, unfaded, unclipped gradient under a
// positive scale and a translation declares the whole pixels of its
// outline's cross (Lamina's opaqueInterior of the same outline filled), so
// CPURenderer skips those pixels in earlier commands. Checked two ways
// against drawing with nothing skipped: a hand-placed cover whose cross
// is worked out by hand, and stacks of random overlapping gradients (all
// three types, opaque and translucent) over a shape, where the renderer's
// frame must equal every stage drawn in order, tile by tile, none skipped
// (with the AVX2 rows and the Swift rows), and its next frame (kept stages
// and coverage planes) must equal its first. Several later occluders
// (HiddenRects): their spans against a pixel-by-pixel membership test, a
// stage drawn over a sentinel less a hand-placed list (every listed pixel
// untouched, every other one the unskipped draw's bytes), and a region two
// later gradients hide between them, neither alone.
import Foundation
import LaminaTestSupport
import Testing
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct GradientOccluderTests {
  static let stops = [
    GradientStop(location: 0, color: Color(red: 1, green: 0.5, blue: 0)),
    GradientStop(location: 1, color: Color(red: 0, green: 0.25, blue: 1)),
  ]

  static func gradient(
    _ rect: CGRect, radius: Double, type: GradientType = .axial, stops: [GradientStop] = stops,
    matrix: Transform3D = .identity, opacity: Float = 1, clips: [Clip] = []
  ) -> GradientDraw {
    GradientDraw(
      matrix: matrix, shape: RoundedRect(rect: rect, radii: [radius, radius, radius, radius]),
      gradient: Gradient(
        type: type, start: CGPoint(x: rect.minX, y: rect.minY),
        end: CGPoint(x: rect.maxX, y: rect.midY), stops: stops),
      opacity: opacity, clips: clips, name: "gradient")
  }

  @Test func opaqueGradientsOccludeTheirCross() throws {
    let limit = PixelRect(x0: 0, y0: 0, x1: 200, y1: 120)
    // [10.5, 110.5] × [5.25, 85.25], corners of radius 12: the wide band
    // x 11..<110, y 18..<73 (5.25 + 12 = 17.25 up, 85.25 − 12 = 73.25
    // down); the tall column x 23..<98, y 6..<85 (5925 pixels > 5445).
    let draw = Self.gradient(CGRect(x: 10.5, y: 5.25, width: 100, height: 80), radius: 12)
    let stage = try #require(GradientStage(draw, limit: limit))
    #expect(stage.occluder == PixelRect(x0: 23, y0: 6, x1: 98, y1: 85))
    #expect(stage.secondOccluder == PixelRect(x0: 11, y0: 18, x1: 110, y1: 73))
    // None: faded, clipped, translucent stops, rotated.
    var faded = draw
    faded.opacity = 0.99
    #expect(try #require(GradientStage(faded, limit: limit)).occluder.isEmpty)
    let clip = Clip(matrix: .identity, shape: .roundedRect(RoundedRect(rect: F.rect(0, 0, 150, 100))))
    var clipped = draw
    clipped.header.clips = [clip]
    #expect(try #require(GradientStage(clipped, limit: limit)).occluder.isEmpty)
    var translucent = draw
    translucent.gradient.stops[1].color.alpha = 0.999
    #expect(try #require(GradientStage(translucent, limit: limit)).occluder.isEmpty)
    var rotated = draw
    rotated.header.matrix = Transform3D(rotationAngle: 0.1, x: 0, y: 0, z: 1)
    #expect(try #require(GradientStage(rotated, limit: limit)).occluder.isEmpty)
  }

  /// Every stage of the plan's canvas drawn in order, tile by tile, none
  /// skipped, over the background.
  static func drawnInOrder(_ plan: RenderPlan, path: GradientFastPathTests.RowPath) -> [UInt8] {
    let raster = Raster(width: plan.width, height: plan.height, fill: plan.background)
    let limit = PixelRect(x0: 0, y0: 0, x1: plan.width, y1: plan.height)
    for command in plan.surfaces[0].commands {
      switch command {
      case .gradient(let d):
        if let stage = path.stage(d, limit: limit) {
          StageHarness.drawInTiles(stage, into: raster)
        }
      case .roundedRect(let d):
        if let stage = RoundedRectStage(d, limit: limit, stamps: StampCache()) { StageHarness.drawInTiles(stage, into: raster) }
      default:
        Issue.record("unexpected command")
      }
    }
    return Array(UnsafeBufferPointer(start: raster.pixels, count: plan.width * plan.height * 4))
  }

  @Test func skippingHiddenPixelsChangesNoByte() throws {
    var r = GradientFastPathTests.Random(state: 0x0CC1)
    let width = 320, height = 200
    var occluding = 0
    for round in 0..<2 {
      var commands = [F.roundedRect(F.rect(20, 20, 280, 160), radius: 30, color: PremultipliedColor(r: 0.1, g: 0.6, b: 0.2, a: 1))]
      for n in 0..<24 {
        let w = r.range(30, 140), h = r.range(30, 120)
        let rect = CGRect(x: r.range(-10, Double(width) - w + 10), y: r.range(-10, Double(height) - h + 10), width: w, height: h)
        // Every fourth translucent; a few at fractional scales.
        var stops = Self.stops
        if n % 4 == 3 { stops[0].color.alpha = 0.6 }
        let matrix = n % 5 == 4 ? Transform3D(scaleX: 1.25, y: 0.8) : .identity
        let draw = Self.gradient(
          rect, radius: r.range(0, min(w, h) / 2), type: GradientType.allCases[(n + round) % 3], stops: stops,
          matrix: matrix)
        if let s = GradientStage(draw, limit: PixelRect(x0: 0, y0: 0, x1: width, y1: height)), !s.occluder.isEmpty {
          occluding += 1
        }
        commands.append(.gradient(draw))
      }
      let plan = F.plan(width, height, background: PremultipliedColor(r: 0.93, g: 0.93, b: 0.93, a: 1), commands)
      let renderer = CPURenderer()
      let rendered = renderer.render(plan).pixels
      // The first differing byte (nil: none), not the frames themselves in a failure message.
      func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? { a.indices.first { a[$0] != b[$0] } }
      for path in GradientFastPathTests.kernels {
        let inOrder = Self.drawnInOrder(plan, path: path)
        #expect(firstDifference(rendered, inOrder) == nil, "round \(round), path \(path)")
      }
      // The next frame draws from the kept stages and coverage planes (CoverageTiles).
      #expect(firstDifference(renderer.render(plan).pixels, rendered) == nil, "round \(round): the second frame")
    }
    // The stacks do occlude (else the check proves nothing).
    #expect(occluding > 2 * 12)
  }

  /// GradientStages across frames: a frame whose draws all equal the last
  /// frame's (in order), then frames with one draw changed, one removed
  /// and two swapped, each the bytes of a fresh renderer.
  @Test func keptStagesFollowChangedDraws() {
    let width = 200, height = 120
    let background = PremultipliedColor(r: 0.93, g: 0.93, b: 0.93, a: 1)
    var draws: [GradientDraw] = []
    for n in 0..<6 {
      let rect = CGRect(x: Double(10 + 25 * n), y: Double(5 + 12 * n), width: 70, height: 50)
      draws.append(Self.gradient(rect, radius: 9, type: GradientType.allCases[n % 3], stops: Self.stops, matrix: .identity))
    }
    var changed = draws
    changed[3].gradient.start.x += 7
    var removed = draws
    removed.remove(at: 1)
    var swapped = draws
    swapped.swapAt(2, 4)
    let renderer = CPURenderer()
    for (name, list) in [("first", draws), ("same", draws), ("changed", changed), ("removed", removed),
      ("swapped", swapped), ("back", draws)]
    {
      let plan = F.plan(width, height, background: background, list.map { DrawCommand.gradient($0) })
      let kept = renderer.render(plan).pixels, fresh = CPURenderer().render(plan).pixels
      // The first differing byte (nil: none), not the frames in a failure message.
      #expect(kept.indices.first { kept[$0] != fresh[$0] } == nil, "\(name)")
    }
  }

  /// HiddenRects.forEachSpan against the definition: a pixel of the region
  /// is drawn iff no rectangle holds it, and each once.
  @Test func hiddenSpansAreTheRegionLessEveryRectangle() {
    var r = GradientFastPathTests.Random(state: 0x41DE)
    let region = PixelRect(x0: 64, y0: 128, x1: 128, y1: 170)
    let store = UnsafeMutablePointer<Int>.allocate(capacity: 4 * 8)
    defer { store.deallocate() }
    for _ in 0..<200 {
      let count = Int(r.range(0, 8.99))
      var rects: [PixelRect] = []
      for i in 0..<count {
        let x0 = Int(r.range(64, 127.99)), y0 = Int(r.range(128, 169.99))
        let rect = PixelRect(x0: x0, y0: y0, x1: Int(r.range(Double(x0) + 1, 128.99)), y1: Int(r.range(Double(y0) + 1, 170.99)))
        rects.append(rect)
        (store[4 * i], store[4 * i + 1], store[4 * i + 2], store[4 * i + 3]) = (rect.x0, rect.y0, rect.x1, rect.y1)
      }
      let hidden = HiddenRects(rects: store, count: count, largest: rects.first ?? .empty)
      var seen = Set<Int>(), twice = false
      hidden.forEachSpan(region) { y, x0, x1 in
        for x in x0..<x1 where !seen.insert(y * 1000 + x).inserted { twice = true }
      }
      var expected = Set<Int>()
      for y in region.y0..<region.y1 {
        for x in region.x0..<region.x1 where !rects.contains(where: { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }) {
          expected.insert(y * 1000 + x)
        }
      }
      #expect(!twice)
      #expect(seen == expected, "\(rects)")
    }
  }

  /// A stage drawn less three overlapping rectangles onto a sentinel: the
  /// listed pixels keep the sentinel, every other pixel equals the same
  /// stage drawn with nothing skipped (each row path; the AVX2 ones go
  /// through lamina_gradient_region's span walk).
  @Test(arguments: GradientFastPathTests.kernels)
  func aStageSkipsEveryListedRectangle(path: GradientFastPathTests.RowPath) throws {
    let limit = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
    let draw = Self.gradient(CGRect(x: 1.5, y: 2.25, width: 60, height: 58), radius: 10, type: .conic)
    let stage = try #require(path.stage(draw, limit: limit))
    let region = stage.bounds
    // Two that overlap, one apart, one a single pixel wide; not the largest alone.
    let rects = [
      PixelRect(x0: 10, y0: 8, x1: 30, y1: 40), PixelRect(x0: 25, y0: 20, x1: 45, y1: 30),
      PixelRect(x0: 50, y0: 5, x1: 58, y1: 60), PixelRect(x0: 40, y0: 45, x1: 41, y1: 55),
    ]
    let scratch = TileScratch()
    let store = UnsafeMutablePointer<Int>.allocate(capacity: 16)
    defer { store.deallocate() }
    for (i, rect) in rects.enumerated() {
      (store[4 * i], store[4 * i + 1], store[4 * i + 2], store[4 * i + 3]) = (rect.x0, rect.y0, rect.x1, rect.y1)
    }
    let sentinel = PremultipliedColor(r: 0.2, g: 0.1, b: 0.4, a: 0.5)
    let skipped = Raster(width: 64, height: 64, fill: sentinel), whole = Raster(width: 64, height: 64, fill: sentinel)
    stage.draw(
      region, skipping: HiddenRects(rects: store, count: rects.count, largest: rects[0]), pristine: false,
      into: skipped, scratch: scratch)
    stage.draw(region, skipping: .empty, pristine: false, into: whole, scratch: scratch)
    let untouched = Raster(width: 64, height: 64, fill: sentinel)
    let result = StageHarness.compareSkipped(skipped, whole: whole, untouched: untouched, hidden: rects)
    if let mismatch = result.mismatch { Issue.record(Comment(rawValue: mismatch)); return }
    let (listed, drawn) = (result.hidden, result.visible)
    // The listed pixels are inside the gradient (else skipping them proves nothing).
    #expect(listed == 20 * 32 + 15 * 10 + 8 * 55 + 10 && drawn > 2000)
  }

  /// Two later opaque gradients side by side hide an earlier one's part
  /// between them; neither alone covers its region. What the tile loop
  /// collects for that region covers it (so the earlier gradient draws
  /// nothing there; the largest alone would leave a band), and the frame
  /// equals every stage drawn in order.
  @Test func severalLaterOccludersHideARegionTogether() throws {
    let width = 128, height = 64
    let limit = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    // Crosses, by hand (square corners): left x 0..<44, y 0..<60; right x 44..<104, y 0..<60.
    let under = Self.gradient(CGRect(x: 8, y: 8, width: 80, height: 40), radius: 6, type: .radial)
    let left = Self.gradient(CGRect(x: 0, y: 0, width: 44, height: 60), radius: 0)
    let right = Self.gradient(CGRect(x: 44, y: 0, width: 60, height: 60), radius: 0, type: .conic)
    let occluders = try [left, right].map { try #require(GradientStage($0, limit: limit)).occluder }
    #expect(occluders == [PixelRect(x0: 0, y0: 0, x1: 44, y1: 60), PixelRect(x0: 44, y0: 0, x1: 104, y1: 60)])
    // The earlier gradient's region in the first tile: x 8..<64, y 8..<48.
    let region = try #require(GradientStage(under, limit: limit)).bounds.intersection(PixelRect(x0: 0, y0: 0, x1: 64, y1: 64))
    #expect(region == PixelRect(x0: 8, y0: 8, x1: 64, y1: 48))
    let store = UnsafeMutablePointer<Int>.allocate(capacity: 4 * TileScratch.hiddenCapacity)
    defer { store.deallocate() }
    // Command c's cross at 2c, 2c + 1 (here one rectangle each).
    func collect(_ rects: [PixelRect]) -> HiddenRects {
      let crosses = rects.flatMap { [$0, .empty] }
      return crosses.withUnsafeBufferPointer {
        HiddenRects.collect(
          region, later: ArraySlice(rects.indices), crosses: $0.baseAddress!, into: store,
          capacity: TileScratch.hiddenCapacity)
      }
    }
    let hidden = collect(occluders)
    #expect(hidden.count == 2 && hidden.largest == PixelRect(x0: 8, y0: 8, x1: 44, y1: 48))
    var uncovered = 0
    hidden.forEachSpan(region) { _, x0, x1 in uncovered += x1 - x0 }
    #expect(uncovered == 0 && hidden.largest != region)
    // Full: the largest kept in the last slot.
    let many = (0..<40).map { PixelRect(x0: 8 + $0, y0: 8, x1: 9 + $0, y1: 9) } + [occluders[1]]
    let capped = collect(many)
    #expect(capped.count == TileScratch.hiddenCapacity && capped[capped.count - 1] == capped.largest)
    let plan = F.plan(
      width, height, background: PremultipliedColor(r: 0.93, g: 0.93, b: 0.93, a: 1),
      [.gradient(under), .gradient(left), .gradient(right)])
    let rendered = CPURenderer().render(plan).pixels
    for path in GradientFastPathTests.kernels {
      let inOrder = Self.drawnInOrder(plan, path: path)
      #expect(rendered.indices.first { rendered[$0] != inOrder[$0] } == nil, "path \(path)")
    }
  }
}
