// StrokeStyle: how a path is stroked, with Core Graphics' names: the
// values of a `ShapeLayer`'s stroke keys gathered into one value that the
// stroker (StrokeOutline.swift) and the lowering read. The fill rule sits
// here too, as the one other rule a path drawing needs.
//
// Rejected: passing the layer itself to the stroker (the stroker would then
// depend on the layer model, and tests of pure geometry would need layers).

/// `CAShapeLayerFillRule`: which points a path's fill covers.
public enum FillRule: String, Hashable, Sendable, CaseIterable {
  /// Points the path winds around a non-zero number of times (`kCAFillRuleNonZero`).
  case nonZero
  /// Points the path winds around an odd number of times (`kCAFillRuleEvenOdd`).
  case evenOdd
}

/// `CAShapeLayerLineCap`: what ends an open subpath and every dash.
public enum LineCap: String, Hashable, Sendable, CaseIterable {
  /// Ends flat at the end point (`kCALineCapButt`).
  case butt
  /// A half disc of diameter `lineWidth` past the end (`kCALineCapRound`).
  case round
  /// A half square of side `lineWidth` past the end (`kCALineCapSquare`).
  case square
}

/// `CAShapeLayerLineJoin`: what fills the outer corner where two segments meet.
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
  /// The outer edges extended until they meet, within `miterLimit` (`kCALineJoinMiter`).
  case miter
  /// A circular arc of diameter `lineWidth` (`kCALineJoinRound`).
  case round
  /// The triangle between the outer corners (`kCALineJoinBevel`).
  case bevel
}

/// Everything that shapes a stroke besides its path (`CAShapeLayer`'s
/// stroke keys, in the path's own units).
public struct StrokeStyle: Hashable, Sendable {
  /// The full width, centred on the path.
  public var lineWidth: Double
  /// What ends open subpaths and dashes.
  public var lineCap: LineCap
  /// What fills the outer corner where segments meet.
  public var lineJoin: LineJoin
  /// The largest ratio of a miter's length to `lineWidth` drawn as a miter;
  /// above it (and always when the limit is below 1) a bevel.
  public var miterLimit: Double
  /// Lengths of dashes and gaps, repeating; empty or all zero: not dashed.
  public var dashPattern: [Double]
  /// How far into the pattern each subpath starts.
  public var dashPhase: Double
  /// Where the stroked part starts, as a fraction of the whole path's length.
  public var strokeStart: Double
  /// Where the stroked part ends, as a fraction of the whole path's length.
  public var strokeEnd: Double

  /// A style with Core Animation's defaults.
  public init(
    lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
    dashPattern: [Double] = [], dashPhase: Double = 0, strokeStart: Double = 0, strokeEnd: Double = 1
  ) {
    self.lineWidth = lineWidth
    self.lineCap = lineCap
    self.lineJoin = lineJoin
    self.miterLimit = miterLimit
    self.dashPattern = dashPattern
    self.dashPhase = dashPhase
    self.strokeStart = strokeStart
    self.strokeEnd = strokeEnd
  }

  /// The pattern as drawn: an odd count repeated once (SVG's rule), and
  /// `nil` when the stroke is solid (no pattern, or every length zero).
  public var effectiveDashes: [Double]? {
    guard dashPattern.contains(where: { $0 > 0 }) else { return nil }
    return dashPattern.count % 2 == 1 ? dashPattern + dashPattern : dashPattern
  }
}
