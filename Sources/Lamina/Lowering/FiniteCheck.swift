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
//
// The class tables (LayerProperties) say which properties hold numbers and
// name the one that fails. Reading them through their key paths costs
// generic metadata lookups per property: ~15 % of S10's lowering (400
// layers a frame). So the numbers are first read directly
// (`LayerValues.allFinite`, a class's `ownValuesAreFinite`), and only a
// layer holding a NaN or an infinity walks the table to name it. The
// table's tests poison every entry and expect its name, so a number the
// direct reading missed fails them.

extension Layer {
  /// The first property of this layer (not its sublayers) holding a NaN or
  /// an infinity, by its Swift name, in the order of its class's table
  /// (`LayerClasses`); `nil` when all are finite.
  func firstNonFiniteProperty() -> String? {
    if values.allFinite && ownValuesAreFinite { return nil }
    // `Layer`'s keys from the static table (reaching it through
    // `sceneClass` cost S1's lowering 1 %), then the class's own.
    return firstNonFinite(LayerProperties.finiteChecks) ?? firstNonFiniteOwnProperty()
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

extension LayerValues {
  /// Whether every number `LayerProperties.finiteChecks` reads is finite,
  /// read directly (the table then names the one that is not).
  var allFinite: Bool {
    bounds.hasFiniteParts && position.hasFiniteParts && anchorPoint.hasFiniteParts && zPosition.isFinite
      && transform.hasFiniteEntries && sublayerTransform.hasFiniteEntries && opacity.isFinite
      && (backgroundColor?.hasFiniteComponents ?? true) && cornerRadius.isFinite && borderWidth.isFinite
      && (borderColor?.hasFiniteComponents ?? true) && shadowOpacity.isFinite
      && (shadowColor?.hasFiniteComponents ?? true) && shadowOffset.hasFiniteParts && shadowRadius.isFinite
      && (shadowPath?.hasFiniteElements ?? true) && contentsRect.hasFiniteParts && contentsScale.isFinite
      && contentsCenter.hasFiniteParts && minificationFilterBias.isFinite && rasterizationScale.isFinite
  }
}

// The finiteness of each kind of value, defined once: the scene codecs'
// checks (SceneCodec) and the direct reading above.
extension CGPoint {
  var hasFiniteParts: Bool { Double(x).isFinite && Double(y).isFinite }
}

extension CGSize {
  var hasFiniteParts: Bool { Double(width).isFinite && Double(height).isFinite }
}

extension CGRect {
  var hasFiniteParts: Bool { origin.hasFiniteParts && size.hasFiniteParts }
}

extension Path {
  var hasFiniteElements: Bool { elements.allSatisfy(\.isFinite) }
}
