// GlyphMasks: glyph masks (GlyphMask) kept by key across frames, for a
// renderer that assembles text draws from them: LaminaCPU's path stage
// (PathCoverages) and LaminaGL's PathPass when it builds a repeated text
// draw's atlas region. One definition of what a cache hit means (an equal
// `GlyphMaskKey`) and of what is kept (the masks of this frame and the
// last), so both backends keep the same masks for the same frames.
//
// Rejected: a cache bounded by a count or bytes with least-recently-used
// eviction (what a frame asks for must all be there while the frame is
// drawn; two frames' masks are bounded by what two frames draw, itself
// bounded by `RenderLimits.maxShapeEdges` per text layer).

/// Glyph masks by key, of this frame and the last: a mask asked for in
/// neither is dropped at `endFrame`. Not thread-safe: used by one renderer
/// while it prepares a frame.
public final class GlyphMasks {
  private var current: [GlyphMaskKey: GlyphMask?] = [:]
  private var previous: [GlyphMaskKey: GlyphMask?] = [:]
  /// Masks filled since the cache was made (for tests and measurements).
  public private(set) var filled = 0
  /// Masks asked for since the cache was made.
  public private(set) var asked = 0

  public init() {}

  /// The mask of `outline` under `key` (`GlyphMask`), kept or filled now.
  public func mask(_ key: GlyphMaskKey, _ outline: PolygonSet) -> GlyphMask? {
    asked += 1
    if let kept = current[key] { return kept }
    let mask: GlyphMask?
    if let kept = previous[key] {
      mask = kept
    } else {
      filled += 1
      mask = GlyphMask(outline: outline, key: key)
    }
    current[key] = mask
    return mask
  }

  /// Masks kept now (this frame's and the last's).
  public var count: Int { Set(current.keys).union(previous.keys).count }

  /// Ends a frame: masks the last frame asked for and this one did not are dropped.
  public func endFrame() {
    previous = current
    current.removeAll(keepingCapacity: true)
  }
}
