// ShapeMemo: what a renderer's preparation made for the last shapes it
// met, handed to the next command with an equal shape: a shadow's
// quadrature tables (RoundedRectShadow) and a rounded rectangle's placed
// corners. Both are in the shape's own space, so every card of one size,
// radius and blur shares them wherever it sits (S1-frac's 1,000 cards, at
// 1,000 sub-pixel phases, made them 1,000 times: a third of its
// preparation, on one thread). The last two shapes are kept, since a card
// alternates its outer shape and its border's inner edge; comparing
// shapes costs less than hashing them.
//
// The tables are a function of the shape and σ alone, so reuse changes no
// bit. Used on the preparing thread only.
//
// Rejected: a dictionary of every shape met (a hash of the radii per
// command, and a table to bound), and keeping them across frames (a frame's
// first card makes them again in microseconds).
import Lamina

final class ShapeMemo: @unchecked Sendable {
  private var shadow: RoundedRectShadow?
  private var corners: [(shape: RoundedRect, corners: [PlacedCorner])] = []

  /// `RoundedRectShadow(shape:sigma:)`, the last one made when equal.
  func shadow(shape: RoundedRect, sigma: Double) -> RoundedRectShadow {
    if let kept = shadow, kept.sigma == sigma, kept.shape == shape { return kept }
    let made = RoundedRectShadow(shape: shape, sigma: sigma)
    shadow = made
    return made
  }

  /// `shape.corners`, one of the last two made when equal.
  func corners(of shape: RoundedRect) -> [PlacedCorner] {
    if let kept = corners.first(where: { $0.shape == shape }) { return kept.corners }
    let made = shape.corners
    if corners.count == 2 { corners.removeFirst() }
    corners.append((shape, made))
    return made
  }
}
