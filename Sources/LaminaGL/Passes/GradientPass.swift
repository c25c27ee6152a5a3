// GradientPass: `.gradient` commands with gradient.frag, which evaluates
// the gradient per pixel (never an image of it): Lamina's
// `Gradient.Evaluator` gives the constants (origin, vector) and the stops,
// the shader mirrors its t and its interpolation in Float32. The common
// uniforms (quad, target, inverse matrix, clips) are those of every draw
// (`commonUniforms`), in the GLDraw GLDevice applies; the outline's coverage is shape.frag's. Mirrors
// LaminaCPU's GradientStage.
//
// One draw takes `maxStops` stops; a gradient with more is drawn in
// several draws over runs of stops that share their end stops, each
// keeping the pixels whose t falls in its run (gradient.frag), so each
// pixel is still drawn once, with the colour one draw would give it.
//
// The occlusion grid treats a gradient as a barrier (OcclusionGrid): its
// quads are not cut, and no tile it touches is painted before it.
// Rejected: uploading the stops as a lookup texture (a second resampling
// between the stops and the pixel, which the CPU does not have).

import CGLES
import Lamina

enum GradientPass {
  /// The stops one draw takes (gradient.frag's MAX_STOPS).
  static let maxStops = 16

  static func draw(_ d: GradientDraw, into target: SurfaceTarget, _ tools: SurfaceTools) throws(GLError) {
    guard d.opacity > 0, !d.shape.rect.isEmpty, let evaluator = Gradient.Evaluator(d.gradient) else { return }
    try tools.batch.flush(before: target)
    let axisAligned =
      ShapeCells.axisAligned(d.matrix) != nil && d.clips.allSatisfy { ShapeCells.axisAligned($0.matrix) != nil }
    // Under perspective or a shear the outline's coverage is the exact
    // area of the projected rectangle in each pixel (coverage.glsl, PROJECTIVE).
    let projective = d.matrix.needsExactArea
    let p = try tools.programs.gradient(
      type: evaluator.type, rounded: !d.shape.isRect, continuous: d.shape.curve == .continuous,
      clips: !d.clips.isEmpty, axisAligned: axisAligned, projective: projective)
    guard
      let common = try commonUniforms(
        p.common, matrix: d.matrix, localBounds: d.shape.rect, clips: d.clips, target: target.size, name: d.name)
    else { return }
    let uniforms =
      common.uniforms + [
        Uniform(p[.rect], .vec4s(d.shape.rect.edges)), Uniform(p[.radii], .vec4s(d.shape.radiiUniform)),
        Uniform(p[.origin], .vec2(Float(evaluator.origin.x), Float(evaluator.origin.y))),
        Uniform(p[.vector], .vec2(Float(evaluator.vector.x), Float(evaluator.vector.y))),
        Uniform(p[.opacity], .float(min(1, d.opacity))),
      ]
    let n = evaluator.locations.count
    var first = 0
    while true {
      let last = min(n - 1, first + maxStops - 1)
      // The run's range of t: open at the gradient's ends, where t clamps.
      let low = first == 0 ? -Float.greatestFiniteMagnitude : Float(evaluator.locations[first])
      let high = last == n - 1 ? Float.greatestFiniteMagnitude : Float(evaluator.locations[last])
      let stops = first...last
      tools.device.draw(
        GLDraw(
          program: p.program, target: .surface(target),
          uniforms: uniforms + [
            Uniform(p[.stopCount], .int(GLint(stops.count))),
            Uniform(p[.locations], .floats(stops.map { Float(evaluator.locations[$0]) })),
            Uniform(p[.colors], .vec4s(stops.flatMap { i in (0..<4).map { evaluator.colors[i][$0] } })),
            Uniform(p[.range], .vec2(low, high)),
          ],
          geometry: .quads(common.count)))
      if last == n - 1 { break }
      first = last
    }
  }
}
