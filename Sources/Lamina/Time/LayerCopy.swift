// LayerCopy: a layer's own values copied into a new layer of its class,
// `CALayer.init(layer:)`'s job for presentation layers (Presentation.swift).
// The copy has no sublayers, no mask, no animations and default timing:
// the presentation walk adds the first two and applies the others.
//
// A class's plain values are one struct (`LayerValues`, and each class's
// own beside its class), so the copy is one assignment per class, and a
// property added to a class is copied with no line here.
//
// Rejected: copying through the scene table's key paths (25 µs a layer:
// key path application goes through the runtime, about 250 ns a
// property), and copying property by property by hand (each property had
// a line here too, kept in step by a test); and sharing the model's
// unanimated subtrees with the presentation (a layer has one superlayer,
// so the model tree would be taken apart).

extension Layer {
  /// A new layer of the same scene class holding this layer's values
  /// (a user's subclass of `Layer` copies as a plain `Layer`).
  func presentationCopy() -> Layer {
    let c = sceneClass.make()
    c.values = values
    copyOwnValues(to: c)
    return c
  }
}
