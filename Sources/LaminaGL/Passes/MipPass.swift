// MipPass: the mip chain of a drawn surface, for trilinear composites
// (shouldRasterize with a trilinear filter), by the shared box rule with
// mip.frag: level k is rendered from level k−1 into the surface texture's
// own level k through a scratch framebuffer.
//
// Rejected: glGenerateMipmap, whose filter (and odd-size handling) is the
// driver's choice, so it would not match the CPU renderer.

import CGLES
import Lamina

enum MipPass {
  /// Fills levels 1… of `surface` from its level 0; leaves the texture
  /// bound with every level readable.
  static func generate(_ surface: SurfaceTarget, _ r: GLResources) throws(GLError) {
    var sizes: [(Int, Int)] = [(surface.width, surface.height)]
    while let (w, h) = sizes.last, w > 1 || h > 1 { sizes.append((max(1, w / 2), max(1, h / 2))) }
    guard sizes.count > 1 else { return }
    let f = surface.format.glFormats
    glBindTexture(GLenum(GL_TEXTURE_2D), surface.texture)
    if !surface.hasMipStorage {
      for (level, (w, h)) in sizes.enumerated().dropFirst() {
        glTexImage2D(GLenum(GL_TEXTURE_2D), GLint(level), f.internal, GLsizei(w), GLsizei(h), 0, f.format, f.type, nil)
      }
      try checkAllocation(
        "the mip levels of a \(surface.width)×\(surface.height) surface", bytes: surface.width * surface.height * 4 / 3)
      surface.hasMipStorage = true
    }
    let p = try r.programs.mip()
    r.use(p.program)
    glDisable(GLenum(GL_BLEND))
    defer { glEnable(GLenum(GL_BLEND)) }
    glUniform1i(p.input, 0)
    glActiveTexture(GLenum(GL_TEXTURE0))
    let framebuffer = r.scratchFramebuffer
    glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
    for level in 1..<sizes.count {
      let (iw, ih) = sizes[level - 1], (w, h) = sizes[level]
      glBindTexture(GLenum(GL_TEXTURE_2D), surface.texture)
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_BASE_LEVEL), GLint(level - 1))
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(level - 1))
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
      glFramebufferTexture2D(
        GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), surface.texture, GLint(level))
      try checkFramebuffer("mip level \(level) (\(w)×\(h)) of a \(surface.width)×\(surface.height) surface")
      glViewport(0, 0, GLsizei(w), GLsizei(h))
      setQuads(p.quads, [(0, 0, Float(w), Float(h))])
      glUniform2f(p.targetSize, Float(w), Float(h))
      glUniform2f(p.inputSize, Float(iw), Float(ih))
      glUniform2f(p.outputSize, Float(w), Float(h))
      drawQuads()
    }
    glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), 0, 0)
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_BASE_LEVEL), 0)
    glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(sizes.count - 1))
    surface.hasMips = true
    try checkGL("building the mip chain of a \(surface.width)×\(surface.height) surface")
  }
}
