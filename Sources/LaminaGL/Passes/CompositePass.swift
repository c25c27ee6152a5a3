// CompositePass: `.composite` commands, a drawn surface into another with
// composite.frag (+ mask, + a blurred-alpha shadow under the content from
// BlurPass). Mirrors LaminaCPU's CompositeStage.

import CGLES
import Lamina

enum CompositePass {
  static func draw(
    _ d: CompositeDraw, source: SurfaceTarget, mask: SurfaceTarget?, into target: SurfaceTarget, _ r: GLResources
  ) throws(GLError) {
    guard d.opacity > 0 else { return }
    let nearest = d.sampling.minification == .nearest && d.sampling.magnification == .nearest
    var blurred: (target: SurfaceTarget, scaleX: Float, scaleY: Float)? = nil
    if let shadow = d.shadow {
      guard shadow.sigma.isFinite, shadow.sigma >= 0, shadow.offsetX.isFinite, shadow.offsetY.isFinite else {
        throw .unsupported(reason: "\(d.name): surface shadow with a non-finite sigma or offset")
      }
      blurred = try BlurPass.blur(source, sigma: shadow.sigma, r)
      target.bind()
    }
    defer { if let blurred { r.pool.release(blurred.target) } }

    var defines: [String] = []
    if nearest { defines.append("NEAREST") }
    if mask != nil { defines.append("MASK") }
    if let shadow = d.shadow {
      defines.append("SHADOW")
      if shadow.shadowOnly { defines.append("SHADOW_ONLY") }
      if shadow.clip != nil { defines.append("SHADOW_CLIP") }
    }
    if !d.clips.isEmpty { defines.append("CLIPS") }
    // A planar group under perspective: exact area of its quadrilateral.
    if d.matrix.m14 != 0 || d.matrix.m24 != 0 { defines.append("PROJECTIVE") }
    let p = try r.programs.composite(defines: defines)
    r.use(p.program)
    let bounds = CGRect(x: 0, y: 0, width: source.width, height: source.height)
    let count = try setCommon(
      p.common, matrix: d.matrix, localBounds: bounds, clips: d.clips, target: target, name: d.name)
    guard count > 0 else { return }

    let trilinear = !nearest && d.sampling.minification == .trilinear
    if trilinear {
      // Build the chains first: MipPass binds its own framebuffer and program.
      if !source.hasMips { try MipPass.generate(source, r) }
      if let mask, !mask.hasMips { try MipPass.generate(mask, r) }
      target.bind()
      r.use(p.program)
    }
    bindSurface(source, unit: 0, sampling: d.sampling, mipmapped: trilinear)
    glUniform1i(p.source, 0)
    if let mask {
      bindSurface(mask, unit: 1, sampling: d.sampling, mipmapped: trilinear)
      glUniform1i(p.mask, 1)
    }
    glUniform2f(p.sourceSize, Float(source.width), Float(source.height))
    glUniform1f(p.bias, Float(d.sampling.bias))
    glUniform1f(p.opacity, d.opacity)
    if let shadow = d.shadow, let blurred {
      glActiveTexture(GLenum(GL_TEXTURE2))
      glBindTexture(GLenum(GL_TEXTURE_2D), blurred.target.texture)
      glUniform1i(p.shadow, 2)
      glUniform2f(p.shadowOffset, Float(shadow.offsetX), Float(shadow.offsetY))
      glUniform2f(p.shadowScale, blurred.scaleX, blurred.scaleY)
      setColor(p.shadowColor, shadow.color)
      if let clip = shadow.clip {
        guard let inverse = Homography(clip.matrix).inverse else { return }
        glUniformMatrix3fv(p.shadowClipInverse, 1, GLboolean(GL_FALSE), inverse.uniform)
        switch clip.shape {
        case .roundedRect(let rr):
          glUniform4fv(p.shadowClipRect, 1, rr.rect.edges)
          glUniform4fv(p.shadowClipRadii, 1, rr.radiiUniform)
          glUniform1f(p.shadowClipContinuous, rr.curve == .continuous ? 1 : 0)
        case .convex:
          throw .unsupported(reason: "\(d.name): a convex shadow clip (masksToBounds clips are rounded rects)")
        }
      }
    }
    drawQuads(count)
    glActiveTexture(GLenum(GL_TEXTURE0))
  }

  private static func bindSurface(_ s: SurfaceTarget, unit: Int32, sampling: Sampling, mipmapped: Bool) {
    glActiveTexture(GLenum(GL_TEXTURE0 + unit))
    glBindTexture(GLenum(GL_TEXTURE_2D), s.texture)
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), mipmapped ? 1000 : 0)
    setFilters(sampling)
  }
}
