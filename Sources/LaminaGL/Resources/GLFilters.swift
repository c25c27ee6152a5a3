// GLFilters: a plan's Sampling as GL texture filters, for the passes that
// sample an image or a surface (ImagePass, CompositePass).
//
// Rejected: storing the filters on the texture once (a texture or surface
// is sampled with different filters by different draws, so each draw sets
// its own).

import CGLES
import Lamina

/// The GL filter enums for a sampling.
func glFilters(_ s: Sampling) -> (min: GLint, mag: GLint) {
  let min: GLint
  switch s.minification {
  case .nearest: min = GL_NEAREST
  case .linear: min = GL_LINEAR
  case .trilinear: min = GL_LINEAR_MIPMAP_LINEAR
  }
  return (min, s.magnification == .nearest ? GL_NEAREST : GL_LINEAR)
}

/// Sets the filters on the bound texture.
func setFilters(_ s: Sampling) {
  let f = glFilters(s)
  glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), f.min)
  glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), f.mag)
}
