// TileGrid: the 64×64 tiles CPURenderer cuts a surface into, and each
// tile's commands (those whose pixel bounds meet it, in plan order),
// binned once per surface from each command's range of tiles. The tile
// loop reads a tile's commands as one slice of `members`; the incremental
// frame asks the same grid for the rectangles of its damaged tiles.
//
// Rejected: every tile testing every command's bounds (S5: 200 commands ×
// 510 tiles a frame), and an array of commands per tile (an allocation per
// tile, per surface, per frame).
import Lamina

/// The tiles of a `width` × `height` surface, row-major, `TileScratch.size`
/// pixels a side (the last column and row clipped to the surface).
struct TileGrid: Sendable {
  let width: Int
  let height: Int
  let columns: Int
  let rows: Int

  init(width: Int, height: Int) {
    let size = TileScratch.size
    (self.width, self.height) = (width, height)
    (columns, rows) = ((width + size - 1) / size, (height + size - 1) / size)
  }

  /// How many tiles the surface has.
  var count: Int { columns * rows }

  /// The pixels of tile `tile` (a row-major index).
  @inline(__always)
  func rect(_ tile: Int) -> PixelRect {
    let size = TileScratch.size
    let x0 = (tile % columns) * size, y0 = (tile / columns) * size
    return PixelRect(x0: x0, y0: y0, x1: min(width, x0 + size), y1: min(height, y0 + size))
  }

  /// The columns and rows of the tiles `b` meets within the surface, or
  /// `nil` when it meets none.
  @inline(__always)
  private func range(_ b: PixelRect) -> (c0: Int, c1: Int, r0: Int, r1: Int)? {
    let size = TileScratch.size
    let b = b.intersection(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
    guard !b.isEmpty else { return nil }
    return (b.x0 / size, (b.x1 - 1) / size, b.y0 / size, (b.y1 - 1) / size)
  }

  /// Per tile, the indices of the `bounds` that meet it, in order: tile
  /// t's are `members[starts[t] ..< starts[t + 1]]`.
  func bin(_ bounds: [PixelRect]) -> (starts: [Int], members: [Int]) {
    var starts = [Int](repeating: 0, count: count + 1)
    for b in bounds {
      guard let t = range(b) else { continue }
      for r in t.r0...t.r1 { for c in t.c0...t.c1 { starts[r * columns + c + 1] += 1 } }
    }
    for t in 0..<count { starts[t + 1] += starts[t] }
    var members = [Int](repeating: 0, count: starts[count]), next = starts
    for (i, b) in bounds.enumerated() {
      guard let t = range(b) else { continue }
      for r in t.r0...t.r1 {
        for c in t.c0...t.c1 {
          members[next[r * columns + c]] = i
          next[r * columns + c] += 1
        }
      }
    }
    return (starts, members)
  }
}
