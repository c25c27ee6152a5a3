// Generated images of the scene format: checkerboard, linear and radial
// gradients (SCENE_FORMAT.md, "Images" and "Details").
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
    let texels = (StraightTexel(colors.0).bytes, StraightTexel(colors.1).bytes)
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
    let ramp = GradientRamp(colors)
    return render(width: width, height: height, ramp: ramp, source: source) { px, py in
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
    let ramp = GradientRamp(colors)
    return render(width: width, height: height, ramp: ramp, source: source) { px, py in
      r > 0 ? ((px - cx) * (px - cx) + (py - cy) * (py - cy)).squareRoot() / r : 1
    }
  }

  /// Evaluates `t(x, y)` at every pixel centre and stores the ramp's colour.
  private static func render(
    width: Int, height: Int, ramp: GradientRamp, source: ImageSource?,
    t: (Double, Double) -> Double
  ) -> Image {
    let width = max(0, width)
    let height = max(0, height)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { out in
      var i = 0
      for y in 0..<height {
        for x in 0..<width {
          ramp.texel(at: t(Double(x) + 0.5, Double(y) + 0.5)).store(into: out, at: i)
          i += 4
        }
      }
    }
    return Image(StraightImage(width: width, height: height, pixels: pixels), source: source)
  }
}

/// Straight RGBA in 0…1, as interpolated; `Color` itself clamps only when
/// built through its initializer, so values are clamped again here.
private struct StraightTexel {
  var r, g, b, a: Double

  init(r: Double, g: Double, b: Double, a: Double) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  init(_ c: Color) { self.init(r: c.red, g: c.green, b: c.blue, a: c.alpha) }

  /// `self + (other − self) · f`, per channel.
  func mixed(with other: StraightTexel, _ f: Double) -> StraightTexel {
    StraightTexel(
      r: r + (other.r - r) * f, g: g + (other.g - g) * f, b: b + (other.b - b) * f,
      a: a + (other.a - a) * f)
  }

  /// RGBA rounded to 8 bits (nearest, halves away from zero).
  var bytes: [UInt8] { [Self.byte(r), Self.byte(g), Self.byte(b), Self.byte(a)] }

  /// Rounds to 8 bits (nearest, halves away from zero) into `pixels[i..<i+4]`.
  func store(into pixels: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
    pixels[i] = Self.byte(r)
    pixels[i + 1] = Self.byte(g)
    pixels[i + 2] = Self.byte(b)
    pixels[i + 3] = Self.byte(a)
  }

  static func byte(_ v: Double) -> UInt8 {
    v.isNaN ? 0 : UInt8((min(max(v, 0), 1) * 255).rounded())
  }
}

/// Colour stops evenly spaced over 0…1.
private struct GradientRamp {
  let stops: [StraightTexel]

  init(_ colors: [Color]) { stops = colors.map(StraightTexel.init) }

  /// The colour at `t` (clamped to 0…1; NaN counts as 0).
  func texel(at t: Double) -> StraightTexel {
    guard stops.count > 1 else { return stops.first ?? StraightTexel(r: 0, g: 0, b: 0, a: 0) }
    let t = t.isNaN ? 0 : min(max(t, 0), 1)
    let s = t * Double(stops.count - 1)
    let i = min(Int(s), stops.count - 2)
    return stops[i].mixed(with: stops[i + 1], s - Double(i))
  }
}
