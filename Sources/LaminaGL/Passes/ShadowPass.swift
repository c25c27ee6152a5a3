// ShadowPass: `.shadow` commands, the closed-form Gaussian of a rounded
// rectangle (shadow.frag). σ = 0 is plain coverage, drawn by ShapePass.
// Mirrors LaminaCPU's ShadowStage.

import CGLES
import Lamina

enum ShadowPass {
  static func draw(_ d: ShadowDraw, into target: SurfaceTarget, _ r: GLResources) throws(GLError) {
    guard d.sigma.isFinite, d.sigma >= 0 else {
      throw .unsupported(reason: "\(d.name): shadow sigma \(d.sigma) is not a finite number ≥ 0")
    }
    if d.sigma == 0 {
      // Plain coverage of the shape, limited to the extent.
      let clip = Clip(matrix: d.matrix, shape: .roundedRect(RoundedRect(rect: d.extent)))
      try ShapePass.fill(
        matrix: d.matrix, outer: d.shape, inner: nil, color: d.color, clips: d.clips + [clip], name: d.name,
        into: target, r)
      return
    }
    let p = try r.programs.shadow(rounded: !d.shape.isRect, clips: !d.clips.isEmpty)
    r.use(p.program)
    guard
      try setCommon(
        p.common, matrix: d.matrix, localBounds: d.extent, clips: d.clips, target: target, name: d.name)
    else { return }
    glUniform4fv(p.rect, 1, d.shape.rect.edges)
    glUniform4fv(p.radii, 1, d.shape.radiiUniform)
    glUniform4fv(p.extent, 1, d.extent.edges)
    glUniform1f(p.sigma, Float(d.sigma))
    setColor(p.color, d.color)
    drawQuad()
  }
}
