// GlyphCoverageCache: glyph coverages (GlyphCoverage) kept by key across
// frames, for a renderer that assembles text draws from them: LaminaCPU's path stage
// (PathCoverages) and LaminaGL's PathPass when it builds a repeated text
// draw's atlas region. One definition of what a cache hit means (an equal
// `GlyphCoverageKey`) and of what is kept (the coverages of this frame and
// the last), so both backends keep the same coverages for the same frames.
//
// Rejected: a cache bounded by a count or bytes with least-recently-used
// eviction (what a frame asks for must all be there while the frame is
// drawn; two frames' coverages are bounded by what two frames draw, itself
// bounded by `RenderLimits.maxShapeEdges` per text layer).

/// Glyph coverages by key, of this frame and the last: one asked for in
/// neither is dropped at `endFrame`. Not thread-safe: used by one renderer
/// while it prepares a frame.
public final class GlyphCoverageCache {
  private var current: [GlyphCoverageKey: GlyphCoverage?] = [:]
  private var previous: [GlyphCoverageKey: GlyphCoverage?] = [:]
  /// `SimpleContours`' answer per outline (the key without its phase), of
  /// this frame and the last: an outline drawn at several phases is
  /// checked once.
  private var simpleCurrent: [GlyphCoverageKey: Bool] = [:], simplePrevious: [GlyphCoverageKey: Bool] = [:]
  /// This frame's table (`frame()`), and the keys put in `current` since
  /// it was last extended: each `frame()` adds only those, so a frame that
  /// fills text on many surfaces does not copy the earlier ones' again.
  private var table = GlyphCoverageFrame(slots: [:], values: []), untabled: [GlyphCoverageKey] = []
  /// Coverages filled since the cache was made (for tests and measurements).
  public private(set) var filled = 0
  /// Coverages asked for since the cache was made.
  public private(set) var asked = 0

  public init() {}

  /// The coverage of `outline` under `key` (`GlyphCoverage`), kept or filled now.
  public func coverage(_ key: GlyphCoverageKey, _ outline: PolygonSet) -> GlyphCoverage? {
    asked += 1
    if let kept = current[key] { return kept }
    let coverage: GlyphCoverage?
    if let kept = previous[key] {
      coverage = kept
    } else {
      filled += 1
      coverage = GlyphCoverage(outline: outline, key: key, simpleContours: simpleContours(key, outline))
    }
    current[key] = coverage
    untabled.append(key)
    return coverage
  }

  /// Fills the coverages of `glyphs` that are not kept, on up to `threads`
  /// workers (`concurrentMap`): each outline's `SimpleContours` answer
  /// once, then each coverage. Later `coverage` calls and `frame()` find
  /// them kept; the values are those `coverage` would fill. Each request
  /// counts as asked for (`asked`).
  public func fill(_ glyphs: [(key: GlyphCoverageKey, outline: PolygonSet)], threads: Int) {
    fill([(glyphs.map(\.outline), glyphs.indices.map { (glyphs[$0].key, $0) })], threads: threads)
  }

  /// Glyph requests by text draw: the draw's outline table (its run's
  /// `GlyphRun.outlines`) and its glyphs' keys with indices into it.
  public typealias Requests = (outlines: [PolygonSet], glyphs: [(key: GlyphCoverageKey, outline: Int)])

