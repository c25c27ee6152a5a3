// CompositePass: `.composite` commands, a drawn surface into another with
// composite.frag (+ mask, + a blurred-alpha shadow under the content from
// BlurPass). Mirrors LaminaCPU's CompositeStage. A composite with a
// `blendMode` first copies the target's pixels under its quad (only
// those: a small layer never copies the whole surface) into a pooled
// scratch target, and composite.frag's BLEND variant reads them as the
// backdrop and replaces the target's pixels with the blended composite.

import CGLES
import Lamina

enum CompositePass {
  /// The blurred source alpha a surface shadow is drawn from, with the
  /// blur's scale; released by the caller.
  typealias BlurredShadow = (target: SurfaceTarget, scaleX: Float, scaleY: Float)

  static func draw(
    _ d: CompositeDraw, source: SurfaceTarget, mask: SurfaceTarget?, into target: SurfaceTarget, _ gl: PassTools
  ) throws(GLError) {
    guard d.opacity > 0 else { return }
    let nearest = d.sampling.minification == .nearest && d.sampling.magnification == .nearest
    var blurred: BlurredShadow? = nil
    if let shadow = d.shadow {
      guard shadow.sigma.isFinite, shadow.sigma >= 0, shadow.offsetX.isFinite, shadow.offsetY.isFinite else {
        throw .unsupported(reason: "\(d.name): surface shadow with a non-finite sigma or offset")
      }
      blurred = try BlurPass.blur(source, sigma: shadow.sigma, gl)
    }
    defer { if let blurred { gl.pool.release(blurred.target) } }

    let p = try gl.programs.composite(defines: defines(d, nearest: nearest, masked: mask != nil))
    let bounds = CGRect(x: 0, y: 0, width: source.width, height: source.height)
    guard let quad = Homography(d.matrix).pixelBounds(of: bounds, width: target.width, height: target.height),
      let common = try commonUniforms(
        p.common, matrix: d.matrix, localBounds: bounds, quads: [quad], clips: d.clips, target: target.size,
        name: d.name)
    else { return }
    let backdrop = d.blendMode == nil ? nil : try copyBackdrop(quad, of: target, gl)
    defer { if let backdrop { gl.pool.release(backdrop) } }

    if !nearest && d.sampling.minification == .trilinear {
      // Read through mip levels: build the chains first.
      if !source.hasMips { try MipPass.generate(source, gl) }
      if let mask, !mask.hasMips { try MipPass.generate(mask, gl) }
    }
    let sampler = SamplerState(d.sampling)
    var textures = [TextureBinding(unit: 0, texture: source.texture, sampler: sampler)]
    var uniforms =
      common.uniforms + [
        Uniform(p[.source], .int(0)),
        Uniform(p[.sourceSize], .vec2(Float(source.width), Float(source.height))),
        Uniform(p[.bias], .float(Float(d.sampling.bias))),
        Uniform(p[.opacity], .float(d.opacity)),
      ]
    if let mask {
      textures.append(TextureBinding(unit: 1, texture: mask.texture, sampler: sampler))
      uniforms.append(Uniform(p[.mask], .int(1)))
    }
    if let shadow = d.shadow, let blurred {
      textures.append(TextureBinding(unit: 2, texture: blurred.target.texture, sampler: .linear))
      guard let shadowUniforms = try Self.shadowUniforms(shadow, blurred, p, name: d.name) else { return }
      uniforms += shadowUniforms
    }
    var blend = Blend.sourceOver
    if let mode = d.blendMode, let backdrop {
      textures.append(TextureBinding(unit: 3, texture: backdrop.texture, sampler: .nearest))
      uniforms += [
        Uniform(p[.backdrop], .int(3)),
        Uniform(p[.backdropOrigin], .ivec2(GLint(quad.x0), GLint(quad.y0))),
        Uniform(p[.blendMode], .int(GLint(mode.shaderIndex))),
      ]
      blend = .replace
    }
    gl.device.draw(
      GLDraw(
        program: p.program, target: .surface(target), blend: blend, textures: textures, uniforms: uniforms,
        geometry: .quads(common.count)))
  }

  /// composite.frag's variant for `d`.
  private static func defines(_ d: CompositeDraw, nearest: Bool, masked: Bool) -> [String] {
    var defines: [String] = []
    if nearest { defines.append("NEAREST") }
    if masked { defines.append("MASK") }
    if let shadow = d.shadow {
      defines.append("SHADOW")
      if shadow.shadowOnly { defines.append("SHADOW_ONLY") }
      if shadow.clip != nil { defines.append("SHADOW_CLIP") }
    }
    if !d.clips.isEmpty { defines.append("CLIPS") }
    // A planar group under perspective: exact area of its quadrilateral.
    if d.matrix.m14 != 0 || d.matrix.m24 != 0 { defines.append("PROJECTIVE") }
    if d.blendMode != nil { defines.append("BLEND") }
    return defines
  }

  /// The target's pixels under `quad`, copied into a pooled target (the
  /// blend's backdrop); released by the caller.
  static func copyBackdrop(_ quad: PixelRect, of target: SurfaceTarget, _ gl: PassTools) throws(GLError)
    -> SurfaceTarget
  {
    // Sizes rounded up to 64 pixels, so the pool keeps a few sizes, not one per layer.
    let round = { (v: Int) in (v + 63) / 64 * 64 }
    let copy = try gl.pool.acquire(width: round(quad.width), height: round(quad.height))
    gl.device.copy(quad, of: target, into: copy)
    return copy
  }

  /// The uniforms of a surface shadow read from texture unit 2; nil when
  /// its clip's matrix has no inverse (nothing of it shows).
  private static func shadowUniforms(
    _ shadow: SurfaceShadow, _ blurred: BlurredShadow, _ p: CompositeProgram, name: String
  ) throws(GLError) -> [Uniform]? {
    var uniforms = [
      Uniform(p[.shadow], .int(2)),
      Uniform(p[.shadowOffset], .vec2(Float(shadow.offsetX), Float(shadow.offsetY))),
      Uniform(p[.shadowScale], .vec2(blurred.scaleX, blurred.scaleY)),
      .color(p[.shadowColor], shadow.color),
    ]
    guard let clip = shadow.clip else { return uniforms }
    guard let inverse = Homography(clip.matrix).inverse else { return nil }
    uniforms.append(Uniform(p[.shadowClipInverse], .mat3s(inverse.uniform)))
    switch clip.shape {
    case .roundedRect(let rr):
      uniforms += [
        Uniform(p[.shadowClipRect], .vec4s(rr.rect.edges)),
        Uniform(p[.shadowClipRadii], .vec4s(rr.radiiUniform)),
        Uniform(p[.shadowClipContinuous], .float(rr.curve == .continuous ? 1 : 0)),
      ]
    case .convex:
      throw .unsupported(reason: "\(name): a convex shadow clip (masksToBounds clips are rounded rects)")
    }
    return uniforms
  }
}
