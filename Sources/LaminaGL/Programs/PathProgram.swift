// The typed wrapper of path.frag and its variants in the program cache
// (beside Programs.swift's wrappers, in a file of its own).

import CGLES

enum PathUniform: Int, UniformNames { case atlas, region, offset, color }
typealias PathProgram = TypedProgram<PathUniform>

extension ProgramCache {
  func path(clips: Bool) throws(GLError) -> PathProgram {
    try variant(&paths, clips ? 1 : 0, "path.frag", ["CLIPS"])
  }
}
