// The sizes a renderer accepts. Stated once, enforced by the scene loader
// (canvas, generated images), the PNG reader and the lowering (offscreens).

/// Size limits for canvases, images and offscreen surfaces.
public struct RenderLimits: Hashable, Sendable {
  /// The largest width or height in pixels.
  public var maxDimension: Int
  /// The largest total of pixel bytes (RGBA8) of one canvas or image.
  public var maxPixelBytes: Int

  public init(maxDimension: Int = 16384, maxPixelBytes: Int = 256 << 20) {
    self.maxDimension = maxDimension
    self.maxPixelBytes = maxPixelBytes
  }

  /// The defaults: 16384 pixels a side, 256 MiB of pixels.
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
