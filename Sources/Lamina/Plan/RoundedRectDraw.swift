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
  /// The border's inner edge: the ring between it and `outer` is drawn;
  /// `nil` fills the whole outer shape (a background).
  public var border: RoundedRect?
  public var color: PremultipliedColor
  /// How the shape (colour × coverage) meets the target's pixels: `nil` is
  /// source-over; a mode blends with what the target holds, by
  /// `BlendMode.composite`, as a composite of the same pixels would (the
  /// lowering gives it to a blended layer that draws this one shape:
  /// docs/scene-format.md, "Compositing filters"). Never `.normal`.
  public var blendMode: BlendMode?

  /// Its words for damage matching (CommandMatching.swift): every field.
  @inline(__always) func writeWords(into w: inout CommandWordWriter) {
    w.add(1)
    w.write(header, outer, border, color, blendMode.map { Int($0.shaderIndex) } ?? -1)
  }

  public init(
    matrix: Transform3D, outer: RoundedRect, border: RoundedRect?, color: PremultipliedColor,
    clips: [Clip], name: String, blendMode: BlendMode? = nil
  ) {
    self.outer = outer
    self.border = border
    self.color = color
    self.blendMode = BlendMode.effective(blendMode)
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}
