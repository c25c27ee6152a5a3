// Clip: a shape a draw's coverage is multiplied by, in the plan: a rounded
// rectangle (`masksToBounds` with its corners) or a convex polygon of
// half-planes (a fragment cut by the 3D sort), each with its own matrix to
// the target's pixels. Both backends evaluate it at the pixel centres they
// draw, through the inverse matrix.
//
// Rejected: clips as offscreen mask surfaces (a pass and a surface per
// clip; the analytic coverage is exact under any transform).

/// A rounded rectangle in a local space, with Core Animation's corner rules.
public struct RoundedRect: Hashable, Sendable {
  /// The rectangle, in local units.
  public var rect: CGRect
  /// Corner radii, already clamped, in the order minXminY, maxXminY,
  /// maxXmaxY, minXmaxY (clockwise on a y-down screen from the top-left).
  public var radii: [Double]
  /// Circular arcs or Apple's continuous corners.
  public var curve: CornerCurve

  public init(rect: CGRect, radii: [Double] = [0, 0, 0, 0], curve: CornerCurve = .circular) {
    self.rect = rect
    self.radii = radii
    self.curve = curve
  }

  /// True when no corner is rounded.
  public var isRect: Bool { radii.allSatisfy { $0 <= 0 } }
}

/// A half-plane `a·x + b·y + c ≥ 0` in a local space (used to cut planes in
/// the 3D sort).
public struct HalfPlane: Hashable, Sendable {
  public var a: Double, b: Double, c: Double
  public init(a: Double, b: Double, c: Double) { self.a = a; self.b = b; self.c = c }
}

/// One clip: coverage outside the shape is zero; edges are anti-aliased.
public struct Clip: Hashable, Sendable {
  public enum Shape: Hashable, Sendable {
    /// `masksToBounds` of a layer: its rounded bounds.
    case roundedRect(RoundedRect)
    /// A convex polygon given by half-planes (a 3D-sort fragment).
    case convex([HalfPlane])
  }
  /// Local units → target pixels.
  public var matrix: Transform3D
  public var shape: Shape
  public init(matrix: Transform3D, shape: Shape) { self.matrix = matrix; self.shape = shape }
}
