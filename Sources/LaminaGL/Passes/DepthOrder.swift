// DepthOrder: pixels hidden by a later opaque pixel are never shaded, as
// WebRender does it. Command i of a surface with n commands gets the depth
// (n − i) / 2²², so later commands are nearer. Before the commands run in
// order, the pixels some command paints opaque at full coverage (the
// interior cells of a solid fill, ShapeCells) are drawn front to back
// writing depth; then every command runs in order with the depth test
// LESS and depth writes off, so a fragment that a later opaque pixel will
// replace is rejected before its shader runs, and the opaque cells are not
// drawn twice. Exact: source-over of an opaque colour replaces the
// destination, so nothing it covers can show through (S1's cards are five
// deep; four fifths of their shadows and edges are hidden).
//
// Rejected: cutting hidden parts out of each quad on the CPU (rectangle
// subtraction against every later card multiplies quads), and a depth
// pre-pass of every command (twice the rasterisation).

import CGLES
import Lamina

enum DepthOrder {
  /// Depths are exact multiples of 2⁻²² in a 24-bit depth buffer: a surface
  /// with more commands is drawn without occlusion.
  static let maxCommands = 1 << 22

  /// Sets the depth of command `index` of `count` for every following draw
  /// (quad.vert's `uDepth`, given to each program by GLResources.use).
  static func set(index: Int, of count: Int, _ r: GLResources) {
    let depth = Float(count - index) / Float(maxCommands)
    r.depth = depth * 2 - 1
  }

  /// The whole pixels `command` paints with an opaque colour at full
  /// coverage, drawn in the opaque pass; nil when there are none.
  static func opaqueCells(_ command: DrawCommand, width: Int, height: Int) -> [PixelRect]? {
    guard case .shape(let d) = command, d.inner == nil, d.clips.isEmpty, d.color.a >= 1,
      let cells = ShapePass.cells(matrix: d.matrix, outer: d.outer, inner: nil, width: width, height: height),
      !cells.interior.isEmpty
    else { return nil }
    return cells.interior
  }

  /// Draws the opaque cells of `commands` front to back, writing depth, into
  /// the bound target (depth testing on). Returns which commands had cells.
  static func drawOpaque(_ commands: [DrawCommand], into target: SurfaceTarget, _ r: GLResources)
    throws(GLError) -> [Bool]
  {
    var drawn = [Bool](repeating: false, count: commands.count)
    try r.batch.flush(r)
    glDepthMask(GLboolean(GL_TRUE))
    glDisable(GLenum(GL_BLEND))
    for index in commands.indices.reversed() {
      guard case .shape(let d) = commands[index], let cells = opaqueCells(commands[index], width: target.width, height: target.height)
      else { continue }
      set(index: index, of: commands.count, r)
      r.batch.command = index
      drawSolid(cells, color: d.color, r)
      drawn[index] = true
    }
    try r.batch.flush(r)
    glEnable(GLenum(GL_BLEND))
    glDepthMask(GLboolean(GL_FALSE))
    return drawn
  }
}
