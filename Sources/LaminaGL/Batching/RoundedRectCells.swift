// RoundedRectCells: where a shape or shadow under a translate-and-scale matrix
// (nearly every layer) needs its coverage, and where it is exactly its
// colour. The pixel box is cut on whole pixels into 8 coverage cells (4
// corner squares reaching past the corner curves, 4 edge strips as thick as
// the anti-aliased or blurred edge) and 3 interior cells that are wholly
// inside (solid quads of a QuadBatch for fills and shadows, skipped for
// border rings; a solid fill's interior also hides what is under it,
// OcclusionGrid). On llvmpipe every fragment of a coverage shader costs
// tens of times a solid one, and a card is mostly interior.
//
// Rejected: an early-out branch in the shaders (llvmpipe runs both sides of
// a branch that differs between pixels of a block), and a stencil or depth
// pre-pass (more passes over the same pixels).

import Lamina

struct RoundedRectCells {
  /// The 4 corner squares (those on the target).
  var corners: [PixelRect]
  /// The 4 edge strips between them.
  var edges: [PixelRect]
  /// Wholly inside: the colour itself.
  var interior: [PixelRect]
  /// Corners and edges: where coverage is computed.
  var coverage: [PixelRect] { corners + edges }

  /// The scale and translation of `m`, when that is all it does.
  static func axisAligned(_ m: Transform3D) -> (sx: Double, sy: Double, tx: Double, ty: Double)? {
    guard m.m12 == 0, m.m21 == 0, m.m14 == 0, m.m24 == 0, m.m44 == 1, m.m11 > 0, m.m22 > 0,
      m.m11.isFinite, m.m22.isFinite, m.m41.isFinite, m.m42.isFinite
    else { return nil }
    return (m.m11, m.m22, m.m41, m.m42)
  }

  /// Cells of the local `rect` under the axis-aligned map `map`. Per axis,
  /// in local units: `margin` is how far coverage reaches outside the rect,
  /// `corner` how far the corner cells reach inside, `edge` how thick the
  /// edge strips are inside. Nil when the rect is too small to split.
  static func split(
    rect: CGRect, map: (sx: Double, sy: Double, tx: Double, ty: Double),
    margin: (Double, Double), corner: (Double, Double), edge: (Double, Double), width: Int, height: Int
  ) -> RoundedRectCells? {
    func axis(_ lo: Double, _ hi: Double, _ s: Double, _ t: Double, _ m: Double, _ c: Double, _ e: Double)
      -> [Double]?
    {
      let x0 = lo * s + t, x1 = hi * s + t
      let m = m * s + 1, e = e * s + 1, c = max(c * s + 1, e)
      let a0 = (x0 - m).rounded(.down), a1 = (x0 + c).rounded(.up)
      let a2 = (x1 - c).rounded(.down), a3 = (x1 + m).rounded(.up)
      let b1 = (x0 + e).rounded(.up), b2 = (x1 - e).rounded(.down)
      guard a1 < a2, b1 <= a1, a2 <= b2 else { return nil }
      return [a0, b1, a1, a2, b2, a3]
    }
    guard
      let x = axis(Double(rect.minX), Double(rect.maxX), map.sx, map.tx, margin.0, corner.0, edge.0),
      let y = axis(Double(rect.minY), Double(rect.maxY), map.sy, map.ty, margin.1, corner.1, edge.1)
    else { return nil }
    let (a0, b1, a1, a2, b2, a3) = (x[0], x[1], x[2], x[3], x[4], x[5])
    let (r0, s1, r1, r2, s2, r3) = (y[0], y[1], y[2], y[3], y[4], y[5])
    let w = Double(width), h = Double(height)
    func cells(_ list: [(Double, Double, Double, Double)]) -> [PixelRect] {
      list.compactMap { c in
        let x0 = max(0, c.0), y0 = max(0, c.1), x1 = min(w, c.2), y1 = min(h, c.3)
        return x1 > x0 && y1 > y0 ? PixelRect(x0: Int(x0), y0: Int(y0), x1: Int(x1), y1: Int(y1)) : nil
      }
    }
    return RoundedRectCells(
      corners: cells([(a0, r0, a1, r1), (a2, r0, a3, r1), (a0, r2, a1, r3), (a2, r2, a3, r3)]),
      edges: cells([(a1, r0, a2, s1), (a1, s2, a2, r3), (a0, r1, b1, r2), (b2, r1, a3, r2)]),
      interior: cells([(b1, r1, b2, r2), (a1, s1, a2, r1), (a1, r2, a2, s2)]))
  }

  /// How far a rounded rect's corners reach along its edges, per axis.
  static func cornerReach(_ r: RoundedRect) -> Double {
    let radius = r.radii.max() ?? 0
    return r.curve == .continuous ? radius * ShaderSource.continuousReach : radius
  }

  /// The cells of an axis-aligned shape on a `width`×`height` target.
  static func roundedRect(matrix: Transform3D, outer: RoundedRect, border: RoundedRect?, width: Int, height: Int)
    -> RoundedRectCells?
  {
    guard let map = axisAligned(matrix) else { return nil }
    var corner = cornerReach(outer)
    var edge = (0.0, 0.0)
    if let border {
      // The strips and corners must cover the ring: the interior cells are
      // then inside the border's inner edge, where the ring's coverage is 0.
      let o = outer.rect, i = border.rect
      guard i.minX >= o.minX, i.minY >= o.minY, i.maxX <= o.maxX, i.maxY <= o.maxY else { return nil }
      let insetX = max(i.minX - o.minX, o.maxX - i.maxX), insetY = max(i.minY - o.minY, o.maxY - i.maxY)
      edge = (Double(insetX), Double(insetY))
      corner = max(corner, Double(max(insetX, insetY)) + cornerReach(border))
    }
    return split(
      rect: outer.rect, map: map, margin: (0, 0), corner: (corner, corner), edge: edge, width: width,
      height: height)
  }

  /// Beyond 4σ inside every edge and clear of the corners' reach, the
  /// shadow is its colour to within 1/30000: those cells are solid.
  static func shadow(_ d: ShadowDraw, width: Int, height: Int) -> RoundedRectCells? {
    guard let map = axisAligned(d.matrix) else { return nil }
    let s = d.shape.rect, e = d.extent
    guard e.minX <= s.minX, e.minY <= s.minY, e.maxX >= s.maxX, e.maxY >= s.maxY else { return nil }
    let margin = Double(max(s.minX - e.minX, e.maxX - s.maxX, s.minY - e.minY, e.maxY - s.maxY))
    let edge = 4 * d.sigma
    let corner = cornerReach(d.shape) + edge
    return split(
      rect: s, map: map, margin: (margin, margin), corner: (corner, corner), edge: (edge, edge),
      width: width, height: height)
  }
}
