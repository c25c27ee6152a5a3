// SurfaceDrawing: the commands of one surface, in order, into its target.
// Before any is drawn, OcclusionGrid marks the tiles that later opaque
// cells hide, and the quad batch leaves them out; the tiles whose last
// cover is known are painted its colour first, in one unblended draw.
// Each command's route (DrawRoute) is chosen here, before it is drawn: a
// run of a layer's shape and shadow commands is drawn as one CoverageStack
// when it can; commands whose quads can join the batch (cached coverage,
// solid cells) add them; a command with its own shader flushes the batch
// first, so the order of blending is the order of the commands. A command
// under more clips than one draw takes (clip.glsl's 8) is drawn under the
// first 8 into a scratch target and copied through the rest
// (`drawOverflowing`).
//
// It is a value made for each frame (GLResources.drawing) holding what it
// uses: the passes' SurfaceTools, the pool (scratch targets, composites),
// the caches (the grid's reused storage) and the renderer's two switches.
// An incremental frame (GLRenderer.renderFrame) draws the canvas once per
// damaged rectangle under a scissor, passing the rectangle and the
// commands' footprints (PlanDigest): a command, or a whole CoverageStack
// run, whose footprint misses the rectangle is not drawn; runs are decided
// on the whole list first, so a run is drawn as one stack in both kinds
// of frame and the bytes inside the rectangle are a full frame's.
//
// Rejected: taking GLResources (it did, as `_ r`, and handed it on to
// every pass).

import CGLES
import Lamina

struct SurfaceDrawing {
  /// What the passes drawing into a surface use.
  let tools: SurfaceTools
  /// Scratch targets and the targets composites read.
  let pool: SurfacePool
  /// The occlusion grid's storage, reused from surface to surface.
  let caches: FrameCaches
  /// Whether quads hidden by later opaque cells are left out (OcclusionGrid).
  let occlusion: Bool
  /// Whether runs of commands are drawn as one CoverageStack.
  let stacking: Bool

  /// What PassTools' passes (composites) use.
  private var passTools: PassTools { PassTools(device: tools.device, programs: tools.programs, pool: pool) }

  /// Draws `commands` into `target`; with `region`, only those whose
  /// footprint (`footprints[i]`, target pixels) meets it (the caller
  /// scissors the target to it).
  func draw(
    _ commands: [DrawCommand], into target: SurfaceTarget, targets: [SurfaceTarget?],
    region: PixelRect? = nil, footprints: [PixelRect] = []
  ) throws(GLError) {
    func misses(_ range: Range<Int>) -> Bool {
      guard let region, footprints.count == commands.count else { return false }
      return range.allSatisfy { footprints[$0].intersection(region).isEmpty }
    }
    let outer = (tools.batch.target, tools.batch.grid, tools.batch.command)
    tools.batch.target = target
    let grid =
      occlusion
      ? OcclusionGrid(
        commands, width: target.width, height: target.height, storage: &caches.gridStorage,
        opaqueImage: { tools.textures.isOpaque($0) }) : nil
    tools.batch.grid = grid
    defer {
      (tools.batch.target, tools.batch.grid, tools.batch.command) = outer
      if let grid { caches.gridStorage = grid.occluder }
    }
    if let grid { try tools.batch.paint(grid, commands: commands.count, colors: { paintColor(commands, $0) }) }
    // The shapes' coverages the atlas lacks, filled together when the
    // first is missed (a steady frame misses none and pays nothing).
    let outerFills = tools.atlas.map { ($0.filled, $0.fillMissing) }
    if let atlas = tools.atlas {
      atlas.fillMissing = { [unowned atlas] in
        PathPass.fill(commands, where: { !misses($0..<($0 + 1)) }, into: target, atlas: atlas)
      }
    }
    defer { if let atlas = tools.atlas, let outerFills { (atlas.filled, atlas.fillMissing) = outerFills } }
    var i = 0, single = 0
    let size = target.size
    while i < commands.count {
      try tools.batch.flushIfLong()
      // Each command's route (DrawRoute) is chosen here, before it is drawn.
      if i >= single, stacking, tools.atlas != nil, let run = CoverageStack.run(commands, from: i, size: size) {
        if misses(i..<(i + run.count)) {
          i += run.count
          continue
        }
        if try CoverageStackPass.draw(run, from: i, tools) {
          i += run.count
          continue
        }
        single = i + run.count
      }
      if misses(i..<(i + 1)) {
        i += 1
        continue
      }
      let command = commands[i]
      tools.batch.command = i
      defer { i += 1 }
      if command.clips.count > maxClips {
        try drawOverflowing(command, into: target, targets: targets)
        continue
      }
      switch command {
      case .roundedRect(let d):
        if let mode = d.blendMode {
          try RoundedRectPass.drawBlended(d, mode: mode, into: target, tools, passTools)
          continue
        }
        let route = RoundedRectRoute.of(
          matrix: d.matrix, outer: d.outer, border: d.border, clips: d.clips, size: size, atlas: tools.atlas != nil)
        try RoundedRectPass.draw(d, route: route, into: target, tools)
      case .shadow(let d):
        // Pixels the next command paints opaque, whole, need no shadow.
        let next = i + 1 < commands.count ? commands[i + 1] : nil
        try ShadowPass.draw(
          d, route: ShadowRoute.of(d, size: size, atlas: tools.atlas != nil), into: target,
          hole: next.flatMap { RoundedRectPass.opaqueInterior($0, target) }, tools)
      case .image(let d):
        try tools.batch.flush(before: target)
        try ImagePass.draw(d, route: ImageRoute.of(d, size: size), into: target, tools)
      case .gradient(let d):
        try GradientPass.draw(d, into: target, tools)
      case .path(let d):
        try PathPass.draw(d, into: target, tools)
      case .composite(let d):
        guard let source = targets[d.surface] else { continue }
        try tools.batch.flush(before: target)
        try CompositePass.draw(d, source: source, mask: d.mask.flatMap { targets[$0] }, into: target, passTools)
      }
    }
    try tools.batch.flush()
  }

