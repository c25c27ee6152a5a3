// Many commands in one tile (issue 31): a replicator's stacked copies put
// tens of thousands of commands into the same few tiles, and the tile loop
// asked two questions of each by scanning the others (quadratic: 190,000
// stacked 2×2 copies took 75 s on the CPU). TileWalk answers both in time
// that does not grow with the tile's commands. Checked here: its answers
// against the definitions over random tiles (pristine: no earlier bounds
// meet the region; the later occluders: the first `occluderWindow` of
// every later command with a cross in the tile), a stack of copies that
// overflows the window drawn byte for byte as every stage in order with
// nothing skipped, and the time of 60,000 stacked copies (minutes before).
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct TileWalkTests {
  /// A random rectangle around a 64×64 tile at (64, 128), sometimes empty.
  static func rect(_ g: inout SplitMix64) -> PixelRect {
    if g.next() % 5 == 0 { return .empty }
    let x0 = 40 + Int(g.next() % 90), y0 = 100 + Int(g.next() % 90)
    return PixelRect(x0: x0, y0: y0, x1: x0 + 1 + Int(g.next() % 30), y1: y0 + 1 + Int(g.next() % 30))
  }

  @Test func answersEqualTheDefinitions() {
    var g = SplitMix64(seed: 31)
    let tile = PixelRect(x0: 64, y0: 128, x1: 128, y1: 192)
    var walk = TileWalk()
    for round in 0..<40 {
      let n = 1 + Int(g.next() % 300)
      let bounds = (0..<n).map { _ in Self.rect(&g) }
      let crosses = (0..<(2 * n)).map { _ in g.next() % 3 == 0 ? Self.rect(&g) : .empty }
      // Candidates as the bins give them: some that miss the tile too.
      let candidates = Array(0..<n).filter { _ in g.next() % 7 != 0 }
      crosses.withUnsafeBufferPointer { crossesPointer in
        walk.begin(tile, candidates: candidates[...], bounds: bounds, crosses: crossesPointer.baseAddress!)
      }
      let active = candidates.filter { !bounds[$0].intersection(tile).isEmpty }
      #expect(walk.active == active, "round \(round)")
      for (i, c) in active.enumerated() {
        let region = bounds[c].intersection(tile)
        let later = active[(i + 1)...].filter {
          !crosses[2 * $0].intersection(tile).isEmpty || !crosses[2 * $0 + 1].intersection(tile).isEmpty
        }
        #expect(Array(walk.laterOccluders(after: i)) == Array(later.prefix(TileWalk.occluderWindow)), "round \(round) #\(i)")
        let pristine = active[..<i].allSatisfy { bounds[$0].intersection(region).isEmpty }
        #expect(walk.pristine(region, marking: bounds[c]) == pristine, "round \(round) #\(i)")
      }
    }
  }

  @Test func rowBitsCoverTheirColumnsOnly() {
    #expect(TileWalk.bits(0, 64) == ~0)
    #expect(TileWalk.bits(0, 1) == 1)
    #expect(TileWalk.bits(63, 64) == 1 << 63)
    #expect(TileWalk.bits(3, 7) == 0b111_1000)
  }

  /// `count` opaque 2×2 copies, each a quarter pixel right of the one
  /// before and a little redder, in one 40×40 replicator at (10, 10).
  static func stack(count: Int, canvas: Double = 64) throws -> Layer {
    let root = LayerFixtures.canvas(canvas, name: "root")
    let replicator = ReplicatorLayer()
    replicator.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
    replicator.instanceCount = count
    replicator.instanceTransform = Transform3D(translationX: 20.0 / Double(count), y: 0, z: 0)
    replicator.instanceColor = Color(red: 0, green: 0.5, blue: 1)
    replicator.instanceRedOffset = 1 / Double(count)
    let copy = Layer()
    copy.frame = CGRect(x: 3, y: 5, width: 2, height: 2)
    copy.backgroundColor = .white
    try replicator.addSublayer(copy)
    try root.addSublayer(replicator)
    return root
  }

  @Test func copiesPastTheWindowDrawTheBytesOfEveryStageInOrder() throws {
    // 300 copies in the same tile: far more later occluders than the window.
    let root = try Self.stack(count: 300)
    let plan = try RenderPlan(root: root, size: CGSize(width: 64, height: 64))
    #expect(plan.surfaces[0].commands.count == 300)
    let image = CPURenderer().render(plan)
    let reference = Raster(width: plan.width, height: plan.height, fill: plan.background)
    let limit = PixelRect(x0: 0, y0: 0, x1: plan.width, y1: plan.height)
    var occluders = 0
    for command in plan.surfaces[0].commands {
      guard case .roundedRect(let d) = command else {
        Issue.record("expected shapes only, got \(command)")
        continue
      }
      let stage = try #require(RoundedRectStage(d, limit: limit, stamps: StampCache()))
      if !stage.occluder.isEmpty { occluders += 1 }
      StageHarness.drawInTiles(stage, into: reference)
    }
    #expect(occluders > TileWalk.occluderWindow, "the copies must occlude, or the window is never full")
    let expected = Array(UnsafeBufferPointer(start: reference.pixels, count: plan.width * plan.height * 4))
    #expect(image.pixels == expected)
  }

  @Test func stackedCopiesCostLinearTime() throws {
    // 60,000 commands in one tile: 56 s on the CPU in a release build
    // before TileWalk (k² scans), about 0.1 s after.
    let root = try Self.stack(count: 60_000)
    let plan = try RenderPlan(root: root, size: CGSize(width: 64, height: 64))
    let started = ContinuousClock.now
    let image = CPURenderer().render(plan)
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < .seconds(20), "\(elapsed)")
    // The last copies are on top: red (their instance red reaches 1), opaque.
    let top = (15 * 64 + 33) * 4
    #expect(image.pixels[top] >= 254 && image.pixels[top + 2] == 255 && image.pixels[top + 3] == 255)
  }
}
