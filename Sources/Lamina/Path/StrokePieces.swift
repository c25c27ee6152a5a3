// StrokePieces: which parts of a path's subpaths a stroke draws, after
// `strokeStart`/`strokeEnd` and the dash pattern. Lengths are measured on
// the flattened subpaths (chords within the device-space tolerance, so the
// measure is the curve's to a relative error of about the tolerance over
// the curve's radius). The trim runs over the whole path, subpath after
// subpath; the dash pattern starts again at each subpath's start, shifted
// by the phase (SVG's and Core Graphics' rule), and is laid out from there
// whatever the trim, so trimming never moves a dash.
//
// Rejected: dashing the curves before flattening (arc length of a Bézier
// has no closed form; the flattened measure is exact for what is drawn).

/// Why a stroke cannot be drawn within the limits.
public enum StrokeError: Error, Equatable, CustomStringConvertible {
  /// The dash pattern would cut the path into more dashes than `limit`.
  case tooManyDashes(limit: Int)
  /// The stroke's outline would have more edges than `limit`.
  case tooManyEdges(limit: Int)

  public var description: String {
    switch self {
    case .tooManyDashes(let limit):
      return "lineDashPattern cuts the path into more than \(limit) dashes (RenderLimits.maxStrokeDashes)"
    case .tooManyEdges(let limit):
      return "the stroke's outline needs more than \(limit) edges (RenderLimits.maxShapeEdges)"
    }
  }
}

/// A part of a subpath the stroke draws: a polyline with caps at its ends,
/// a closed polyline with joins all round, or a dot.
struct StrokePiece {
  var points: [SIMD2<Double>]
  /// Per point: shaped by the line join (true) or turning smoothly (false).
  var corners: [Bool]
  var closed: Bool
  /// The direction a square cap of a dot (a piece of one point) takes: the
  /// path's direction for a zero-length dash, x for a zero-length subpath.
  var direction: SIMD2<Double>
}

/// One flattened subpath with its cumulative lengths.
struct MeasuredSubpath {
  var points: [SIMD2<Double>]
  var corners: [Bool]
  var closed: Bool
  /// `lengths[i]`: the length from the start to point i.
  var lengths: [Double]
  var length: Double { lengths.last ?? 0 }

  init(_ s: FlatSubpath) {
    points = s.points.map { SIMD2(Double($0.x), Double($0.y)) }
    corners = s.corners
    closed = s.closed
    var total = 0.0
    lengths = [0]
    lengths.reserveCapacity(points.count)
    for i in points.indices.dropFirst() {
      let d = points[i] - points[i - 1]
      total += (d.x * d.x + d.y * d.y).squareRoot()
      lengths.append(total)
    }
  }

  /// The segment holding length `u` (its index i: from point i to i + 1).
  func segment(at u: Double) -> Int {
    var lo = 0, hi = max(0, points.count - 2)
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if lengths[mid] <= u { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }

  func point(at u: Double) -> SIMD2<Double> {
    guard points.count > 1 else { return points[0] }
    let i = segment(at: u)
    let span = lengths[i + 1] - lengths[i]
    let t = span > 0 ? min(max((u - lengths[i]) / span, 0), 1) : 0
    return points[i] + (points[i + 1] - points[i]) * t
  }

  /// The unit direction of the path at `u` (the nearest segment of non-zero length), or x.
  func direction(at u: Double) -> SIMD2<Double> {
    guard points.count > 1 else { return SIMD2(1, 0) }
    let i = segment(at: u)
    for k in [i] + Array((i + 1)..<(points.count - 1)) + Array((0..<i).reversed()) {
      let d = points[k + 1] - points[k]
      let n = (d.x * d.x + d.y * d.y).squareRoot()
      if n > 0 { return d / n }
    }
    return SIMD2(1, 0)
  }

  /// The open polyline from length `u0` to `u1` (u0 < u1).
  func piece(from u0: Double, to u1: Double) -> StrokePiece {
    var pts = [point(at: u0)]
    var cs = [true]
    let first = segment(at: u0) + 1
    var k = first
    while k < points.count, lengths[k] < u1 {
      if lengths[k] > u0 {
        pts.append(points[k])
        cs.append(corners[k])
      }
      k += 1
    }
    pts.append(point(at: u1))
    cs.append(true)
    return StrokePiece(points: pts, corners: cs, closed: false, direction: direction(at: u0))
  }
}

extension StrokeStyle {
  /// The pieces of `subpaths` the stroke draws (none when `strokeEnd` ≤
  /// `strokeStart`), at most `maxDashes` of them when dashed.
  func pieces(of subpaths: [FlatSubpath], maxDashes: Int) throws(StrokeError) -> [StrokePiece] {
    let measured = subpaths.map(MeasuredSubpath.init)
    guard strokeEnd > strokeStart else { return [] }
    let dashes = effectiveDashes
    let total = measured.reduce(0) { $0 + $1.length }
    if dashes == nil, strokeStart <= 0, strokeEnd >= 1 {
      return measured.map {
        StrokePiece(points: $0.points, corners: $0.corners, closed: $0.closed, direction: SIMD2(1, 0))
      }
    }
    let a = max(0, strokeStart) * total, b = min(1, strokeEnd) * total
    var out: [StrokePiece] = []
    var s0 = 0.0
    for sub in measured {
      defer { s0 += sub.length }
      let L = sub.length
      let lo = max(a - s0, 0), hi = min(b - s0, L)
      // A trim that only touches a subpath of some length draws nothing of it.
      guard hi > lo || (hi == lo && L == 0) else { continue }
      guard let dashes else {
        out.append(
          L == 0
            ? StrokePiece(points: [sub.points[0]], corners: [true], closed: false, direction: SIMD2(1, 0))
            : sub.piece(from: lo, to: hi))
        continue
      }
      try dash(sub, lo, hi, dashes, maxDashes: maxDashes, into: &out)
    }
    return out
  }

