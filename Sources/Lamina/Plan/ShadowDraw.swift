// ShadowDraw: a layer's shadow in the plan: the Gaussian blur of a rounded
// rectangle in closed form (Shared/RoundedRectShadow.swift). A shadow of
// what a surface draws is a SurfaceShadow, carried by the composite that
// draws the surface.
//
// Rejected: every shadow as a blurred offscreen (a rounded rectangle's
// shadow has a closed form, exact at any offset and cheap).

/// The Gaussian shadow of a rounded rectangle, in closed form: coverage of
/// `shape` convolved with a Gaussian of standard deviation `sigma`, both in
/// local units, times `color`.
public struct ShadowDraw: DrawHeaderCarrier, Hashable, Sendable {
  public var header: DrawHeader
  /// The silhouette, already moved by `shadowOffset`.
  public var shape: RoundedRect
  /// Standard deviation in local units (points); 0 is a hard edge.
  public var sigma: Double
  /// `shadowColor × shadowOpacity × silhouette alpha`, premultiplied.
  public var color: PremultipliedColor
  /// The local area to cover: `shape.rect` grown by 3σ or more.
  public var extent: CGRect

  /// Its words for damage matching (CommandMatching.swift): every field.
  @inline(__always) func writeWords(into w: inout CommandWordWriter) {
    w.add(2)
    w.write(header, shape, sigma, color, extent)
  }

  public init(
    matrix: Transform3D, shape: RoundedRect, sigma: Double, color: PremultipliedColor,
    extent: CGRect, clips: [Clip], name: String
  ) {
    self.shape = shape
    self.sigma = sigma
    self.color = color
    self.extent = extent
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}

/// A surface's alpha blurred into a shadow under its content.
public struct SurfaceShadow: Hashable, Sendable {
  /// Standard deviation in the source surface's pixels.
  public var sigma: Double
  /// Offset in the source surface's pixels.
  public var offsetX: Double, offsetY: Double
  /// `shadowColor × shadowOpacity`, premultiplied.
  public var color: PremultipliedColor
  /// Draw only the shadow (a `shadowPath` silhouette), not the content.
  public var shadowOnly: Bool
  /// `masksToBounds` of the layer, in source-surface pixels: the shadow
  /// only shows inside it.
  public var clip: Clip?

  public init(
    sigma: Double, offsetX: Double, offsetY: Double, color: PremultipliedColor, shadowOnly: Bool,
    clip: Clip?
  ) {
    self.sigma = sigma
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.color = color
    self.shadowOnly = shadowOnly
    self.clip = clip
  }
}
