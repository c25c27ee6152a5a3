// The Gaussian shadow of a rounded rectangle, defined once: the coverage of
// the shape convolved with a 2D Gaussian, evaluated at one point.
//
// Method: by Green's theorem, ∫∫_shape G(p − q) dq = ∮ Φ((X − px)/σ) g(Y − py) dY
// along the outline (Φ the normal distribution function, g the density).
// The rectangle gives the exact product of erf differences; each rounded
// corner adds the integral along its curve minus the straight path it
// replaces. The curve pieces are smooth in their parameter, so composite
// 12-point Gauss–Legendre with panels no longer than 6σ is within 3e-9 of
// a rule twelve times finer (worked for σ from 0.5 to 8 over circular
// corners of radius 3 to 40: 2.9e-9 at worst, as 8 points on panels of 3σ,
// the rule until 2026-11-29, which took a third more nodes: 16 for S1's
// corners of radius 12 at σ 4, now 12); a corner whose square holds less
// than 1e-6 of Gaussian mass is skipped.
//
// On a grid of points (a stamp's pixel centres under an axis-aligned map)
// every term is a product of a function of x and a function of y: the
// rectangle's erf differences, each corner's skip bound and straight path,
// and each quadrature node's Φ(x)·g(y). `values(xs:ys:into:)` computes the
// factors once per column and per row and multiplies them per point in the
// order `value(x:y:)` does, so both give the same bits; a 600×500 stamp
// then costs ~1,100 columns and rows of erf and exp instead of 300,000
// points of them. A grid that a corner's skip bound provably misses (the
// bound's factors peak at the point nearest the corner square's middle)
// skips that corner before any of its factors: a tile beside a card's edge
// pays for the one or two corners near it, not four. The factors' erf and
// e^(−t²) are taken a row of arguments at a time, and each grid row's node
// sums in one call, node m into running sum m mod 4 as `value` adds them:
// four Doubles a step with AVX2 (CLaminaGauss), the same bits.
//
// erf and the Gaussian come from GaussTable (within 2e-10 of the C
// library's, at a fraction of the cost).
//
// Rejected: integrating rows numerically over the corner band (the span
// width has a square-root singularity where the arc meets the edge, so it
// converges slowly) and 2D sampling (thousands of samples per pixel).

import CLaminaGauss
import Synchronization

/// Evaluates the blurred coverage of a rounded rectangle at local points.
public struct RoundedRectShadow: Sendable {
  /// Gauss–Legendre nodes on [−1, 1] and their weights (12 points).
  static let nodes: [Double] = [
    -0.9815606342467192, -0.9041172563704748, -0.7699026741943047, -0.5873179542866175,
    -0.3678314989981802, -0.1252334085114689, 0.1252334085114689, 0.3678314989981802,
    0.5873179542866175, 0.7699026741943047, 0.9041172563704748, 0.9815606342467192,
  ]
  static let weights: [Double] = [
    0.0471753363865114, 0.1069393259953191, 0.1600783285433464, 0.2031674267230657,
    0.2334925365383546, 0.2491470458134027, 0.2491470458134027, 0.2334925365383546,
    0.2031674267230657, 0.1600783285433464, 0.1069393259953191, 0.0471753363865114,
  ]

  /// One rounded corner's correction.
  struct Corner: Sendable {
    /// Quadrature nodes along the curve: X, Y and weight × dY/ds.
    var xs: [Double], ys: [Double], ws: [Double]
    /// The replaced straight vertical path: x, and y from `y0` to `y1`.
    var edgeX: Double, edgeY0: Double, edgeY1: Double
    /// The corner square, for the skip bound.
    var minX: Double, maxX: Double, minY: Double, maxY: Double
  }

  public let shape: RoundedRect
  public let sigma: Double
  let minX: Double, maxX: Double, minY: Double, maxY: Double
  let cornerTerms: [Corner]