  /// The dashes of one subpath within [lo, hi] of its length.
  private func dash(
    _ sub: MeasuredSubpath, _ lo: Double, _ hi: Double, _ pattern: [Double], maxDashes: Int,
    into out: inout [StrokePiece]
  ) throws(StrokeError) {
    let first = out.count
    // Whether the first dash starts at the subpath's start and the last one
    // ends at its end: on a closed subpath they then meet with a join.
    var startsAtStart = false, endsAtEnd = false
    defer {
      if sub.closed, lo == 0, hi == sub.length, sub.length > 0, startsAtStart, endsAtEnd, out.count > first {
        joinSeam(of: &out, from: first)
      }
    }
    let period = pattern.reduce(0, +)
    // Where the pattern starts: at −phase, folded into one period.
    var shift = dashPhase.truncatingRemainder(dividingBy: period)
    if shift < 0 { shift += period }
    // The first period that reaches `lo`.
    var origin = ((lo + shift) / period).rounded(.down) * period - shift
    while origin <= hi {
      var at = origin
      for (j, length) in pattern.enumerated() {
        defer { at += length }
        guard j % 2 == 0 else { continue }
        let u0 = max(at, lo), u1 = min(at + length, hi)
        if length == 0 {
          // A zero-length dash is a dot where it lies inside the part
          // drawn, its end excluded: the end of a closed subpath is its
          // start (one dot, not two), and Skia, Chromium's rasterizer, draws
          // none at an open subpath's end either.
          guard at >= lo, at < hi || (sub.length == 0 && at == lo) else { continue }
          out.append(
            StrokePiece(
              points: [sub.point(at: at)], corners: [true], closed: false, direction: sub.direction(at: at)))
        } else if sub.length == 0 {
          // A zero-length subpath is a dot where a dash covers it.
          guard at <= lo, at + length >= lo else { continue }
          out.append(StrokePiece(points: [sub.points[0]], corners: [true], closed: false, direction: SIMD2(1, 0)))
        } else {
          guard u1 > u0 else { continue }
          if out.count == first { startsAtStart = u0 <= 0 }
          endsAtEnd = u1 >= sub.length
          out.append(sub.piece(from: u0, to: u1))
        }
        if out.count > maxDashes { throw .tooManyDashes(limit: maxDashes) }
      }
      let next = origin + period
      // A period too small to move `origin` (below its ulp) would never end.
      if next <= origin { throw .tooManyDashes(limit: maxDashes) }
      origin = next
    }
  }

  /// On a closed subpath whose first dash starts at its start and whose
  /// last dash ends there, the two are one dash through the start point,
  /// joined there as the path is (SVG's and Skia's rule): the last piece is
  /// continued by the first. A single dash covering the whole subpath is
  /// the closed subpath itself.
  private func joinSeam(of out: inout [StrokePiece], from first: Int) {
    if out.count - first == 1 {
      out[first].closed = true
      return
    }
    let head = out.remove(at: first)
    out[out.count - 1].points += head.points.dropFirst()
    out[out.count - 1].corners += head.corners.dropFirst()
  }
}
