// SurfaceDrawing: the commands of one surface, in order, into its target.
// Before any is drawn, the surface's occlusion is known: OcclusionGrid
// marks the tiles later opaque cells hide (the quad batch leaves them
// out), and DepthOrder draws those opaque cells first, front to back, so
// the depth test rejects the hidden fragments the grid's tiles miss.
// Commands whose quads can join the batch (cached masks, solid cells) add
// them; a command with its own shader flushes the batch first, so the
// order of blending is the order of the commands.

import CGLES
import Lamina

/// What hidden work a renderer skips. Every setting draws the same bytes.
struct Occlusion: OptionSet {
  let rawValue: Int
  /// Leave out the quads' tiles that later opaque cells cover (OcclusionGrid).
  static let grid = Occlusion(rawValue: 1)
  /// Draw opaque cells first and depth-test the rest (DepthOrder).
  static let depth = Occlusion(rawValue: 2)
  static let all: Occlusion = [.grid, .depth]
}

enum SurfaceDrawing {
  static func draw(
    _ commands: [DrawCommand], into target: SurfaceTarget, targets: [SurfaceTarget?], _ r: GLResources
  ) throws(GLError) {
    let grid = r.occlusion.contains(.grid) ? OcclusionGrid(commands, width: target.width, height: target.height) : nil
    let depth = r.occlusion.contains(.depth) && commands.count < DepthOrder.maxCommands
      && (grid != nil
        || commands.contains { DepthOrder.opaqueCells($0, width: target.width, height: target.height) != nil })
    r.batch.target = target
    r.batch.grid = grid
    defer {
      r.batch.target = nil
      r.batch.grid = nil
    }
    var opaqueDrawn: [Bool] = []
    if depth {
      try target.beginDepthTesting()
      opaqueDrawn = try DepthOrder.drawOpaque(commands, into: target, r)
    }
    for (i, command) in commands.enumerated() {
      if depth { DepthOrder.set(index: i, of: commands.count, r) }
      r.batch.command = i
      switch command {
      case .shape(let d):
        try ShapePass.draw(d, into: target, interiorDrawn: depth && opaqueDrawn[i], r)
      case .shadow(let d):
        // Pixels the next command paints opaque, whole, need no shadow.
        let next = i + 1 < commands.count ? commands[i + 1] : nil
        try ShadowPass.draw(d, into: target, hole: next.flatMap { ShapePass.opaqueInterior($0, target) }, r)
      case .image(let d):
        try flushBatch(before: target, r)
        try ImagePass.draw(d, into: target, r)
      case .composite(let d):
        guard let source = targets[d.surface] else { continue }
        try flushBatch(before: target, r)
        try CompositePass.draw(d, source: source, mask: d.mask.flatMap { targets[$0] }, into: target, r)
      }
    }
    try r.batch.flush(r)
    if depth {
      target.endDepthTesting()
      r.depth = 0
    }
  }
}
