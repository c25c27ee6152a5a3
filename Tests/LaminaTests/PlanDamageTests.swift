// The damage rule (Damage/PlanDamage.swift) on plans whose answer is worked
// out by hand, and on the S6 bench scenes: one card moved damages only the
// pixels around its old and new places (a rule that damaged everything, or
// only the card without its shadow, fails here), and a frame that changes
// nothing damages nothing.
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite("Plan damage")
struct PlanDamageTests {
  /// A 200×100 canvas with one unclipped, unrotated 20×10 card at (x, y).
  static func plan(cardAt x: Double, _ y: Double, color: PremultipliedColor = .init(r: 1, g: 0, b: 0, a: 1))
    -> RenderPlan
  {
    let card = RoundedRectDraw(
      matrix: Transform3D(translationX: x, y: y), outer: RoundedRect(rect: CGRect(x: 0, y: 0, width: 20, height: 10)),
      border: nil, color: color, clips: [], name: "card")
    let other = RoundedRectDraw(
      matrix: .identity, outer: RoundedRect(rect: CGRect(x: 150, y: 50, width: 30, height: 30)), border: nil,
      color: .init(r: 0, g: 0, b: 1, a: 1), clips: [], name: "other")
    return RenderPlan(
      width: 200, height: 100, background: .init(r: 1, g: 1, b: 1, a: 1),
      surfaces: [Surface(width: 200, height: 100, label: "canvas", commands: [.roundedRect(card), .roundedRect(other)])])
  }

  /// The damage from plan `a` to plan `b`.
  func damage(_ a: RenderPlan, _ b: RenderPlan) -> PlanDamage {
    var next = PlanDigest(b)
    return PlanDamage.between(PlanDigest(a), &next)
  }

  @Test func aMovedCardDamagesItsOldAndNewBoxesGrownByTheMargin() {
    let d = damage(Self.plan(cardAt: 10, 20), Self.plan(cardAt: 40.5, 30))
    // Old box [10, 30) × [20, 30), new [40.5, 60.5) × [30, 40) rounded out to
    // [40, 61) × [30, 40); each grown by 2 pixels.
    #expect(!d.isEverything)
    #expect(Set(d.rects) == [PixelRect(x0: 8, y0: 18, x1: 32, y1: 32), PixelRect(x0: 38, y0: 28, x1: 63, y1: 42)])
    // The other card, unchanged, is no part of it.
    #expect(!d.intersects(PixelRect(x0: 150, y0: 50, x1: 180, y1: 80)))
  }

  @Test func theSamePlanDamagesNothingAndAGlobalChangeEverything() {
    let a = Self.plan(cardAt: 10, 20)
    #expect(damage(a, Self.plan(cardAt: 10, 20)).isEmpty)
    var other = Self.plan(cardAt: 10, 20)
    other.background = .init(r: 0, g: 0, b: 0, a: 1)
    #expect(damage(a, other).isEverything)
    var bigger = Self.plan(cardAt: 10, 20)
    bigger.width = 201
    bigger.surfaces[0].width = 201
    #expect(damage(a, bigger).isEverything)
  }

  @Test func aCommandThatAppearsDamagesOnlyItsOwnFootprint() {
    let a = Self.plan(cardAt: 10, 20)
    var b = a
    let shadow = ShadowDraw(
      matrix: .identity, shape: RoundedRect(rect: CGRect(x: 100, y: 10, width: 20, height: 20)), sigma: 2,
      color: .init(r: 0, g: 0, b: 0, a: 0.5), extent: CGRect(x: 94, y: 4, width: 32, height: 32), clips: [],
      name: "shadow")
    b.surfaces[0].commands.insert(.shadow(shadow), at: 0)
    let d = damage(a, b)
    // Inserted first: matched by the diff, not by index (which would damage both cards too).
    #expect(d.rects == [PixelRect(x0: 92, y0: 2, x1: 128, y1: 38)])
  }

  @Test func aChangedOffscreenDamagesItsCompositeAndAMovedOneDoesNot() {
    func plan(_ color: Float, offscreenFirst: Bool) -> RenderPlan {
      let group = Surface(
        width: 30, height: 30, label: "group",
        commands: [
          .roundedRect(
            RoundedRectDraw(
              matrix: .identity, outer: RoundedRect(rect: CGRect(x: 0, y: 0, width: 30, height: 30)), border: nil,
              color: .init(r: color, g: 0, b: 0, a: 1), clips: [], name: "inside"))
        ])
      let empty = Surface(width: 5, height: 5, label: "unused")
      let index = offscreenFirst ? 1 : 2
      let composite = CompositeDraw(
        surface: index, matrix: Transform3D(translationX: 50, y: 40), opacity: 0.5, mask: nil, shadow: nil,
        sampling: Sampling(minification: .nearest, magnification: .nearest, bias: 0), clips: [], name: "group")
      var surfaces = [Surface(width: 200, height: 100, label: "canvas", commands: [.composite(composite)])]
      surfaces += offscreenFirst ? [group, empty] : [empty, group]
      return RenderPlan(width: 200, height: 100, background: .init(r: 1, g: 1, b: 1, a: 1), surfaces: surfaces)
    }
    let a = plan(1, offscreenFirst: true)
    #expect(damage(a, plan(1, offscreenFirst: false)).isEmpty)
    let d = damage(a, plan(0.5, offscreenFirst: true))
    #expect(d.rects == [PixelRect(x0: 48, y0: 38, x1: 82, y1: 72), PixelRect(x0: 48, y0: 38, x1: 82, y1: 72)])
  }

