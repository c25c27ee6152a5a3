// CoverageKey: what decides a cached coverage (CoverageAtlas), so that
// draws with equal keys read the same texels. It holds each stacked
// layer's kind and geometry relative to the region's local origin, the
// alphas that weigh the layers below, and the scale and sub-pixel phase of
// that origin: everything the shaders read to compute the coverage, and
// nothing else (not the colours, which batch.frag applies).
//
// Exact: every field is the Double (or Float) the draw passes on, compared
// with Swift's ==, as the flat array this replaces compared them: a hit is
// a draw whose coverage floats would be the same.
//
// Rejected: a flat [Double] with magic tags (it was: 1 a fill, 2 a ring,
// 3 a shadow, −n a stack of n, alphas between layers; the reader had to
// know the layout, and every lookup built an array on the heap), and the
// Doubles' bit patterns (they would tell 0 from −0 and let a NaN find
// itself, so what hits would change).

import Lamina

struct CoverageKey: Hashable {
  /// A rectangle relative to the region's local origin.
  struct Rect: Hashable {
    var x, y, width, height: Double

    init(_ r: CGRect, relativeTo origin: CGPoint) {
      x = Double(r.minX) - Double(origin.x)
      y = Double(r.minY) - Double(origin.y)
      width = Double(r.width)
      height = Double(r.height)
    }
  }

  /// A rounded rectangle relative to the region's local origin.
  struct Shape: Hashable {
    var rect: Rect
    var radii: [Double]
    var continuous: Bool

    init(_ r: RoundedRect, relativeTo origin: CGPoint) {
      rect = Rect(r.rect, relativeTo: origin)
      radii = r.radii
      continuous = r.curve == .continuous
    }
  }

  /// One layer's coverage: what rounded_rect.frag or shadow.frag computes.
  enum Layer: Hashable {
    case fill(Shape)
    case ring(outer: Shape, border: Shape)
    /// A blurred shadow (σ > 0), limited to its extent.
    case shadow(Shape, sigma: Double, extent: Rect)
  }

  /// The layers of a region, bottom to top (CoverageStack), each above the
  /// bottom one with its colour's alpha, which weighs the layers below it.
  enum Layers: Hashable {
    case one(Layer)
    case two(Layer, Float, Layer)
    case three(Layer, Float, Layer, Float, Layer)
  }

  var layers: Layers
  /// The scale of the axis-aligned matrix, in pixels per local unit.
  var scaleX, scaleY: Double
  /// Where the local origin falls inside its pixel, in [0, 1).
  var phaseX, phaseY: Double
}
