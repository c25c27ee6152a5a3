// StampTileMemo: the stamp tiles of rounded rectangles drawn where they are
// by sweeping their outline (RoundedRectStage's `stampGrid`: shapes whose
// corners meet, which AxisRoundedRectCoverage leaves to the sweep), each
// evaluated once a frame and kept
// for the other target tiles that meet it. A 64-pixel stamp tile placed at
// any offset meets up to four 64-pixel target tiles, and each used to
// evaluate it whole (its bytes must be the stamp's, so it cannot be cut):
// in S1-frac, each card's visible corner was accumulated two to four
// times. The memo is shared by the drawing threads (tiles are taken from a
// shared counter, so the neighbours of a tile are often another thread's)
// and bounded: oldest first out past `budgetBytes`, all of it at the end
// of the frame. A reader holds its tile's values by reference, so an
// eviction never frees values being read.
//
// Rejected: keeping the stamp tiles with the draw until the frame ends
// (16,000 cards at random positions would hold every visible tile, the
// memory the unkept stamps were made to save); a memo per thread (with
// tiles dealt from a shared counter, a neighbour is as often drawn by the
// other thread).
import Lamina
import Synchronization

final class StampTileMemo: Sendable {
  /// Who evaluated a tile: one per prepared draw, so no two draws share a
  /// key, and held by the memo's entries, so its identity is not reused
  /// while they live.
  final class Owner: Sendable {}

  /// One tile's values, row-major over the tile.
  final class Values: @unchecked Sendable {
    let values: UnsafeMutablePointer<Float>
    init(copying source: UnsafePointer<Float>, count: Int) {
      values = .allocate(capacity: max(1, count))
      values.update(from: source, count: count)
    }
    deinit { values.deallocate() }
  }

  private struct Key: Hashable {
    let owner: ObjectIdentifier
    let x0: Int, y0: Int
  }

  private struct State {
    var entries: [Key: (owner: Owner, values: Values, bytes: Int)] = [:]
    /// Keys in the order they were added (the oldest at `head`).
    var order: [Key] = []
    var head = 0
    var bytes = 0
  }

  private let state = Mutex(State())
  /// The most bytes of values kept (512 full tiles, 8 MiB: S1-frac needs a
  /// tile again within about a row of target tiles, ~150 tiles later).
  let budgetBytes: Int

  init(budgetBytes: Int = 512 * TileScratch.size * TileScratch.size * 4) {
    self.budgetBytes = budgetBytes
  }

  /// The values of `tile` for `owner`: kept ones, or `evaluate`'s, which
  /// writes them into `scratch.coverage` (row stride `tile.width`).
  func values(
    of tile: PixelRect, for owner: Owner, _ scratch: TileScratch, evaluate: (PixelRect, TileScratch) -> Void
  ) -> Values {
    let key = Key(owner: ObjectIdentifier(owner), x0: tile.x0, y0: tile.y0)
    if let kept = state.withLock({ $0.entries[key]?.values }) { return kept }
    evaluate(tile, scratch)
    let count = tile.width * tile.height
    let made = Values(copying: scratch.coverage, count: count)
    state.withLock { s in
      guard s.entries[key] == nil else { return }
      s.entries[key] = (owner, made, count * 4)
      s.order.append(key)
      s.bytes += count * 4
      while s.bytes > budgetBytes, s.head < s.order.count {
        if let gone = s.entries.removeValue(forKey: s.order[s.head]) { s.bytes -= gone.bytes }
        s.head += 1
      }
      if s.head > 1024, s.head * 2 > s.order.count {
        s.order.removeFirst(s.head)
        s.head = 0
      }
    }
    return made
  }

  /// Tiles kept, and their bytes (tests).
  var kept: (count: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }

  /// Forgets every tile (the frame's draws are done).
  func endFrame() {
    state.withLock { $0 = State() }
  }
}