  /// Prepares the shadow of `shape` blurred with standard deviation `sigma` > 0.
  public init(shape: RoundedRect, sigma: Double) {
    self.shape = shape
    self.sigma = sigma
    let r = shape.rect.standardized
    minX = Double(r.minX); maxX = Double(r.maxX); minY = Double(r.minY); maxY = Double(r.maxY)
    var terms: [Corner] = []
    terms.reserveCapacity(4)
    for corner in shape.corners where !corner.pieces.isEmpty {
      var term = Corner(xs: [], ys: [], ws: [], edgeX: corner.origin.x, edgeY0: 0, edgeY1: 0,
        minX: 0, maxX: 0, minY: 0, maxY: 0)
      // Panels no longer than 6σ along each piece.
      let panelCounts = corner.orderedPieceIndices.map { index in
        let length = CornerNodeTable.length(corner.pieces[index]) * corner.radius
        return min(512, max(1, Int((length / (6 * sigma)).rounded(.up))))
      }
      let count = panelCounts.reduce(0, +) * Self.nodes.count
      term.xs.reserveCapacity(count); term.ys.reserveCapacity(count); term.ws.reserveCapacity(count)
      for (index, panels) in zip(corner.orderedPieceIndices, panelCounts) {
        let piece = corner.pieces[index]
        let canonical = CornerNodeTable.nodes(piece, panels: panels, reversed: corner.reversed)
        let scale = corner.reversed ? -corner.radius : corner.radius
        for (q, (p, t)) in canonical.enumerated() {
          // Placed as `PlacedCorner.evaluate` places them: the same bits.
          let point = corner.origin + (corner.horizontal * p.x + corner.vertical * p.y) * corner.radius
          let tangent = (corner.horizontal * t.x + corner.vertical * t.y) * scale
          term.xs.append(point.x)
          term.ys.append(point.y)
          term.ws.append(Self.weights[q % Self.nodes.count] * 0.5 / Double(panels) * tangent.y)
        }
      }
      let far = corner.origin + corner.vertical * corner.reach
      (term.edgeY0, term.edgeY1) = corner.reversed ? (far.y, corner.origin.y) : (corner.origin.y, far.y)
      let across = corner.origin + (corner.horizontal + corner.vertical) * corner.reach
      term.minX = min(corner.origin.x, across.x); term.maxX = max(corner.origin.x, across.x)
      term.minY = min(corner.origin.y, across.y); term.maxY = max(corner.origin.y, across.y)
      terms.append(term)
    }
    cornerTerms = terms
  }

  /// The blurred coverage (0…1) at local point (x, y).
  public func value(x: Double, y: Double) -> Double {
    let table = GaussTable.shared
    let k = 1 / (sigma * 2.0.squareRoot())
    let fx = 0.5 * (table.erf((maxX - x) * k) - table.erf((minX - x) * k))
    let fy = 0.5 * (table.erf((maxY - y) * k) - table.erf((minY - y) * k))
    var total = fx * fy
    let density = k / Double.pi.squareRoot()  // 1/(σ√(2π))
    for c in cornerTerms {
      let bx = 0.5 * (table.erf((c.maxX - x) * k) - table.erf((c.minX - x) * k))
      let by = 0.5 * (table.erf((c.maxY - y) * k) - table.erf((c.minY - y) * k))
      if bx * by < 1e-6 { continue }
      // Four running sums, node m into sum m mod 4 (the node count is a
      // multiple of 12), added pairwise: `values` sums in this order.
      var sums = SIMD4<Double>()
      for i in c.xs.indices {
        let dy = (c.ys[i] - y) * k
        sums[i & 3] += c.ws[i] * 0.5 * (1 + table.erf((c.xs[i] - x) * k)) * table.gauss(dy)
      }
      var curve = (sums[0] + sums[1]) + (sums[2] + sums[3])
      curve *= density
      let straight = 0.5 * (1 + table.erf((c.edgeX - x) * k)) * 0.5 * (table.erf((c.edgeY1 - y) * k) - table.erf((c.edgeY0 - y) * k))
      total += curve - straight
    }
    return min(1, max(0, total))
  }

  /// `value(x: xs[i], y: ys[j])` for every i and j, bit for bit, row-major
  /// into `out` (ys.count × xs.count values).
  public func values(xs: [Double], ys: [Double], into out: UnsafeMutablePointer<Double>) {
    let workspace = Workspace()
    xs.withUnsafeBufferPointer { xs in
      ys.withUnsafeBufferPointer { ys in values(xs: xs, ys: ys, into: out, workspace: workspace) }
    }
  }

