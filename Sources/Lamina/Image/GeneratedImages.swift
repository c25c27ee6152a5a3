// Generated images of the scene format: checkerboard, linear and radial
// gradients, sampled at pixel centres and stored in 8 bits.
// STUB: the PNG helper fills this in.

/// The scene format's generated images.
public enum GeneratedImage {
  /// `colors[0]` in the top-left cell; `cell` in pixels.
  public static func checkerboard(width: Int, height: Int, cell: Int, colors: (Color, Color)) -> Image {
    fatalError("stub")
  }
  /// Stops evenly spaced, interpolated in straight alpha; `start`/`end` in
  /// unit coordinates, mapped to pixels first (t is the projection in pixel space).
  public static func linearGradient(width: Int, height: Int, colors: [Color], start: CGPoint, end: CGPoint) -> Image {
    fatalError("stub")
  }
  /// `center` in unit coordinates, `radius` in units of the image width (circles in pixels).
  public static func radialGradient(width: Int, height: Int, colors: [Color], center: CGPoint, radius: Double) -> Image {
    fatalError("stub")
  }
}
