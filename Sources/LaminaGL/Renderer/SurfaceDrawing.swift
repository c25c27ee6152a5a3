// SurfaceDrawing: the commands of one surface, in order, into its target.
// Before any is drawn, OcclusionGrid marks the tiles that later opaque
// cells hide, and the quad batch leaves them out. Commands whose quads can
// join the batch (cached masks, solid cells) add them; a command with its
// own shader flushes the batch first, so the order of blending is the
// order of the commands.

import CGLES
import Lamina

enum SurfaceDrawing {
  static func draw(
    _ commands: [DrawCommand], into target: SurfaceTarget, targets: [SurfaceTarget?], _ r: GLResources
  ) throws(GLError) {
    r.batch.target = target
    r.batch.grid = r.occlusion ? OcclusionGrid(commands, width: target.width, height: target.height) : nil
    defer {
      r.batch.target = nil
      r.batch.grid = nil
    }
    for (i, command) in commands.enumerated() {
      r.batch.command = i
      switch command {
      case .shape(let d):
        try ShapePass.draw(d, into: target, r)
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
  }
}
