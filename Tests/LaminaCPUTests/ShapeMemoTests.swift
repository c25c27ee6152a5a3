// ShapeMemo: a shape's shadow tables and corners handed on to the next
// command with an equal shape are those the shape would make itself, and
// a shape that differs in anything (size, a radius, the curve, σ) gets its
// own.
import Foundation
import Testing
@testable import Lamina
@testable import LaminaCPU

@Suite struct ShapeMemoTests {
  /// Shapes that differ from the first in one thing each.
  static let shapes: [RoundedRect] = [
    RoundedRect(rect: CGRect(x: 0, y: 0, width: 120, height: 80), radii: [12, 12, 12, 12]),
    RoundedRect(rect: CGRect(x: 0, y: 0, width: 121, height: 80), radii: [12, 12, 12, 12]),
    RoundedRect(rect: CGRect(x: 0, y: 0, width: 120, height: 80), radii: [12, 12, 4, 12]),
    RoundedRect(rect: CGRect(x: 0, y: 0, width: 120, height: 80), radii: [12, 12, 12, 12], curve: .continuous),
    RoundedRect(rect: CGRect(x: 2, y: 2, width: 116, height: 76), radii: [10, 10, 10, 10]),
  ]

  /// The values at points around the shape's corners and edges.
  static func samples(_ s: RoundedRectShadow) -> [Double] {
    stride(from: -14.0, through: 134, by: 7.25).flatMap { x in
      stride(from: -14.0, through: 94, by: 6.5).map { y in s.value(x: x, y: y) }
    }
  }

  @Test func shadowsAreTheShapesOwn() {
    let memo = ShapeMemo()
    // Each shape and σ, met twice in a row and again after the others:
    // every answer is the one made afresh, to the bit.
    for round in 0..<2 {
      for shape in Self.shapes {
        for sigma in [4.0, 4.5] {
          for _ in 0..<2 {
            let kept = memo.shadow(shape: shape, sigma: sigma)
            #expect(kept.shape == shape && kept.sigma == sigma, "round \(round)")
            let made = RoundedRectShadow(shape: shape, sigma: sigma)
            #expect(Self.samples(kept).map(\.bitPattern) == Self.samples(made).map(\.bitPattern))
          }
        }
      }
    }
  }

  @Test func cornersAreTheShapesOwn() {
    let memo = ShapeMemo()
    // A card's outer shape and border alternate; a third shape evicts the
    // older of the two kept.
    let order = [0, 4, 0, 4, 1, 0, 2, 2, 3, 4, 0, 3]
    for index in order {
      #expect(memo.corners(of: Self.shapes[index]) == Self.shapes[index].corners, "shape \(index)")
    }
  }
}
