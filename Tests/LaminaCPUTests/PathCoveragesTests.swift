// PathCoverages.fill: a key asked twice in one frame is filled once (both
// slots share one grid), each slot gets its own draw's coverage (the one
// `PathDraw.coverage(within:)` gives alone, bit for bit), and the grids
// are kept for the next frame. A fill that matched keys wrongly (by hash
// alone, or by the first request of a hash) would hand a slot another
// draw's coverage and fail the comparison. Past the budget a grid is still
// handed to its slot but not kept.
import Foundation
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct PathCoveragesTests {
  static func draws() throws -> [PathDraw] {
    let json = #"""
      { "format": "lamina-scene", "version": 2, "canvas": { "width": 120, "height": 80, "scale": 1 }, "layers": [
        { "type": "shapeLayer", "frame": [0, 0, 120, 80], "path": { "svg": "M 10 10 L 110 20 L 60 70 Z" }, "fillColor": "#FF0000" },
        { "type": "shapeLayer", "frame": [0.5, 0.25, 120, 80], "path": { "svg": "M 10 10 L 110 20 L 60 70 Z" }, "fillColor": "#00FF00" },
        { "type": "shapeLayer", "frame": [0, 0, 120, 80], "path": { "svg": "M 20 60 C 40 0 80 0 100 60" }, "fillColor": null, "strokeColor": "#0000FF", "lineWidth": 5 }
      ] }
      """#
    let plan = try Scene(jsonData: Array(json.utf8)).renderPlan()
    return plan.surfaces[0].commands.compactMap { if case .path(let d) = $0 { d } else { nil } }
  }

  static func base(_ grid: PathCoverages.Grid?) -> UnsafeRawPointer? {
    grid?.values.withUnsafeBytes { $0.baseAddress }
  }

  @Test func aKeyAskedTwiceIsFilledOnceAndEverySlotGetsItsOwnDraw() throws {
    let d = try Self.draws()
    #expect(d.count == 3)
    let within = PixelRect(x0: 0, y0: 0, x1: 120, y1: 80)
    // Slots: a, b, a, c, b; a and b are one triangle half a pixel apart
    // (same polygons, other matrices: other keys).
    let order = [0, 1, 0, 2, 1]
    let misses = order.map { (key: d[$0].coverageKey(within: within), draw: d[$0], within: within) }
    let coverages = PathCoverages()
    let grids = coverages.fill(misses, threads: 2)
    for (slot, k) in order.enumerated() {
      let alone = d[k].coverage(within: within)
      #expect(grids[slot]?.rect == alone?.rect && grids[slot]?.values == alone?.values, "slot \(slot)")
    }
    #expect(Self.base(grids[0]) == Self.base(grids[2]) && Self.base(grids[1]) == Self.base(grids[4]))
    #expect(Set([grids[0], grids[1], grids[3]].map(Self.base)).count == 3)
    // Kept for the next frame, under each key.
    coverages.endFrame()
    for k in 0..<3 {
      let kept = coverages.kept(d[k].coverageKey(within: within))
      #expect(kept != nil && Self.base(kept!) == Self.base(grids[order.firstIndex(of: k)!]), "draw \(k)")
    }
  }

  @Test func pastTheBudgetAGridIsDrawnButNotKept() throws {
    let d = try Self.draws()
    let within = PixelRect(x0: 0, y0: 0, x1: 120, y1: 80)
    let sizes = d.map { ($0.coverage(within: within)?.values.count ?? 0) * 4 }
    // Room for the first two grids, not the third.
    let coverages = PathCoverages(budgetBytes: sizes[0] + sizes[1])
    let grids = coverages.fill(d.map { ($0.coverageKey(within: within), $0, within) }, threads: 1)
    #expect(grids.map { ($0?.values.count ?? 0) * 4 } == sizes && sizes.allSatisfy { $0 > 0 })
    #expect(coverages.keptBytes == sizes[0] + sizes[1])
    coverages.endFrame()
    #expect(coverages.kept(d[0].coverageKey(within: within)) != nil)
    #expect(coverages.kept(d[1].coverageKey(within: within)) != nil)
    let thirdKept = coverages.kept(d[2].coverageKey(within: within)) != nil
    #expect(!thirdKept, "over the budget: not kept")
  }
}
