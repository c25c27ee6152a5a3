// PixelRect: the pixel rectangle both backends mean, whole pixels and
// half-open, so that tiles, regions and clipped boxes can be cut and joined
// without a pixel counted twice or lost at a seam. Its members are
// `@inlinable`: LaminaCPU tests them per tile and per span, and a call
// across the module boundary there cost S1 4 % of its frame (measured).

import Foundation

/// A rectangle of whole pixels, [x0, x1) × [y0, y1), y down.
public struct PixelRect: Hashable, Sendable {
  public var x0: Int, y0: Int, x1: Int, y1: Int

  @inlinable public init(x0: Int, y0: Int, x1: Int, y1: Int) {
    (self.x0, self.y0, self.x1, self.y1) = (x0, y0, x1, y1)
  }

  /// No pixels, at the origin.
  /// (Computed, not a stored global: another module would reach a stored
  /// one through its lazy accessor on every use.)
  @inlinable public static var empty: PixelRect { PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
  /// Whether the rectangle holds no pixel.
  @inlinable public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
  /// The number of columns (negative when `x1 < x0`).
  @inlinable public var width: Int { x1 - x0 }
  /// The number of rows (negative when `y1 < y0`).
  @inlinable public var height: Int { y1 - y0 }

  /// The rectangle moved by whole pixels.
  @inlinable public func offsetBy(dx: Int, dy: Int) -> PixelRect {
    PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy)
  }

  /// The pixels in both, or `.empty`.
  @inlinable public func intersection(_ o: PixelRect) -> PixelRect {
    let r = PixelRect(x0: max(x0, o.x0), y0: max(y0, o.y0), x1: min(x1, o.x1), y1: min(y1, o.y1))
    return r.isEmpty ? .empty : r
  }

  /// Every pixel a renderer can address (±2³⁰ on each axis): the limit of a
  /// box that has no other.
  @inlinable public static var unlimited: PixelRect {
    PixelRect(x0: -(1 << 30), y0: -(1 << 30), x1: 1 << 30, y1: 1 << 30)
  }

  /// The pixels touched by `box` (its edges rounded outwards), within
  /// `limit`: the one pixel-box rule of the lowering and both backends.
  @inlinable public static func covering(_ box: CGRect, within limit: PixelRect = .unlimited) -> PixelRect {
    guard !box.isNull else { return .empty }
    return covering(
      minX: Double(box.minX), minY: Double(box.minY), maxX: Double(box.maxX), maxY: Double(box.maxY), within: limit)
  }

  /// The pixels touched by the real box [minX, maxX] × [minY, maxY], within
  /// `limit`; `.empty` for a box with no finite x or out of order. Ends
  /// are clamped to ±10⁹ before they become integers.
  @inlinable public static func covering(minX: Double, minY: Double, maxX: Double, maxY: Double, within limit: PixelRect)
    -> PixelRect
  {
    guard minX.isFinite || maxX.isFinite, minX <= maxX, minY <= maxY else { return .empty }
    func clampInt(_ v: Double) -> Int { Int(max(-1e9, min(1e9, v))) }
    let r = PixelRect(
      x0: clampInt(minX.rounded(.down)), y0: clampInt(minY.rounded(.down)),
      x1: clampInt(maxX.rounded(.up)), y1: clampInt(maxY.rounded(.up)))
    return r.intersection(limit)
  }

  /// This rectangle without `hole`: up to 4 rectangles around it (above,
  /// below, left, right), or itself when the hole misses it or is nil.
  public func subtracting(_ hole: PixelRect?) -> [PixelRect] {
    guard let h = hole else { return [self] }
    let cut = intersection(h)
    guard !cut.isEmpty else { return [self] }
    let parts = [
      PixelRect(x0: x0, y0: y0, x1: x1, y1: cut.y0), PixelRect(x0: x0, y0: cut.y1, x1: x1, y1: y1),
      PixelRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1), PixelRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1),
    ]
    return parts.filter { !$0.isEmpty }
  }
}
