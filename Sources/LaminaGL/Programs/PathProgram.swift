// The typed wrapper of path.frag and its variants in the program cache
// (beside Programs.swift's wrappers, in a file of its own).

import CGLES

enum PathUniform: Int, UniformNames { case atlas, region, offset, color }
typealias PathProgram = TypedProgram<PathUniform>

extension ProgramCache {
  func path(clips: Bool) throws(GLError) -> PathProgram {
    if let cached = paths[clips ? 1 : 0] { return cached }
    let wrapper = PathProgram(try program("path.frag", clips ? ["CLIPS"] : []))
    paths[clips ? 1 : 0] = wrapper
    return wrapper
  }
}
