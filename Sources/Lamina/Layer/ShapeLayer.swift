// ShapeLayer: `CAShapeLayer`'s model, names and defaults. What it draws
// (its path filled, then stroked over the fill) takes the place of
// `contents` in the drawing model and is not clipped to the bounds unless
// `masksToBounds`; everything else is `Layer`'s. The stroke's geometry is
// Lamina's stroker (Path/StrokeOutline.swift), the fill's coverage the
// shared fill sweep (Raster/FillSweep.swift); the lowering turns both into
// `PathDraw`s that the two renderers draw alike.
//
// Rejected: a `CGPath`-like reference type for `path` (a `Path` is a
// value, so a scene's layers never share a mutable outline).

/// `CAShapeLayer`: a layer that fills and strokes a path in its bounds
/// space, over its background and below its sublayers and border.
public final class ShapeLayer: Layer {
  /// The outline, in the layer's bounds space; `nil` draws nothing.
  public var path: Path? { get { ownValues.path } set { ownValues.path = newValue } }
  /// The fill's colour; `nil` leaves the path unfilled.
  public var fillColor: Color? { get { ownValues.fillColor } set { ownValues.fillColor = newValue } }
  /// Which points the fill covers.
  public var fillRule: FillRule { get { ownValues.fillRule } set { ownValues.fillRule = newValue } }
  /// The stroke's colour; `nil` (the default) draws no stroke.
  public var strokeColor: Color? { get { ownValues.strokeColor } set { ownValues.strokeColor = newValue } }
  /// The stroke's width, centred on the path (≥ 0).
  public var lineWidth: Double { get { ownValues.lineWidth } set { ownValues.lineWidth = newValue.clamped(to: ValueRange.nonNegative) } }
  /// What ends open subpaths and every dash (butt by default).
  public var lineCap: LineCap { get { ownValues.lineCap } set { ownValues.lineCap = newValue } }
  /// What fills the outer corners (miter by default).
  public var lineJoin: LineJoin { get { ownValues.lineJoin } set { ownValues.lineJoin = newValue } }
  /// The largest miter length / `lineWidth` drawn as a miter (≥ 0); below
  /// 1 every join that would miter is a bevel.
  public var miterLimit: Double { get { ownValues.miterLimit } set { ownValues.miterLimit = newValue.clamped(to: ValueRange.nonNegative) } }
  /// Dash and gap lengths (each ≥ 0), repeating from each subpath's start;
  /// an odd count repeats; `nil`, empty or all zero: a solid stroke.
  public var lineDashPattern: [Double]? { get { ownValues.lineDashPattern } set { ownValues.lineDashPattern = newValue?.map { $0.clamped(to: ValueRange.nonNegative) } } }
  /// How far into the pattern each subpath starts.
  public var lineDashPhase: Double { get { ownValues.lineDashPhase } set { ownValues.lineDashPhase = newValue } }
  /// Where the stroke starts, as a fraction (0…1) of the whole path's length.
  public var strokeStart: Double { get { ownValues.strokeStart } set { ownValues.strokeStart = newValue.clamped(to: ValueRange.unit) } }
  /// Where the stroke ends, as a fraction (0…1) of the whole path's length;
  /// at or before `strokeStart` nothing is stroked.
  public var strokeEnd: Double { get { ownValues.strokeEnd } set { ownValues.strokeEnd = newValue.clamped(to: ValueRange.unit) } }
  /// The plain values behind the properties above (`ShapeLayerValues`).
  var ownValues = ShapeLayerValues()

  /// Creates a shape layer with Core Animation's defaults.
  public override init() {}

  override var drawsShape: Bool {
    guard let path, !path.elements.isEmpty else { return false }
    return (fillColor?.alpha ?? 0) > 0 || strokes
  }

  /// How many primitives it draws: the fill and the stroke, each when visible.
  var shapePrimitives: Int {
    guard drawsShape else { return 0 }
    return ((fillColor?.alpha ?? 0) > 0 ? 1 : 0) + (strokes ? 1 : 0)
  }

  /// True when a stroke is drawn: a visible colour, a width and a part of the path.
  var strokes: Bool {
    (strokeColor?.alpha ?? 0) > 0 && lineWidth > 0 && strokeEnd > strokeStart
  }

  override var sceneClass: LayerClass { LayerClasses.shapeLayer }

  override func copyOwnValues(to copy: Layer) { unsafeDowncast(copy, to: ShapeLayer.self).ownValues = ownValues }

  override func firstNonFiniteOwnProperty() -> String? { firstNonFinite(LayerClasses.shapeLayer.ownFiniteChecks) }

  /// The numbers of `LayerProperties.shape`'s checks, read directly.
  override var ownValuesAreFinite: Bool {
    let v = ownValues
    return (v.path?.hasFiniteElements ?? true) && (v.fillColor?.hasFiniteComponents ?? true)
      && (v.strokeColor?.hasFiniteComponents ?? true) && v.lineWidth.isFinite && v.miterLimit.isFinite
      && (v.lineDashPattern?.allSatisfy(\.isFinite) ?? true) && v.lineDashPhase.isFinite && v.strokeStart.isFinite
      && v.strokeEnd.isFinite
  }

  /// Why the stroke cannot be drawn (a value the scene format refuses, set
  /// through the Swift API), or `nil`.
  override var shapeProblem: String? {
    if !(lineWidth >= 0) { return "lineWidth: must be ≥ 0, got \(JSONWriter.number(lineWidth))" }
    if !(miterLimit >= 0) { return "miterLimit: must be ≥ 0, got \(JSONWriter.number(miterLimit))" }
    if !(0...1).contains(strokeStart) {
      return "strokeStart: must be in 0…1, got \(JSONWriter.number(strokeStart))"
    }
    if !(0...1).contains(strokeEnd) { return "strokeEnd: must be in 0…1, got \(JSONWriter.number(strokeEnd))" }
    for (i, v) in (lineDashPattern ?? []).enumerated() where !(v >= 0) {
      return "lineDashPattern[\(i)]: must be ≥ 0, got \(JSONWriter.number(v))"
    }
    return nil
  }

  /// The stroke keys as one value.
  public var strokeStyle: StrokeStyle {
    StrokeStyle(
      lineWidth: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
      dashPattern: lineDashPattern ?? [], dashPhase: lineDashPhase, strokeStart: strokeStart,
      strokeEnd: strokeEnd)
  }
}

/// `ShapeLayer`'s own plain values, with Core Animation's defaults.
struct ShapeLayerValues {
  var path: Path?
  var fillColor: Color? = .black
  var fillRule: FillRule = .nonZero
  var strokeColor: Color?
  var lineWidth: Double = 1
  var lineCap: LineCap = .butt
  var lineJoin: LineJoin = .miter
  var miterLimit: Double = 10
  var lineDashPattern: [Double]?
  var lineDashPhase: Double = 0
  var strokeStart: Double = 0
  var strokeEnd: Double = 1
}
