// OpaqueInterior: the whole target pixels a command paints with an opaque
// colour at full coverage, defined once for both backends. LaminaCPU's
// occluder (earlier commands skip those pixels, and the command stores
// them without reading the target) takes its largest rectangle; LaminaGL's
// occlusion grid hides and paints the tiles inside its rectangles.
//
// Which commands have one: an unclipped, opaque fill (not a border ring)
// under a positive scale and a translation, whose interior is the cross its
// corners leave whole (a band across the full width between the top and
// bottom corners' reach, and a column between the left and right corners'
// reach over the full height); and an unclipped single-slice image at
// opacity 1 under such a matrix whose texels are all opaque, whose
// interior is every whole pixel inside its destination. A pixel wholly
// inside has exact area coverage 1, so either backend may store the colour
// there without computing coverage.
//
// Rejected: each backend its own rule (they were: LaminaCPU took the
// larger band from the exact edges, LaminaGL's grid the shape's interior
// cells, kept a pixel further in), and interiors of rotated or perspective
// draws (their whole-pixel interior is not a rectangle, and a rectangle
// inside it saves little).

/// The whole pixels a command paints opaque at full coverage: the wide band
/// and the tall column of a cross (equal for an image).
public struct OpaqueInterior: Hashable, Sendable {
  /// Across the full width, between the corners' reach.
  public var wide: PixelRect
  /// Over the full height, between the corners' reach.
  public var tall: PixelRect

  /// The larger of the two rectangles.
  public var largest: PixelRect {
    wide.width * wide.height >= tall.width * tall.height ? wide : tall
  }

  /// The other rectangle: `tall` when `largest` is `wide`, else `wide`.
  public var second: PixelRect { largest == wide ? tall : wide }

  /// The cross as disjoint rectangles: the wide band, and the parts of the
  /// tall column above and below it (empty ones left out).
  public var cells: [PixelRect] {
    if wide.isEmpty { return tall.isEmpty ? [] : [tall] }
    if tall.isEmpty || tall == wide { return [wide] }
    let above = PixelRect(x0: tall.x0, y0: tall.y0, x1: tall.x1, y1: min(tall.y1, wide.y0))
    let below = PixelRect(x0: tall.x0, y0: max(tall.y0, wide.y1), x1: tall.x1, y1: tall.y1)
    return [wide] + [above, below].filter { !$0.isEmpty }
  }
}

extension DrawCommand {
  /// The command's opaque interior, within `bounds` (target pixels); nil
  /// when it has none. `imageIsOpaque` says whether an image's texels are
  /// all opaque.
  public func opaqueInterior(within bounds: PixelRect, imageIsOpaque: (Image) -> Bool) -> OpaqueInterior? {
    let interior: OpaqueInterior?
    switch self {
    case .roundedRect(let d):
      guard d.border == nil, d.clips.isEmpty, d.color.a >= 1, d.blendMode == nil else { return nil }
      let o = d.outer
      let reach =
        max(max(o.radius(0), o.radius(1)), max(o.radius(2), o.radius(3)))
        * (o.usesContinuousCorners ? ContinuousCorner.extent : 1)
      interior = Self.cross(of: d.outer.rect, reach: reach, Homography(d.matrix))
    case .image(let d):
      let visible = d.slices.filter { $0.destination.width > 0 && $0.destination.height > 0 }
      guard d.opacity >= 1, d.clips.isEmpty, visible.count == 1, imageIsOpaque(d.image) else { return nil }
      interior = Self.cross(of: visible[0].destination, reach: 0, Homography(d.matrix))
    case .shadow, .composite, .gradient, .path:
      return nil
    }
    guard let interior else { return nil }
    let clipped = OpaqueInterior(wide: interior.wide.intersection(bounds), tall: interior.tall.intersection(bounds))
    return clipped.wide.isEmpty && clipped.tall.isEmpty ? nil : clipped
  }

  /// The whole pixels of `rect` under the scale-and-translate `h` that lie
  /// beyond `reach` (local units) from the corners along each edge.
  private static func cross(of rect: CGRect, reach: Double, _ h: Homography) -> OpaqueInterior? {
    // Positive scales only: LaminaGL cuts a flipped draw into no cells, so
    // the grid could not leave its interior to a paint.
    guard h.isAxisAligned, h.m.0 > 0, h.m.4 > 0 else { return nil }
    let r = rect.standardized
    let xa = Double(r.minX) * h.m.0 + h.m.6, xb = Double(r.maxX) * h.m.0 + h.m.6
    let ya = Double(r.minY) * h.m.4 + h.m.7, yb = Double(r.maxY) * h.m.4 + h.m.7
    let x0 = min(xa, xb), x1 = max(xa, xb), y0 = min(ya, yb), y1 = max(ya, yb)
    let rx = reach * abs(h.m.0), ry = reach * abs(h.m.4)
    func whole(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> PixelRect {
      func ok(_ v: Double) -> Bool { v.isFinite && abs(v) < 1e9 }
      guard ok(a), ok(b), ok(c), ok(d) else { return .empty }
      let p = PixelRect(
        x0: Int(a.rounded(.up)), y0: Int(b.rounded(.up)), x1: Int(c.rounded(.down)), y1: Int(d.rounded(.down)))
      return p.isEmpty ? .empty : p
    }
    return OpaqueInterior(wide: whole(x0, y0 + ry, x1, y1 - ry), tall: whole(x0 + rx, y0, x1 - rx, y1))
  }
}