  /// Memory `values(xs:ys:into:workspace:)` reuses from call to call (one
  /// per thread): a shadow evaluated where it is drawn calls it for every
  /// part of every tile it meets, and its factor arrays were ~9 % of a
  /// cold S1-frac in allocations.
  public final class Workspace {
    private var storage: UnsafeMutablePointer<Double>
    private var capacity = 0

    public init() { storage = .allocate(capacity: 1) }
    deinit { storage.deallocate() }

    /// At least `count` Doubles, contents undefined; valid until the next call.
    public func doubles(_ count: Int) -> UnsafeMutablePointer<Double> {
      if count > capacity {
        storage.deallocate()
        capacity = max(count, 2 * capacity)
        storage = .allocate(capacity: capacity)
      }
      return storage
    }
  }

  /// Whether corner `c`'s skip bound can pass at some point of a grid
  /// whose columns lie in `xRange` and rows in `yRange`. Each factor of the
  /// bound is a blurred interval, symmetric about the interval's middle and
  /// falling away from it, so at any point it is at most its value at the
  /// range's point nearest the middle; the tables err by 2e-10, so a
  /// product under half the bound there is under the bound at every point.
  /// A grid part far from a corner then costs no factors of it.
  @inline(__always)
  private func reaches(_ c: Corner, _ xRange: ClosedRange<Double>, _ yRange: ClosedRange<Double>, k: Double) -> Bool {
    let table = GaussTable.shared
    func largest(_ range: ClosedRange<Double>, _ lo: Double, _ hi: Double) -> Double {
      let nearest = min(max(0.5 * (lo + hi), range.lowerBound), range.upperBound)
      return 0.5 * (table.erf((hi - nearest) * k) - table.erf((lo - nearest) * k))
    }
    return !(largest(xRange, c.minX, c.maxX) * largest(yRange, c.minY, c.maxY) < 0.5e-6)
  }

  /// The smallest range holding `v`'s values; nil when one is not a number.
  private static func range(_ v: UnsafeBufferPointer<Double>) -> ClosedRange<Double>? {
    var lo = v[0], hi = v[0]
    for x in v {
      if x.isNaN { return nil }
      lo = min(lo, x)
      hi = max(hi, x)
    }
    return lo...hi
  }

  /// `values(xs:ys:into:)` with the factors in `workspace`'s memory (not
  /// `xs`, `ys` or `out`, which the caller keeps elsewhere).
  public func values(
    xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Double>,
    workspace: Workspace
  ) {
    let w = xs.count, h = ys.count
    guard w > 0, h > 0 else { return }
    let table = GaussTable.shared
    let k = 1 / (sigma * 2.0.squareRoot())
    let density = k / Double.pi.squareRoot()
    var n = 0
    for c in cornerTerms { n = max(n, c.xs.count) }
    // fx, then per corner bx, by, straightX, straightY, across (n × w),
    // down (h × n), and four rows of erf arguments (each max(w, h)).
    let m = max(w, h)
    let memory = workspace.doubles(w + 2 * (w + h) + (w + h) * n + 4 * m)
    let fx = memory, bx = fx + w, by = bx + w, straightX = by + h, straightY = straightX + w
    let across = straightY + h, down = across + w * n, args = down + h * n
    let hi = args, lo = args + m
    for i in 0..<w { (hi[i], lo[i]) = ((maxX - xs[i]) * k, (minX - xs[i]) * k) }
    table.erf(hi, into: hi, count: w)
    table.erf(lo, into: lo, count: w)
    for i in 0..<w { fx[i] = 0.5 * (hi[i] - lo[i]) }
    for j in 0..<h { (hi[j], lo[j]) = ((maxY - ys[j]) * k, (minY - ys[j]) * k) }
    table.erf(hi, into: hi, count: h)
    table.erf(lo, into: lo, count: h)
    for j in 0..<h {
      let fy = 0.5 * (hi[j] - lo[j])
      for i in 0..<w { out[j * w + i] = fx[i] * fy }
    }
    let xRange = Self.range(xs), yRange = Self.range(ys)
    let factors = CornerFactors(
      bx: bx, by: by, straightX: straightX, straightY: straightY, across: across, down: down, args: args, argRow: m)
    for c in cornerTerms {
      if let xRange, let yRange, !reaches(c, xRange, yRange, k: k) { continue }
      add(c, xs: xs, ys: ys, factors, k: k, density: density, into: out)
    }
    for q in 0..<(w * h) { out[q] = min(1, max(0, out[q])) }
  }

