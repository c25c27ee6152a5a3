// RoundedRectDraw: a filled rounded rectangle, or a ring between two (a
// background or a border), in the plan. Its corners follow Core
// Animation's rules, circular or continuous (Shared/CornerGeometry.swift).
//
// Rejected: backgrounds and borders as PathDraws (flattening a rounded
// rectangle costs a sweep where the closed form is exact and cheap).

/// A filled rounded rectangle, or a ring between two (a border).
public struct RoundedRectDraw: DrawHeaderCarrier, Hashable, Sendable {
  public var header: DrawHeader
  /// The outer edge.
  public var outer: RoundedRect
  /// The inner edge of a border; `nil` fills the whole outer shape.
  public var inner: RoundedRect?
  public var color: PremultipliedColor

  public init(
    matrix: Transform3D, outer: RoundedRect, inner: RoundedRect?, color: PremultipliedColor,
    clips: [Clip], name: String
  ) {
    self.outer = outer
    self.inner = inner
    self.color = color
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}
