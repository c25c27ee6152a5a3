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

  /// The points' bytes hashed in one pass. Hashing them a Double at a time
  /// was a fifth of a steady S4 frame on the CPU (each frame looks every
  /// path's coverage up by its polygons).
  public func hash(into h: inout Hasher) {
    h.combine(ends.count)
    points.withUnsafeBytes { h.combine(bytes: $0) }
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

  /// Appends a polygon as it is (three points or more).
  public mutating func append<C: Collection>(_ polygon: C) where C.Element == SIMD2<Double> {
    guard polygon.count >= 3 else { return }
    points.append(contentsOf: polygon)
    ends.append(points.count)
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
