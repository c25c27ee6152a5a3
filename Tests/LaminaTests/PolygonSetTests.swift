// PolygonSet's digest (the key of every path coverage cache) and its
// moved append (how the lowering places a run's glyph outlines), and its
// trimmed copy (what a plan keeps).
import Testing
@testable import Lamina

@Suite struct PolygonSetTests {
  static func random(_ seed: UInt64, polygons: Int) -> PolygonSet {
    var state = seed
    func next() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53) * 100
    }
    return PolygonSet((0..<polygons).map { k in (0..<(3 + k % 5)).map { _ in SIMD2(next(), next()) } })
  }

  @Test func theDigestFollowsEveryBitOfThePointsAndTheCount() {
    let a = Self.random(1, polygons: 7)
    #expect(a.digest == Self.random(1, polygons: 7).digest)
    // Each point's x and y moved by one unit in the last place, in turn:
    // all different from the original and from each other.
    var seen: Set<Int> = [a.digest]
    for i in a.points.indices {
      for axis in 0..<2 {
        var points = a.points
        points[i][axis] = points[i][axis].nextUp
        let moved = PolygonSet(Self.split(points, like: a))
        #expect(seen.insert(moved.digest).inserted, "point \(i) axis \(axis)")
      }
    }
    // The same points cut into other polygons.
    let recut = PolygonSet([Array(a.points[0..<6]), Array(a.points[6...])])
    #expect(recut.points == a.points && recut.digest != a.digest)
    #expect(PolygonSet().digest != PolygonSet([[SIMD2(0, 0), SIMD2(0, 0), SIMD2(0, 0)]]).digest)
  }

  @Test func aMovedAppendIsTheMovedPolygonsAppended() {
    let a = Self.random(2, polygons: 3), b = Self.random(3, polygons: 5), offset = SIMD2(12.25, -3.5)
    var moved = a
    moved.append(b, movedBy: offset)
    var expected = a
    for k in 0..<b.count { expected.append(b.polygon(k).map { $0 + offset }) }
    #expect(moved == expected && moved.ends == expected.ends)
  }

  @Test func trimmedIsTheSamePolygonsInStorageOfTheirSize() {
    // Appended one by one, the arrays grow by doubling: 1,500 points end
    // in room for 2,048 or so.
    var grown = PolygonSet()
    for k in 0..<300 { grown.append(Self.random(UInt64(k), polygons: 1).points[0..<3] + [SIMD2(1, 2), SIMD2(3, 4)]) }
    #expect(grown.points.capacity > grown.points.count + grown.points.count / 8, "the case trimming is for")
    let trimmed = grown.trimmed()
    #expect(trimmed == grown && trimmed.ends == grown.ends && trimmed.digest == grown.digest)
    #expect(trimmed.points.capacity <= trimmed.points.count + trimmed.points.count / 8)
    #expect(trimmed.ends.capacity <= trimmed.ends.count + trimmed.ends.count / 8 + 2)
    // Already about its size: the same storage, no copy.
    let again = trimmed.trimmed()
    #expect(again.points.withUnsafeBytes { $0.baseAddress } == trimmed.points.withUnsafeBytes { $0.baseAddress })
  }

  /// `points` cut where `like`'s polygons end.
  static func split(_ points: [SIMD2<Double>], like: PolygonSet) -> [[SIMD2<Double>]] {
    var start = 0
    return like.ends.map { end in
      defer { start = end }
      return Array(points[start..<end])
    }
  }
}
