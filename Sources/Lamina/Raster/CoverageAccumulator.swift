// CoverageAccumulator: exact area coverage of polygons over a rectangle of
// pixels. The one rasterizer of the package: LaminaCPU fills every shape,
// clip, image outline and shadow extent with it (one per worker, over a
// 64×64 tile), and the lowering draws `shadowPath` coverage with it
// (`Path.coverageGrid`, through `FillSweep`).
//
// Design: signed-area cells, as font rasterizers (font-rs, stb_truetype)
// and tiny-skia accumulate them. Each edge adds, to every pixel of the rows
// it crosses, the signed area of the pixel that lies to its right within
// the row; a running sum along the row then gives every pixel's covered
// area (|sum|, capped at 1). For one row band of an edge whose x runs
// linearly over [xmin, xmax], the area right of the edge in cell i is
//   d·(Q(i+1−xmin) − Q(i+1−xmax)) / (xmax − xmin),  Q(s) = ∫₀ˢ clamp(u, 0, 1) du,
// d the band's signed height: exact for straight edges, so the only error
// is the flattening of curves (LaminaCPU keeps it below 0.001 pixel, an
// area error under 0.4/255; path coverage below 0.005).
//
// Edges left of the region still cover it: they are clamped onto its left
// side, where they add their full height; edges right of it land in an
// extra column nobody reads.
//
// The sum is the winding-weighted area. It is the coverage where, inside
// each pixel, the winding number keeps one sign and either stays within ±1
// or never returns to 0: true of a polygon that does not cross itself and
// of a ring (an outline with its hole added backwards, `subtract`), what
// LaminaCPU draws (and of polygons that only touch, an image's slices).
// Paths may overlap and cross themselves; `FillSweep` adds only the
// boundary of their non-zero region, cut into crossing-free bands, or
// their own edges where `SimpleContours` proves that exact.
//
// The cells are generic: Float for LaminaCPU's tiles (half the memory to
// clear and sum per command; its goldens are these bytes), Double for path
// coverage grids, whose rows run to thousands of pixels and whose coverage is
// checked against closed forms to 1e-9. The hot methods are `@inlinable`,
// so LaminaCPU gets code specialized for Float, as when the accumulator
// was its own.
//
// Rejected: two rasterizers, one per module (until issue 15 the lowering
// had a Double non-zero rasterizer of its own beside LaminaCPU's Float
// accumulator, computing the same areas with other code); Double cells
// everywhere (LaminaCPU's bytes would move by a rounding, and its tile
// memory double) or Float cells everywhere (a path grid's long rows would
// drift by roundings, and its bytes with them); supersampling (16×16 samples still err by 1/32 on a
// near-horizontal edge); per-pixel distance functions (not exact at
// corners, and not defined for continuous corners).

/// Exact area coverage of polygons over a region of at most
/// `maximumWidth × maximumHeight` pixels: `begin` a region, `add` (and
/// `subtract`) polygons in target pixels, then `resolve` the coverage.
///
/// `Cell` is the precision of the accumulated areas (`Float` or `Double`).
/// The accumulator owns its memory and is reused from region to region;
/// it is not safe to share between threads.
public final class CoverageAccumulator<Cell: BinaryFloatingPoint> {
  /// The widest region `begin` accepts.
  public let maximumWidth: Int
  /// The tallest region `begin` accepts.
  public let maximumHeight: Int
  /// Per row of the region, `width + 2` cell deltas: a pixel's signed
  /// covered area is the sum of its row's cells up to and including its own.
  @usableFromInline let cells: UnsafeMutablePointer<Cell>
  // Read for every edge: no run-time exclusivity check (one owner at a
  // time, as the class says; the checks were ~2 % of a cold S4).
  @exclusivity(unchecked) @usableFromInline var origin = (x: 0, y: 0)
  @exclusivity(unchecked) @usableFromInline var size = (width: 0, height: 0)

  /// The region's first column, in target pixels.
  @inlinable public var x0: Int { origin.x }
  /// The region's first row, in target pixels.
  @inlinable public var y0: Int { origin.y }
  /// The region's width in pixels.
  @inlinable public var width: Int { size.width }
  /// The region's height in pixels.
  @inlinable public var height: Int { size.height }