  /// The memory of one corner's factors over a grid of w columns and h
  /// rows (`values`' workspace): per column bx, straightX; per row by,
  /// straightY; the nodes' column factors (node by node, w apart), their
  /// row factors (row by row, n apart), and four rows of erf arguments
  /// (`argRow` apart).
  private struct CornerFactors {
    let bx, by, straightX, straightY, across, down, args: UnsafeMutablePointer<Double>
    let argRow: Int
  }

  /// Adds corner `c`'s correction, curve less straight path, to `out` at
  /// the grid points its skip bound reaches, as `value` adds it. The erf
  /// and Gaussian terms are taken a row of arguments at a time, and each
  /// grid row's node sums in one call (CLaminaGauss: the same bits).
  @inline(__always)
  private func add(
    _ c: Corner, xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, _ f: CornerFactors, k: Double,
    density: Double, into out: UnsafeMutablePointer<Double>
  ) {
    let table = GaussTable.shared
    let w = xs.count, h = ys.count
    let (bx, by, straightX, straightY) = (f.bx, f.by, f.straightX, f.straightY)
    let (across, down) = (f.across, f.down)
    let (a0, a1, a2, a3) = (f.args, f.args + f.argRow, f.args + 2 * f.argRow, f.args + 3 * f.argRow)
    let n = c.xs.count
    // The straight path runs along a side of the corner square: its erf
    // terms are the square's own (the same arguments, so the same bits
    // as `value`), one erf a column and none a row instead of three.
    let edgeAtMax = c.edgeX == c.maxX, edgeAtMin = c.edgeX == c.minX, edgeApart = !edgeAtMax && !edgeAtMin
    let rising = c.edgeY0 == c.minY && c.edgeY1 == c.maxY, falling = c.edgeY0 == c.maxY && c.edgeY1 == c.minY
    for i in 0..<w {
      (a0[i], a1[i]) = ((c.maxX - xs[i]) * k, (c.minX - xs[i]) * k)
      if edgeApart { a2[i] = (c.edgeX - xs[i]) * k }
    }
    table.erf(a0, into: a0, count: w)
    table.erf(a1, into: a1, count: w)
    if edgeApart { table.erf(a2, into: a2, count: w) }
    for i in 0..<w {
      bx[i] = 0.5 * (a0[i] - a1[i])
      let edge = edgeAtMax ? a0[i] : edgeAtMin ? a1[i] : a2[i]
      straightX[i] = 0.5 * (1 + edge) * 0.5
    }
    let sideApart = !rising && !falling
    for j in 0..<h {
      (a0[j], a1[j]) = ((c.maxY - ys[j]) * k, (c.minY - ys[j]) * k)
      if sideApart { (a2[j], a3[j]) = ((c.edgeY1 - ys[j]) * k, (c.edgeY0 - ys[j]) * k) }
    }
    table.erf(a0, into: a0, count: h)
    table.erf(a1, into: a1, count: h)
    if sideApart {
      table.erf(a2, into: a2, count: h)
      table.erf(a3, into: a3, count: h)
    }
    for j in 0..<h {
      by[j] = 0.5 * (a0[j] - a1[j])
      straightY[j] = rising ? a0[j] - a1[j] : falling ? a1[j] - a0[j] : a2[j] - a3[j]
    }
    // The points the corner reaches (its skip test fails); only their
    // columns and rows need the nodes' factors. The bound is a product
    // of factors ≥ 0, so a column is reached when its factor times the
    // rows' largest passes (and a row likewise), and the reached columns
    // and rows are each one run (a blurred box is unimodal). (`max` as
    // Sequence.max finds it: the first of the largest.)
    var bxMax = bx[0], byMax = by[0]
    for i in 1..<max(1, w) where bxMax < bx[i] { bxMax = bx[i] }
    for j in 1..<max(1, h) where byMax < by[j] { byMax = by[j] }
    var firstColumn = -1, lastColumn = -1, firstRow = -1, lastRow = -1
    for i in 0..<w where !(bx[i] * byMax < 1e-6) {
      if firstColumn < 0 { firstColumn = i }
      lastColumn = i
    }
    for j in 0..<h where !(bxMax * by[j] < 1e-6) {
      if firstRow < 0 { firstRow = j }
      lastRow = j
    }
    guard firstColumn >= 0, firstRow >= 0 else { return }
    // Per column the nodes' w·½(1 + erf) (by node, then column), per row
    // their exp: the summand of `value` is the product of the two.
    let count = lastColumn - firstColumn + 1, x0 = xs.baseAddress! + firstColumn
    for m in 0..<n {
      let row = across + m * w + firstColumn, xm = c.xs[m]
      for i in 0..<count { row[i] = (xm - x0[i]) * k }
      table.erf(row, into: row, count: count)
      let weight = c.ws[m] * 0.5
      for i in 0..<count { row[i] = weight * (1 + row[i]) }
    }
    for j in firstRow...lastRow {
      let e = down + j * n, y = ys[j]
      for m in 0..<n { e[m] = (c.ys[m] - y) * k }
    }
    table.gauss(down + firstRow * n, into: down + firstRow * n, count: (lastRow - firstRow + 1) * n)
    for j in firstRow...lastRow where !(bxMax * by[j] < 1e-6) {
      // Node m into running sum m mod 4, as `value` adds them.
      lamina_shadow_corner_row(
        across + firstColumn, w, n, down + j * n, count, density, straightX + firstColumn, straightY[j],
        bx + firstColumn, by[j], out + j * w + firstColumn)
    }
  }
}

