// ValueRange: the ranges a layer's numbers are kept in, one rule for the
// model and for animations. Core Animation renders an out-of-range value
// clamped (`strokeEnd = 1.2` draws the whole stroke, `opacity = 1.5` is
// opaque, a negative `cornerRadius` rounds nothing); Lamina clamps when the
// value is set, in Swift (the property's setter) or by an animation (to
// the range of its table entry's rule, `NumberRule.range`, one of these;
// AnimatableProperties.swift). So the value read back is the clamped
// one, where Core Animation returns what was set: the cost of having one
// value, which the renderers, the scene writer and
// `value(forKeyPath:)` all see. NaN and the infinities are kept (not
// clamped to a number), and the lowering refuses them with the property's
// name, as it refuses any number that is not finite.
//
// A scene file is stricter: an out-of-range number there is an error with
// its JSON path (a scene is data a person wrote, where 1.2 is a mistake).
//
// Rejected: clamping where each value is drawn (every reader would need the
// rule, and the scene writer would write values no reader accepts).

enum ValueRange {
  /// Opacities, stroke ends, gradient locations.
  static let unit = 0.0...1.0
  /// Radii, widths, dash lengths.
  static let nonNegative = 0.0...Double.greatestFiniteMagnitude
  /// Scales (`contentsScale`, `rasterizationScale`).
  static let positive = Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude
  /// An animated font size (the scene format refuses 0; a spring may reach it).
  static let fontSize = 1e-3...TextLimits.maxFontSize
}

extension Double {
  /// The value moved into `range`; NaN and the infinities stay as they are.
  func clamped(to range: ClosedRange<Double>) -> Double {
    isFinite ? Swift.min(Swift.max(self, range.lowerBound), range.upperBound) : self
  }
}