  /// An accumulator for regions up to `maximumWidth × maximumHeight` pixels.
  public init(maximumWidth: Int, maximumHeight: Int) {
    self.maximumWidth = max(0, maximumWidth)
    self.maximumHeight = max(0, maximumHeight)
    cells = .allocate(capacity: max(1, (self.maximumWidth + 2) * self.maximumHeight))
  }

  deinit { cells.deallocate() }

  /// Starts accumulating over `region` (as `begin(x0:y0:width:height:)`).
  @inlinable public func begin(_ region: PixelRect) {
    begin(x0: region.x0, y0: region.y0, width: region.width, height: region.height)
  }

  /// Clears the cells and starts accumulating over the region of
  /// `width × height` pixels whose top left pixel is (x0, y0), in target
  /// pixels: [x0, x0 + width) × [y0, y0 + height). It must fit the maximum
  /// size.
  @inlinable public func begin(x0: Int, y0: Int, width: Int, height: Int) {
    precondition(
      width >= 0 && height >= 0 && width <= maximumWidth && height <= maximumHeight, "region too large")
    (origin, size) = ((x0, y0), (width, height))
    cells.update(repeating: 0, count: (width + 2) * height)
  }

  /// Adds a closed polygon in target pixels (its last point joins its
  /// first). Fewer than three points add nothing.
  @inlinable public func add(_ polygon: [SIMD2<Double>]) {
    let n = polygon.count
    guard n >= 3 else { return }
    let ox = Double(x0), oy = Double(y0), w = Double(width), h = Double(height)
    var p = polygon[n - 1]
    for q in polygon {
      addEdge(p.x - ox, p.y - oy, q.x - ox, q.y - oy, w, h)
      p = q
    }
  }

  /// Adds a closed polygon traversed backwards: subtracts its area (the
  /// hole of a ring).
  @inlinable public func subtract(_ polygon: [SIMD2<Double>]) {
    let n = polygon.count
    guard n >= 3 else { return }
    let ox = Double(x0), oy = Double(y0), w = Double(width), h = Double(height)
    var p = polygon[0]
    for q in polygon.reversed() {
      addEdge(p.x - ox, p.y - oy, q.x - ox, q.y - oy, w, h)
      p = q
    }
  }

  /// Adds one edge from (x0, y0) to (x1, y1) in target pixels: downward
  /// edges add area, upward ones take it away. Edges with a non-finite
  /// coordinate are left out.
  @inlinable public func addEdge(x0: Double, y0: Double, x1: Double, y1: Double) {
    let ox = Double(self.x0), oy = Double(self.y0)
    addEdge(x0 - ox, y0 - oy, x1 - ox, y1 - oy, Double(width), Double(height))
  }

  /// Writes the coverage (0…1) of everything added since `begin` into
  /// `out`, row-major over the region (`width × height` values). Sums
  /// within 10⁻⁵ of 1 are written as exactly 1.
  @inlinable public func resolve(into out: UnsafeMutablePointer<Float>) {
    let w = width, stride = w + 2
    for j in 0..<height {
      var sum: Cell = 0
      let row = cells + j * stride, o = out + j * w
      for i in 0..<w {
        sum += row[i]
        // Rounding leaves interior sums a few ulps from 1: make them 1, so
        // full pixels are written exactly (and may be skipped by others).
        let a = abs(sum)
        o[i] = a > 0.99999 ? 1 : Float(a)
      }
    }
  }

