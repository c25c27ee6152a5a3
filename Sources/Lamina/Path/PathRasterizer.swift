// PathRasterizer: exact area coverage of a path under the non-zero rule.
//
// Design: the path is transformed, flattened to chords within 0.005 px, and
// swept row by row. Each pixel row is cut into horizontal bands at every
// edge end point inside it and, where two edges cross inside a band, at the
// crossing. Within such a band every edge spans the full height and no two
// edges cross, so the winding number is constant between neighbouring edges
// and the filled region is a union of disjoint trapezoids: walking the edges
// sorted by x, a span opens where the winding leaves 0 and closes where it
// returns to 0. Each span adds its left edge with +height and its right edge
// with −height to a row accumulator (the signed-area cells of font
// rasterizers: per cell the area right of the edge, carried on by a prefix
// sum). The result is the exact coverage up to floating-point rounding and
// the flattening (≤ 0.005 px from the true curve); only when a row needs
// more than `maximumCrossingSplits` crossing cuts are the remaining bands
// taken as they are (then the error is at most the area between the
// crossing edges inside those bands). Crossings are found by insertion-
// sorting each band's edges from their top order to their bottom order:
// every swap is one crossing.
//
// Rejected: accumulating signed area alone (font-rs style), which computes
// the winding-weighted area and so cannot do non-zero (two overlapping
// same-direction rects would count twice, opposite ones partly cancel inside
// a pixel); and sub-scanline point sampling, whose error on near-horizontal
// edges is up to half a sub-scanline.

extension Path {
  /// The flattening tolerance of `rasterizedMask`, in device pixels.
  public static let rasterTolerance = 0.005

  /// A premultiplied white mask of the path filled with the non-zero rule
  /// after `transform` (path space to pixel space, y down, pixel (x, y)
  /// covering [x, x+1)×[y, y+1)): each pixel holds r = g = b = a =
  /// round(coverage × 255), coverage being the exact area of the pixel
  /// inside the path. Subpaths with non-finite points are left out, points
  /// are clamped to ±10⁹ px, and a size whose byte count overflows `Int`
  /// gives a 0×0 image.
  public func rasterizedMask(transform: CGAffineTransform, width: Int, height: Int) -> Image {
    var w = max(width, 0)
    var h = max(height, 0)
    // Sizes whose byte count overflows cannot be allocated: an empty mask.
    if w.multipliedReportingOverflow(by: h).overflow
      || (w * h).multipliedReportingOverflow(by: 4).overflow
    {
      (w, h) = (0, 0)
    }
    let coverage = coverageMask(transform: transform, width: w, height: h)
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    // Four equal bytes per pixel: one 32-bit store, whatever the byte order.
    pixels.withUnsafeMutableBytes { raw in
      let words = raw.bindMemory(to: UInt32.self)
      coverage.withUnsafeBufferPointer { values in
        for i in values.indices where values[i] > 0 {
          words[i] = UInt32((min(values[i], 1) * 255).rounded()) &* 0x0101_0101
        }
      }
    }
    return Image(width: w, height: h, premultipliedPixels: pixels)
  }

  /// The coverage (0…1) of every pixel, rows top-down: the values behind
  /// `rasterizedMask`, unrounded. `width × height` must be allocatable.
  public func coverageMask(transform: CGAffineTransform, width: Int, height: Int) -> [Float] {
    var rasterizer = NonZeroRasterizer(width: max(width, 0), height: max(height, 0))
    let polylines = applying(transform).flattened(tolerance: Path.rasterTolerance)
    for polyline in polylines where polyline.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
      rasterizer.addClosedPolyline(polyline)
    }
    return rasterizer.render()
  }
}

/// One edge, stored top to bottom with the direction it had.
struct RasterEdge {
  var x0: Double, y0: Double, x1: Double, y1: Double
  /// +1 when the edge pointed down (+y), −1 when up.
  var winding: Int

  func x(at y: Double) -> Double {
    if y <= y0 { return x0 }
    if y >= y1 { return x1 }
    return x0 + (y - y0) * (x1 - x0) / (y1 - y0)
  }
}

