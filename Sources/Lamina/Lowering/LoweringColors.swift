// LoweringColors: the one route of every colour the lowering emits through
// a replicator copy's colour multiplier (Plan/ColorMultiplier.swift says
// what the multiplier is and why it is exact).
//
// Rejected: applying the multiplier in each emitter (places to keep
// in step, one per emitter; one missed colour is an untinted copy).

extension PlanBuilder {
  /// The one route of every colour a layer emits: the colour with the
  /// replicator copies' multiplier (`colorMultiplier`) applied; the colour
  /// itself when no replicator tints what is being emitted.
  @inline(__always)
  func multipliedColor(_ color: Color) -> Color {
    colorMultiplier.isIdentity ? color : colorMultiplier.apply(color)
  }

  /// A gradient with its stops' colours multiplied (`multipliedColor`).
  func multipliedGradient(_ gradient: Gradient) -> Gradient {
    guard !colorMultiplier.isIdentity else { return gradient }
    var g = gradient
    g.stops = g.stops.map { GradientStop(location: $0.location, color: multipliedColor($0.color)) }
    return g
  }
}