  /// One edge in region coordinates: clipped to the rows, split where it
  /// leaves the region on the left or right and clamped onto that side.
  @inlinable @inline(__always)
  func addEdge(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ w: Double, _ h: Double) {
    guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
    // Entirely above or below the region: nothing to add.
    guard max(y0, y1) > 0, min(y0, y1) < h else { return }
    let dir: Double = y0 < y1 ? 1 : -1
    var (xa, ya, xb, yb) = y0 < y1 ? (x0, y0, x1, y1) : (x1, y1, x0, y0)
    guard yb > 0, ya < h else { return }
    let dxdy = (xb - xa) / (yb - ya)
    if ya >= 0 && yb <= h && xa >= 0 && xa <= w && xb >= 0 && xb <= w {
      // Inside the region (most edges): `addClamped` would divide for the
      // same slope again (a sixth of an edge's time, measured on glyph
      // outlines).
      addClamped(xa, ya, xb, yb, dir, w, slope: dxdy)
      return
    }
    if ya < 0 { xa += dxdy * (0 - ya); ya = 0 }
    if yb > h { xb -= dxdy * (yb - h); yb = h }
    if xa >= 0 && xa <= w && xb >= 0 && xb <= w {
      addClamped(xa, ya, xb, yb, dir, w)
      return
    }
    // Split where x crosses 0 and w (at most two cuts, in order along the edge).
    var t1 = 1.0, t2 = 1.0
    if xb != xa {
      let c0 = (0 - xa) / (xb - xa), c1 = (w - xa) / (xb - xa)
      let lo = min(c0, c1), hi = max(c0, c1)
      if lo > 0 && lo < 1 { t1 = lo }
      if hi > 0 && hi < 1 { if t1 == 1 { t1 = hi } else { t2 = hi } }
    }
    var ta = 0.0
    for k in 0..<3 {
      let tb = k == 0 ? t1 : (k == 1 ? t2 : 1.0)
      guard tb > ta else { continue }
      let sxa = min(w, max(0, xa + (xb - xa) * ta)), sxb = min(w, max(0, xa + (xb - xa) * tb))
      addClamped(sxa, ya + (yb - ya) * ta, sxb, ya + (yb - ya) * tb, dir, w)
      ta = tb
    }
  }

  /// An edge inside the region's columns, with ya < yb.
  @inlinable
  func addClamped(_ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ dir: Double, _ w: Double) {
    addClamped(xa, ya, xb, yb, dir, w, slope: (xb - xa) / (yb - ya))
  }

  /// `addClamped` with its slope, (xb − xa) / (yb − ya), already divided.
  @inlinable @inline(__always)
  func addClamped(
    _ xa: Double, _ ya: Double, _ xb: Double, _ yb: Double, _ dir: Double, _ w: Double, slope dxdy: Double
  ) {
    guard yb > ya else { return }
    let stride = Int(w) + 2
    var j = Self.floor(ya)
    let jEnd = Self.ceiling(yb)
    while j < jEnd {
      let top = max(ya, Double(j)), bottom = min(yb, Double(j + 1))
      if bottom > top {
        // Interpolation may step a rounding error outside [0, w]: clamp.
        let xt = min(w, max(0, xa + (top - ya) * dxdy)), xbm = min(w, max(0, xa + (bottom - ya) * dxdy))
        addBand(row: cells + j * stride, min(xt, xbm), max(xt, xbm), dir * (bottom - top))
      }
      j += 1
    }
  }

  /// ⌊v⌋ of a finite v ≥ 0 (region coordinates, clamped): a truncation.
  /// `rounded(.down)` was a call into the C library's `floor` here, with
  /// its `ceil` ~3 % of a cold S7 (this build targets no SSE4.1).
  @inlinable @inline(__always)
  static func floor(_ v: Double) -> Int { Int(v) }

  /// ⌈v⌉ of a finite v ≥ 0.
  @inlinable @inline(__always)
  static func ceiling(_ v: Double) -> Int {
    let t = Int(v)
    return Double(t) < v ? t + 1 : t
  }

  /// One row band: x spans [lo, hi], signed height d.
  @inlinable @inline(__always)
  func addBand(row: UnsafeMutablePointer<Cell>, _ lo: Double, _ hi: Double, _ d: Double) {
    let i0 = Self.floor(lo)
    let i1 = max(i0, Self.ceiling(hi))
    let span = hi - lo
    var previous = 0.0
    if span < 1e-12 {
      for i in i0...i1 {
        let c = d * min(1, max(0, Double(i + 1) - lo))
        row[i] += Cell(c - previous)
        previous = c
      }
      return
    }
    @inline(__always) func q(_ s: Double) -> Double { s <= 0 ? 0 : (s < 1 ? 0.5 * s * s : s - 0.5) }
    let k = d / span
    for i in i0...i1 {
      let c = i == i1 ? d : k * (q(Double(i + 1) - lo) - q(Double(i + 1) - hi))
      row[i] += Cell(c - previous)
      previous = c
    }
  }
}
