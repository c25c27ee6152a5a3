// PathDraw: a shape layer's fill or stroke in the plan: polygons in the
// layer's bounds space, already flattened (and, for a stroke, outlined) by
// the lowering at a tolerance chosen for the draw's matrix, so that
// `Path.rasterTolerance` holds in target pixels. Its coverage is defined
// here, once, for both backends: the polygons mapped through the matrix
// (a polygon maps exactly through a homography; the part behind the viewer
// is cut away first), then filled by `FillSweep` with the draw's rule:
// exact area coverage. LaminaCPU blends that coverage; LaminaGL uploads the
// same values to its coverage atlas, so the two agree to the 8-bit rounding
// of the atlas.
//
// Rejected: coverage images computed in the lowering (as `shadowPath`'s
// are): a plan moved into an offscreen's grid would have to move them too,
// and a frame would pay for pixels a backend culls; and curves in the plan
// (each backend would flatten and stroke, and drift apart).

/// A filled path: a shape layer's fill (its fill rule) or its stroke
/// outline (non-zero), × clips, source-over.
public struct PathDraw: DrawHeaderCarrier, Hashable, Sendable {
  /// The matrix (local units → target pixels), the clips and the layer's name.
  public var header: DrawHeader
  /// Closed polygons in local units.
  public private(set) var polygons: PolygonSet
  /// A hash of `polygons`, taken once when the draw is made: the coverage
  /// caches look every path up by its polygons each frame, and hashing
  /// their points there was a fifth of a steady S4 frame on the CPU.
  public private(set) var polygonsDigest: Int
  /// The fill rule: the layer's for a fill, non-zero for a stroke's outline.
  public var rule: FillRule
  /// × coverage × clips, source-over.
  public var color: PremultipliedColor
  /// The polygons' bounding box, in local units.
  public var bounds: CGRect

  /// A draw of `polygons` (local units) mapped by `matrix` to target pixels.
  public init(
    matrix: Transform3D, polygons: PolygonSet, rule: FillRule, color: PremultipliedColor, clips: [Clip],
    name: String
  ) {
    self.polygons = polygons
    polygonsDigest = polygons.hashValue
    self.rule = rule
    self.color = color
    bounds = polygons.boundingBox
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }

  /// The polygons by their digest (`==`, synthesized, still compares them):
  /// a raster's content hash hashes its draws every frame.
  public func hash(into h: inout Hasher) {
    h.combine(header)
    h.combine(polygonsDigest)
    h.combine(rule)
    h.combine(color)
  }

  /// What decides `coverage(within:)`'s values: equal keys, equal values.
  /// Both backends keep a draw's coverage under it across frames.
  public struct CoverageKey: Hashable, Sendable {
    /// The draw's polygons, rule and matrix.
    public var polygons: PolygonSet
    /// `polygons`' hash, as the draw took it.
    var polygonsDigest: Int
    public var rule: FillRule
    public var matrix: Transform3D
    /// The pixels the coverage was asked for.
    public var limit: PixelRect

    /// The polygons by their digest; `==` still compares them (as bytes).
    public func hash(into h: inout Hasher) {
      h.combine(polygonsDigest)
      h.combine(rule)
      h.combine(matrix)
      h.combine(limit)
    }
  }

  /// The key of `coverage(within: limit)`.
  public func coverageKey(within limit: PixelRect) -> CoverageKey {
    CoverageKey(polygons: polygons, polygonsDigest: polygonsDigest, rule: rule, matrix: matrix, limit: limit)
  }

  /// The exact area coverage (0…1) of the polygons in target pixels, over
  /// the pixels of `limit` they touch: that box and its values, row-major;
  /// `nil` when they touch none (or the matrix is singular).
  public func coverage(within limit: PixelRect) -> (rect: PixelRect, values: [Float])? {
    let h = Homography(matrix)
    guard h.inverse != nil else { return nil }
    var projected = PolygonSet()
    var lo = SIMD2(Double.infinity, Double.infinity), hi = -lo
    for i in 0..<polygons.count {
      let p = h.project(Array(polygons.polygon(i)))
      guard p.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
      for q in p {
        lo = pointwiseMin(lo, q)
        hi = pointwiseMax(hi, q)
      }
      projected.append(p)
    }
    guard !projected.isEmpty else { return nil }
    let rect = PixelRect.covering(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y, within: limit)
    guard !rect.isEmpty else { return nil }
    var sweep = FillSweep(projected, offset: SIMD2(-Double(rect.x0), -Double(rect.y0)), rule: rule)
    return (rect, sweep.coverage(width: rect.width, height: rect.height))
  }
}
