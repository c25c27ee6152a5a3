// GradientPass: `.gradient` commands with gradient.frag, which evaluates
// the gradient per pixel (never an image of it): Lamina's
// `Gradient.Evaluator` gives the constants (origin, vector) and the stops,
// the shader mirrors its t and its interpolation in Float32. The common
// uniforms (quad, target, inverse matrix, clips) are those of every draw
// (`commonUniforms`), in the GLDraw GLDevice applies; the outline's coverage is rounded_rect.frag's. Mirrors
// LaminaCPU's GradientStage.
//
// Up to `maxStops` stops travel as uniforms; a gradient with more is one
// draw too, its stops in a texture of their own (`StopTexture`, deleted
// after the draw) that gradient.frag searches by bisection, so its cost
// grows with the pixels × log(stops), not the pixels × stops of the runs
// of 16 stops a draw it was drawn in before (issue 31: 10⁵ stops on
// 600×300 pixels, 7.9 s → 0.06 s a draw on llvmpipe).
//
// The occlusion grid treats a gradient as a barrier (OcclusionGrid): its
// quads are not cut, and no tile it touches is painted before it.
// Rejected: uploading the stops as a colour ramp sampled by t (a second
// resampling between the stops and the pixel, which the CPU does not have).

import CGLES
import Lamina

enum GradientPass {
  /// The stops one draw takes (gradient.frag's MAX_STOPS).
  static let maxStops = 16

  static func draw(_ d: GradientDraw, into target: SurfaceTarget, _ tools: SurfaceTools) throws(GLError) {
    guard d.opacity > 0, !d.shape.rect.isEmpty, let evaluator = Gradient.Evaluator(d.gradient) else { return }
    try tools.batch.flush(before: target)
    let axisAligned =
      RoundedRectCells.axisAligned(d.matrix) != nil && d.clips.allSatisfy { RoundedRectCells.axisAligned($0.matrix) != nil }
    // Under perspective or a shear the outline's coverage is the exact
    // area of the projected rectangle in each pixel (coverage.glsl, PROJECTIVE).
    let projective = d.matrix.needsExactArea
    let n = evaluator.locations.count
    let inTexture = n > maxStops
    let p = try tools.programs.gradient(
      type: evaluator.type, rounded: !d.shape.isRect, continuous: d.shape.curve == .continuous,
      clips: !d.clips.isEmpty, axisAligned: axisAligned, projective: projective, stopTexture: inTexture)
    guard
      let common = try commonUniforms(
        p.common, matrix: d.matrix, localBounds: d.shape.rect, clips: d.clips, target: target.size, name: d.name)
    else { return }
    var uniforms =
      common.uniforms + [
        Uniform(p[.rect], .vec4s(d.shape.rect.edges)), Uniform(p[.radii], .vec4s(d.shape.radiiUniform)),
        Uniform(p[.origin], .vec2(Float(evaluator.origin.x), Float(evaluator.origin.y))),
        Uniform(p[.vector], .vec2(Float(evaluator.vector.x), Float(evaluator.vector.y))),
        Uniform(p[.opacity], .float(min(1, d.opacity))),
        Uniform(p[.stopCount], .int(GLint(n))),
        // t is drawn where it is a number within Float32's range.
        Uniform(p[.range], .vec2(-Float.greatestFiniteMagnitude, Float.greatestFiniteMagnitude)),
      ]
    var textures: [TextureBinding] = []
    var stops: StopTexture?
    defer { stops?.delete(tools.device) }
    if inTexture {
      let texture = try StopTexture(evaluator, device: tools.device)
      stops = texture
      textures = [TextureBinding(unit: 0, texture: texture.texture, sampler: .nearest)]
      uniforms += [Uniform(p[.stops], .int(0)), Uniform(p[.stopRows], .int(GLint(texture.rows)))]
    } else {
      uniforms += [
        Uniform(p[.locations], .floats(evaluator.locations.map { Float($0) })),
        Uniform(p[.colors], .vec4s(evaluator.colors.flatMap { c in (0..<4).map { c[$0] } })),
      ]
    }
    tools.device.draw(
      GLDraw(
        program: p.program, target: .surface(target), textures: textures, uniforms: uniforms,
        geometry: .quads(common.count)))
  }
}