  /// The colour a tile painted for cover `index` holds: a fill's own, or
  /// for a ring over the fill just before it, the fill's.
  private func paintColor(_ commands: [DrawCommand], _ index: Int) -> PremultipliedColor {
    var i = index
    while i > 0, case .roundedRect(let d) = commands[i], d.border != nil { i -= 1 }
    guard case .roundedRect(let d) = commands[i] else { return .transparent }
    return d.color
  }

  /// Draws `command`, whose clips are more than one draw takes: under the
  /// first `maxClips` into a transparent scratch target of the same size,
  /// then copied pixel for pixel (a nearest composite) under the next ones,
  /// scratch to scratch, and under the last ones into `target`. Coverages
  /// multiply, so this equals one draw under all the clips but for the
  /// rounding of each copy to 8 bits.
  private func drawOverflowing(_ command: DrawCommand, into target: SurfaceTarget, targets: [SurfaceTarget?])
    throws(GLError)
  {
    try tools.batch.flush(before: target)
    var rest = command.clips
    var first = command
    first.clips = Array(rest.prefix(maxClips))
    // A blended shape is drawn plainly into the scratch and blended by the
    // last copy (the same blend: it is linear in the source's alpha).
    var blend: BlendMode? = nil
    if case .roundedRect(var d) = first, let mode = d.blendMode {
      (blend, d.blendMode) = (mode, nil)
      first = .roundedRect(d)
    }
    rest.removeFirst(min(maxClips, rest.count))
    var source = try scratch(like: target)
    try draw([first], into: source, targets: targets)
    while true {
      let last = rest.count <= maxClips
      let next = last ? target : try scratch(like: target)
      let copy = CompositeDraw(
        surface: 0, matrix: .identity, opacity: 1, mask: nil, shadow: nil,
        sampling: Sampling(minification: .nearest, magnification: .nearest, bias: 0),
        clips: Array(rest.prefix(maxClips)), name: "\(command.name) (clips \(maxClips + 1)…)",
        blendMode: last ? blend : nil)
      rest.removeFirst(min(maxClips, rest.count))
      try CompositePass.draw(copy, source: source, mask: nil, into: next, passTools)
      pool.release(source)
      if last { return }
      source = next
    }
  }

  /// A pooled target of `target`'s size, cleared to transparent.
  private func scratch(like target: SurfaceTarget) throws(GLError) -> SurfaceTarget {
    let scratch = try pool.acquire(width: target.width, height: target.height)
    tools.device.clear(.surface(scratch), to: (0, 0, 0, 0))
    return scratch
  }
}