struct NonZeroRasterizer {
  /// Crossing cuts allowed per pixel row before bands are taken as they are.
  static let maximumCrossingSplits = 4096
  /// Bands thinner than this (px) are not cut further at crossings.
  static let minimumBand = 1e-9

  let width: Int
  let height: Int
  private var edges: [RasterEdge] = []

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Adds the edges of a polyline, closing it back to its first point.
  mutating func addClosedPolyline(_ points: [CGPoint]) {
    guard points.count > 1 else { return }
    for k in 0..<points.count {
      let a = points[k]
      let b = points[(k + 1) % points.count]
      addEdge(Double(a.x), Double(a.y), Double(b.x), Double(b.y))
    }
  }

  /// Coordinates are clamped to ±`coordinateLimit` px so that all edge
  /// arithmetic stays finite; canvases are far smaller.
  static let coordinateLimit = 1e9

  mutating func addEdge(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double) {
    let limit = Self.coordinateLimit
    let xa = min(max(xa, -limit), limit)
    let xb = min(max(xb, -limit), limit)
    let ya = min(max(ya, -limit), limit)
    let yb = min(max(yb, -limit), limit)
    if ya == yb { return }  // horizontal edges change no winding
    if ya < yb {
      edges.append(RasterEdge(x0: xa, y0: ya, x1: xb, y1: yb, winding: 1))
    } else {
      edges.append(RasterEdge(x0: xb, y0: yb, x1: xa, y1: ya, winding: -1))
    }
  }

  /// The coverage of every pixel, rows top-down.
  func render() -> [Float] {
    var out = [Float](repeating: 0, count: width * height)
    guard width > 0, height > 0, !edges.isEmpty else { return out }
    let sorted = edges.sorted { $0.y0 < $1.y0 }
    var next = 0
    var active: [RasterEdge] = []
    var row = RowAccumulator(width: width)
    let firstRow = max(0, Int(min(max(sorted[0].y0, -1), Double(height)).rounded(.down)))
    for y in firstRow..<height {
      let top = Double(y)
      let bottom = top + 1
      active.removeAll { $0.y1 <= top }
      while next < sorted.count, sorted[next].y0 < bottom {
        if sorted[next].y1 > top { active.append(sorted[next]) }
        next += 1
      }
      if active.isEmpty {
        if next == sorted.count { break }
        continue
      }
      row.sweep(active, top: top, bottom: bottom)
      row.write(into: &out, offset: y * width)
    }
    return out
  }
}

/// The band sweep and signed-area cells of one pixel row.
struct RowAccumulator {
  let width: Int
  /// Cell deltas: coverage of pixel x is the prefix sum of `cells[0...x]`.
  private var cells: [Double]
  private var splitsLeft = 0
  // Scratch storage, reused from row to row.
  private var cuts: [Double] = []
  private var spanning: [RasterEdge] = []

  init(width: Int) {
    self.width = width
    cells = [Double](repeating: 0, count: width + 2)
  }

  /// Writes the row's coverage (the prefix sums, clamped to 0…1) and
  /// clears the cells for the next row.
  mutating func write(into out: inout [Float], offset: Int) {
    var sum = 0.0
    for x in 0..<width {
      sum += cells[x]
      cells[x] = 0
      out[offset + x] = Float(min(max(sum, 0), 1))
    }
    cells[width] = 0
    cells[width + 1] = 0
  }

  /// Cuts the row at edge end points, then fills each band.
  mutating func sweep(_ active: [RasterEdge], top: Double, bottom: Double) {
    cuts.removeAll(keepingCapacity: true)
    cuts.append(top)
    cuts.append(bottom)
    for e in active {
      if e.y0 > top && e.y0 < bottom { cuts.append(e.y0) }
      if e.y1 > top && e.y1 < bottom { cuts.append(e.y1) }
    }
    cuts.sort()
    splitsLeft = NonZeroRasterizer.maximumCrossingSplits
    for k in 0..<(cuts.count - 1) {
      let ya = cuts[k]
      let yb = cuts[k + 1]
      if yb <= ya { continue }
      spanning.removeAll(keepingCapacity: true)
      for e in active where e.y0 <= ya && e.y1 >= yb { spanning.append(e) }
      fillBand(spanning, ya, yb)
    }
  }

