// LaminaCPU: the reference rasterizer of a `RenderPlan`.
//
// Design: surfaces are drawn from last to first (a composite only names
// later surfaces), each into an RGBA8 premultiplied raster. A surface's
// commands are first *prepared* (projected outlines, inverse matrices,
// textures, shadow stamps, blurred alphas: everything that does not depend
// on the pixel), then the surface is cut into 64×64 tiles and `threads`
// workers draw every tile, each running, in plan order, the commands whose
// pixel bounds touch it (binned per tile once per surface). Each worker
// fills its tile with the backdrop first, less the largest occluder there
// (that command stores its colour whatever lies under it). A tile is
// written by one worker only, so no locks; per-pixel work allocates
// nothing (each worker owns its scratch planes).
// A surface starts as its backdrop (the plan's background, or transparent);
// stages learn that colour and whether a region still holds it
// (`pristine`: no earlier command's bounds touch it), so a shadow over the
// bare page copies its preblended results (PreblendedStamp).
// Every edge gets exact area coverage (Lamina's `CoverageAccumulator`),
// shadows are evaluated from their closed form (`RoundedRectShadow`),
// images are filtered by the GLES rules (`levelOfDetail`, `MipChain`). One
// stage file per feature mirrors one shader of LaminaGL.
//
// Incremental frames (`renderFrame`, IncrementalRenderer): the renderer
// keeps its last canvas and the plan's digest; the next frame copies those
// bytes and draws only the 64×64 tiles `PlanDamage` meets, each exactly as
// a full render draws it (filled with the backdrop, then every command
// whose bounds touch it, in order). A tile's bytes depend only on the plan
// and the tile: the stamps, preblended tables, path coverages and kept
// rasters hold values computed from the plan alone, and `pristine` is
// decided by the bounds of the commands drawn into the tile. Commands whose
// footprint (PlanDigest) misses every redrawn tile are not prepared, and
// offscreens no prepared composite reads are not drawn.
//
// Rejected: command-major drawing with a thread pool per command (a plan of
// 1000 small cards would pay 3000 synchronisations) and Float surfaces
// (the plan rounds every surface to 8 bits after each command).
import Dispatch
import Lamina
import Synchronization

/// Draws render plans on the CPU: the reference the GL backend is tested
/// against. One renderer draws one plan at a time (it keeps rasters, shadow
/// and coverage stamps and mip chains from frame to frame); use one
/// renderer per thread to draw plans concurrently.
public final class CPURenderer: IncrementalRenderer {
  /// Worker threads drawing tiles.
  public let threads: Int
  /// How many times a surface with a `rasterKey` was reused from an earlier
  /// frame instead of being drawn.
  public private(set) var rasterCacheHits: Int = 0

  private var rasters: [Int: Raster] = [:]
  private let stamps = StampCache()
  private let textures = TextureCache()
  private let paths = PathCoverages()
  /// The glyph masks text draws are assembled from (for tests).
  var glyphMasks: GlyphMasks { paths.masks }
  private let gradients = GradientStages()
  /// The last images `render` returned, whose pixels a frame may reuse.
  private let canvases = Canvases()
  /// The offscreens' pixel memory, lent frame after frame.
  let storage = SurfaceStorage()
  /// The last frame `renderFrame` drew: its plan's digest and its canvas.
  private var kept: (digest: PlanDigest, pixels: [UInt8])?
  /// What the last `renderFrame` redrew.
  public private(set) var lastDamage: PlanDamage?

  /// Creates a renderer drawing with `threads` worker threads (at least 1).
  public init(threads: Int = 2) {
    self.threads = max(1, threads)
  }

  /// Draws the plan and returns the canvas (premultiplied, rows top-down).
  /// Commands that cannot be drawn (a singular matrix, a composite naming a
  /// surface that is not later in the list) are skipped; nothing traps.
  ///
  /// The renderer keeps the last two images it returned here: the next
  /// frame draws over the pixels of one the caller no longer references
  /// (as a swap chain reuses its buffers) instead of allocating a canvas.
  /// An image anybody still holds is never written.
  public func render(_ plan: RenderPlan) -> Image {
    var none: [UInt8] = []
    let image = drawFrame(plan, over: &none, damage: nil, footprints: [], recycling: true)
    canvases.returned(image)
    return image
  }

