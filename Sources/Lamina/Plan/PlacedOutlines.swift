// PlacedOutlines: a text draw's polygons in the form the lowering makes
// them, each distinct glyph outline flattened once and placed at its
// glyphs' origins, kept that way instead of as the points they add up to.
//
// A page of text places a few hundred outlines thousands of times: S7's
// plan held 3.3 M placed points (53 MB, written and faulted in on every
// first frame), which the glyph route never reads and the outline route
// reads once, polygon by polygon. `PathDraw` keeps this value and answers
// for its polygons from it: the counts and the bounding box from the
// outlines' (the same bits as the placed points' box: adding an offset
// rounds monotonically, so the smallest moved point is the smallest point
// moved), a digest of the outlines and the origins, and each polygon
// moved to its origin when a fill asks for it (`polygon(_:)`: the same
// bits `PolygonSet.append(_:movedBy:)` wrote). `polygons` still builds the
// whole set for a caller that wants one.
//
// Rejected: materializing on first use behind a lock in a class box (hidden
// mutable state in a Sendable plan value, and the outline route would still
// write and read the whole set).
import Foundation

/// Glyph outlines (local units, relative to their origins) placed at
/// origins. A class of constants: a plan's draws are copied several times
/// a frame, and one reference costs a copy less than the five arrays it
/// holds (a steady S7 frame was ~5 % slower with a struct).
public final class PlacedOutlines: Hashable, Sendable {
  /// One placement: an outline and where its origin goes.
  public struct Glyph: Hashable, Sendable {
    /// An index into `outlines`.
    public var outline: Int
    /// The origin, in local units.
    public var origin: SIMD2<Double>

    public init(outline: Int, origin: SIMD2<Double>) {
      self.outline = outline
      self.origin = origin
    }
  }

  /// Distinct outlines with their boxes and digests, found once for all
  /// the draws that place them (a run's).
  public struct Table: Hashable, Sendable {
    /// The outlines, relative to their origins.
    public let outlines: [PolygonSet]
    /// Each outline's box (lowest and highest point); nil when empty.
    let boxes: [(lo: SIMD2<Double>, hi: SIMD2<Double>)?]
    /// Each outline's `PolygonSet.digest`.
    let digests: [Int]

    public init(_ outlines: [PolygonSet]) {
      self.init(outlines: outlines, boxes: outlines.map(Self.box), digests: outlines.map(\.digest))
    }

    /// Outlines with their boxes (`box(of:)`) and digests, found by the caller.
    init(outlines: [PolygonSet], boxes: [(lo: SIMD2<Double>, hi: SIMD2<Double>)?], digests: [Int]) {
      (self.outlines, self.boxes, self.digests) = (outlines, boxes, digests)
    }

    /// The lowest and highest point of `outline`; nil when it is empty.
    static func box(_ outline: PolygonSet) -> (lo: SIMD2<Double>, hi: SIMD2<Double>)? {
      guard var lo = outline.points.first else { return nil }
      var hi = lo
      for p in outline.points { (lo, hi) = (pointwiseMin(lo, p), pointwiseMax(hi, p)) }
      return (lo, hi)
    }

    /// Equal outlines (the boxes and digests follow from them); an array
    /// shared by the draws of one run compares by its storage first.
    public static func == (a: Table, b: Table) -> Bool { a.digests == b.digests && a.outlines == b.outlines }
    public func hash(into h: inout Hasher) { h.combine(digests.count) }
  }

  /// The distinct outlines.
  public var outlines: [PolygonSet] { table.outlines }
  /// The outlines with their boxes and digests.
  public let table: Table
  /// The placements, in the draw's polygon order.
  public let glyphs: [Glyph]
  /// Per placement, its first polygon's index in the whole set (and the
  /// count of all polygons last).
  let firstPolygon: [Int]
  /// How many points all placements hold together (`PolygonSet.edgeCount`).
  public let edgeCount: Int
  /// A digest of the outlines' digests, the placements' outlines and the
  /// origins' bits.
  public let digest: Int
  /// The bounding box of every placed point; `CGRect.null` when empty.
  public let boundingBox: CGRect