  /// `fill` of every draw's requests (`Requests`): an outline is copied
  /// only when its coverage is missing, not for each of a page's repeated
  /// glyphs.
  public func fill(_ requests: [Requests], threads: Int) {
    let count = requests.reduce(0) { $0 + $1.glyphs.count }
    asked += count
    var missing: [(key: GlyphCoverageKey, outline: PolygonSet)] = [], seen = Set<GlyphCoverageKey>()
    seen.reserveCapacity(count)
    // An empty table (a cold cache) answers without hashing.
    for group in requests {
      for (key, outline) in group.glyphs {
        if !current.isEmpty, current.index(forKey: key) != nil { continue }
        if !previous.isEmpty, let kept = previous[key] {
          current[key] = kept
          untabled.append(key)
        } else if seen.insert(key).inserted {
          missing.append((key, group.outlines[outline]))
        }
      }
    }
    guard !missing.isEmpty else { return }
    // Room for the new keys at once (growing rehashed every key), and the
    // requests read by index (a loop over them copied each outline).
    current.reserveCapacity(current.count + missing.count)
    simpleCurrent.reserveCapacity(simpleCurrent.count + missing.count)
    // The outlines' answers, one per outline whatever its phases.
    var outlines: [(key: GlyphCoverageKey, outline: PolygonSet)] = [], seenOutlines = Set<GlyphCoverageKey>()
    for i in missing.indices {
      let phaseFree = Self.phaseFree(missing[i].key)
      if simpleCurrent[phaseFree] != nil { continue }
      if let known = simplePrevious[phaseFree] {
        simpleCurrent[phaseFree] = known
      } else if seenOutlines.insert(phaseFree).inserted {
        outlines.append((phaseFree, missing[i].outline))
      }
    }
    let checked = outlines, answers = concurrentMap(outlines.count, threads: threads) {
      SimpleContours.fillByAccumulation(points: checked[$0].outline.points, ends: checked[$0].outline.ends)
    }
    for i in outlines.indices { simpleCurrent[outlines[i].key] = answers[i] }
    let simple = missing.map { simpleCurrent[Self.phaseFree($0.key)]! }
    let fills = missing, order = heaviestFirst(fills) { $0.outline.points.count }
    let coverages = concurrentMap(fills.count, threads: threads, order: order) {
      GlyphCoverage(outline: fills[$0].outline, key: fills[$0].key, simpleContours: simple[$0])
    }
    for i in fills.indices {
      current[fills[i].key] = coverages[i]
      untabled.append(fills[i].key)
    }
    filled += fills.count
  }

  /// The coverages kept for this frame so far as one read-only table
  /// (`GlyphCoverageFrame`), for assembling text draws on several threads
  /// at once after `fill`.
  public func frame() -> GlyphCoverageFrame {
    guard !untabled.isEmpty else { return table }
    var slots = table.slots, values = table.values
    table = GlyphCoverageFrame(slots: [:], values: [])  // the arrays are now only here: extended in place
    slots.reserveCapacity(slots.count + untabled.count)
    for key in untabled {
      guard let entry = current[key] else { continue }
      guard let coverage = entry else {
        slots[key] = GlyphCoverageFrame.Slot(rect: .empty, offset: -1)
        continue
      }
      slots[key] = GlyphCoverageFrame.Slot(rect: coverage.rect, offset: values.count)
      values.append(contentsOf: coverage.values)
    }
    untabled.removeAll(keepingCapacity: true)
    table = GlyphCoverageFrame(slots: slots, values: values)
    return table
  }

  /// A key without its phase: what `SimpleContours`' answer depends on.
  private static func phaseFree(_ key: GlyphCoverageKey) -> GlyphCoverageKey {
    var phaseFree = key
    (phaseFree.phaseX, phaseFree.phaseY) = (0, 0)
    return phaseFree
  }

  /// Whether `outline` fills by accumulation, kept as coverages are.
  private func simpleContours(_ key: GlyphCoverageKey, _ outline: PolygonSet) -> Bool {
    let phaseFree = Self.phaseFree(key)
    if let known = simpleCurrent[phaseFree] { return known }
    let simple =
      simplePrevious[phaseFree] ?? SimpleContours.fillByAccumulation(points: outline.points, ends: outline.ends)
    simpleCurrent[phaseFree] = simple
    return simple
  }

  /// Coverages kept now (this frame's and the last's).
  public var count: Int { Set(current.keys).union(previous.keys).count }

  /// Ends a frame: coverages the last frame asked for and this one did not are dropped.
  public func endFrame() {
    previous = current
    current.removeAll(keepingCapacity: true)
    table = GlyphCoverageFrame(slots: [:], values: [])
    untabled.removeAll(keepingCapacity: true)
    simplePrevious = simpleCurrent
    simpleCurrent.removeAll(keepingCapacity: true)
  }
}

/// A frame's glyph coverages as one read-only table (`GlyphCoverageCache.frame`):
/// each key's box and where its values begin in one array, so a lookup
/// copies no array (see PathDrawGlyphRoute.swift).
public struct GlyphCoverageFrame: Sendable {
  /// A glyph coverage's box (`GlyphCoverage.rect`) and the offset of its
  /// row-major values in `values`; −1 for a glyph that covers no pixel.
  public struct Slot: Sendable {
    public var rect: PixelRect
    public var offset: Int
  }
  /// The coverages by key.
  public let slots: [GlyphCoverageKey: Slot]
  /// Every coverage's values, one after another.
  public let values: [Float]
}