  @Test func oneCardMovedInS6OneDamagesUnderThreePercentOfTheTiles() throws {
    let scene = try Scene(contentsOfFile: Corpus.root + "/Tests/Scenes/bench/S6-one.json")
    let tiles = 30 * 17  // 64-pixel tiles over 1920×1080
    var previous = PlanDigest(try scene.presentation(at: 0).renderPlan())
    for n in [1, 60] {
      var next = PlanDigest(try scene.presentation(at: Double(n) / 60).renderPlan())
      let d = PlanDamage.between(previous, &next)
      let damaged = d.tiles(side: 64, width: 1920, height: 1080).count
      #expect(!d.isEverything && damaged > 0 && damaged <= tiles * 3 / 100, "frame \(n): \(damaged) of \(tiles) tiles")
      previous = next
    }
    // Nothing animated between two equal times: no damage.
    var again = PlanDigest(try scene.presentation(at: 1).renderPlan())
    let same = PlanDamage.between(previous, &again)
    #expect(same.isEmpty)
  }

  @Test func mergingKeepsEveryDamagedPixelCovered() {
    var rng = SplitMix64(seed: 18)
    for _ in 0..<200 {
      let rects = (0..<rng.int(1...12)).map { _ in
        let x = rng.int(0...90), y = rng.int(0...90)
        return PixelRect(x0: x, y0: y, x1: x + rng.int(1...20), y1: y + rng.int(1...20))
      }
      let d = PlanDamage(rects: rects, isEverything: false)
      let merged = d.merged(into: 3)
      #expect(merged.count <= 3)
      var lost = 0
      for r in rects {
        for y in r.y0..<r.y1 {
          for x in r.x0..<r.x1 where !merged.contains(where: { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }) {
            lost += 1
          }
        }
      }
      #expect(lost == 0, "\(rects) merged into \(merged)")
    }
  }

  /// `count` cards in a row of plan commands, those of `changed` a
  /// different colour (each a command no other equals).
  static func row(_ count: Int, changed: Range<Int> = 0..<0) -> RenderPlan {
    let commands = (0..<count).map { k -> DrawCommand in
      let shade: Float = changed.contains(k) ? Float(k + 1) / Float(count + 1) : 0
      return .roundedRect(RoundedRectDraw(
        matrix: Transform3D(translationX: Double(k % 40) * 5, y: Double(k / 40) * 3),
        outer: RoundedRect(rect: CGRect(x: 0, y: 0, width: 4, height: 2)), border: nil,
        color: .init(r: shade, g: 0, b: 1, a: 1), clips: [], name: "card \(k)"))
    }
    return RenderPlan(
      width: 200, height: 100, background: .init(r: 1, g: 1, b: 1, a: 1),
      surfaces: [Surface(width: 200, height: 100, label: "canvas", commands: commands)])
  }

  @Test func editsUpToTheLimitAreMatchedAndOnePairMoreDamagesEverything() {
    // n changed commands in the middle are 2n edits (each deleted and
    // inserted): 512 are exactly maxEdits, 513 one pair more. The hash
    // bound skips the search only where it must fail; one too strict (or
    // off by one) damages everything at 512 as well.
    #expect(PlanDamage.maxEdits == 1024)
    let base = Self.row(1200)
    let atLimit = damage(base, Self.row(1200, changed: 300..<812))
    #expect(!atLimit.isEverything && atLimit.rects.count == 2 * 512)
    #expect(damage(base, Self.row(1200, changed: 300..<813)).isEverything)
    // No pair can match (every command changed, 2 × 400 edits): each
    // command's footprint, old and new, without a search.
    let all = damage(Self.row(400), Self.row(400, changed: 0..<400))
    #expect(!all.isEverything && all.rects.count == 800)
    // Reordered commands match nothing positionally but everything as a
    // multiset: the bound lets the search run, which finds the edits.
    var swapped = base
    swapped.surfaces[0].commands.swapAt(10, 1100)
    let d = damage(base, swapped)
    #expect(!d.isEverything && d.rects.count == 4)
  }

  @Test func theMatchBoundIsTheMultisetIntersection() {
    #expect(Diff.matchBound([1, 1, 2, 3], [1, 2, 2, 4]) == 2)
    #expect(Diff.matchBound([5, 5, 5], [5, 5]) == 2)
    #expect(Diff.matchBound([], [1]) == 0)
    #expect(Diff.matchBound([7, 8, 9][1...], [9, 8, 7][..<2]) == 2)
  }
}