  /// `table`'s outlines placed by `glyphs`; a placement of an outline index
  /// out of range is a programming error (the lowering makes these).
  public init(_ table: Table, glyphs: [Glyph]) {
    self.table = table
    self.glyphs = glyphs
    let outlines = table.outlines, boxes = table.boxes, digests = table.digests
    var first: [Int] = [], polygons = 0, points = 0
    first.reserveCapacity(glyphs.count + 1)
    var lo = SIMD2(Double.infinity, Double.infinity), hi = -lo
    var h: UInt64 = 0x9E37_79B1_85EB_CA87 &* UInt64(truncatingIfNeeded: glyphs.count &+ 1)
    @inline(__always) func mix(_ word: UInt64) {
      h = (h ^ word) &* 0xC2B2_AE3D_27D4_EB4F
      h = (h << 29) | (h >> 35)
    }
    for g in glyphs {
      first.append(polygons)
      polygons += outlines[g.outline].count
      points += outlines[g.outline].edgeCount
      if let b = boxes[g.outline] {
        lo = pointwiseMin(lo, b.lo + g.origin)
        hi = pointwiseMax(hi, b.hi + g.origin)
      }
      mix(UInt64(truncatingIfNeeded: digests[g.outline]))
      mix(g.origin.x.bitPattern)
      mix(g.origin.y.bitPattern)
    }
    first.append(polygons)
    firstPolygon = first
    edgeCount = points
    h ^= h >> 33
    digest = Int(truncatingIfNeeded: h &* 0x9E37_79B1_85EB_CA87)
    boundingBox = lo.x <= hi.x && lo.y <= hi.y ? CGRect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y) : .null
  }

  /// How many polygons all placements hold together.
  public var count: Int { firstPolygon.last ?? 0 }

  /// Polygon `i` of the whole set, moved to its origin.
  public func polygon(_ i: Int) -> [SIMD2<Double>] {
    let (points, origin) = unplacedPolygon(i)
    return points.map { $0 + origin }
  }

  /// Polygon `i` as its outline holds it, relative to its glyph's origin,
  /// and that origin: `polygon(i)` is each point plus the origin, read here
  /// without building the array.
  public func unplacedPolygon(_ i: Int) -> (points: ArraySlice<SIMD2<Double>>, origin: SIMD2<Double>) {
    // The last placement whose first polygon is at most i.
    let k = firstPolygon[..<glyphs.count].partitionIndex { $0 > i } - 1
    let g = glyphs[k]
    return (outlines[g.outline].polygon(i - firstPolygon[k]), g.origin)
  }

  /// The placements whose polygons begin in `polygons` (a piece's range
  /// of the whole set; every placement holds at least one polygon).
  public func glyphRange(polygons: Range<Int>) -> Range<Int> {
    let starts = firstPolygon[..<glyphs.count]
    return starts.partitionIndex { $0 >= polygons.lowerBound }..<starts.partitionIndex { $0 >= polygons.upperBound }
  }

  /// Every placement's polygons, moved, as one set.
  public var polygons: PolygonSet {
    var set = PolygonSet()
    set.reserveCapacity(points: edgeCount, polygons: count)
    for g in glyphs { set.append(outlines[g.outline], movedBy: g.origin) }
    return set
  }

  /// Equal placements of equal outlines (an outline array shared by the
  /// draws of one run compares by its storage first).
  public static func == (a: PlacedOutlines, b: PlacedOutlines) -> Bool {
    a === b || (a.digest == b.digest && a.glyphs == b.glyphs && a.table == b.table)
  }

  /// The digest.
  public func hash(into h: inout Hasher) { h.combine(digest) }
}
