// Where a closed-form shadow is worth drawing. Two bounds keep absurd but
// finite inputs (a `shadowRadius` of 1e300, a layer a million points wide)
// from turning into absurd work or allocations in a backend:
//   - a shadow whose brightest pixel stays under a quarter of one 8-bit
//     level is dropped: the Gaussian's peak over a w × h rectangle is
//     erf(w / 2√2σ) · erf(h / 2√2σ) ≤ (w / σ√2π) · (h / σ√2π);
//   - under a 2D-affine matrix the extent is cut to what can reach the
//     target surface's visible area (that rectangle mapped back to local space; its
//     bounding box, so nothing visible is lost under rotation or shear).
// Under a projective matrix the extent is kept: backends clip it to the
// target in homogeneous space, and a peak this dim is dropped first anyway.

extension PlanBuilder {
  /// The part of `extent` (local units, drawn under `m` into surface `t`)
  /// that a shadow of `shape` blurred by `sigma` at peak alpha `alpha` may
  /// light; `nil` when it lights nothing visible.
  func visibleShadowExtent(
    _ extent: CGRect, shape: CGRect, sigma: Double, alpha: Double, _ m: Transform3D, target t: Int
  ) -> CGRect? {
    let falloff = sigma * (2 * Double.pi).squareRoot()
    if sigma > 0 {
      let peak = min(1, Double(shape.width) / falloff) * min(1, Double(shape.height) / falloff)
      guard peak * alpha >= 0.25 / 255 else { return nil }
    }
    guard m.m14 == 0, m.m24 == 0, m.m44 != 0 else { return extent }
    // The 2D part: x' = (a x + c y + tx) / w, y' = (b x + d y + ty) / w.
    let w = m.m44
    let a = m.m11 / w, b = m.m12 / w, c = m.m21 / w, d = m.m22 / w
    let tx = m.m41 / w, ty = m.m42 / w
    let det = a * d - b * c
    guard det != 0, det.isFinite else { return extent }
    // One pixel of slack for anti-aliasing at the edge of what is visible.
    let v = visible[t].insetBy(dx: -1, dy: -1)
    let corners = [(Double(v.minX), Double(v.minY)), (Double(v.maxX), Double(v.minY)),
                   (Double(v.minX), Double(v.maxY)), (Double(v.maxX), Double(v.maxY))]
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    for (px, py) in corners {
      let x = px - tx, y = py - ty
      let lx = (d * x - c * y) / det, ly = (a * y - b * x) / det
      minX = min(minX, lx); maxX = max(maxX, lx)
      minY = min(minY, ly); maxY = max(maxY, ly)
    }
    guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return extent }
    let reach = CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    let visible = extent.intersection(reach)
    return visible.isNull || visible.isEmpty ? nil : visible
  }
}
