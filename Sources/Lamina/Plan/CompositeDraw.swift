// CompositeDraw: an offscreen surface drawn into its parent: opacity, a
// mask surface, a content shadow, sampling, and the blend mode it is
// composited with.
//
// Rejected: opacity and masks applied while drawing the group's content
// (a group's opacity applies to its flattened result, as in Core
// Animation).

/// Another surface drawn into this one.
public struct CompositeDraw: DrawHeaderCarrier, Hashable, Sendable {
  public var header: DrawHeader
  /// Index into `RenderPlan.surfaces`; always greater than the target's.
  public var surface: Int
  /// Source surface pixels → target pixels.
  /// Multiplies the whole composite (group opacity).
  public var opacity: Float
  /// A surface of the same size whose alpha multiplies the source (mask).
  public var mask: Int?
  /// A blurred copy of the source's (masked) alpha drawn first.
  public var shadow: SurfaceShadow?
  /// How the source is resampled: `.nearest` when the matrix maps pixels
  /// onto pixels exactly, else the layer's filters (shouldRasterize).
  public var sampling: Sampling
  /// How the source (content over shadow, × mask × opacity × coverage)
  /// meets the target's pixels: `nil` is source-over; a mode blends with
  /// what the target holds, by `BlendMode.composite` (never `.normal`: the
  /// lowering writes `nil` for it).
  public var blendMode: BlendMode?

  /// Its words for damage matching (CommandMatching.swift). The surface and
  /// mask indices are confirmed through what they name, not written.
  @inline(__always) func writeWords(into w: inout CommandWordWriter) {
    w.add(6)
    w.write(header, opacity, mask != nil, shadow, sampling, blendMode.map { Int($0.shaderIndex) } ?? -1)
  }

  public init(
    surface: Int, matrix: Transform3D, opacity: Float, mask: Int?, shadow: SurfaceShadow?,
    sampling: Sampling, clips: [Clip], name: String, blendMode: BlendMode? = nil
  ) {
    self.surface = surface
    self.opacity = opacity
    self.mask = mask
    self.shadow = shadow
    self.sampling = sampling
    self.blendMode = BlendMode.effective(blendMode)
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}
