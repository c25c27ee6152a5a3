// HiddenRects.visibleParts, and the stages that evaluate a region's visible
// parts each on its own (an unstamped shadow, an axis-aligned rounded
// rectangle or ring): every pixel no later occluder hides is drawn as with
// nothing skipped, and every hidden one is left alone.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct VisiblePartsTests {
  static func store(_ rects: [PixelRect]) -> (HiddenRects, UnsafeMutablePointer<Int>) {
    let store = UnsafeMutablePointer<Int>.allocate(capacity: 4 * max(1, rects.count))
    for (i, rect) in rects.enumerated() {
      (store[4 * i], store[4 * i + 1], store[4 * i + 2], store[4 * i + 3]) = (rect.x0, rect.y0, rect.x1, rect.y1)
    }
    let largest = rects.max { $0.width * $0.height < $1.width * $1.height } ?? .empty
    return (HiddenRects(rects: store, count: rects.count, largest: largest), store)
  }

  /// The parts lie in the region, apart, and hold every visible pixel; with
  /// room enough they hold no hidden one.
  @Test(arguments: [32, 8])
  func partsAreTheRegionLessTheRectangles(capacity: Int) {
    var r = GradientFastPathTests.Random(state: 0x9A27)
    let region = PixelRect(x0: 64, y0: 128, x1: 128, y1: 180)
    let parts = UnsafeMutablePointer<PixelRect>.allocate(capacity: capacity)
    defer { parts.deallocate() }
    var exact = 0
    for _ in 0..<300 {
      let rects = (0..<Int(r.range(0, 6.99))).map { _ in
        let x0 = Int(r.range(40, 127.99)), y0 = Int(r.range(110, 179.99))
        return PixelRect(x0: x0, y0: y0, x1: Int(r.range(Double(x0) + 1, 150)), y1: Int(r.range(Double(y0) + 1, 200)))
      }
      let (hidden, store) = Self.store(rects)
      defer { store.deallocate() }
      let count = hidden.visibleParts(of: region, into: parts, capacity: capacity)
      var covered = [Int](repeating: 0, count: region.width * region.height)
      for p in 0..<count {
        let part = parts[p]
        #expect(part.intersection(region) == part && !part.isEmpty)
        for y in part.y0..<part.y1 {
          for x in part.x0..<part.x1 { covered[(y - region.y0) * region.width + (x - region.x0)] += 1 }
        }
      }
      var hiddenCovered = 0
      for y in region.y0..<region.y1 {
        for x in region.x0..<region.x1 {
          let n = covered[(y - region.y0) * region.width + (x - region.x0)]
          let isHidden = rects.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
          #expect(n <= 1, "a pixel in two parts")
          if !isHidden { #expect(n == 1, "visible (\(x), \(y)) in no part of \(rects)") }
          if isHidden && n == 1 { hiddenCovered += 1 }
        }
      }
      if hiddenCovered == 0 { exact += 1 }
      if capacity >= 32 && rects.count <= 3 { #expect(hiddenCovered == 0, "\(rects)") }
    }
    #expect(exact > 150, "most lists are cut away whole")
  }

  /// Draws `stage` over its bounds skipping `rects` and skipping nothing,
  /// onto a sentinel: hidden pixels keep it, the others are the same.
  static func expectSkips(_ stage: some PreparedDraw, _ rects: [PixelRect], _ label: String) {
    let sentinel = PremultipliedColor(r: 0.2, g: 0.1, b: 0.4, a: 0.5)
    let skipped = Raster(width: 128, height: 128, fill: sentinel), whole = Raster(width: 128, height: 128, fill: sentinel)
    let untouched = Raster(width: 128, height: 128, fill: sentinel), scratch = TileScratch()
    for y0 in stride(from: 0, to: 128, by: 64) {
      for x0 in stride(from: 0, to: 128, by: 64) {
        let region = stage.bounds.intersection(PixelRect(x0: x0, y0: y0, x1: x0 + 64, y1: y0 + 64))
        guard !region.isEmpty else { continue }
        let (tileHidden, tileStore) = Self.store(rects.map { $0.intersection(region) }.filter { !$0.isEmpty })
        defer { tileStore.deallocate() }
        stage.draw(region, skipping: tileHidden, pristine: false, into: skipped, scratch: scratch)
        stage.draw(region, skipping: .empty, pristine: false, into: whole, scratch: scratch)
      }
    }
    let result = StageHarness.compareSkipped(skipped, whole: whole, untouched: untouched, hidden: rects)
    if let mismatch = result.mismatch { Issue.record("\(label) \(mismatch)") }
    let (listed, drawn) = (result.hiddenDrawn, result.visibleDrawn)
    #expect(listed > 500 && drawn > 500, "\(label): the skipped pixels lie in the drawing (\(listed), \(drawn))")
  }

  /// Two rectangles of a cross and two apart, none holding the others.
  static let rects = [
    PixelRect(x0: 30, y0: 40, x1: 90, y1: 70), PixelRect(x0: 45, y0: 25, x1: 75, y1: 95),
    PixelRect(x0: 95, y0: 10, x1: 110, y1: 60), PixelRect(x0: 5, y0: 90, x1: 60, y1: 100),
  ]

  @Test func anUnstampedShadowSkipsEveryHiddenRectangle() throws {
    let shape = RoundedRect(rect: F.rect(20.3, 18.6, 80, 70), radii: [12, 12, 12, 12])
    let draw = ShadowDraw(
      matrix: .identity, shape: shape, sigma: 4, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5),
      extent: shape.rect.insetBy(dx: -12, dy: -12), clips: [], name: "s")
    let stage = try #require(ShadowStage(draw, limit: PixelRect(x0: 0, y0: 0, x1: 128, y1: 128), stamps: StampCache(), backdrop: 0))
    guard case .unstamped = stage.source else { Issue.record("expected an unstamped shadow"); return }
    Self.expectSkips(stage, Self.rects, "shadow")
  }

  @Test func anAxisAlignedRingSkipsEveryHiddenRectangle() throws {
    let outer = RoundedRect(rect: F.rect(10.3, 12.6, 100, 90), radii: [14, 14, 14, 14])
    let border = RoundedRect(rect: F.rect(18.3, 20.6, 84, 74), radii: [6, 6, 6, 6])
    for b in [nil, border] {
      let draw = RoundedRectDraw(
        matrix: .identity, outer: outer, border: b, color: PremultipliedColor(r: 0.9, g: 0.5, b: 0.1, a: 0.9),
        clips: [], name: "r")
      let stage = try #require(RoundedRectStage(draw, limit: PixelRect(x0: 0, y0: 0, x1: 128, y1: 128), stamps: StampCache()))
      guard case .axisAligned = stage.source else { Issue.record("expected the axis-aligned source"); return }
      Self.expectSkips(stage, Self.rects, b == nil ? "fill" : "ring")
    }
  }
}
