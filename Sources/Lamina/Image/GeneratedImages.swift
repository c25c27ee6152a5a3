// Generated images of the scene format: checkerboard, linear and radial
// gradients (docs/scene-format.md, "Images" and "Details").
//
// Design: each pixel is evaluated once at its centre (x + 0.5, y + 0.5) in
// pixel space, interpolated in straight alpha, rounded to straight 8-bit
// values and then premultiplied with rounding, exactly as a PNG of the same
// image would be loaded. So a scene whose generated images are exported to
// PNG files renders the same, bit for bit, and both renderers see one set of
// texels.
//
// Rejected: evaluating gradients in the renderers, per fragment. It would be
// smoother, but the format defines these as images (sampled, filtered and
// mipmapped like any other), and two evaluations would drift apart.
//
// Degenerate input never traps: sizes below zero give empty images, a cell
// below 1 is 1, no colours is transparent, start = end gives the first
// colour everywhere, a radius ≤ 0 the last, and NaN counts as 0.

/// The scene format's generated images.
public enum GeneratedImage {
  /// A checkerboard of `cell`×`cell`-pixel squares, `colors.0` in the
  /// top-left cell.
  public static func checkerboard(
    width: Int, height: Int, cell: Int, colors: (Color, Color), source: ImageSource? = nil
  ) -> Image {
    let width = max(0, width)
    let height = max(0, height)
    let cell = max(1, cell)
    let texels = (straightBytes(colors.0), straightBytes(colors.1))
    // Two row patterns (even and odd rows of cells), copied row by row.
    let rows = [0, 1].map { parity in
      (0..<width).flatMap { x in (x / cell + parity) % 2 == 0 ? texels.0 : texels.1 }
    }
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height { pixels += rows[y / cell % 2] }
    return Image(StraightImage(width: width, height: height, pixels: pixels), source: source)
  }

  /// A linear gradient: stops evenly spaced, interpolated in straight alpha.
  ///
  /// `start` and `end` are in unit coordinates and are mapped to pixels
  /// first (`start.x * width`, `start.y * height`); `t` is the projection of
  /// each pixel centre onto start→end in pixel space, clamped to 0…1.
  public static func linearGradient(
    width: Int, height: Int, colors: [Color], start: CGPoint, end: CGPoint,
    source: ImageSource? = nil
  ) -> Image {
    let w = Double(max(0, width))
    let h = Double(max(0, height))
    let sx = Double(start.x) * w
    let sy = Double(start.y) * h
    let dx = Double(end.x) * w - sx
    let dy = Double(end.y) * h - sy
    let lengthSquared = dx * dx + dy * dy
    return render(width: width, height: height, colors: colors, source: source) { px, py in
      lengthSquared > 0 ? ((px - sx) * dx + (py - sy) * dy) / lengthSquared : 0
    }
  }

  /// A radial gradient: stops evenly spaced, interpolated in straight alpha.
  ///
  /// `center` is in unit coordinates (`center.x * width`, `center.y *
  /// height` pixels); `radius` is in units of the image width, so the
  /// gradient's circles are circles in pixels. `t` is the distance of each
  /// pixel centre from the centre over the radius, clamped to 0…1.
  public static func radialGradient(
    width: Int, height: Int, colors: [Color], center: CGPoint, radius: Double,
    source: ImageSource? = nil
  ) -> Image {
    let cx = Double(center.x) * Double(max(0, width))
    let cy = Double(center.y) * Double(max(0, height))
    let r = radius * Double(max(0, width))
    return render(width: width, height: height, colors: colors, source: source) { px, py in
      r > 0 ? ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() / r : 1
    }
  }

  /// Evaluates `t(x, y)` at every pixel centre and stores the colour of the
  /// stops (evenly spaced, straight) at `t`. The loop reads the stops through
  /// a buffer pointer and mixes the four channels inline: debug builds, which
  /// the tests use, ran a 1024² gradient in 1.7 s with ramp and texel types
  /// and in 0.9 s like this.
  private static func render(
    width: Int, height: Int, colors: [Color], source: ImageSource?,
    t: (Double, Double) -> Double
  ) -> Image {
    let width = max(0, width)
    let height = max(0, height)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    // Straight RGBA of each stop, clamped to 0…1 (`Color`'s fields are public).
    let stops = colors.flatMap { c in [c.red, c.green, c.blue, c.alpha].map(unitClamped) }
    let segments = stops.count / 4 - 1
    guard segments >= 0 else {
      return Image(StraightImage(width: width, height: height, pixels: pixels), source: source)
    }
    pixels.withUnsafeMutableBufferPointer { out in
      stops.withUnsafeBufferPointer { stops in
        var i = 0
        for y in 0..<height {
          for x in 0..<width {
            let s = unitClamped(t(Double(x) + 0.5, Double(y) + 0.5)) * Double(segments)
            let k = segments == 0 ? 0 : min(Int(s), segments - 1)
            let f = s - Double(k)
            let a = 4 * k
            let b = segments == 0 ? a : a + 4
            out[i] = byte(stops[a] + (stops[b] - stops[a]) * f)
            out[i + 1] = byte(stops[a + 1] + (stops[b + 1] - stops[a + 1]) * f)
            out[i + 2] = byte(stops[a + 2] + (stops[b + 2] - stops[a + 2]) * f)
            out[i + 3] = byte(stops[a + 3] + (stops[b + 3] - stops[a + 3]) * f)
            i += 4
          }
        }
      }
    }
    return Image(StraightImage(width: width, height: height, pixels: pixels), source: source)
  }

  /// `v` clamped to 0…1; NaN counts as 0.
  private static func unitClamped(_ v: Double) -> Double {
    !(v > 0) ? 0 : v < 1 ? v : 1
  }

  /// A straight value in 0…1 rounded to 8 bits (nearest, halves away from zero).
  private static func byte(_ v: Double) -> UInt8 {
    UInt8((unitClamped(v) * 255).rounded())
  }

  /// A colour's straight RGBA, rounded to 8 bits.
  private static func straightBytes(_ c: Color) -> [UInt8] {
    [byte(c.red), byte(c.green), byte(c.blue), byte(c.alpha)]
  }
}