  /// Draws `plan` as the next frame of a sequence: over the canvas of the
  /// last frame this method drew, only the tiles its damage meets; the
  /// bytes are `render(plan)`'s (IncrementalRenderer).
  public func renderFrame(_ plan: RenderPlan) -> Image {
    var digest = PlanDigest(plan)
    let bytes = plan.width * plan.height * 4
    var damage = PlanDamage.everything(width: plan.width, height: plan.height)
    var previous: [UInt8] = []
    if let kept, kept.pixels.count == bytes, bytes > 0 {
      damage = PlanDamage.between(kept.digest, &digest)
      // The kept bytes, referenced here alone when the caller has let the
      // last image go: then drawn in place, with no copy of the frame.
      previous = kept.pixels
      self.kept = nil
    }
    lastDamage = damage
    let image: Image
    if damage.isEverything {
      // Not through `render`: `kept` shares this image's pixels, so it is
      // no canvas to recycle.
      var none: [UInt8] = []
      image = drawFrame(plan, over: &none, damage: nil, footprints: [], recycling: false)
      digest.measure()
    } else {
      image = drawFrame(plan, over: &previous, damage: damage, footprints: digest.footprints)
    }
    kept = (digest, image.pixels)
    return image
  }

  /// Drops the kept frame (the next `renderFrame` draws everything) and
  /// the returned frames kept for their storage.
  public func forgetFrame() {
    kept = nil
    lastDamage = nil
    canvases.removeAll()
  }

  /// A full render (`damage` nil), or the damaged tiles drawn into
  /// `previous` (the last canvas), with the new plan's canvas footprints;
  /// a full render reuses a returned canvas (`Canvases`) when `recycling`.
  private func drawFrame(
    _ plan: RenderPlan, over previousPixels: inout [UInt8], damage: PlanDamage?, footprints: [PixelRect],
    recycling: Bool = false
  ) -> Image {
    let previous = damage.map { ($0, footprints) }
    let count = plan.surfaces.count
    var drawn = [Raster?](repeating: nil, count: count)
    var keptRasters: [Int: Raster] = [:]
    // Incremental: the tiles to draw, and the canvas commands that reach them.
    let size = TileScratch.size
    var tiles: [Int]? = nil
    var canvasCommands: [Int]? = nil
    var needed = [Bool](repeating: previous == nil, count: count)
    if let (damage, footprints) = previous, count > 0 {
      let list = damage.tiles(side: size, width: plan.width, height: plan.height)
      let columns = (plan.width + size - 1) / size
      let rects = list.map { t in
        let x0 = (t % columns) * size, y0 = (t / columns) * size
        return PixelRect(x0: x0, y0: y0, x1: min(plan.width, x0 + size), y1: min(plan.height, y0 + size))
      }
      let region = PlanDamage(rects: rects, isEverything: false)
      let chosen = footprints.indices.filter { region.intersects(footprints[$0]) }
      tiles = list
      canvasCommands = chosen
      // The offscreens the chosen composites read, and those they read.
      func need(_ command: DrawCommand) {
        guard case .composite(let c) = command else { return }
        if c.surface > 0 && c.surface < count { needed[c.surface] = true }
        if let m = c.mask, m > 0, m < count { needed[m] = true }
      }
      for i in chosen { need(plan.surfaces[0].commands[i]) }
      for index in 1..<count where needed[index] { plan.surfaces[index].commands.forEach(need) }
    }
    // Offscreen surfaces first (later ones are drawn into earlier ones).
    for index in stride(from: count - 1, through: 1, by: -1) {
      let surface = plan.surfaces[index]
      guard needed[index] else {
        // Not read this frame: a raster kept for it stays kept.
        if let key = surface.rasterKey, let kept = rasters[key] { keptRasters[key] = kept }
        continue
      }
      if let key = surface.rasterKey, let kept = rasters[key] ?? keptRasters[key],
        kept.width == surface.width, kept.height == surface.height
      {
        rasterCacheHits += 1
        drawn[index] = kept
        keptRasters[key] = kept
        continue
      }
      // Sizes beyond the limits (the lowering never makes them) draw nothing.
      let fits = RenderLimits.default.violation(width: surface.width, height: surface.height) == nil
      // A raster kept for `shouldRasterize` owns its memory; the others
      // borrow the frame's storage.
      let raster =
        fits && surface.rasterKey == nil
        ? Raster(over: storage.take(surface.width * surface.height * 4), width: surface.width, height: surface.height)
        : Raster(unfilledWidth: fits ? surface.width : 0, height: fits ? surface.height : 0)
      draw(surface, index: index, into: raster, backdrop: .transparent, surfaces: drawn)
      drawn[index] = raster
      if let key = surface.rasterKey { keptRasters[key] = raster }
    }
    // The canvas straight into the image's bytes (no copy of the frame).
    var image = Image(width: 0, height: 0, premultipliedPixels: [])
    if plan.width <= 0 || plan.height <= 0 {
      image = Image(width: max(0, plan.width), height: max(0, plan.height), premultipliedPixels: [])
    } else if previous != nil, let tiles, let canvasCommands {
      // The previous frame's bytes, its damaged tiles drawn again.
      previousPixels.withUnsafeMutableBufferPointer { buffer in
        let canvas = Raster(over: buffer.baseAddress!, width: plan.width, height: plan.height)
        draw(
          plan.surfaces[0], index: 0, into: canvas, backdrop: plan.background, surfaces: drawn,
          only: (tiles, canvasCommands))
      }
      image = Image(width: plan.width, height: plan.height, premultipliedPixels: previousPixels)
    } else if count > 0, RenderLimits.default.violation(width: plan.width, height: plan.height) == nil {
      let bytes = plan.width * plan.height * 4
      let pixels = canvases.pixels(count: bytes, reusing: recycling) { base in
        let canvas = Raster(over: base, width: plan.width, height: plan.height)
        draw(plan.surfaces[0], index: 0, into: canvas, backdrop: plan.background, surfaces: drawn)
      }
      image = Image(width: plan.width, height: plan.height, premultipliedPixels: pixels)
    }
    rasters = keptRasters
    drawn.removeAll()
    storage.endFrame()
    stamps.endFrame()
    textures.endFrame()
    paths.endFrame()
    gradients.endFrame()
    return image
  }

