// PathStage: a shape layer's fill or stroke (mirrors Shaders/path.frag,
// which tints the same coverage read from LaminaGL's atlas). The coverage
// is Lamina's (`PathDraw.coverage`: the lowering's polygons through the
// matrix, filled by the shared sweep with the draw's rule), computed once
// per frame over the draw's pixels before any tile; each tile then blends
// colour × coverage × clips, source-over, through `SpanBlender`.
//
// The coverage is kept from frame to frame (`PathCoverages`, keyed by
// `PathDraw.CoverageKey`, as LaminaGL keeps its uploads), so a steady frame
// sweeps nothing.
//
// Text under a similarity (`PathDraw.glyphPlacements`): a draw's grid,
// when not kept, is assembled from glyph coverages (`GlyphCoverage`, Lamina's
// definition) kept in a `GlyphCoverageCache` under their `GlyphCoverageKey`, so a
// paragraph's first frame fills each (glyph, phase) once, and a draw that
// changes (text scrolled by whole pixels, a line re-wrapped) reuses them.
// LaminaGL keeps the same coverages, under the same key, in its atlas.
//
// Rejected: running the sweep per tile (a stroke's polygons would be cut
// and sorted again for every 64×64 tile they touch, and the sweep's rows
// are already independent of the tiles).
import Lamina

/// Path coverages of this frame and the last, by key: what one frame
/// computes, the next reuses (a value not asked for in a frame is dropped
/// after it), up to `budgetBytes` of grids kept a frame: past it a grid
/// is drawn in its frame and not kept. Used while commands are prepared,
/// on one thread.
final class PathCoverages {
  typealias Grid = (rect: PixelRect, values: [Float])
  private var current: [PathDraw.CoverageKey: Grid?] = [:]
  private var previous: [PathDraw.CoverageKey: Grid?] = [:]
  /// The most bytes of grids kept for the next frame. A frame of S4 keeps
  /// 3.3 MiB, S7 8 MiB, M-shapes' 16,000 shapes 55 MiB (docs/bench-scenes.md):
  /// the default keeps any of them whole; a sequence of larger frames
  /// redraws what does not fit rather than holding two frames of grids.
  let budgetBytes: Int
  /// The bytes of the grids `current` holds.
  private(set) var keptBytes = 0
  /// The glyph coverages the grids of text draws are assembled from.
  let glyphCoverages = GlyphCoverageCache()

  init(budgetBytes: Int = 128 << 20) {
    self.budgetBytes = budgetBytes
  }

  /// Keeps `grid` under `key` for the next frame if the budget allows.
  private func keep(_ grid: Grid?, under key: PathDraw.CoverageKey) {
    let bytes = (grid?.values.count ?? 0) * MemoryLayout<Float>.stride
    guard keptBytes + bytes <= budgetBytes else { return }
    current[key] = grid
    keptBytes += bytes
  }

  /// The coverage kept under `key` (this frame's, or the last frame's,
  /// which is then this frame's too); nil when there is none. A kept value
  /// may itself be nil: the draw covers no pixel.
  func kept(_ key: PathDraw.CoverageKey) -> Grid?? {
    if let grid = current[key] { return grid }
    guard let grid = previous[key] else { return nil }
    keep(grid, under: key)
    return grid
  }

  /// Fills the coverages of draws not kept (`kept` gave nil), in their
  /// order, and keeps them: shapes on up to `threads` workers
  /// (PathCoverageBatch); text under the glyph route assembled from the
  /// glyph cache, whose missing glyphs are filled on the workers first,
  /// then the text draws assembled on the workers from the frame's table
  /// of them (`GlyphCoverageFrame`). A key asked twice is filled once.
  func fill(_ misses: [(key: PathDraw.CoverageKey, draw: PathDraw, within: PixelRect)], threads: Int) -> [Grid?] {
    var grids = [Grid?](repeating: nil, count: misses.count)
    // Which draws take the glyph route, and their glyphs, on the workers.
    let candidates = misses.indices.filter { misses[$0].draw.glyphs != nil }
    var glyphRequests = [[(key: GlyphCoverageKey, outline: Int)]?](repeating: nil, count: misses.count)
    let requested = concurrentMap(candidates.count, threads: threads) {
      misses[candidates[$0]].draw.glyphCoverageRequests()
    }
    for (k, slot) in candidates.enumerated() { glyphRequests[slot] = requested[k] }
    var shapes = DistinctKeys(), text = DistinctKeys()
    var glyphs: [GlyphCoverageCache.Requests] = []
    for slot in misses.indices {
      guard let requests = glyphRequests[slot], let run = misses[slot].draw.glyphs else {
        shapes.add(slot, misses)
        continue
      }
      if text.add(slot, misses) { glyphs.append((run.outlines, requests)) }
    }
    // Room for every new key at once (growing by doubling held both tables).
    current.reserveCapacity(current.count + misses.count)
    let requests = shapes.slots.map { (misses[$0[0]].draw, misses[$0[0]].within) }
    for (k, grid) in PathDraw.coverages(requests, threads: threads).enumerated() {
      keep(grid, under: misses[shapes.slots[k][0]].key)
      for slot in shapes.slots[k] { grids[slot] = grid }
    }
    guard !text.slots.isEmpty else { return grids }
    // Text: its glyphs filled together, then each draw assembled from them.
    glyphCoverages.fill(glyphs, threads: threads)
    let frame = glyphCoverages.frame(), firsts = text.slots.map { misses[$0[0]] }
    let order = heaviestFirst(firsts) { $0.draw.edgeCount }
    let assembled = concurrentMap(firsts.count, threads: threads, order: order) {
      firsts[$0].draw.coverage(within: firsts[$0].within, glyphFrame: frame)?.grid
    }
    for (k, grid) in assembled.enumerated() {
      keep(grid, under: firsts[k].key)
      for slot in text.slots[k] { grids[slot] = grid }
    }
    return grids
  }

