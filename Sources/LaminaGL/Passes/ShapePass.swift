// ShapePass: `.shape` commands (fills and border rings) with shape.frag,
// and `.shadow` commands whose σ is 0 (plain coverage). Mirrors LaminaCPU's
// ShapeStage.

import CGLES
import Lamina

enum ShapePass {
  static func draw(_ d: ShapeDraw, into target: SurfaceTarget, _ r: GLResources) throws(GLError) {
    try fill(
      matrix: d.matrix, outer: d.outer, inner: d.inner, color: d.color, clips: d.clips, name: d.name,
      into: target, r)
  }

  static func fill(
    matrix: Transform3D, outer: RoundedRect, inner: RoundedRect?, color: PremultipliedColor, clips: [Clip],
    name: String, into target: SurfaceTarget, _ r: GLResources
  ) throws(GLError) {
    guard color.a > 0 || color.r > 0 || color.g > 0 || color.b > 0 else { return }
    let rounded = !outer.isRect || !(inner?.isRect ?? true)
    let continuous = outer.curve == .continuous || inner?.curve == .continuous
    let p = try r.programs.shape(rounded: rounded, continuous: continuous, ring: inner != nil, clips: !clips.isEmpty)
    r.use(p.program)
    guard
      try setCommon(
        p.common, matrix: matrix, localBounds: outer.rect, clips: clips, target: target, name: name)
    else { return }
    glUniform4fv(p.rect, 1, outer.rect.edges)
    glUniform4fv(p.radii, 1, outer.radiiUniform)
    if let inner {
      glUniform4fv(p.innerRect, 1, inner.rect.edges)
      glUniform4fv(p.innerRadii, 1, inner.radiiUniform)
    }
    setColor(p.color, color)
    drawQuad()
  }
}
