// TileWalk: what CPURenderer's tile loop asks about one tile's commands
// while drawing them in order, each answer in time that does not grow with
// the number of commands in the tile:
//
// - `pristine`: whether any earlier command's bounds meet a region (the
//   region still holds the backdrop), read from the union of the earlier
//   bounds kept as one 64-bit mask per pixel row of the tile: exactly the
//   answer of testing every earlier command, in at most 64 steps;
// - `laterOccluders`: the commands after this one whose occluders (either
//   rectangle of the cross) reach into the tile, at most `occluderWindow`
//   of them, the nearest first: what `HiddenRects.collect` searches.
//
// Why (issue 31): both were scans of the tile's other commands, so a tile
// that k commands meet cost k² (19 replicators × 10,000 opaque 2×2 copies
// stacked on one spot, 190,000 commands in a few tiles: 75 s on the CPU
// against 0.4 s on GL; now 0.45 s, release, `lamina render`). Skipping fewer hidden pixels is always exact (HiddenRects), so the
// window changes no byte; it only bounds the search. A tile with at most
// `occluderWindow` later occluders (every bench scene's) skips exactly what
// it skipped before.
//
// Rejected: a summary of every later occluder kept in a reverse pass (the
// tile loop draws forwards, so each command's summary would have to be
// stored: k lists per tile), and a bit mask of hidden pixels per command
// (HiddenRects' header: 64×64 bits to build and read per command per tile).
import Lamina

/// One tile's commands in plan order, with the state the tile loop keeps
/// while it draws them (held by a worker, reused from tile to tile).
struct TileWalk {
  /// How many later occluding commands `laterOccluders` gives at most: twice
  /// `TileScratch.hiddenCapacity`, so a full list of hidden rectangles can
  /// still be found among them.
  static let occluderWindow = 2 * TileScratch.hiddenCapacity

  /// The commands whose bounds meet the tile, in plan order.
  private(set) var active: [Int] = []
  /// Positions in `active` of the commands with an occluder in the tile, and
  /// those commands, in order.
  private var occludingPositions: [Int] = []
  private var occludingCommands: [Int] = []
  /// The first entry of `occludingPositions` after the command being drawn.
  private var nextOccluding = 0
  /// Bit x − tile.x0 of row y − tile.y0: some earlier command's bounds hold
  /// pixel (x, y).
  private var touched = [UInt64](repeating: 0, count: TileScratch.size)
  private var tile = PixelRect.empty

  /// Starts `tile` with the commands of `candidates` whose bounds meet it;
  /// `crosses[2c]` and `crosses[2c + 1]` are command c's occluder and second
  /// occluder.
  mutating func begin(
    _ tile: PixelRect, candidates: ArraySlice<Int>, bounds: [PixelRect], crosses: UnsafePointer<PixelRect>
  ) {
    precondition(tile.width <= 64 && tile.height <= touched.count, "a tile is at most 64 × 64 pixels")
    self.tile = tile
    active.removeAll(keepingCapacity: true)
    occludingPositions.removeAll(keepingCapacity: true)
    occludingCommands.removeAll(keepingCapacity: true)
    nextOccluding = 0
    for y in 0..<tile.height { touched[y] = 0 }
    for c in candidates where !bounds[c].intersection(tile).isEmpty {
      if !crosses[2 * c].intersection(tile).isEmpty || !crosses[2 * c + 1].intersection(tile).isEmpty {
        occludingPositions.append(active.count)
        occludingCommands.append(c)
      }
      active.append(c)
    }
  }

  /// The commands after position `n` of `active` whose occluders reach into
  /// the tile, the nearest `occluderWindow` of them. Positions are asked in
  /// increasing order.
  mutating func laterOccluders(after n: Int) -> ArraySlice<Int> {
    while nextOccluding < occludingPositions.count && occludingPositions[nextOccluding] <= n { nextOccluding += 1 }
    return occludingCommands[nextOccluding..<min(occludingCommands.count, nextOccluding + Self.occluderWindow)]
  }

  /// True when no command marked so far has bounds meeting `region` (inside
  /// the tile); then marks `bounds` (the command drawn there).
  mutating func pristine(_ region: PixelRect, marking bounds: PixelRect) -> Bool {
    var untouched = true
    if !region.isEmpty {
      let mask = Self.bits(region.x0 - tile.x0, region.x1 - tile.x0)
      for y in (region.y0 - tile.y0)..<(region.y1 - tile.y0) where touched[y] & mask != 0 {
        untouched = false
        break
      }
    }
    let b = bounds.intersection(tile)
    if !b.isEmpty {
      let mask = Self.bits(b.x0 - tile.x0, b.x1 - tile.x0)
      for y in (b.y0 - tile.y0)..<(b.y1 - tile.y0) { touched[y] |= mask }
    }
    return untouched
  }

  /// Bits a ..< b of a row (0 ≤ a < b ≤ 64).
  @inline(__always)
  static func bits(_ a: Int, _ b: Int) -> UInt64 {
    let upTo: UInt64 = b == 64 ? ~0 : (1 << UInt64(b)) - 1
    return upTo & ~((1 << UInt64(a)) - 1)
  }
}