  /// Misses by key, each key once with the slots that ask for it, in
  /// order: keys by their hashes, each hash's keys chained (`sameHash`)
  /// and compared with `==` (a dictionary by key held a key, ~250 bytes,
  /// per entry).
  private struct DistinctKeys {
    private(set) var slots: [[Int]] = []
    private var byHash: [Int: Int] = [:], sameHash: [Int] = []

    /// Notes `misses[slot]`; true when its key is new.
    @discardableResult
    mutating func add(_ slot: Int, _ misses: [(key: PathDraw.CoverageKey, draw: PathDraw, within: PixelRect)]) -> Bool {
      let key = misses[slot].key, hash = key.hashValue
      var k = byHash[hash] ?? -1
      while k >= 0, misses[slots[k][0]].key != key { k = sameHash[k] }
      if k >= 0 {
        slots[k].append(slot)
        return false
      }
      sameHash.append(byHash[hash] ?? -1)
      byHash[hash] = slots.count
      slots.append([slot])
      return true
    }
  }

  func endFrame() {
    previous = current
    current.removeAll(keepingCapacity: true)
    keptBytes = 0
    glyphCoverages.endFrame()
  }
}

struct PathStage: PreparedDraw {
  let coverage: [Float]
  /// The pixels `coverage` holds, row-major.
  let area: PixelRect
  let color: SIMD4<Float>
  let clips: PreparedClips
  let bounds: PixelRect

  /// A path draw whose coverage is not kept, to be filled with the
  /// frame's others (`PathCoverages.fill`) and placed at `position` among
  /// the prepared draws.
  struct Miss {
    var key: PathDraw.CoverageKey
    var draw: PathDraw
    var clips: PreparedClips
    var position: Int
  }

  /// What preparing a path draw gives: its stage (coverage kept), a miss,
  /// or nothing to draw.
  enum Preparation {
    case stage(PathStage)
    case miss(Miss)
    case nothing
  }

  /// Prepares `draw` from the coverage `coverages` keeps, or says it
  /// misses; `position` is where its stage goes among the prepared draws.
  static func prepare(_ draw: PathDraw, limit: PixelRect, coverages: PathCoverages, position: Int) -> Preparation {
    let color = draw.color
    guard color.a > 0 || color.r > 0 || color.g > 0 || color.b > 0 else { return .nothing }
    let clips = PreparedClips(draw.clips, within: limit)
    guard !clips.bounds.isEmpty else { return .nothing }
    let key = draw.coverageKey(within: clips.bounds)
    guard let kept = coverages.kept(key) else { return .miss(Miss(key: key, draw: draw, clips: clips, position: position)) }
    return kept.map { .stage(PathStage(draw, clips: clips, grid: $0)) } ?? .nothing
  }

  /// `prepared` with the stages of `misses` placed, their coverages
  /// filled together on up to `threads` workers.
  static func place(
    _ misses: [Miss], into prepared: [any PreparedDraw], coverages: PathCoverages, threads: Int
  ) -> [any PreparedDraw] {
    let grids = coverages.fill(misses.map { ($0.key, $0.draw, $0.clips.bounds) }, threads: threads)
    var placed: [any PreparedDraw] = []
    placed.reserveCapacity(prepared.count + misses.count)
    var next = 0
    for (miss, grid) in zip(misses, grids) {
      placed.append(contentsOf: prepared[next..<miss.position])
      next = miss.position
      if let grid { placed.append(PathStage(miss.draw, clips: miss.clips, grid: grid)) }
    }
    placed.append(contentsOf: prepared[next...])
    return placed
  }

  private init(_ draw: PathDraw, clips: PreparedClips, grid: PathCoverages.Grid) {
    color = SIMD4(draw.color.r, draw.color.g, draw.color.b, draw.color.a)
    self.clips = clips
    coverage = grid.values
    area = grid.rect
    bounds = grid.rect
  }

  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    if !clips.isEmpty { clips.render(region, scratch) }
    let w = region.width, blender = SpanBlender(color), clip = clips.isEmpty ? nil : scratch.clip
    let pixels = target.pixels, width = target.width, area = area
    coverage.withUnsafeBufferPointer { values in
      let base = values.baseAddress!
      forEachSpan(region, skipping: skip) { y, x0, x1 in
        let j = y - region.y0, i = x0 - region.x0
        blender.blend(
          pixels + (y * width + x0) * 4, base + (y - area.y0) * area.width + (x0 - area.x0),
          clip: clip.map { $0 + j * w + i }, count: x1 - x0)
      }
    }
  }
}
