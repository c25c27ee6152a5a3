// LottieMasks: a layer's masks as lottie-ios's Core Animation engine draws
// them: shape layers filled even-odd, added into one container while the
// modes add (and always the first), each later subtract, intersect,
// darken or difference masking the container so far. A subtract that is
// not inverted, or an add that is, draws its shape inside a 20,000,000 pt
// square (even-odd: everything but the shape). Mask opacity and expansion
// are not drawn by that engine; the document reader reports them.

import Lamina

enum LottieMasks {
  static func layer(_ m: LottieLayerModel, size: CGSize, timeline: LottieTimeline, _ ctx: LottieBuildContext)
    throws(LottieError) -> Layer?
  {
    let masks = m.masks.filter { $0.mode != .none }
    guard !masks.isEmpty else { return nil }
    let root = try ctx.makeLayer(size, name: "\(m.name) (masks)")
    var container = try ctx.makeLayer(size)
    var first = true
    for mask in masks {
      let mode = mask.mode == .lighten ? .add : mask.mode
      let invert = (mode == .subtract && !mask.inverted) || (mode == .add && mask.inverted)
      let shape = ShapeLayer()
      ctx.fill(shape, size)
      shape.fillRule = .evenOdd
      shape.fillColor = .black
      try timeline.path(mask.shape, "path", shape) { b in
        guard invert else { return b.path }
        let big = 10_000_000.0
        var elements = Path(rect: CGRect(x: -big, y: -big, width: 2 * big, height: 2 * big)).elements
        elements += b.path.elements
        return Path(elements: elements)
      }
      if mode == .add || first {
        first = false
        container.adopt(shape)
      } else {
        container.mask = shape
        let next = try ctx.makeLayer(size)
        next.adopt(container)
        container = next
      }
    }
    root.adopt(container)
    return root
  }
}
