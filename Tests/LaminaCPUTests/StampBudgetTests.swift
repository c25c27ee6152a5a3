// The stamp cache's policy (StampCache): a shadow or a rounded rectangle
// met for the first time is drawn without a stamp, in the stamp's own
// pixel grid, and must give the stamp's bytes exactly (random shapes, σ,
// borders, scales and sub-pixel offsets, over random destination bytes); a key met again in the frame,
// or again in the next frame, is stamped and kept; kept stamps stay within
// the budget; and a renderer draws a frame of unique shadows and the next
// frame (which stamps them) to the same bytes.
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct StampBudgetTests {
  /// An unclipped shadow whose extent reaches 3σ beyond its shape.
  static func shadow(_ shape: RoundedRect, sigma: Double, matrix: Transform3D, alpha: Float = 0.6) -> ShadowDraw {
    ShadowDraw(
      matrix: matrix, shape: shape, sigma: sigma, color: PremultipliedColor(r: 0, g: 0, b: 0.4 * alpha, a: alpha),
      extent: shape.rect.insetBy(dx: -3 * sigma, dy: -3 * sigma), clips: [], name: "s")
  }

  static func isUnstamped(_ stage: ShadowStage) -> Bool {
    if case .unstamped = stage.source { return true }
    return false
  }

  /// Draws `count` random commands twice over the same random bytes, once
  /// prepared with an empty cache (first meetings: no stamp) and once with
  /// a cache that stamps them; `make` returns the two stages, whether the
  /// first is unstamped, and a description. Expects the same bytes, and at
  /// least `minimumUnstamped` first meetings drawn without a stamp.
  static func expectFirstMeetingsDrawTheStampsBytes<Stage: PreparedDraw>(
    seed: UInt64, width: Int, height: Int, count: Int, minimumUnstamped: Int,
    skips: Bool = false,
    _ make: (inout ShadowSpanTests.Stream, PixelRect) -> (Stage, Stage, unstamped: Bool, String)?
  ) {
    var s = ShadowSpanTests.Stream(state: seed)
    let limit = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    var unstamped = 0
    for _ in 0..<count {
      guard let (a, b, first, description) = make(&s, limit) else { continue }
      if first { unstamped += 1 }
      let direct = ShadowSpanTests().noise(width, height, &s)
      let stamped = StageHarness.copy(direct)
      // With `skips`, most draws skip a random rectangle (a later opaque
      // shape), as the renderer asks: what is left must not change.
      var skip = PixelRect.empty
      if skips && s.unit() < 0.8 {
        let x0 = Int(s.range(0, Double(width))), y0 = Int(s.range(0, Double(height)))
        skip = PixelRect(x0: x0, y0: y0, x1: x0 + Int(s.range(1, 90)), y1: y0 + Int(s.range(1, 70)))
      }
      StageHarness.drawInTiles(a, into: direct, skipping: skip)
      StageHarness.drawInTiles(b, into: stamped, skipping: skip)
      let same = StageHarness.firstDifference(direct, stamped)
      #expect(same == nil, "\(description): byte \(same ?? 0)")
    }
    #expect(unstamped >= minimumUnstamped, "first meetings are drawn without a stamp")
  }

  @Test(arguments: 0..<4)
  func unstampedShadowsDrawTheStampsBytes(seed: Int) {
    Self.expectFirstMeetingsDrawTheStampsBytes(
      seed: UInt64(seed) &+ 911, width: 140, height: 110, count: 12, minimumUnstamped: 10, skips: true
    ) { (s: inout ShadowSpanTests.Stream, limit: PixelRect) -> (ShadowStage, ShadowStage, unstamped: Bool, String)? in
      let w = s.range(2, 70), h = s.range(2, 60)
      let shape = RoundedRect(
        rect: F.rect(s.range(-10, 90), s.range(-10, 70), w, h),
        radii: (0..<4).map { _ in s.unit() < 0.3 ? 0 : s.range(0, min(w, h) / 2) })
      let sigma = [0.6, 2, 5.5, 12][Int(s.next() % 4)]
      let matrix = Transform3D(scaleX: [1, 1, 2, 1.5][Int(s.next() % 4)], y: [1, 2][Int(s.next() % 2)], z: 1)
        .concatenating(Transform3D(translationX: s.range(-40, 40), y: s.range(-30, 30)))
      let draw = Self.shadow(shape, sigma: sigma, matrix: matrix, alpha: Float(s.range(0.01, 1)))
      guard let a = ShadowStage(draw, limit: limit, stamps: StampCache(), backdrop: 0),
        let b = ShadowStage(draw, limit: limit, stamps: StampCache(stampsFirstMeeting: true), backdrop: 0)
      else { return nil }
      #expect(!Self.isUnstamped(b))
      return (a, b, Self.isUnstamped(a), "σ \(sigma) \(shape) \(matrix)")
    }
  }

  /// A stamp tile drawn where it is is evaluated once a frame for its
  /// draw (its values kept for the other target tiles that meet it), the
  /// oldest out past the budget, none kept after the frame, and never
  /// another draw's.
  @Test func stampTilesAreEvaluatedOnceAFrameWithinTheBudget() {
    let side = TileScratch.size
    let memo = StampTileMemo(budgetBytes: 3 * side * side * 4)
    let scratch = TileScratch()
    let (owner, other) = (StampTileMemo.Owner(), StampTileMemo.Owner())
    var evaluations = 0
    func value(_ i: Int, _ who: StampTileMemo.Owner) -> Float {
      let tile = PixelRect(x0: side * i, y0: 7, x1: side * i + side, y1: 7 + side)
      return memo.values(of: tile, for: who, scratch) { r, s in
        evaluations += 1
        for q in 0..<(r.width * r.height) { s.coverage[q] = Float(r.x0 + (who === owner ? 0 : 1)) }
      }.values[side + 5]
    }
    #expect(value(0, owner) == 0 && value(1, owner) == Float(side) && value(0, owner) == 0 && value(1, owner) == Float(side))
    #expect(evaluations == 2)
    #expect(value(0, other) == 1 && evaluations == 3, "another draw's tile is its own")
    #expect(value(2, owner) == Float(2 * side) && evaluations == 4)
    #expect(memo.kept.count == 3 && memo.kept.bytes <= memo.budgetBytes, "the oldest went")
    #expect(value(0, owner) == 0 && evaluations == 5, "the evicted tile is evaluated again")
    memo.endFrame()
    #expect(memo.kept.count == 0 && memo.kept.bytes == 0)
  }

  /// A shadow under a turned matrix is evaluated point by point (no stamp):
  /// a skipped rectangle keeps its bytes, and every other pixel is what the
  /// draw without a skip gives.
  @Test func aTurnedShadowLeavesItsSkippedPixelsAndDrawsTheRest() throws {
    var s = ShadowSpanTests.Stream(state: 2718)
    let (width, height) = (150, 120)
    let limit = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    let shape = RoundedRect(rect: F.rect(-30, -20, 60, 40), radii: [9, 4, 0, 12])
    let matrix = Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1).concatenating(Transform3D(translationX: 74.3, y: 61.6))
    let stage = try #require(ShadowStage(Self.shadow(shape, sigma: 5.5, matrix: matrix), limit: limit, stamps: StampCache(), backdrop: 0))
    guard case .direct = stage.source else { Issue.record("a turned shadow is evaluated directly"); return }
    let skip = PixelRect(x0: 50, y0: 40, x1: 101, y1: 83)
    let before = ShadowSpanTests().noise(width, height, &s)
    let (whole, skipped) = (StageHarness.copy(before), StageHarness.copy(before))
    StageHarness.drawInTiles(stage, into: whole)
    StageHarness.drawInTiles(stage, into: skipped, skipping: skip)
    func inside(_ x: Int, _ y: Int) -> Bool { skip.x0 <= x && x < skip.x1 && skip.y0 <= y && y < skip.y1 }
    var (changedInside, differentOutside) = (0, 0)
    for y in 0..<height {
      for x in 0..<width {
        let q = (y * width + x) * 4
        let same = (0..<4).allSatisfy { skipped.pixels[q + $0] == (inside(x, y) ? before : whole).pixels[q + $0] }
        if !same { if inside(x, y) { changedInside += 1 } else { differentOutside += 1 } }
      }
    }
    #expect(changedInside == 0 && differentOutside == 0)
    #expect(StageHarness.firstDifference(whole, before) != nil, "the shadow draws")
  }

  static func isUnstamped(_ stage: RoundedRectStage) -> Bool {
    switch stage.source {
    case .stampGrid, .axisAligned: return true
    default: return false
    }
  }

  /// Rounded rectangles and borders met once are evaluated in their stamp's
  /// own tiles where they are drawn: the stamp's bytes, over tiles the
  /// shapes cross (up to 137 px placed, so a stamp has several tiles, but
  /// under `StampCache.stampedAtOnce`).
  @Test(arguments: 0..<4)
  func unstampedRoundedRectsDrawTheStampsBytes(seed: Int) {
    Self.expectFirstMeetingsDrawTheStampsBytes(
      seed: UInt64(seed) &+ 4242, width: 400, height: 300, count: 60, minimumUnstamped: 50, skips: true
    ) { (s: inout ShadowSpanTests.Stream, limit: PixelRect) -> (RoundedRectStage, RoundedRectStage, unstamped: Bool, String)? in
      let w = s.range(2, 90), h = s.range(2, 90)
      let radii = (0..<4).map { _ in s.unit() < 0.3 ? 0 : s.range(0, min(w, h) / 2) }
      let outer = RoundedRect(rect: F.rect(s.range(-20, 150), s.range(-20, 120), w, h), radii: radii)
      let ring = s.unit() < 0.5 && min(w, h) > 8
      let border = ring ? RoundedRect(rect: outer.rect.insetBy(dx: 3.3, dy: 2.7), radii: radii.map { max(0, $0 - 3) }) : nil
      let matrix = Transform3D(scaleX: [1, 1, 1.5, 0.75][Int(s.next() % 4)], y: [1, 1.25][Int(s.next() % 2)], z: 1)
        .concatenating(Transform3D(translationX: s.range(-30, 30), y: s.range(-30, 30)))
      let alpha = Float(s.unit() < 0.4 ? 1 : s.range(0.05, 1))
      let color = PremultipliedColor(r: 0.3 * alpha, g: 0.1 * alpha, b: alpha, a: alpha)
      let draw = RoundedRectDraw(matrix: matrix, outer: outer, border: border, color: color, clips: [], name: "r")
      guard let a = RoundedRectStage(draw, limit: limit, stamps: StampCache()),
        let b = RoundedRectStage(draw, limit: limit, stamps: StampCache(stampsFirstMeeting: true))
      else { return nil }
      #expect(!Self.isUnstamped(b))
      return (a, b, Self.isUnstamped(a), "\(outer) ring \(ring) \(matrix)")
    }
  }

  /// A rounded rectangle larger than `stampedAtOnce` pixels is stamped at
  /// its first meeting; a smaller one is not.
  @Test func largeRoundedRectsAreStampedAtOnce() {
    let limit = PixelRect(x0: 0, y0: 0, x1: 800, y1: 600)
    func stage(_ w: Double, _ h: Double) -> RoundedRectStage? {
      let draw = RoundedRectDraw(
        matrix: .identity, outer: RoundedRect(rect: F.rect(200.25, 150.5, w, h), radii: [24, 24, 24, 24]), border: nil,
        color: PremultipliedColor(r: 1, g: 1, b: 1, a: 1), clips: [], name: "card")
      return RoundedRectStage(draw, limit: limit, stamps: StampCache())
    }
    #expect(!Self.isUnstamped(stage(400, 300)!))
    #expect(Self.isUnstamped(stage(100, 60)!))
  }

  /// A key new to the frame is stamped at its third meeting (two commands
  /// evaluating their visible parts cost about what a whole stamp does),
  /// or at its first once met in the frame before.
  @Test func aStampIsMadeOnTheThirdMeetingAndKeptInTheNextFrame() {
    let limit = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
    let card = Self.shadow(RoundedRect(rect: F.rect(10.3, 12.7, 30, 20), radii: [4, 4, 4, 4]), sigma: 3, matrix: .identity)
    let other = Self.shadow(RoundedRect(rect: F.rect(5.1, 8.6, 20, 20)), sigma: 2, matrix: .identity)
    let cache = StampCache()
    #expect(Self.isUnstamped(ShadowStage(card, limit: limit, stamps: cache, backdrop: 0)!))
    #expect(Self.isUnstamped(ShadowStage(card, limit: limit, stamps: cache, backdrop: 0)!))
    #expect(cache.kept.count == 0)
    #expect(!Self.isUnstamped(ShadowStage(card, limit: limit, stamps: cache, backdrop: 0)!))
    #expect(Self.isUnstamped(ShadowStage(other, limit: limit, stamps: cache, backdrop: 0)!))
    #expect(cache.kept.count == 1)
    cache.endFrame()
    // Met in the frame before: both are stamped now, the first one reused.
    #expect(!Self.isUnstamped(ShadowStage(card, limit: limit, stamps: cache, backdrop: 0)!))
    #expect(!Self.isUnstamped(ShadowStage(other, limit: limit, stamps: cache, backdrop: 0)!))
    #expect(cache.kept.count == 2)
    cache.endFrame()
    cache.endFrame()
    // Two frames unmet: forgotten.
    #expect(Self.isUnstamped(ShadowStage(card, limit: limit, stamps: cache, backdrop: 0)!))
  }

  @Test func keptStampsStayWithinTheBudget() {
    let limit = PixelRect(x0: 0, y0: 0, x1: 400, y1: 300)
    let cache = StampCache(budgetBytes: 200_000)
    var stamped = 0, unstamped = 0
    for frame in 0..<2 {
      for i in 0..<40 {
        let draw = Self.shadow(
          RoundedRect(rect: F.rect(Double(i % 10) * 37 + 0.013 * Double(i), Double(i / 10) * 60, 30, 30)), sigma: 4,
          matrix: .identity)
        guard let stage = ShadowStage(draw, limit: limit, stamps: cache, backdrop: 0) else { continue }
        if frame == 1 { Self.isUnstamped(stage) ? (unstamped += 1) : (stamped += 1) }
      }
      #expect(cache.kept.bytes <= 200_000)
      cache.endFrame()
    }
    // Each stamp is about 54 × 54 × 9 bytes: eight fit, the rest are drawn without.
    #expect(stamped > 0 && unstamped > 0, "stamped \(stamped), unstamped \(unstamped)")
  }

  /// 60 cards at distinct sub-pixel offsets: the first frame draws their
  /// shadows and cards without stamps, the second with them; the same bytes.
  @Test func framesWithAndWithoutStampsAreTheSameBytes() throws {
    var commands: [DrawCommand] = []
    for i in 0..<60 {
      let x = Double(i % 10) * 31 + Double(i) * 0.137, y = Double(i / 10) * 27 + Double(i) * 0.071
      let shape = RoundedRect(rect: F.rect(x + 4, y + 4, 22, 16), radii: [5, 5, 5, 5])
      commands.append(.shadow(Self.shadow(shape, sigma: 2.5, matrix: .identity)))
      commands.append(F.roundedRect(shape.rect, radius: 5, color: PremultipliedColor(r: 1, g: 1, b: 1, a: 1)))
    }
    let plan = F.plan(320, 170, commands)
    let renderer = CPURenderer()
    let first = renderer.render(plan), second = renderer.render(plan)
    #expect(first.pixels == second.pixels)
    #expect(Set(first.pixels).count > 20, "shadows drawn")
  }
}
