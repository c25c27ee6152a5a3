// PlacedOutlinesTests: a text draw held as outlines placed at origins is
// the draw of the polygons they add up to: the same set when built, the
// same polygons one by one, the same counts and bounding box to the bit,
// and the same coverage under any matrix, compared with a draw made from
// the points that `PolygonSet.append(_:movedBy:)` writes.
import Foundation
import Lamina
import LaminaTestSupport
import Testing

@Suite struct PlacedOutlinesTests {
  /// Random outlines (one empty) and placements at fractional origins.
  static func sample(seed: UInt64) -> (PlacedOutlines, PolygonSet) {
    var random = SplitMix64(seed: seed)
    var outlines: [PolygonSet] = [PolygonSet()]
    for _ in 0..<5 {
      var set = PolygonSet()
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        let n = Int.random(in: 3...9, using: &random)
        set.append((0..<n).map { _ in SIMD2(Double.random(in: -6...6, using: &random), Double.random(in: -9...3, using: &random)) })
      }
      outlines.append(set)
    }
    var glyphs: [PlacedOutlines.Glyph] = [], points = PolygonSet()
    for k in 0..<40 {
      let origin = SIMD2(Double(k) * 7.31 + Double.random(in: 0..<1, using: &random), 12.4 + Double(k / 10) * 14.7)
      let outline = Int.random(in: 0..<outlines.count, using: &random)
      glyphs.append(PlacedOutlines.Glyph(outline: outline, origin: origin))
      points.append(outlines[outline], movedBy: origin)
    }
    return (PlacedOutlines(PlacedOutlines.Table(outlines), glyphs: glyphs), points)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func placedOutlinesAreTheirPoints(seed: UInt64) {
    let (placed, points) = Self.sample(seed: seed)
    #expect(placed.polygons == points)
    #expect(placed.count == points.count && placed.edgeCount == points.edgeCount)
    for i in 0..<points.count { #expect(placed.polygon(i) == Array(points.polygon(i)), "polygon \(i)") }
    let a = placed.boundingBox, b = points.boundingBox
    #expect(a.minX == b.minX && a.minY == b.minY && a.width == b.width && a.height == b.height)
  }

  @Test func aMovedGlyphChangesTheDigestAndEquality() {
    let (placed, _) = Self.sample(seed: 4)
    var glyphs = placed.glyphs
    glyphs[17].origin.y += 0.25
    let moved = PlacedOutlines(placed.table, glyphs: glyphs)
    #expect(moved != placed)
    #expect(moved.digest != placed.digest)
    #expect(PlacedOutlines(placed.table, glyphs: placed.glyphs) == placed)
  }

  @Test(arguments: [1, 2, 3] as [UInt64])
  func aPlacedDrawCoversAsItsPoints(seed: UInt64) {
    let (placed, points) = Self.sample(seed: seed)
    let ends = [points.count / 2, points.count]
    let matrices: [Transform3D] = [
      Transform3D(translationX: 3.3, y: 1.7),
      Transform3D(scaleX: 1.7, y: 1.7, z: 1).concatenating(Transform3D(translationX: 5.2, y: 2.1)),
      { var m = Transform3D(rotationAngle: 0.4, x: 0, y: 1, z: 0); m.m34 = -1 / 500; return m }()
        .concatenating(Transform3D(translationX: 20, y: 10)),
    ]
    for m in matrices {
      let a = PathDraw(
        matrix: m, placed: placed, rule: .nonZero, color: .init(r: 0, g: 0, b: 0, a: 1), clips: [], name: "p",
        pieceEnds: ends)
      let b = PathDraw(
        matrix: m, polygons: points, rule: .nonZero, color: .init(r: 0, g: 0, b: 0, a: 1), clips: [], name: "p",
        pieceEnds: ends)
      #expect(a.bounds == b.bounds && a.polygonCount == b.polygonCount && a.edgeCount == b.edgeCount)
      let limit = PixelRect(x0: -50, y0: -50, x1: 600, y1: 200)
      let ca = a.coverage(within: limit), cb = b.coverage(within: limit)
      #expect(ca?.rect == cb?.rect)
      #expect(ca?.values == cb?.values, "matrix \(m)")
      #expect((ca?.values.reduce(0, +) ?? 0) > 10)
    }
  }
}
