// A blended layer that draws one rounded rectangle (a background, or a
// border alone) is lowered to that shape drawn with the blend mode, not to
// a group: the blend of an isolated group of one primitive is the blend of
// the primitive, because the spec's result is linear in the source's alpha
// (coverage, the fade and the colour's alpha only scale αs; the
// un-premultiplied colour Cs stays the shape's own). So the shape blends
// its colour × coverage × fade directly, exactly (the group rounded its
// premultiplied colour to 8 bits first: at an anti-aliased edge of colour
// dodge or burn that rounding moved Cs by up to a few levels). Skia draws
// one-primitive blends the same way, the mode on the paint.
//
// S8's 163 one-colour cards were 163 offscreens a frame, each filled,
// cleared and read back.
//
// Rejected: fusing in LaminaCPU alone (the GL renderer would still open an
// offscreen per card, and the two would round differently); fusing every
// kind of draw (images, gradients, paths need a blended variant of each
// stage and shader: gradients and paths keep their group for now).

extension PlanBuilder {
  /// Draws `layer` as one blended `RoundedRectDraw` when that is all it
  /// draws (no mask, shadow, contents, gradient, shape, text or sublayer:
  /// a background or a border alone), faded by `alpha`; false, having
  /// drawn nothing, when it is not such a layer.
  func emitBlendedShape(
    _ layer: Layer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double, blend: BlendMode,
    _ shadow: ShadowKind
  ) throws(LoweringError) -> Bool {
    guard layer.mask == nil, shadow == .none, primitiveCount(layer, shadow) == 1, layer.contents == nil,
      !layer.drawsGradient, !layer.drawsShape, !layer.drawsText, !drawsSublayers(layer)
    else { return false }
    let first = surfaces[t].commands.count, opened = surfaces.count
    try emitContent(layer, m, into: t, clips: clips, alpha: alpha)
    precondition(surfaces.count == opened, "a background or border opened a surface")
    for i in first..<surfaces[t].commands.count {
      guard case .roundedRect(var d) = surfaces[t].commands[i] else {
        // Not a shape after all: take everything back, draw a group.
        surfaces[t].commands.removeLast(surfaces[t].commands.count - first)
        return false
      }
      d.blendMode = blend
      surfaces[t].commands[i] = .roundedRect(d)
    }
    return true
  }
}
