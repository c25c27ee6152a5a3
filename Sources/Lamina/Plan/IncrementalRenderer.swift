// IncrementalRenderer: a backend that draws a sequence of frames, keeping
// its last canvas and redrawing only the pixels `PlanDamage` says may
// differ (issue 18). The bytes are those of `render(plan)`: incremental
// frames are an optimisation, never a different picture, so a frame stays
// a pure function of its plan (and of the model and the time).
//
// Rejected: passing the previous plan in (`render(plan, after: previous)`):
// the kept pixels belong to the renderer, and a caller handing it another
// plan than the one those pixels show would get a wrong frame silently.

/// A renderer that can draw consecutive frames incrementally.
public protocol IncrementalRenderer: PlanRenderer {
  /// Draws `plan` as the next frame: only the damage from the last frame
  /// this method drew (`PlanDamage.between`) is drawn, over that frame's
  /// kept canvas; everything on the first call or after `forgetFrame()`.
  /// The image is byte for byte `render(plan)`'s.
  func renderFrame(_ plan: RenderPlan) throws -> Image
  /// What the last `renderFrame` redrew (nil before any).
  var lastDamage: PlanDamage? { get }
  /// Drops the kept frame: the next `renderFrame` draws the whole canvas.
  func forgetFrame()
}