  /// Prepares the commands of one surface, then fills (with `backdrop`)
  /// and draws its tiles; the raster's pixels may start as anything.
  /// `only`: just these tiles (row-major indices), with just these
  /// commands (every one whose bounds may touch them); the other pixels
  /// are left as they are.
  private func draw(
    _ surface: Surface, index: Int, into raster: Raster, backdrop: PremultipliedColor, surfaces: [Raster?],
    only: (tiles: [Int], commands: [Int])? = nil
  ) {
    let backdrop = packed(backdrop)
    let limit = PixelRect(x0: 0, y0: 0, x1: raster.width, y1: raster.height)
    guard !limit.isEmpty else { return }
    var prepared: [any PreparedDraw] = []
    let chosen = only.map { o in o.commands.lazy.map { surface.commands[$0] } }
    for command in chosen.map(Array.init) ?? surface.commands {
      switch command {
      case .shape(let d):
        if let s = ShapeStage(d, limit: limit, stamps: stamps) { prepared.append(s) }
      case .shadow(let d):
        if let s = ShadowStage(d, limit: limit, stamps: stamps, backdrop: backdrop) { prepared.append(s) }
      case .image(let d):
        if let s = ImageStage(d, limit: limit, textures: textures) { prepared.append(s) }
      case .gradient(let d):
        if let s = gradients.stage(d, limit: limit) { prepared.append(s) }
      case .path(let d):
        if let s = PathStage(d, limit: limit, coverages: paths) { prepared.append(s) }
      case .composite(let d):
        guard d.surface > index, d.surface < surfaces.count, let source = surfaces[d.surface] else {
          continue
        }
        var mask: Raster? = nil
        if let m = d.mask {
          guard m > index, m < surfaces.count, let r = surfaces[m] else { continue }
          mask = r
        }
        if let s = CompositeStage(d, source: source, mask: mask, limit: limit) { prepared.append(s) }
      }
    }
    let size = TileScratch.size
    let columns = (raster.width + size - 1) / size, rows = (raster.height + size - 1) / size
    @Sendable func tileRect(_ tile: Int) -> PixelRect {
      let x0 = (tile % columns) * size, y0 = (tile / columns) * size
      return PixelRect(x0: x0, y0: y0, x1: min(raster.width, x0 + size), y1: min(raster.height, y0 + size))
    }
    guard !prepared.isEmpty else {
      if let only {
        for tile in only.tiles { raster.fill(tileRect(tile), with: backdrop) }
      } else {
        raster.fill(limit, with: backdrop)
      }
      return
    }
    let list = only?.tiles
    let tiles = list?.count ?? columns * rows
    let workers = min(threads, tiles)
    let commands = prepared
    let bounds = prepared.map { $0.bounds }, occluders = prepared.map { $0.occluder }
    // Each command's occluder and second occluder, in turn (HiddenRects.collect reads both).
    var crosses = [PixelRect](repeating: .empty, count: 2 * prepared.count)
    for (c, p) in prepared.enumerated() { (crosses[2 * c], crosses[2 * c + 1]) = (p.occluder, p.secondOccluder) }
    let crossList = crosses
    // Per tile, the commands whose bounds meet it, in plan order (tile t's
    // are members[starts[t] ..< starts[t + 1]]): binned once from each
    // command's tile range, instead of every tile testing every command
    // (S5: 200 commands × 510 tiles a frame).
    var starts = [Int](repeating: 0, count: columns * rows + 1)
    @inline(__always) func tileRange(_ b: PixelRect) -> (c0: Int, c1: Int, r0: Int, r1: Int)? {
      let b = b.intersection(limit)
      guard !b.isEmpty else { return nil }
      return (b.x0 / size, (b.x1 - 1) / size, b.y0 / size, (b.y1 - 1) / size)
    }
    for b in bounds {
      guard let t = tileRange(b) else { continue }
      for r in t.r0...t.r1 { for c in t.c0...t.c1 { starts[r * columns + c + 1] += 1 } }
    }
    for t in 0..<(columns * rows) { starts[t + 1] += starts[t] }
    var members = [Int](repeating: 0, count: starts[columns * rows]), next = starts
    for (i, b) in bounds.enumerated() {
      guard let t = tileRange(b) else { continue }
      for r in t.r0...t.r1 {
        for c in t.c0...t.c1 {
          members[next[r * columns + c]] = i
          next[r * columns + c] += 1
        }
      }
    }
    let tileStarts = starts, tileMembers = members
    // The tile less `except` (at most four rectangles), as the backdrop.
    @Sendable func fill(_ tile: PixelRect, with pixel: UInt32, except: PixelRect) {
      guard !except.isEmpty else { return raster.fill(tile, with: pixel) }
      raster.fill(PixelRect(x0: tile.x0, y0: tile.y0, x1: tile.x1, y1: except.y0), with: pixel)
      raster.fill(PixelRect(x0: tile.x0, y0: except.y0, x1: except.x0, y1: except.y1), with: pixel)
      raster.fill(PixelRect(x0: except.x1, y0: except.y0, x1: tile.x1, y1: except.y1), with: pixel)
      raster.fill(PixelRect(x0: tile.x0, y0: except.y1, x1: tile.x1, y1: tile.y1), with: pixel)
    }
    // Tiles are taken from a shared counter, not dealt out in turn: a worker
    // the system pauses (a busy machine) leaves its tiles to the others.
    let taking = Atomic<Int>(0)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      let scratch = TileScratch()
      // Each tile's commands, and what the loop asks about them in time
      // that does not grow with their number (TileWalk).
      var walk = TileWalk()
      crossList.withUnsafeBufferPointer { crosses in
        while true {
          let taken = taking.add(1, ordering: .relaxed).oldValue
          guard taken < tiles else { break }
          let tile = list?[taken] ?? taken
          let rect = tileRect(tile)
          walk.begin(
            rect, candidates: tileMembers[tileStarts[tile]..<tileStarts[tile + 1]], bounds: bounds,
            crosses: crosses.baseAddress!)
          // The tile starts as the backdrop (filled here, by the worker that
          // draws it, not before the workers on one thread), except the
          // largest rectangle a command's occluder covers: that command
          // stores its own colour there whatever lies under it.
          var stored = PixelRect.empty
          for c in walk.active {
            let o = occluders[c].intersection(rect)
            if o.width * o.height > stored.width * stored.height { stored = o }
          }
          fill(rect, with: backdrop, except: stored)
          for (n, c) in walk.active.enumerated() {
            let region = bounds[c].intersection(rect)
            // The parts of the region later opaque commands overwrite (both
            // rectangles of each cross): the largest, and up to
            // hiddenCapacity in all (HiddenRects), among the nearest later
            // occluders (TileWalk.occluderWindow).
            let hidden = HiddenRects.collect(
              region, later: walk.laterOccluders(after: n), crosses: crosses.baseAddress!, into: scratch.hidden,
              capacity: TileScratch.hiddenCapacity)
            // No earlier command touched the region: it still holds the backdrop.
            let pristine = walk.pristine(region, marking: bounds[c])
            if hidden.count <= 1 {
              commands[c].draw(region, skipping: hidden.largest, pristine: pristine, into: raster, scratch: scratch)
            } else {
              commands[c].draw(region, skipping: hidden, pristine: pristine, into: raster, scratch: scratch)
            }
          }
        }
      }
    }
  }
}
