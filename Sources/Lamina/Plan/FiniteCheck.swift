// Non-finite numbers set through the Swift API. The scene loader already
// rejects NaN and infinities with a JSON path; a `Layer` built in code has
// no such gate, so the lowering checks every number it reads from a layer
// before drawing and refuses the tree with `LoweringError.notFinite`, naming
// the layer and the property.
//
// Rejected: ignoring such layers (drawing the rest). A NaN usually comes
// from a division by zero in the caller's layout code; skipping the layer
// hides the bug and draws a different picture than the one asked for, and
// a NaN in a transform would silently hide a whole subtree.

extension Layer {
  /// The first property of this layer (not its sublayers) holding a NaN or
  /// an infinity, by its Swift name; `nil` when all are finite.
  func firstNonFiniteProperty() -> String? {
    func finite(_ values: Double...) -> Bool { values.allSatisfy(\.isFinite) }
    func finite(_ r: CGRect) -> Bool {
      finite(Double(r.origin.x), Double(r.origin.y), Double(r.size.width), Double(r.size.height))
    }
    func finite(_ p: CGPoint) -> Bool { finite(Double(p.x), Double(p.y)) }
    func finite(_ c: Color?) -> Bool { c.map { finite($0.red, $0.green, $0.blue, $0.alpha) } ?? true }
    func finite(_ t: Transform3D) -> Bool { t.values.allSatisfy(\.isFinite) }

    if !finite(bounds) { return "bounds" }
    if !finite(position) { return "position" }
    if !finite(anchorPoint) { return "anchorPoint" }
    if !finite(zPosition) { return "zPosition" }
    if !finite(transform) { return "transform" }
    if !finite(sublayerTransform) { return "sublayerTransform" }
    if !finite(opacity) { return "opacity" }
    if !finite(backgroundColor) { return "backgroundColor" }
    if !finite(cornerRadius) { return "cornerRadius" }
    if !finite(borderWidth) { return "borderWidth" }
    if !finite(borderColor) { return "borderColor" }
    if !finite(shadowOpacity) { return "shadowOpacity" }
    if !finite(shadowColor) { return "shadowColor" }
    if !finite(Double(shadowOffset.width), Double(shadowOffset.height)) { return "shadowOffset" }
    if !finite(shadowRadius) { return "shadowRadius" }
    if let path = shadowPath, !path.elements.allSatisfy(\.isFinite) { return "shadowPath" }
    if !finite(contentsRect) { return "contentsRect" }
    if !finite(contentsScale) { return "contentsScale" }
    if !finite(contentsCenter) { return "contentsCenter" }
    if !finite(minificationFilterBias) { return "minificationFilterBias" }
    if !finite(rasterizationScale) { return "rasterizationScale" }
    return nil
  }
}

extension Path.Element {
  /// True when every coordinate is finite.
  var isFinite: Bool {
    func ok(_ p: CGPoint) -> Bool { Double(p.x).isFinite && Double(p.y).isFinite }
    switch self {
    case .move(let p), .line(let p): return ok(p)
    case .quad(let c, let p): return ok(c) && ok(p)
    case .cubic(let c1, let c2, let p): return ok(c1) && ok(c2) && ok(p)
    case .close: return true
    }
  }
}
