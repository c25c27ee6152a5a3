// BlurPass: the Gaussian blur of a surface's alpha for a surface shadow.
// Each step replaces its output (blending off). The alpha is first halved with exact 2×2 boxes until σ ≤ 4 texels of the
// current level (the boxes' own variance is taken off σ), then blurred by
// two separable passes, so the cost does not grow with σ. The result is
// read bilinearly by composite.frag at (source − offset) × `scale`.
// Mirrors LaminaCPU's blur of a surface shadow, with its weights (Lamina's
// gaussianKernel). For σ ≤ 4 px the blur is the CPU's, to Float rounding;
// above, the downsampling and the bilinear read approximate it (a parity
// tolerance). Sampled weights exp(−i²/2σ²) were replaced: they are not the
// rule both backends follow, and at σ = 0.6 px they left GL 4 levels from
// the CPU.

import CGLES
import Lamina

enum BlurPass {
  /// The blurred alpha (in the red channel) of `source`, and the factor
  /// from source pixels to its texture coordinates. The caller releases
  /// the returned target to the pool.
  static func blur(
    _ source: SurfaceTarget, sigma: Double, _ gl: PassTools
  ) throws(GLError) -> (target: SurfaceTarget, scaleX: Float, scaleY: Float) {
    var input = source
    var owned: SurfaceTarget? = nil
    var factor = 1
    var variance = 0.0  // added by the boxes, in source pixels²
    var alphaInput = true
    while sigma / Double(factor) > 4, input.width > 1 || input.height > 1 {
      let next = try gl.pool.acquire(width: (input.width + 1) / 2, height: (input.height + 1) / 2)
      try pass(input: input, output: next, downsample: true, alphaInput: alphaInput, direction: (0, 0), sigma: 1, gl)
      variance += Double(factor * factor) / 4
      factor *= 2
      if let owned { gl.pool.release(owned) }
      owned = next
      input = next
      alphaInput = false
    }
    let levelSigma = max(0.01, (max(0, sigma * sigma - variance)).squareRoot() / Double(factor))
    let horizontal = try gl.pool.acquire(width: input.width, height: input.height)
    try pass(input: input, output: horizontal, downsample: false, alphaInput: alphaInput, direction: (1, 0), sigma: levelSigma, gl)
    if let owned { gl.pool.release(owned) }
    let vertical = try gl.pool.acquire(width: input.width, height: input.height)
    try pass(input: horizontal, output: vertical, downsample: false, alphaInput: false, direction: (0, 1), sigma: levelSigma, gl)
    gl.pool.release(horizontal)
    return (vertical, 1 / Float(factor * vertical.width), 1 / Float(factor * vertical.height))
  }

  private static func pass(
    input: SurfaceTarget, output: SurfaceTarget, downsample: Bool, alphaInput: Bool, direction: (Float, Float),
    sigma: Double, _ gl: PassTools
  ) throws(GLError) {
    let p = try gl.programs.blur(downsample: downsample, alphaInput: alphaInput)
    var uniforms = [
      Uniform(p[.input], .int(0)),
      Uniform(p[.quads], .vec4(0, 0, Float(output.width), Float(output.height))),
      Uniform(p[.targetSize], .vec2(Float(output.width), Float(output.height))),
      Uniform(p[.direction], .vec2(direction.0, direction.1)),
    ]
    if !downsample {
      // σ ≤ 4 texels here (the loop above halves until it is), so the
      // kernel has at most 33 weights, the shader's array.
      let kernel = gaussianKernel(sigma: sigma)
      precondition(kernel.count <= 33, "blur kernel of \(kernel.count) weights for σ = \(sigma)")
      uniforms += [Uniform(p[.radius], .int(GLint(kernel.count / 2))), Uniform(p[.weights], .floats(kernel))]
    }
    gl.device.draw(
      GLDraw(
        program: p.program, target: .surface(output), blend: .replace,
        textures: [TextureBinding(unit: 0, texture: input.texture, sampler: .nearest)],
        uniforms: uniforms, geometry: .quads(1)))
  }
}
