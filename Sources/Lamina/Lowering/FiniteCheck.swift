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
  /// an infinity, by its Swift name, in the order of its class's table
  /// (`LayerClasses`); `nil` when all are finite.
  func firstNonFiniteProperty() -> String? {
    // `Layer`'s keys from the static table (the lowering runs this on every
    // layer: reaching it through `sceneClass` cost S1's lowering 1 %), then
    // the class's own.
    firstNonFinite(LayerProperties.finiteChecks) ?? firstNonFiniteOwnProperty()
  }

  /// The name of the first of `checks` that finds a NaN or an infinity in
  /// this layer, or `nil`.
  @inline(__always) func firstNonFinite(
    _ checks: ContiguousArray<(name: String, isFinite: @Sendable (Layer) -> Bool)>
  ) -> String? {
    for i in checks.indices where !checks[i].isFinite(self) { return checks[i].name }
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
