// MipPass: the mip chain of a drawn surface, for trilinear composites
// (shouldRasterize with a trilinear filter), by the shared box rule with
// mip.frag: level k is rendered from level k−1 into the surface texture's
// own level k (GLDevice's `.level` target, through its scratch
// framebuffer).
//
// Rejected: glGenerateMipmap, whose filter (and odd-size handling) is the
// driver's choice, so it would not match the CPU renderer.

import CGLES
import Lamina

enum MipPass {
  /// Fills levels 1… of `surface` from its level 0; leaves the texture
  /// bound with every level readable.
  static func generate(_ surface: SurfaceTarget, _ gl: PassTools) throws(GLError) {
    var sizes: [(Int, Int)] = [(surface.width, surface.height)]
    while let (w, h) = sizes.last, w > 1 || h > 1 { sizes.append((max(1, w / 2), max(1, h / 2))) }
    guard sizes.count > 1 else { return }
    let device = gl.device
    if !surface.hasMipStorage {
      try device.changing { () throws(GLError) in
        let f = surface.format.glFormats
        glBindTexture(GLenum(GL_TEXTURE_2D), surface.texture)
        for (level, (w, h)) in sizes.enumerated().dropFirst() {
          glTexImage2D(
            GLenum(GL_TEXTURE_2D), GLint(level), f.internal, GLsizei(w), GLsizei(h), 0, f.format, f.type, nil)
        }
        try checkAllocation(
          "the mip levels of a \(surface.width)×\(surface.height) surface",
          bytes: surface.width * surface.height * 4 / 3)
      }
      surface.hasMipStorage = true
    }
    let p = try gl.programs.mip()
    for level in 1..<sizes.count {
      let (iw, ih) = sizes[level - 1], (w, h) = sizes[level]
      // The draw reads level − 1 alone (texelFetch counts from the base
      // level) while it writes level.
      setLevels(surface, base: level - 1, max: level - 1, device)
      device.draw(
        GLDraw(
          program: p.program, target: .level(surface, level), blend: .replace,
          textures: [TextureBinding(unit: 0, texture: surface.texture, sampler: .nearest)],
          uniforms: [
            Uniform(p[.input], .int(0)),
            quadsUniform(p[.quads], [PixelRect(x0: 0, y0: 0, x1: w, y1: h)]),
            Uniform(p[.targetSize], .vec2(Float(w), Float(h))),
            Uniform(p[.inputSize], .vec2(Float(iw), Float(ih))),
            Uniform(p[.outputSize], .vec2(Float(w), Float(h))),
          ],
          geometry: .quads(1)))
      try checkFramebuffer("mip level \(level) (\(w)×\(h)) of a \(surface.width)×\(surface.height) surface")
    }
    device.detachLevel()
    setLevels(surface, base: 0, max: sizes.count - 1, device)
    surface.hasMips = true
    try checkGL("building the mip chain of a \(surface.width)×\(surface.height) surface")
  }

  /// The levels of `surface`'s texture that reads see.
  private static func setLevels(_ surface: SurfaceTarget, base: Int, max: Int, _ device: GLDevice) {
    device.changing {
      glBindTexture(GLenum(GL_TEXTURE_2D), surface.texture)
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_BASE_LEVEL), GLint(base))
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(max))
    }
  }
}
