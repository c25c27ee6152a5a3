// PolygonSet: many closed polygons in one flat array of points, what the
// stroker produces and a `PathDraw` carries. A stroke of a few thousand
// segments is tens of thousands of small polygons (a rectangle per
// segment, a wedge per join); one array and a list of ends keeps that to
// two allocations.
//
// Rejected: `[[SIMD2<Double>]]` (one allocation per polygon, measured as
// the larger part of stroking a dashed circle).

/// Closed polygons (each ends where it starts, implicitly), stored flat.
public struct PolygonSet: Hashable, Sendable {
  /// Every polygon's points, one after the other.
  public private(set) var points: [SIMD2<Double>] = []
  /// Where each polygon ends in `points` (exclusive).
  public private(set) var ends: [Int] = []

  /// No polygons.
  public init() {}

  /// The polygons given one by one; those of fewer than three points are left out.
  public init(_ polygons: [[SIMD2<Double>]]) {
    for p in polygons { append(p) }
  }

  /// Equal when the points are the same bits and the polygons end at the
  /// same places, compared as bytes: what the coverage caches key on
  /// (`PathDraw.CoverageKey`). 0 and −0 differ (at worst a cache miss);
  /// the lowering keeps only finite points.
  public static func == (a: PolygonSet, b: PolygonSet) -> Bool {
    guard a.ends == b.ends, a.points.count == b.points.count else { return false }
    return a.points.withUnsafeBytes { x in
      b.points.withUnsafeBytes { y in
        // One storage (a key against the draw it was made from, frame after
        // frame): equal without reading it.
        x.count == 0 || x.baseAddress == y.baseAddress || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
      }
    }
  }

  /// The points hashed through `digest`. Hashing them a Double at a time
  /// was a fifth of a steady S4 frame on the CPU (each frame looks every
  /// path's coverage up by its polygons).
  public func hash(into h: inout Hasher) {
    h.combine(ends.count)
    h.combine(digest)
  }

  /// A 64-bit digest of the points' bytes and the polygon count, in one
  /// pass of four independent multiply–rotate lanes over 32 bytes at a
  /// time (the rounds of xxHash64). Not keyed: a collision costs a
  /// comparison (`==` confirms every cache hit), never a wrong answer.
  /// `Hasher` (SipHash) over the same bytes was an eighth of S7's
  /// lowering, which digests every text run's outlines.
  public var digest: Int {
    let p1: UInt64 = 0x9E37_79B1_85EB_CA87, p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    @inline(__always) func round(_ acc: UInt64, _ word: UInt64) -> UInt64 {
      let a = acc &+ word &* p2
      return ((a << 31) | (a >> 33)) &* p1
    }
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (p1 &+ p2, p2, 0, 0 &- p1)
    var tail = UInt64(truncatingIfNeeded: ends.count) &* p1
    points.withUnsafeBytes { raw in
      let words = raw.count / 8
      var i = 0
      while i + 4 <= words {
        lanes.0 = round(lanes.0, raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
        lanes.1 = round(lanes.1, raw.loadUnaligned(fromByteOffset: 8 * i + 8, as: UInt64.self))
        lanes.2 = round(lanes.2, raw.loadUnaligned(fromByteOffset: 8 * i + 16, as: UInt64.self))
        lanes.3 = round(lanes.3, raw.loadUnaligned(fromByteOffset: 8 * i + 24, as: UInt64.self))
        i += 4
      }
      while i < words {
        tail = round(tail, raw.loadUnaligned(fromByteOffset: 8 * i, as: UInt64.self))
        i += 1
      }
    }
    var h = tail &+ UInt64(truncatingIfNeeded: points.count)
    h = round(h ^ round(0, lanes.0), p1)
    h = round(h ^ round(0, lanes.1), p1)
    h = round(h ^ round(0, lanes.2), p1)
    h = round(h ^ round(0, lanes.3), p1)
    h ^= h >> 33
    h = h &* p2
    h ^= h >> 29
    return Int(truncatingIfNeeded: h)
  }

  /// How many polygons it holds.
  public var count: Int { ends.count }
  /// How many edges all polygons have together.
  public var edgeCount: Int { points.count }
  /// True when it holds no polygon.
  public var isEmpty: Bool { ends.isEmpty }

  /// The points of polygon `i`.
  public func polygon(_ i: Int) -> ArraySlice<SIMD2<Double>> {
    points[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
  }

  /// Every polygon as its own array.
  public var polygons: [[SIMD2<Double>]] { (0..<count).map { Array(polygon($0)) } }

  /// The same polygons in storage of about their size. Grown by doubling,
  /// the arrays hold up to twice their points, and a plan keeps every
  /// draw's polygons for as long as it lives (M-shapes of
  /// docs/bench-scenes.md: ~9 MB of 16,000 shapes' slack). Shapes' fills
  /// and strokes are trimmed; text draws are not (a paragraph's placed
  /// outlines copied again cost S7's first frame ~3 %, for a few MB).
  public func trimmed() -> PolygonSet {
    var t = self
    if points.capacity - points.count > points.count / 8 { t.points = points.withUnsafeBufferPointer { Array($0) } }
    if ends.capacity - ends.count > ends.count / 8 + 2 { t.ends = ends.withUnsafeBufferPointer { Array($0) } }
    return t
  }

  /// Appends a polygon as it is (three points or more).
  public mutating func append<C: Collection>(_ polygon: C) where C.Element == SIMD2<Double> {
    guard polygon.count >= 3 else { return }
    points.append(contentsOf: polygon)
    ends.append(points.count)
  }

  /// Room for `points` points and `polygons` polygons in all, so appending
  /// up to them allocates nothing more.
  public mutating func reserveCapacity(points n: Int, polygons k: Int) {
    points.reserveCapacity(n)
    ends.reserveCapacity(k)
  }

  /// Appends every polygon of `other`, each point moved by `offset`.
  public mutating func append(_ other: PolygonSet, movedBy offset: SIMD2<Double>) {
    let base = points.count, count = other.points.count
    // Room at least doubled (a run of glyphs appends a few dozen points
    // at a time), then the points copied and moved in place.
    if points.capacity < base + count { points.reserveCapacity(max(base + count, 2 * points.capacity)) }
    if ends.capacity < ends.count + other.ends.count {
      ends.reserveCapacity(max(ends.count + other.ends.count, 2 * ends.capacity))
    }
    points.append(contentsOf: other.points)
    points.withUnsafeMutableBufferPointer { all in
      for i in base..<(base + count) { all[i] += offset }
    }
    for end in other.ends { ends.append(end + base) }
  }

  /// Appends a polygon turned, if need be, so that its signed area is
  /// positive (the stroker's pieces must all wind the same way for the
  /// non-zero rule to take their union).
  mutating func appendPositive(_ polygon: [SIMD2<Double>]) {
    guard polygon.count >= 3 else { return }
    if PolygonSet.signedArea(polygon[...]) < 0 {
      append(polygon.reversed())
    } else {
      append(polygon)
    }
  }

  /// The shoelace area (positive when x turns towards y).
  public static func signedArea(_ p: ArraySlice<SIMD2<Double>>) -> Double {
    guard var a = p.last else { return 0 }
    var sum = 0.0
    for b in p {
      sum += a.x * b.y - b.x * a.y
      a = b
    }
    return sum / 2
  }

  /// The bounding box of every point; `CGRect.null` when empty.
  public var boundingBox: CGRect {
    var box = BoundsAccumulator()
    for p in points { box.add(CGPoint(x: p.x, y: p.y)) }
    return box.rect
  }
}
