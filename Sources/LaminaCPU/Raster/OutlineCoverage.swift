// OutlineCoverage: a convex outline's exact area coverage over the tiles
// of one draw, as `CoverageAccumulator.add(outline)` makes it, with less
// work per tile (GradientStage: the accumulator was a quarter of S5's
// frame once the colours were fast).
//
// - Edges by tile row: each 64-row band of tiles keeps the outline's edges
//   that reach it, in the polygon's order, and a region adds only those
//   that do not lie wholly right of it. An edge right of the region adds
//   only to the accumulator's extra column, which nobody reads, and one
//   outside its rows adds nothing, so the coverage is the same bytes.
// - Regions wholly inside: for a convex outline the pixels whose square
//   lies inside are, row by row, an interval found once per draw from the
//   outline's crossings of the integer lines y = j (the left boundary is
//   convex in y, the right concave, so the row's square is inside when its
//   four corners are). A region whose every pixel is such a pixel is
//   written 1 without accumulating: its true area is 1, and the
//   accumulator's sums there (within a few Float roundings of 1) resolve to
//   exactly 1, which OutlineCoverageTests checks against the accumulator.
//
// Rejected: accumulating only the parts of a region off the inner
// intervals (a narrower region splits the edges that cross its new side,
// and the split moves the coverage by roundings: not the same bytes).
import Lamina

/// The coverage of one convex (or any, without the interior shortcut)
/// polygon over the tiles of a draw.
struct OutlineCoverage: Sendable {
  /// Edges (x0, y0, x1, y1) in target pixels, in `CoverageAccumulator.add`'s order.
  let edges: [SIMD4<Double>]
  /// Per band of `TileScratch.size` rows from `firstBand`, the indices of
  /// the edges that reach it, ascending.
  let bands: [[Int32]]
  let firstBand: Int
  /// Per pixel row from `firstRow`, the columns [lo, hi) of pixels wholly
  /// inside (lo ≥ hi: none).
  let inside: [(lo: Int, hi: Int)]
  let firstRow: Int

  init(_ polygon: [SIMD2<Double>], bounds: PixelRect) {
    let n = polygon.count
    var edges: [SIMD4<Double>] = []
    if n >= 3 {
      var p = polygon[n - 1]
      for q in polygon {
        edges.append(SIMD4(p.x, p.y, q.x, q.y))
        p = q
      }
    }
    self.edges = edges
    let size = TileScratch.size
    firstBand = bounds.isEmpty ? 0 : bounds.y0 / size
    let bandCount = bounds.isEmpty ? 0 : (bounds.y1 - 1) / size - firstBand + 1
    var bands = [[Int32]](repeating: [], count: bandCount)
    for (index, e) in edges.enumerated() {
      let lo = min(e.y, e.w), hi = max(e.y, e.w)
      guard lo.isFinite, hi.isFinite, lo < hi else { continue }
      // Clamped before the conversion: a far vertex must not trap.
      let a = Int(max(0, min(Double(bandCount), (lo / Double(size)).rounded(.down) - Double(firstBand))))
      let b = Int(max(-1, min(Double(bandCount - 1), (hi / Double(size)).rounded(.down) - Double(firstBand))))
      if a <= b { for band in a...b { bands[band].append(Int32(index)) } }
    }
    self.bands = bands
    firstRow = bounds.y0
    inside = Self.insideIntervals(edges, rows: bounds.y0..<max(bounds.y0, bounds.y1), convex: Self.isConvex(polygon))
  }

  /// Writes the coverage of `region` (within one band of tile rows) into
  /// `coverage`, row-major; true when every value is 1.
  func resolve(_ region: PixelRect, _ accumulator: CoverageAccumulator<Float>, into coverage: UnsafeMutablePointer<Float>)
    -> Bool
  {
    if isInside(region) {
      coverage.update(repeating: 1, count: region.width * region.height)
      return true
    }
    accumulator.begin(region)
    let band = region.y0 / TileScratch.size - firstBand
    let right = Double(region.x1)
    @inline(__always) func add(_ e: SIMD4<Double>) {
      // Wholly right of the region: only the unread extra column.
      if min(e.x, e.z) >= right { return }
      accumulator.addEdge(x0: e.x, y0: e.y, x1: e.z, y1: e.w)
    }
    if band >= 0 && band < bands.count && (region.y1 - 1) / TileScratch.size - firstBand == band {
      for index in bands[band] { add(edges[Int(index)]) }
    } else {
      for e in edges { add(e) }
    }
    accumulator.resolve(into: coverage)
    return false
  }

  /// Whether every pixel of `region` lies wholly inside the outline.
  func isInside(_ region: PixelRect) -> Bool {
    guard !region.isEmpty, region.y0 >= firstRow, region.y1 - firstRow <= inside.count else { return false }
    for j in region.y0..<region.y1 {
      let row = inside[j - firstRow]
      if row.lo > region.x0 || row.hi < region.x1 { return false }
    }
    return true
  }

  /// Whether the polygon turns one way only (a rounded rectangle's
  /// projected outline does; a degenerate or reflex one gets no interior).
  static func isConvex(_ polygon: [SIMD2<Double>]) -> Bool {
    let n = polygon.count
    guard n >= 3 else { return false }
    var sign = 0.0
    for i in 0..<n {
      let a = polygon[i], b = polygon[(i + 1) % n], c = polygon[(i + 2) % n]
      let u = b - a, v = c - b
      let cross = u.x * v.y - u.y * v.x
      guard cross.isFinite else { return false }
      if cross == 0 { continue }
      if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
    }
    return sign != 0
  }

  /// Per pixel row, the pixels whose square lies inside: between the
  /// larger left crossing and the smaller right crossing of its two lines,
  /// pulled in by 10⁻⁶ pixel for the roundings of the crossings.
  static func insideIntervals(_ edges: [SIMD4<Double>], rows: Range<Int>, convex: Bool) -> [(lo: Int, hi: Int)] {
    guard convex, !rows.isEmpty else { return rows.map { _ in (0, 0) } }
    // The outline's extent on each line y = rows.lowerBound + l.
    var left = [Double](repeating: .infinity, count: rows.count + 1)
    var right = [Double](repeating: -.infinity, count: rows.count + 1)
    let first = rows.lowerBound
    for e in edges {
      let (ya, yb) = (min(e.y, e.w), max(e.y, e.w))
      guard ya.isFinite, yb.isFinite else { continue }
      let a = Int(max(Double(first), min(Double(rows.upperBound + 1), ya.rounded(.up))))
      let b = Int(max(Double(first - 1), min(Double(rows.upperBound), yb.rounded(.down))))
      guard a <= b else { continue }
      for y in a...b {
        let Y = Double(y)
        let xs: (Double, Double)
        if e.w == e.y {
          xs = (min(e.x, e.z), max(e.x, e.z))
        } else {
          let x = e.x + (Y - e.y) * (e.z - e.x) / (e.w - e.y)
          xs = (x, x)
        }
        left[y - first] = min(left[y - first], xs.0)
        right[y - first] = max(right[y - first], xs.1)
      }
    }
    let margin = 1e-6
    return (0..<rows.count).map { l in
      let lo = max(left[l], left[l + 1]) + margin, hi = min(right[l], right[l + 1]) - margin
      guard lo.isFinite, hi.isFinite, lo < hi else { return (0, 0) }
      // Clamped to what a region can ask about (a PixelRect's Ints).
      let limit = Double(Int32.max)
      return (Int(max(-limit, min(limit, lo.rounded(.up)))), Int(max(-limit, min(limit, hi.rounded(.down)))))
    }
  }
}