  /// Fills one band whose edges all span it. Insertion-sorting the edges
  /// from their order at the top into their order at the bottom swaps
  /// exactly the pairs that cross inside the band (lines cross once); the
  /// band is cut at all those crossings, so each piece is crossing-free.
  /// Cost: O(n + k) for the k crossings, then O(n) per piece (the order
  /// changes little from piece to piece, which Swift's sort exploits).
  private mutating func fillBand(_ edges: [RasterEdge], _ ya: Double, _ yb: Double) {
    let n = edges.count
    guard n > 1 else { return }
    let top = edges.map { $0.x(at: ya) }
    let bottom = edges.map { $0.x(at: yb) }
    var order = Array(0..<n)
    order.sort { top[$0] < top[$1] || (top[$0] == top[$1] && bottom[$0] < bottom[$1]) }
    var crossings: [Double] = []
    var work = order
    var swapsLeft = splitsLeft
    sorting: for i in 1..<n {
      var j = i
      while j > 0, bottom[work[j - 1]] > bottom[work[j]] {
        // a is left of b at the top and right of it at the bottom.
        let a = work[j - 1]
        let b = work[j]
        let dTop = top[a] - top[b]
        let dBottom = bottom[a] - bottom[b]
        let y = ya + dTop / (dTop - dBottom) * (yb - ya)
        // Crossings within 1e-9 px of the band's edges change no coverage.
        if y - ya > NonZeroRasterizer.minimumBand && yb - y > NonZeroRasterizer.minimumBand {
          crossings.append(y)
        }
        work.swapAt(j - 1, j)
        j -= 1
        swapsLeft -= 1
        if swapsLeft <= 0 { break sorting }  // over budget: keep the cuts found
      }
    }
    crossings.sort()
    splitsLeft = max(0, splitsLeft - crossings.count)
    var lower = ya
    for upper in crossings + [yb] where upper > lower {
      fillPiece(edges, &order, lower, upper)
      lower = upper
    }
  }

  /// Fills a crossing-free band: a span opens where the winding number
  /// leaves 0 and closes where it returns to 0, walking the edges by x.
  private mutating func fillPiece(
    _ edges: [RasterEdge], _ order: inout [Int], _ ya: Double, _ yb: Double
  ) {
    let top = edges.map { $0.x(at: ya) }
    let bottom = edges.map { $0.x(at: yb) }
    order.sort { top[$0] + bottom[$0] < top[$1] + bottom[$1] }
    let height = yb - ya
    var winding = 0
    var open = 0
    for k in order {
      let before = winding
      winding += edges[k].winding
      if before == 0 && winding != 0 {
        open = k
      } else if before != 0 && winding == 0 {
        accumulate(top[open], bottom[open], height)
        accumulate(top[k], bottom[k], -height)
      }
    }
  }

  /// Adds an edge crossing the band from x `xa` (top) to `xb` (bottom):
  /// `dy` of coverage to everything right of it. Parts left of the row
  /// count at x = 0, parts right of it are dropped.
  private mutating func accumulate(_ xa: Double, _ xb: Double, _ dy: Double) {
    let limit = Double(width)
    let lo = min(xa, xb)
    let hi = max(xa, xb)
    if hi <= 0 {
      cells[0] += dy
      return
    }
    if lo >= limit { return }
    if hi - lo < 1e-12 {
      addVertical(lo, dy)
      return
    }
    let dydx = dy / (hi - lo)
    if lo < 0 { cells[0] += -lo * dydx }
    var x = max(lo, 0)
    let end = min(hi, limit)
    var cell = x.rounded(.down)
    while x < end {
      let nextX = min(cell + 1, end)
      let d = (nextX - x) * dydx
      let mid = (x + nextX) / 2 - cell
      let i = Int(cell)
      cells[i] += d * (1 - mid)
      cells[i + 1] += d * mid
      x = nextX
      cell += 1
    }
  }

  private mutating func addVertical(_ x: Double, _ dy: Double) {
    if x <= 0 {
      cells[0] += dy
      return
    }
    if x >= Double(width) { return }
    let cell = x.rounded(.down)
    let f = x - cell
    let i = Int(cell)
    cells[i] += dy * (1 - f)
    cells[i + 1] += dy * f
  }
}
