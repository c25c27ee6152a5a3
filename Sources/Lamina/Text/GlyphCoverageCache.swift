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
    return coverage
  }

  /// Whether `outline` fills by accumulation, kept as coverages are.
  private func simpleContours(_ key: GlyphCoverageKey, _ outline: PolygonSet) -> Bool {
    var phaseFree = key
    (phaseFree.phaseX, phaseFree.phaseY) = (0, 0)
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
    simplePrevious = simpleCurrent
    simpleCurrent.removeAll(keepingCapacity: true)
  }
}
