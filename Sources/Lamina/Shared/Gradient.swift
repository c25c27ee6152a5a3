// The gradient rules both renderers follow (docs/scene-format.md,
// "gradientLayer"), defined once: where a local point falls on the
// gradient (t) and the colour at t. LaminaCPU's GradientStage calls
// `Gradient.Evaluator`; Shaders/gradient.frag mirrors it line by line in
// Float32, taking the same constants (`Evaluator.origin`, `.vector`).
//
// - axial: t = (p − start) · (end − start) / |end − start|², in the
//   layer's points;
// - radial: t = |((p − start).x / rx, (p − start).y / ry)|, with the
//   half-axes rx = |end.x − start.x|, ry = |end.y − start.y| in points;
// - conic: t = the angle of p − start from the direction of end − start,
//   clockwise on the y-down screen, over one turn (0 at the centre itself).
// t clamps: below the first location the first colour, from the last one
// on the last colour. Otherwise the colour is that of the segment between
// the last stop whose location is ≤ t and the next one, interpolated
// linearly in straight-alpha sRGB-encoded components. So a location given
// twice is a hard stop: t below it takes the colours before, t at it or
// above the colours after, and a stop between two at the same location
// never shows.
//
// Degenerate geometry (start = end for axial and conic, a zero half-axis
// for radial, or constants that do not fit Float32, the precision the GL
// shader evaluates in) paints the last colour everywhere, as SVG 1.1 does
// for a gradient whose vector or radius has zero length ("the area to be
// painted will be painted as a single color using the color and opacity
// of the last gradient stop"), and as the radial limit gives: as a
// half-axis shrinks to 0, t grows without bound off the centre line.
//
// Rejected: a lookup texture of the stops (a second resampling, with its
// own rounding, between the stops and the pixel), and evaluating in
// premultiplied components (then white to clear would not pass through
// grey, which is what iOS shows).

/// One stop: a location in 0…1 and its straight-alpha colour.
public struct GradientStop: Hashable, Sendable {
  public var location: Double
  public var color: Color
  public init(location: Double, color: Color) {
    self.location = location
    self.color = color
  }
}

/// A gradient in a local space (a layer's bounds space, in points).
public struct Gradient: Hashable, Sendable {
  public var type: GradientType
  /// Where t = 0 (axial), the centre (radial, conic).
  public var start: CGPoint
  /// Where t = 1 (axial), the half-axes' reach (radial), the direction of t = 0 (conic).
  public var end: CGPoint
  /// At least one stop, locations non-decreasing in 0…1.
  public var stops: [GradientStop]

  public init(type: GradientType, start: CGPoint, end: CGPoint, stops: [GradientStop]) {
    self.type = type
    self.start = start
    self.end = end
    self.stops = stops
  }

  /// The colour the whole gradient paints when it is one colour: a single
  /// stop, stops all of one colour, or degenerate geometry (the last stop).
  public var solidColor: Color? {
    guard let last = stops.last else { return nil }
    if Evaluator(self) == nil || stops.allSatisfy({ $0.color == last.color }) { return last.color }
    return nil
  }

  /// True when every stop is opaque: the gradient covers what is under it.
  public var isOpaque: Bool { stops.allSatisfy { $0.color.alpha >= 1 } }

  /// The gradient ready to evaluate: its constants and its stops as flat
  /// arrays. `nil` when the geometry is degenerate (see `solidColor`).
  public struct Evaluator: Sendable {
    public let type: GradientType
    /// The start point (axial) or the centre (radial, conic).
    public let origin: SIMD2<Double>
    /// axial: (end − start) / |end − start|²; radial: (1 / rx, 1 / ry);
    /// conic: the unit direction of end − start.
    public let vector: SIMD2<Double>
    public let locations: [Double]
    /// Straight-alpha sRGB-encoded components, as Float32 (as the shader has them).
    public let colors: [SIMD4<Float>]

    public init?(_ g: Gradient) {
      guard !g.stops.isEmpty else { return nil }
      let s = SIMD2(Double(g.start.x), Double(g.start.y)), e = SIMD2(Double(g.end.x), Double(g.end.y))
      let d = e - s
      let vector: SIMD2<Double>
      switch g.type {
      case .axial:
        let length2 = (d * d).sum()
        guard length2 > 0 else { return nil }
        vector = d / length2
      case .radial:
        let radii = SIMD2(abs(d.x), abs(d.y))
        guard radii.x > 0, radii.y > 0 else { return nil }
        vector = 1 / radii
      case .conic:
        let length = (d * d).sum().squareRoot()
        guard length > 0 else { return nil }
        vector = d / length
      }
      // The shader receives these as Float32: what does not fit there is degenerate too.
      let limit = Double(Float.greatestFiniteMagnitude)
      guard [s.x, s.y, vector.x, vector.y].allSatisfy({ $0.isFinite && abs($0) < limit }) else { return nil }
      type = g.type
      origin = s
      self.vector = vector
      locations = g.stops.map(\.location)
      colors = g.stops.map {
        SIMD4(Float($0.color.red), Float($0.color.green), Float($0.color.blue), Float($0.color.alpha))
      }
    }

    /// Where the local point (x, y) falls on the gradient (not clamped;
    /// conic in 0…1, 1 only where rounding meets the seam from below).
    @inlinable
    public func t(_ x: Double, _ y: Double) -> Double {
      let p = SIMD2(x, y) - origin
      switch type {
      case .axial:
        return p.x * vector.x + p.y * vector.y
      case .radial:
        let q = p * vector
        return (q.x * q.x + q.y * q.y).squareRoot()
      case .conic:
        // The angle from `vector` towards +y (clockwise on screen).
        let cross = vector.x * p.y - vector.y * p.x, dot = vector.x * p.x + vector.y * p.y
        if cross == 0 && dot == 0 { return 0 }
        var angle = atan2(cross, dot)
        if angle < 0 { angle += 2 * Double.pi }
        return angle / (2 * Double.pi)
      }
    }

    /// The straight-alpha colour at `t`: clamped to the end stops, else
    /// interpolated in the segment after the last stop at or below t.
    @inlinable
    public func straightColor(at t: Double) -> SIMD4<Float> {
      // k: how many stops lie at or below t.
      var lo = 0, hi = locations.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if locations[mid] <= t { lo = mid + 1 } else { hi = mid }
      }
      let k = lo
      if k == 0 { return colors[0] }
      if k == locations.count { return colors[k - 1] }
      let a = locations[k - 1], b = locations[k]
      let f = Float((t - a) / (b - a))
      return colors[k - 1] + (colors[k] - colors[k - 1]) * f
    }

    /// The premultiplied colour at `t`, ready to blend.
    @inlinable
    public func premultipliedColor(at t: Double) -> SIMD4<Float> {
      let c = straightColor(at: t)
      return SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
    }
  }
}
