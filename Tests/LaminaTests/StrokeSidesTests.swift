// The stroker's side walk (OutlineBuilder.sides: strips along the two sides
// of each piece, cut where a join reaches too far) against its ribbons,
// wedges and caps, whose union is the stroke shape by construction: the
// same coverage, pixel by pixel, over random polylines, curves, stars and
// dashes with every join and cap. A notch or a spike in the walk (a cut
// missed, a side turned the wrong way) shows as coverage lost or gained.
import Foundation
import Testing
@testable import Lamina

@Suite struct StrokeSidesTests {
  /// Both are exact areas of the same region through other edges (the
  /// offsets' crossings computed, or swept), so a rounding apart: under
  /// 1e-7 over these trials. A notch or a spike is 1e-3 and more.
  static let rounding: Float = 1e-6

  struct Stream {
    var state: UInt64
    mutating func unit() -> Double {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Double(state >> 11) / Double(1 << 53)
    }
    mutating func range(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
  }

  /// Coverage of `polygons` (non-zero) over a 64 × 64 grid.
  static func coverage(_ polygons: PolygonSet) -> [Float] {
    let draw = PathDraw(
      matrix: .identity, polygons: polygons, rule: .nonZero, color: Color.black.premultiplied, clips: [], name: "")
    let rect = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
    guard let grid = draw.coverage(within: rect) else { return [Float](repeating: 0, count: 64 * 64) }
    var out = [Float](repeating: 0, count: 64 * 64)
    for y in grid.rect.y0..<grid.rect.y1 {
      for x in grid.rect.x0..<grid.rect.x1 {
        out[y * 64 + x] = grid.values[(y - grid.rect.y0) * grid.rect.width + (x - grid.rect.x0)]
      }
    }
    return out
  }

  /// A random path in a 40-unit box about (32, 32): a polyline, a star, cubics or arcs.
  static func path(_ s: inout Stream, kind: Int) -> String {
    func p() -> String { String(format: "%.3f %.3f", s.range(12, 52), s.range(12, 52)) }
    switch kind {
    case 0: return "M \(p()) " + (0..<Int(s.range(2, 9))).map { _ in "L \(p())" }.joined(separator: " ")
    case 1:
      let points = Int(s.range(4, 9)), inner = s.range(0.2, 0.7)
      let star = (0..<(2 * points)).map { k -> String in
        let a = Double(k) * Double.pi / Double(points), r = k % 2 == 0 ? 18 : 18 * inner
        return String(format: "%.3f %.3f", 32 + r * cos(a), 32 + r * sin(a))
      }
      return "M \(star[0]) " + star.dropFirst().map { "L \($0)" }.joined(separator: " ") + " Z"
    case 2: return "M \(p()) " + (0..<Int(s.range(1, 4))).map { _ in "C \(p()) \(p()) \(p())" }.joined(separator: " ")
    default:
      return "M \(p()) A 9 6 20 0 1 \(p()) L \(p()) A 4 4 0 1 0 \(p())" + (s.unit() < 0.5 ? " Z" : "")
    }
  }

  @Test(arguments: 0..<12)
  func walkingTheSidesCoversWhatThePiecesCover(seed: Int) throws {
    var s = Stream(state: UInt64(seed) &* 7919 &+ 3)
    for trial in 0..<16 {
      let svg = Self.path(&s, kind: trial % 4)
      var style = StrokeStyle(lineWidth: [0.5, 1.5, 3, 4.5, 8, 14][Int(s.range(0, 6))])
      style.lineJoin = [.round, .miter, .bevel][Int(s.range(0, 3))]
      style.lineCap = [.butt, .round, .square][Int(s.range(0, 3))]
      style.miterLimit = [1.5, 4, 10][Int(s.range(0, 3))]
      if s.unit() < 0.4 { style.dashPattern = [s.range(0.5, 6), s.range(0.5, 5)] }
      let subpaths = try Path(svg: svg).flattenedSubpaths(tolerance: 0.005)
      let walked = try style.outline(
        of: subpaths, tolerance: 0.005, maxDashes: 100_000, maxEdges: 1 << 21, walkingSides: true)
      let pieces = try style.outline(
        of: subpaths, tolerance: 0.005, maxDashes: 100_000, maxEdges: 1 << 21, walkingSides: false)
      let a = Self.coverage(walked), b = Self.coverage(pieces)
      let worst = zip(a, b).map { abs($0 - $1) }.max() ?? 0
      #expect(worst < Self.rounding, "seed \(seed) trial \(trial): \(svg) \(style): coverage apart by \(worst)")
    }
  }
}
