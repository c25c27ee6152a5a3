// CoverageStack: consecutive shape and shadow commands of one layer (a
// card's shadow, fill and border) drawn as one quad per visible piece, from
// one cached atlas region that stacks their coverages (CoverageAtlas). On
// S1 that is 1 instance where there were 3, and each visible pixel of a
// card's edge is blended once instead of three times.
//
// A run stacks when each of its 2 or 3 commands is unclipped, under the
// same translate-and-scale matrix (so one sub-pixel phase for all), a shape
// or a blurred shadow, and the run's pixel box is at most `maxSide` a side
// (a large layer's interior costs less as solid cells than as texels).
// A stack is cached on first use, unlike a single shape: a renderer's
// first frame then draws the same bytes as its later ones.
// Exact: the stack's weights make Σ colour × weight equal the layers
// blended one over the other (CoverageAtlas); the result is rounded to
// 8 bits once where separate draws round once per layer, within a level.
// OcclusionGrid culls the run as its last command: tiles a later opaque
// fill hides are hidden for all of it, and its own fill hides nothing of
// it.
//
// Rejected: folding the colours into the cached region (a region per
// colour, and 8-bit rounding of the source), stacking the layers of
// different matrices (every card's phase would need its own region), and
// the old names MaskStack and CoverageLayer ("mask" is the model's
// `Layer.mask`, "layer" its `Layer`). A run is drawn in Passes/.

import Lamina

/// One command of a stack: a shape or a blurred shadow, unclipped, under a
/// translate-and-scale matrix.
struct StackedDraw {
  enum Source {
    case roundedRect(RoundedRectDraw)
    case shadow(ShadowDraw)
  }
  let source: Source

  init(_ source: Source) { self.source = source }

  init?(_ command: DrawCommand) {
    switch command {
    case .roundedRect(let d) where d.clips.isEmpty && d.blendMode == nil && RoundedRectCells.axisAligned(d.matrix) != nil:
      source = .roundedRect(d)
    case .shadow(let d)
    where d.clips.isEmpty && d.sigma.isFinite && d.sigma > 0 && RoundedRectCells.axisAligned(d.matrix) != nil:
      source = .shadow(d)
    default:
      return nil
    }
  }

  var matrix: Transform3D {
    switch source {
    case .roundedRect(let d): d.matrix
    case .shadow(let d): d.matrix
    }
  }

  var color: PremultipliedColor {
    switch source {
    case .roundedRect(let d): d.color
    case .shadow(let d): d.color
    }
  }

  /// The local area the layer paints: a shape's outer rectangle, a
  /// shadow's extent.
  var bounds: CGRect {
    switch source {
    case .roundedRect(let d): d.outer.rect
    case .shadow(let d): d.extent
    }
  }

  /// What decides the layer's coverage, relative to the local `origin`
  /// (CoverageKey).
  func key(relativeTo origin: CGPoint) -> CoverageKey.Layer {
    switch source {
    case .roundedRect(let d):
      let outer = CoverageKey.Shape(d.outer, relativeTo: origin)
      guard let border = d.border else { return .fill(outer) }
      return .ring(outer: outer, border: CoverageKey.Shape(border, relativeTo: origin))
    case .shadow(let d):
      return .shadow(
        CoverageKey.Shape(d.shape, relativeTo: origin), sigma: d.sigma,
        extent: CoverageKey.Rect(d.extent, relativeTo: origin))
    }
  }
}

enum CoverageStack {
  /// The largest pixel box, a side, drawn as a stack (or cached as a single
  /// shape's coverage): a larger layer's interior costs less as
  /// solid cells than as texels, and its edges are a small part of it.
  static let maxSide = 256.0

  /// A run of 2 or 3 commands that stack, found before drawing (DrawRoute).
  struct Run {
    let layers: [StackedDraw]
    let bounds: CGRect
    let map: AxisMap
    let quad: PixelRect
    var count: Int { layers.count }
  }

  /// The run of commands starting at `start` that stacks, if 2 or more do.
  static func run(_ commands: [DrawCommand], from start: Int, size: (width: Int, height: Int)) -> Run? {
    guard let first = StackedDraw(commands[start]) else { return nil }
    let matrix = first.matrix
    var layers = [first]
    for k in 1...2 where start + k < commands.count && layers.count == k {
      if let layer = StackedDraw(commands[start + k]), layer.matrix == matrix { layers.append(layer) }
    }
    guard layers.count >= 2, let map = RoundedRectCells.axisAligned(matrix) else { return nil }
    let bounds = layers.dropFirst().reduce(first.bounds) { $0.union($1.bounds) }
    guard Double(bounds.width) * map.sx <= maxSide, Double(bounds.height) * map.sy <= maxSide,
      let quad = pixels(of: bounds, map, width: size.width, height: size.height)
    else { return nil }
    return Run(layers: layers, bounds: bounds, map: map, quad: quad)
  }

  /// The whole pixels `bounds` touches under `map`, on the target. No
  /// margin: a shadow's extent already holds its blur, and the coverage of
  /// a shape is 0 on a pixel wholly outside its rectangle.
  static func pixels(
    of bounds: CGRect, _ map: (sx: Double, sy: Double, tx: Double, ty: Double), width: Int, height: Int
  ) -> PixelRect? {
    let box = PixelRect.covering(
      minX: Double(bounds.minX) * map.sx + map.tx, minY: Double(bounds.minY) * map.sy + map.ty,
      maxX: Double(bounds.maxX) * map.sx + map.tx, maxY: Double(bounds.maxY) * map.sy + map.ty,
      within: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    return box.isEmpty ? nil : box
  }
}
