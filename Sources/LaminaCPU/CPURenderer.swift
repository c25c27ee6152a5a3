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
  /// The glyph coverages text draws are assembled from (for tests).
  var glyphCoverages: GlyphCoverageCache { paths.glyphCoverages }
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
    let count = plan.surfaces.count
    var drawn = [Raster?](repeating: nil, count: count)
    var needed = [Bool](repeating: damage == nil, count: count)
    // Incremental: the tiles to draw, and the canvas commands that reach them.
    var only: (tiles: [Int], commands: [Int])? = nil
    if let damage, count > 0 {
      only = damagedCanvas(plan, damage, footprints: footprints, needed: &needed)
    }
    let keptRasters = drawOffscreens(plan, needed: needed, into: &drawn)
    // The canvas straight into the image's bytes (no copy of the frame).
    var image = Image(width: 0, height: 0, premultipliedPixels: [])
    if plan.width <= 0 || plan.height <= 0 {
      image = Image(width: max(0, plan.width), height: max(0, plan.height), premultipliedPixels: [])
    } else if let only {
      // The previous frame's bytes, its damaged tiles drawn again.
      previousPixels.withUnsafeMutableBufferPointer { buffer in
        let canvas = Raster(over: buffer.baseAddress!, width: plan.width, height: plan.height)
        draw(plan.surfaces[0], index: 0, into: canvas, backdrop: plan.background, surfaces: drawn, only: only)
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
    endFrame()
    return image
  }

  /// The canvas tiles `damage` meets, and the canvas commands whose
  /// `footprints` reach them; marks in `needed` the offscreens those
  /// commands' composites read, and those they read in turn.
  private func damagedCanvas(
    _ plan: RenderPlan, _ damage: PlanDamage, footprints: [PixelRect], needed: inout [Bool]
  ) -> (tiles: [Int], commands: [Int]) {
    let count = plan.surfaces.count
    let grid = TileGrid(width: plan.width, height: plan.height)
    let list = damage.tiles(side: TileScratch.size, width: plan.width, height: plan.height)
    let region = PlanDamage(rects: list.map(grid.rect), isEverything: false)
    let chosen = footprints.indices.filter { region.intersects(footprints[$0]) }
    func need(_ command: DrawCommand) {
      guard case .composite(let c) = command else { return }
      if c.surface > 0 && c.surface < count { needed[c.surface] = true }
      if let m = c.mask, m > 0, m < count { needed[m] = true }
    }
    for i in chosen { need(plan.surfaces[0].commands[i]) }
    for index in 1..<count where needed[index] { plan.surfaces[index].commands.forEach(need) }
    return (list, chosen)
  }

  /// Draws the `needed` offscreen surfaces into `drawn`, last first (later
  /// ones are drawn into earlier ones), reusing a raster kept for a
  /// `rasterKey`; returns the rasters to keep for the next frame.
  private func drawOffscreens(_ plan: RenderPlan, needed: [Bool], into drawn: inout [Raster?]) -> [Int: Raster] {
    var keptRasters: [Int: Raster] = [:]
    for index in stride(from: plan.surfaces.count - 1, through: 1, by: -1) {
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
    return keptRasters
  }

  /// Ends the frame of every cache: what this frame did not use goes.
  private func endFrame() {
    storage.endFrame()
    stamps.endFrame()
    textures.endFrame()
    paths.endFrame()
    gradients.endFrame()
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
    let chosen = only.map { o in o.commands.lazy.map { surface.commands[$0] } }
    let prepared = prepare(
      chosen.map(Array.init) ?? surface.commands, index: index, limit: limit, backdrop: backdrop, surfaces: surfaces)
    let grid = TileGrid(width: raster.width, height: raster.height)
    guard !prepared.isEmpty else {
      if let only {
        for tile in only.tiles { raster.fill(grid.rect(tile), with: backdrop) }
      } else {
        raster.fill(limit, with: backdrop)
      }
      return
    }
    drawTiles(prepared, grid, only: only?.tiles, into: raster, backdrop: backdrop)
  }

  /// Each command's stage, with everything that does not depend on the
  /// pixel computed; commands that cannot be drawn (a composite naming a
  /// surface not later than `index`, or not drawn) are left out.
  private func prepare(
    _ commands: [DrawCommand], index: Int, limit: PixelRect, backdrop: UInt32, surfaces: [Raster?]
  ) -> [any PreparedDraw] {
    var prepared: [any PreparedDraw] = []
    // Path draws whose coverage is not kept, filled together at the end
    // on the workers (PathCoverageBatch).
    var misses: [PathStage.Miss] = []
    // Shadows whose stamps were made here, drawn once the stamps are filled.
    var waiting: [Int] = []
    stamps.deferFilling(commands: commands.count)
    for command in commands {
      switch command {
      case .roundedRect(let d):
        if let s = RoundedRectStage(d, limit: limit, stamps: stamps) { prepared.append(s) }
      case .shadow(let d):
        if let s = ShadowStage(d, limit: limit, stamps: stamps, backdrop: backdrop) {
          if s.waitsForStamp { waiting.append(prepared.count) }
          prepared.append(s)
        }
      case .image(let d):
        if let s = ImageStage(d, limit: limit, textures: textures) { prepared.append(s) }
      case .gradient(let d):
        if let s = gradients.stage(d, limit: limit) { prepared.append(s) }
      case .path(let d):
        switch PathStage.prepare(d, limit: limit, coverages: paths, position: prepared.count) {
        case .stage(let s): prepared.append(s)
        case .miss(let m): misses.append(m)
        case .nothing: break
        }
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
    // The stamps made here, filled together on the workers (StampCache).
    stamps.fillPending(threads: threads)
    if !waiting.isEmpty {
      let shadows = prepared, positions = waiting
      let stamped = concurrentMap(positions.count, threads: threads) {
        (shadows[positions[$0]] as! ShadowStage).stamped()
      }
      for (position, stage) in zip(waiting, stamped) { prepared[position] = stage }
    }
    guard !misses.isEmpty else { return prepared }
    return PathStage.place(misses, into: prepared, coverages: paths, threads: threads)
  }

  /// Draws the tiles of `grid` (those of `list`, else all) with `threads`
  /// workers, each tile filled with `backdrop` and then drawn by the
  /// prepared commands whose bounds meet it, in plan order.
  private func drawTiles(
    _ commands: [any PreparedDraw], _ grid: TileGrid, only list: [Int]?, into raster: Raster, backdrop: UInt32
  ) {
    let tiles = list?.count ?? grid.count
    let workers = min(threads, tiles)
    let bounds = commands.map { $0.bounds }, occluders = commands.map { $0.occluder }
    // Each command's occluder and second occluder, in turn (HiddenRects.collect reads both).
    var crosses = [PixelRect](repeating: .empty, count: 2 * commands.count)
    for (c, p) in commands.enumerated() { (crosses[2 * c], crosses[2 * c + 1]) = (p.occluder, p.secondOccluder) }
    let crossList = crosses
    let (tileStarts, tileMembers) = grid.bin(bounds)
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
          let rect = grid.rect(tile)
          walk.begin(
            rect, candidates: tileMembers[tileStarts[tile]..<tileStarts[tile + 1]], bounds: bounds,
            crosses: crosses.baseAddress!)
          Self.drawTile(
            rect, &walk, commands: commands, bounds: bounds, occluders: occluders, crosses: crosses.baseAddress!,
            backdrop: backdrop, into: raster, scratch: scratch)
        }
      }
    }
  }

  /// One tile: the backdrop, then each of `walk`'s commands over its part
  /// of the tile, skipping what later opaque commands overwrite.
  @inline(__always)
  private static func drawTile(
    _ rect: PixelRect, _ walk: inout TileWalk, commands: [any PreparedDraw], bounds: [PixelRect],
    occluders: [PixelRect], crosses: UnsafePointer<PixelRect>, backdrop: UInt32, into raster: Raster,
    scratch: TileScratch
  ) {
    // The tile starts as the backdrop (filled here, by the worker that
    // draws it, not before the workers on one thread), except the
    // largest rectangle a command's occluder covers: that command
    // stores its own colour there whatever lies under it.
    var stored = PixelRect.empty
    for c in walk.active {
      let o = occluders[c].intersection(rect)
      if o.width * o.height > stored.width * stored.height { stored = o }
    }
    fillBackdrop(rect, with: backdrop, except: stored, into: raster)
    // The stored rectangle is left unfilled, but written before anything
    // reads it (Raster.touchPages: its command may read first, and a
    // fresh page read and then written costs a copy-on-write fault).
    raster.touchPages(stored)
    for (n, c) in walk.active.enumerated() {
      let region = bounds[c].intersection(rect)
      // The parts of the region later opaque commands overwrite (both
      // rectangles of each cross): the largest, and up to
      // hiddenCapacity in all (HiddenRects), among the nearest later
      // occluders (TileWalk.occluderWindow).
      let hidden = HiddenRects.collect(
        region, later: walk.laterOccluders(after: n), crosses: crosses, into: scratch.hidden,
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

  /// The tile less `except` (at most four rectangles), as the backdrop.
  @inline(__always)
  private static func fillBackdrop(_ tile: PixelRect, with pixel: UInt32, except: PixelRect, into raster: Raster) {
    guard !except.isEmpty else { return raster.fill(tile, with: pixel) }
    raster.fill(PixelRect(x0: tile.x0, y0: tile.y0, x1: tile.x1, y1: except.y0), with: pixel)
    raster.fill(PixelRect(x0: tile.x0, y0: except.y0, x1: except.x0, y1: except.y1), with: pixel)
    raster.fill(PixelRect(x0: except.x1, y0: except.y0, x1: tile.x1, y1: except.y1), with: pixel)
    raster.fill(PixelRect(x0: tile.x0, y0: except.y1, x1: tile.x1, y1: tile.y1), with: pixel)
  }
}
