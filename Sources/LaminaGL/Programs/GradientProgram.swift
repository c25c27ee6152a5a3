// The typed wrapper of gradient.frag and its variants in the program cache
// (beside Programs.swift's wrappers, in a file of its own).

import CGLES
import Lamina

enum GradientUniform: Int, UniformNames {
  case rect, radii, origin, vector, stopCount, locations, colors, stops, stopRows, range, opacity
}
typealias GradientProgram = TypedProgram<GradientUniform>

extension ProgramCache {
  func gradient(
    type: GradientType, rounded: Bool, continuous: Bool, clips: Bool, axisAligned: Bool, projective: Bool,
    stopTexture: Bool = false
  ) throws(GLError) -> GradientProgram {
    let continuous = rounded && continuous
    let kind = type == .axial ? 0 : (type == .radial ? 1 : 2)
    let index =
      kind | (rounded ? 4 : 0) | (continuous ? 8 : 0) | (clips ? 16 : 0) | (axisAligned ? 32 : 0)
      | (projective ? 64 : 0) | (stopTexture ? 128 : 0)
    return try variant(
      &gradients, index, "gradient.frag",
      ["RADIAL", "CONIC", "ROUNDED", nil, "CLIPS", "AXIS_ALIGNED", "PROJECTIVE", "STOP_TEXTURE"], continuous: continuous)
  }
}
