// ColorMultiplier: what a replicator's instance colour does to the colours
// a copy draws (docs/scene-format.md, "replicatorLayer"). The instance
// colour's alpha fades the copy as an inherited opacity does (each
// primitive on its own, as a transform layer's opacity): the lowering
// passes it down as the `alpha` it already carries, so a content shadow's
// silhouette stays what the layer draws before any fading. Its red, green
// and blue are this multiplier, which the lowering holds while it emits a
// copy (`PlanBuilder.colorMultiplier`) and applies to every colour a layer
// emits through one function, `PlanBuilder.multipliedColor(_:)`:
// background, border, shadows (closed-form, path and content), gradient
// stops, and shape and text colours as those layers come. Contents carry
// it to the backends as `ImageDraw.tint`, a per-channel multiplier on the
// sampled premultiplied colour.
//
// Straight-alpha components multiplied by (r, g, b) are premultiplied
// components multiplied by the same (r, g, b): so the multiplier is exact
// on colours, on gradient stops (interpolation is linear in each
// component) and on filtered images (filtering is linear too).
//
// Rejected: multiplying the copy as a group (an offscreen per copy, and
// not what the contract says: "its colours … multiplied").

/// A per-channel multiplier on red, green and blue (alpha is left alone).
public struct ColorMultiplier: Hashable, Sendable {
  public var red: Double, green: Double, blue: Double

  public init(red: Double, green: Double, blue: Double) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// The multiplier of an instance colour (its alpha is the copy's fade).
  public init(_ color: Color) {
    self.init(red: color.red, green: color.green, blue: color.blue)
  }

  /// White: no change.
  public static let identity = ColorMultiplier(red: 1, green: 1, blue: 1)

  public var isIdentity: Bool { red == 1 && green == 1 && blue == 1 }

  /// This multiplier then `other` (nested replicators multiply).
  public func concatenating(_ other: ColorMultiplier) -> ColorMultiplier {
    if other.isIdentity { return self }
    if isIdentity { return other }
    return ColorMultiplier(red: red * other.red, green: green * other.green, blue: blue * other.blue)
  }

  /// `color` with its red, green and blue multiplied.
  public func apply(_ color: Color) -> Color {
    Color(red: color.red * red, green: color.green * green, blue: color.blue * blue, alpha: color.alpha)
  }
}
