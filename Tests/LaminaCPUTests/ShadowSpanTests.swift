// The shadow stage's fast path (stamp, live spans, SpanBlender) against the
// plain definition: every stamp value k > 0 blended with `blendPixel`, one
// pixel at a time, over random destination bytes. Random rectangles, radii,
// σ, sub-pixel and whole-pixel offsets, canvases cutting the shadow, alphas
// down to ones that round every value away. Equal bytes.
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct ShadowSpanTests {
  struct Stream {
    var state: UInt64
    mutating func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state >> 11
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 42) }
    mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
  }

  /// A raster of random bytes and a copy of them.
  func noise(_ width: Int, _ height: Int, _ s: inout Stream) -> Raster {
    let r = Raster(width: width, height: height)
    for i in 0..<(width * height * 4) { r.pixels[i] = UInt8(truncatingIfNeeded: s.next()) }
    return r
  }

  /// An unclipped shadow of `shape` whose extent reaches 3σ beyond it.
  func shadow(of shape: RoundedRect, sigma: Double, color: PremultipliedColor, matrix: Transform3D) -> ShadowDraw {
    ShadowDraw(
      matrix: matrix, shape: shape, sigma: sigma, color: color,
      extent: shape.rect.insetBy(dx: -3 * sigma, dy: -3 * sigma), clips: [], name: "s")
  }

  /// A test's random stream (its seed moved by `salt`), the canvas's
  /// pixels and a fresh stamp cache.
  func start(seed: Int, salt: UInt64, width: Int, height: Int) -> (Stream, PixelRect, StampCache) {
    (Stream(state: UInt64(seed) &+ salt), PixelRect(x0: 0, y0: 0, x1: width, y1: height), StampCache(stampsFirstMeeting: true))
  }

  /// A random rounded rect 2–70 × 2–60 with its origin in `x` × `y`, each
  /// corner's radius up to half the shorter side, or 0 with chance `square`.
  func randomShape(_ s: inout Stream, x: (Double, Double), y: (Double, Double), square: Double) -> RoundedRect {
    let w = s.range(2, 70), h = s.range(2, 60)
    return RoundedRect(
      rect: F.rect(s.range(x.0, x.1), s.range(y.0, y.1), w, h),
      radii: [0, 1, 2, 3].map { _ in s.unit() < square ? 0 : s.range(0, min(w, h) / 2) })
  }

  @Test(arguments: 0..<6)
  func stampedShadowsEqualThePixelDefinition(seed: Int) throws {
    let (width, height) = (96, 80)
    var (s, limit, stamps) = start(seed: seed, salt: 7, width: width, height: height)
    for _ in 0..<6 {
      let shape = randomShape(&s, x: (-30, 80), y: (-30, 70), square: 0.2)
      let sigma = [0.4, 1, 2.5, 6, 13][Int(s.next() % 5)]
      let alpha = Float([1, 0.5, 0.2, 0.03, 0.004, 0.0015][Int(s.next() % 6)])
      let tint = Float(s.unit())
      let color = PremultipliedColor(r: alpha * tint, g: 0, b: alpha * (1 - tint), a: alpha)
      let matrix = Transform3D(scaleX: [1, 1, 2, 1.5][Int(s.next() % 4)], y: [1, 2][Int(s.next() % 2)], z: 1)
        .concatenating(Transform3D(translationX: s.range(-5, 5), y: s.range(-5, 5)))
      let draw = shadow(of: shape, sigma: sigma, color: color, matrix: matrix)
      let actual = noise(width, height, &s)
      let expected = StageHarness.copy(actual)
      if let stage = ShadowStage(draw, limit: limit, stamps: stamps, backdrop: 0) {
        StageHarness.drawInTiles(stage, into: actual)
      }
      // The definition, from the stamp the stage used (or an equal one).
      guard let (placement, dx, dy) = StampPlacement.of(Homography(matrix), covering: draw.extent) else {
        Issue.record("an axis-aligned shadow has a placement")
        continue
      }
      let key = StampKey.shadow(shape: shape, sigma: sigma, extent: draw.extent, placement: placement)
      let stamp = stamps.stamp(for: key) { Stamp(rect: .empty) { _, _ in } }
      StageHarness.blendEveryValue(of: stamp, dx: dx, dy: dy, color: color, onto: expected)
      let same = StageHarness.firstDifference(actual, expected)
      #expect(same == nil, "σ \(sigma) alpha \(alpha) \(shape) \(matrix): byte \(same ?? 0)")
    }
  }

  /// The renderer's preparation defers the stamps it makes and fills them
  /// together on its workers (StampCache.fillPending); a shadow waits for
  /// its stamp and is then drawn from it. Random shadows and rounded
  /// rectangles, some sharing a stamp, drawn that way and with every stamp
  /// filled at once: the same bytes.
  @Test(arguments: 0..<4)
  func stampsFilledTogetherDrawWhatStampsFilledAtOnceDraw(seed: Int) throws {
    let (width, height) = (160, 120)
    var (s, limit, _) = start(seed: seed, salt: 11, width: width, height: height)
    var shadows: [ShadowDraw] = [], shapes: [RoundedRectDraw] = []
    for n in 0..<10 {
      let shape = randomShape(&s, x: (-30, 140), y: (-30, 100), square: 0.2)
      let color = PremultipliedColor(r: 0.1, g: 0, b: Float(s.unit()) * 0.4, a: 0.4)
      let matrix = Transform3D(translationX: s.range(-5, 5), y: s.range(-5, 5))
      let draw = shadow(of: shape, sigma: [1, 2.5, 6][n % 3], color: color, matrix: matrix)
      shadows += n % 4 == 3 ? [draw, draw] : [draw]
      let border = n % 2 == 0 ? nil : RoundedRect(rect: shape.rect.insetBy(dx: 1, dy: 1), radii: shape.radii)
      shapes.append(RoundedRectDraw(
        matrix: matrix, outer: shape, border: border, color: PremultipliedColor(r: 0.5, g: 0.5, b: 0, a: 0.5),
        clips: [], name: "r"))
    }
    func drawAll(together: Bool) -> Raster {
      var t = s
      let target = noise(width, height, &t)
      let stamps = StampCache(stampsFirstMeeting: true)
      if together { stamps.deferFilling() }
      var stages: [any PreparedDraw] = []
      for (shadowDraw, shapeDraw) in zip(shadows, shapes) {
        if let stage = ShadowStage(shadowDraw, limit: limit, stamps: stamps, backdrop: 0) {
          #expect(stage.waitsForStamp == together)
          stages.append(stage)
        }
        if let stage = RoundedRectStage(shapeDraw, limit: limit, stamps: stamps) { stages.append(stage) }
      }
      if together {
        stamps.fillPending(threads: 2)
        stages = stages.map { ($0 as? ShadowStage)?.stamped() ?? $0 }
        #expect(!stages.contains { ($0 as? ShadowStage)?.waitsForStamp == true })
      }
      for stage in stages { StageHarness.drawInTiles(stage, into: target) }
      return target
    }
    let together = drawAll(together: true), atOnce = drawAll(together: false)
    let same = StageHarness.firstDifference(together, atOnce)
    #expect(same == nil, "seed \(seed): byte \(same ?? 0)")
  }

  @Test func spansHoldEveryLiveValueAndEndOnLiveValues() {
    let shape = RoundedRect(rect: F.rect(3.3, 4.6, 30, 20), radii: [8, 2, 0, 5])
    let draw = ShadowDraw(
      matrix: .identity, shape: shape, sigma: 5, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5),
      extent: shape.rect.insetBy(dx: -15, dy: -15), clips: [], name: "s")
    let stamps = StampCache(stampsFirstMeeting: true)
    _ = ShadowStage(draw, limit: PixelRect(x0: 0, y0: 0, x1: 60, y1: 50), stamps: stamps, backdrop: 0)
    let (placement, _, _) = StampPlacement.of(Homography(draw.matrix), covering: draw.extent)!
    let key = StampKey.shadow(shape: shape, sigma: 5, extent: draw.extent, placement: placement)
    let stamp = stamps.stamp(for: key) { Stamp(rect: .empty) { _, _ in } }
    for a: Float in [1, 0.5, 0.01] {
      let spans = stamp.liveSpans.spans(of: stamp, alpha: a)
      let w = stamp.rect.width
      var live = 0, rows = 0
      for j in 0..<stamp.rect.height {
        let lo = Int(spans.lower[j]), hi = Int(spans.upper[j])
        for i in 0..<w where a * stamp.values[j * w + i] * 255 >= 0.5 {
          live += 1
          #expect(i >= lo && i < hi && j >= spans.bounds.y0 && j < spans.bounds.y1)
        }
        if lo < hi {
          rows += 1
          #expect(a * stamp.values[j * w + lo] * 255 >= 0.5 && a * stamp.values[j * w + hi - 1] * 255 >= 0.5)
        }
      }
      #expect(live > 0 && rows < stamp.rect.height, "alpha \(a): some values live, some rows dead")
    }
  }
  /// Shadows drawn through their preblended table (PreblendedStamp), over a
  /// backdrop with patches of other bytes (compared eight pixels at a time)
  /// and over the bare backdrop (copied as it is, `pristine`), against the
  /// definition. Equal bytes.
  @Test(arguments: 0..<6)
  func preblendedShadowsEqualThePixelDefinition(seed: Int) throws {
    let (width, height) = (120, 90)
    var (s, limit, stamps) = start(seed: seed, salt: 901, width: width, height: height)
    for round in 0..<6 {
      let pristine = round % 2 == 0
      let shape = randomShape(&s, x: (-10, 60), y: (-10, 50), square: 0)
      let sigma = [1, 2.5, 6, 13][Int(s.next() % 4)]
      let alpha = Float([1, 0.5, 0.2, 0.03][Int(s.next() % 4)])
      let color = PremultipliedColor(r: alpha * 0.3, g: 0, b: alpha * 0.1, a: alpha)
      let matrix = Transform3D(translationX: s.range(-5, 5), y: s.range(-5, 5))
      let draw = shadow(of: shape, sigma: sigma, color: color, matrix: matrix)
      let b = UInt8(truncatingIfNeeded: s.next())
      let backdropBytes: [UInt8] = [b / 2, b / 3, b, [255, b][round % 2]]
      let backdrop = backdropBytes.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
      let actual = Raster(width: width, height: height)
      actual.fill(limit, with: backdrop)
      if !pristine {
        // Patches of noise: runs of eight mix the backdrop and other bytes.
        for _ in 0..<12 {
          let x = Int(s.next() % UInt64(width - 9)), y = Int(s.next() % UInt64(height - 5))
          for j in y..<(y + 5) { for i in x..<(x + 1 + Int(s.next() % 9)) {
            for c in 0..<4 { actual.pixels[(j * width + i) * 4 + c] = UInt8(truncatingIfNeeded: s.next()) }
          } }
        }
      }
      let expected = StageHarness.copy(actual)
      // The first sighting makes no table; the second does.
      let first = try #require(ShadowStage(draw, limit: limit, stamps: stamps, backdrop: backdrop))
      let stage = try #require(ShadowStage(draw, limit: limit, stamps: stamps, backdrop: backdrop))
      guard case .stamp(let stamp, let dx, let dy, _, let table) = stage.source,
        case .stamp(_, _, _, _, let none) = first.source
      else {
        Issue.record("an axis-aligned shadow is stamped")
        continue
      }
      #expect(none == nil && table != nil)
      StageHarness.drawInTiles(stage, into: actual, pristine: pristine)
      StageHarness.blendEveryValue(of: stamp, dx: dx, dy: dy, color: color, onto: expected)
      let same = StageHarness.firstDifference(actual, expected)
      #expect(same == nil, "pristine \(pristine) σ \(sigma) alpha \(alpha) \(shape): byte \(same ?? 0)")
    }
  }

  @Test func preblendsAreMadeOnTheSecondSightingAndBounded() {
    let stamp = Stamp(rect: PixelRect(x0: 0, y0: 0, x1: 20, y1: 3)) { region, scratch in
      for q in 0..<(region.width * region.height) { scratch.coverage[q] = 0.5 }
    }
    let spans = stamp.liveSpans.spans(of: stamp, alpha: 0.5)
    let black = SIMD4<Float>(0, 0, 0, 0.5), red = SIMD4<Float>(0.5, 0, 0, 0.5)
    let cache = stamp.preblends
    #expect(cache.table(of: stamp, color: black, backdrop: 0xFFEE_EEEE, live: spans) == nil)
    let made = cache.table(of: stamp, color: black, backdrop: 0xFFEE_EEEE, live: spans)
    #expect(made != nil)
    #expect(cache.table(of: stamp, color: black, backdrop: 0xFFEE_EEEE, live: spans) === made)
    // Another backdrop or colour is another pair.
    #expect(cache.table(of: stamp, color: black, backdrop: 0, live: spans) == nil)
    #expect(cache.table(of: stamp, color: red, backdrop: 0xFFEE_EEEE, live: spans) == nil)
    // At most `kept` tables: two more pairs push the first out.
    _ = cache.table(of: stamp, color: black, backdrop: 0, live: spans)
    _ = cache.table(of: stamp, color: red, backdrop: 0xFFEE_EEEE, live: spans)
    #expect(PreblendCache.kept == 2)
    #expect(cache.table(of: stamp, color: black, backdrop: 0xFFEE_EEEE, live: spans) == nil)
    // A table holds blendPixel's result over its backdrop.
    var pixel: UInt32 = 0xFFEE_EEEE
    withUnsafeMutableBytes(of: &pixel) { blendPixel($0.baseAddress!.assumingMemoryBound(to: UInt8.self), black, 0.5) }
    #expect(made?.pixels[25] == pixel && pixel != 0xFFEE_EEEE)
  }
}
