// A scene's render plan: the canvas of the scene file, lowered.

extension Scene {
  /// Lowers the scene; `scale` overrides `canvas.scale`.
  public func renderPlan(scale: Double? = nil, limits: RenderLimits = .default) throws(LoweringError) -> RenderPlan {
    try RenderPlan(
      root: root, size: CGSize(width: canvas.width, height: canvas.height),
      scale: scale ?? canvas.scale, background: canvas.background, limits: limits)
  }
}
