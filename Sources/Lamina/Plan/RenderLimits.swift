// The sizes a renderer accepts. Stated once, enforced by the scene loader
// (canvas, generated images, a gradient's stops), the PNG reader and the
// lowering (offscreens, the dashes and outline edges of a shape layer's
// path, a gradient's stops).

/// Size limits for canvases, images and offscreen surfaces.
public struct RenderLimits: Hashable, Sendable {
  /// The largest width or height in pixels.
  public var maxDimension: Int
  /// The largest total of pixel bytes (RGBA8) of one canvas or image.
  public var maxPixelBytes: Int
  /// The most dashes a shape layer's `lineDashPattern` may cut its path
  /// into (100,000: a dashed outline of a 16384-pixel canvas at 1 pixel a
  /// dash needs about 33,000).
  public var maxStrokeDashes: Int
  /// The most edges the polygons of one shape layer's fill or stroke may
  /// have (2,097,152: about 250,000 stroked segments; the fill sweep's
  /// time grows with the edges a pixel row crosses).
  public var maxShapeEdges: Int
  /// The most stops (colours) one gradient layer may have (1,000,000:
  /// LaminaGL keeps a gradient's stops in a texture 2048 texels wide, two
  /// rows for each 2048 stops, and 978 rows fit the smallest largest
  /// texture OpenGL ES 3 allows; LaminaCPU refuses the same gradients).
  public var maxGradientStops: Int

  public init(
    maxDimension: Int = 16384, maxPixelBytes: Int = 256 << 20, maxStrokeDashes: Int = 100_000,
    maxShapeEdges: Int = 1 << 21, maxGradientStops: Int = 1_000_000
  ) {
    self.maxDimension = maxDimension
    self.maxPixelBytes = maxPixelBytes
    self.maxStrokeDashes = maxStrokeDashes
    self.maxShapeEdges = maxShapeEdges
    self.maxGradientStops = maxGradientStops
  }

  /// The defaults: 16384 pixels a side, 256 MiB of pixels, 100,000 dashes,
  /// 2,097,152 edges a shape and 1,000,000 stops a gradient.
  public static let `default` = RenderLimits()

  /// `nil` when a `width × height` RGBA8 image fits, else the reason.
  public func violation(width: Int, height: Int) -> String? {
    if width > maxDimension || height > maxDimension {
      return "\(width)×\(height) pixels exceeds the limit of \(maxDimension) pixels a side"
    }
    let (bytes, overflow) = width.multipliedReportingOverflow(by: height)
    if overflow || bytes > maxPixelBytes / 4 {
      let limit = maxPixelBytes % (1 << 20) == 0 ? "\(maxPixelBytes >> 20) MiB" : "\(maxPixelBytes) bytes"
      return "\(width)×\(height) pixels exceeds the limit of \(limit) of pixels"
    }
    return nil
  }
}
