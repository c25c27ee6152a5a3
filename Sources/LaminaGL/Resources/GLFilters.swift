// GLFilters: a plan's Sampling as the sampler a draw reads an image or a
// surface with (ImagePass, CompositePass).
//
// Rejected: storing the filters on the texture (a texture or surface is
// sampled with different filters by different draws; GLDevice binds a
// sampler object per draw instead).

import CGLES
import Lamina

extension SamplerState {
  /// The GL filters of a plan's sampling.
  init(_ s: Sampling) {
    let min: GLint
    switch s.minification {
    case .nearest: min = GL_NEAREST
    case .linear: min = GL_LINEAR
    case .trilinear: min = GL_LINEAR_MIPMAP_LINEAR
    }
    self.init(min: min, mag: s.magnification == .nearest ? GL_NEAREST : GL_LINEAR)
  }
}
