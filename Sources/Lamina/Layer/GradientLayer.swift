// GradientLayer: `CAGradientLayer`'s model, names and defaults. What it
// draws (its gradient, filling the rounded bounds) takes the place of
// `contents` in the drawing model; everything else is `Layer`'s. The rules
// for where a point falls on the gradient and what colour it gets there
// live in Shared/Gradient.swift, which both renderers follow.
//
// The gradient's kind is the Swift property `type`, CAGradientLayer's own
// name, so `gradient.type = .radial` ports verbatim from iOS. The scene
// format calls the key `gradientType`, because there `type` already names
// the layer's class (`"type": "gradientLayer"`); in Swift the class is the
// class itself, so nothing clashes.

/// `CAGradientLayerType`: how a point of the bounds finds its place on the gradient.
public enum GradientType: String, Hashable, Sendable, CaseIterable {
  /// Along the line from `startPoint` to `endPoint` (`kCAGradientLayerAxial`).
  case axial
  /// By elliptical distance from `startPoint`; `endPoint` gives the half-axes.
  case radial
  /// By the angle about `startPoint`, clockwise from the direction of `endPoint`.
  case conic
}

/// `CAGradientLayer`: a layer that fills its rounded bounds with a gradient
/// over its background, below its sublayers and border.
public final class GradientLayer: Layer {
  /// The colours of the stops; `nil` or empty draws nothing, one colour fills.
  public var colors: [Color]? { get { ownValues.colors } set { ownValues.colors = newValue } }
  /// One location per colour, each in 0…1 and none below the one before;
  /// `nil` spaces the colours evenly.
  public var locations: [Double]? { get { ownValues.locations } set { ownValues.locations = newValue?.map { $0.clamped(to: ValueRange.unit) } } }
  /// Where t = 0, in unit coordinates of the bounds (top centre by default).
  public var startPoint: CGPoint { get { ownValues.startPoint } set { ownValues.startPoint = newValue } }
  /// Where t = 1, in unit coordinates of the bounds (bottom centre by default).
  public var endPoint: CGPoint { get { ownValues.endPoint } set { ownValues.endPoint = newValue } }
  /// Axial, radial or conic (`CAGradientLayer.type`).
  public var type: GradientType { get { ownValues.type } set { ownValues.type = newValue } }
  /// The plain values behind the properties above (`GradientLayerValues`).
  var ownValues = GradientLayerValues()

  /// Creates a gradient layer with Core Animation's defaults.
  public override init() {}

  override var drawsGradient: Bool { !(colors ?? []).isEmpty }

  override var sceneClass: LayerClass { LayerClasses.gradientLayer }

  override func copyOwnValues(to copy: Layer) { unsafeDowncast(copy, to: GradientLayer.self).ownValues = ownValues }

  override func firstNonFiniteOwnProperty() -> String? { firstNonFinite(LayerClasses.gradientLayer.ownFiniteChecks) }

  override var gradientStopCount: Int { colors?.count ?? 0 }

  /// Why the stops cannot be drawn (a count of locations other than the
  /// colours', a location outside 0…1 or below the one before), or `nil`.
  override var gradientProblem: String? {
    guard let locations else { return nil }
    let count = colors?.count ?? 0
    if locations.count != count {
      return "locations: expected \(count) location\(count == 1 ? "" : "s"), one per colour, got \(locations.count)"
    }
    for (i, v) in locations.enumerated() {
      if !(0...1).contains(v) { return "locations[\(i)]: must be in 0…1, got \(JSONWriter.number(v))" }
      if i > 0, v < locations[i - 1] {
        return
          "locations[\(i)]: must be ≥ the location before it (\(JSONWriter.number(locations[i - 1]))), got \(JSONWriter.number(v))"
      }
    }
    return nil
  }

  /// The gradient in the layer's bounds space, or `nil` when it draws nothing.
  public var gradient: Gradient? {
    guard let colors, !colors.isEmpty, gradientProblem == nil else { return nil }
    let n = colors.count
    let at = locations ?? (0..<n).map { n == 1 ? 0 : Double($0) / Double(n - 1) }
    let b = bounds
    func place(_ p: CGPoint) -> CGPoint {
      CGPoint(x: Double(b.minX) + Double(p.x) * Double(b.width), y: Double(b.minY) + Double(p.y) * Double(b.height))
    }
    return Gradient(
      type: type, start: place(startPoint), end: place(endPoint),
      stops: zip(at, colors).map { GradientStop(location: $0, color: $1) })
  }
}

/// `GradientLayer`'s own plain values, with Core Animation's defaults.
struct GradientLayerValues {
  var colors: [Color]?
  var locations: [Double]?
  var startPoint: CGPoint = CGPoint(x: 0.5, y: 0)
  var endPoint: CGPoint = CGPoint(x: 0.5, y: 1)
  var type: GradientType = .axial
}