/// A corner piece's quadrature nodes in its canonical frame (point and
/// derivative at each node of `panels` panels, in outline order), made once
/// per piece and panel count instead of with sines and cosines for every
/// shadow (16 cards' worth was ~4 % of a cold S1-frac, prepared on one
/// thread), and each piece's length at unit radius.
enum CornerNodeTable {
  private struct Key: Hashable {
    let piece: CornerPiece, panels: Int, reversed: Bool
  }
  private static let tables = Mutex<[Key: [(SIMD2<Double>, SIMD2<Double>)]]>([:])
  /// The most panels whose nodes are kept: a corner longer than 192σ (a
  /// radius of 120 at σ 1) is rare, and kept tables then stay under 2 MB.
  static let keptPanels = 32
  private static let lengths = Mutex<[CornerPiece: Double]>([:])

  /// The canonical (point, tangent) at each node, as `PlacedCorner.evaluate`
  /// takes them before placing.
  static func nodes(_ piece: CornerPiece, panels: Int, reversed: Bool) -> [(SIMD2<Double>, SIMD2<Double>)] {
    let key = Key(piece: piece, panels: panels, reversed: reversed)
    if panels <= keptPanels, let kept = tables.withLock({ $0[key] }) { return kept }
    var made: [(SIMD2<Double>, SIMD2<Double>)] = []
    made.reserveCapacity(panels * RoundedRectShadow.nodes.count)
    for panel in 0..<panels {
      for node in RoundedRectShadow.nodes {
        let s = (Double(panel) + 0.5 + 0.5 * node) / Double(panels)
        let e = piece.evaluate(reversed ? 1 - s : s)
        made.append((e.point, e.tangent))
      }
    }
    if panels <= keptPanels { tables.withLock { $0[key] = made } }
    return made
  }

  /// The length of the piece at unit radius, by 16 chords.
  static func length(_ piece: CornerPiece) -> Double {
    if let kept = lengths.withLock({ $0[piece] }) { return kept }
    var length = 0.0
    var previous = piece.evaluate(0).point
    for k in 1...16 {
      let p = piece.evaluate(Double(k) / 16).point
      length += ((p - previous) * (p - previous)).sum().squareRoot()
      previous = p
    }
    lengths.withLock { $0[piece] = length }
    return length
  }
}
