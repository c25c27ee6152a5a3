// GradientDraw: a gradient layer's fill in the plan: a rounded rectangle
// filled with a `Gradient` (axial, radial or conic; Shared/Gradient.swift
// says how both backends evaluate it), and its opacity.
//
// Rejected: gradients baked into images by the lowering (bound to one
// resolution, and wrong under a transform).

/// A gradient filling a rounded rectangle: a gradient layer's drawing, in
/// place of contents. Each pixel takes the colour at its centre's `t`
/// (Shared/Gradient.swift), × the outline's coverage × clips × `opacity`.
public struct GradientDraw: DrawHeaderCarrier, Hashable, Sendable {
  public var header: DrawHeader
  /// The outline filled: the layer's rounded bounds (pulled in under an opaque border).
  public var shape: RoundedRect
  /// In the same local space; never one colour (the lowering fills those as shapes).
  public var gradient: Gradient
  /// Multiplies the colour (a fade the layer's primitives take one by one).
  public var opacity: Float

  /// Its words for damage matching (CommandMatching.swift): every field and stop.
  @inline(__always) func writeWords(into w: inout CommandWordWriter) {
    w.add(4)
    w.write(header, shape, gradient, opacity)
  }

  public init(
    matrix: Transform3D, shape: RoundedRect, gradient: Gradient, opacity: Float, clips: [Clip], name: String
  ) {
    self.shape = shape
    self.gradient = gradient
    self.opacity = opacity
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}
