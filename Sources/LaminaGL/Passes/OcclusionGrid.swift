// OcclusionGrid: which parts of a surface a later opaque pixel hides,
// known before anything is drawn, so hidden quads are never sent to the
// GL. The surface is cut into 4×4-pixel tiles; each tile records the last
// command whose opaque cells (a solid fill's interior cells, ShapeCells)
// cover it whole. A quad of command i is shrunk to the bounding
// box of its tiles that no later command covers, and dropped when there are
// none. Exact: a command's pixels under a later opaque pixel never show
// (source-over of an opaque colour replaces the destination), and only
// whole tiles are skipped. S1's cards are five deep: most of each card's
// shadow, edges and interior is under the next ones.
//
// Measured on S1: 21.6 Mpx of quads a frame without the grid, 6.4 Mpx with
// it; 8×8 tiles left 8.0 Mpx.
//
// Rejected: cutting quads into every visible piece (many more instances for
// little area), and a depth buffer with the opaque cells drawn first, front
// to back (WebRender's way): llvmpipe still rasterises and depth-tests each
// hidden fragment, it saved nothing measurable on top of the grid, and a z
// that is not a literal constant made llvmpipe's image draws 10× slower.

import Lamina

struct OcclusionGrid {
  static let tile = 4
  private let columns, rows: Int
  /// Per tile, 1 + the last command covering it opaque (0: none).
  private(set) var occluder: [Int32]

  /// The grid of `commands` on a `width`×`height` target; nil when no
  /// command has opaque cells.
  init?(_ commands: [DrawCommand], width: Int, height: Int) {
    var storage: [Int32] = []
    self.init(commands, width: width, height: height, storage: &storage)
  }

  /// The same, with the tiles in `storage`'s buffer when it is large
  /// enough (taken from it; give it back with `occluder` after the frame),
  /// so a steady frame allocates no grid.
  init?(_ commands: [DrawCommand], width: Int, height: Int, storage: inout [Int32]) {
    columns = (width + Self.tile - 1) / Self.tile
    rows = (height + Self.tile - 1) / Self.tile
    occluder = []
    var any = false
    for (index, command) in commands.enumerated() {
      guard let cells = Self.opaqueCells(command, width: width, height: height) else { continue }
      if !any {
        swap(&occluder, &storage)
        occluder.removeAll(keepingCapacity: true)
        occluder.append(contentsOf: repeatElement(0, count: columns * rows))
        any = true
      }
      for cell in cells {
        // Tiles wholly inside the cell.
        let t = Float(Self.tile)
        let c0 = Int((cell.0 / t).rounded(.up)), r0 = Int((cell.1 / t).rounded(.up))
        let c1 = min(columns, Int((cell.2 / t).rounded(.down))), r1 = min(rows, Int((cell.3 / t).rounded(.down)))
        guard c0 < c1, r0 < r1 else { continue }
        for row in r0..<r1 {
          let base = row * columns
          for column in c0..<c1 { occluder[base + column] = Int32(index + 1) }
        }
      }
    }
    if !any { return nil }
  }

  /// The whole pixels `command` paints with an opaque colour at full
  /// coverage (a solid, unclipped fill's interior cells); nil when none.
  static func opaqueCells(_ command: DrawCommand, width: Int, height: Int) -> [PixelRect]? {
    guard case .shape(let d) = command, d.inner == nil, d.clips.isEmpty, d.color.a >= 1,
      let cells = ShapePass.cells(matrix: d.matrix, outer: d.outer, inner: nil, width: width, height: height),
      !cells.interior.isEmpty
    else { return nil }
    return cells.interior
  }

  /// `quad` of command `index` without the tiles later commands hide, as
  /// rectangles appended to `out`: per row of tiles, the span from the
  /// first to the last visible tile, with equal spans of neighbouring rows
  /// merged. Nothing when all of it is hidden.
  func visible(_ quad: PixelRect, command index: Int, into out: inout [PixelRect]) {
    let t = Float(Self.tile)
    let c0 = max(0, Int((quad.0 / t).rounded(.down))), r0 = max(0, Int((quad.1 / t).rounded(.down)))
    let c1 = min(columns, Int((quad.2 / t).rounded(.up))), r1 = min(rows, Int((quad.3 / t).rounded(.up)))
    guard c0 < c1, r0 < r1 else { return }
    let limit = Int32(index + 1)
    // The open band: its span of columns and first row.
    var band: (first: Int, last: Int, row: Int)?
    func close(at row: Int) {
      guard let b = band else { return }
      out.append((
        max(quad.0, Float(b.first) * t), max(quad.1, Float(b.row) * t),
        min(quad.2, Float(b.last + 1) * t), min(quad.3, Float(row) * t)
      ))
      band = nil
    }
    occluder.withUnsafeBufferPointer { grid in
      for row in r0..<r1 {
        let base = row * columns
        var first = -1, last = -1
        for column in c0..<c1 where grid[base + column] <= limit {
          if first < 0 { first = column }
          last = column
        }
        if let b = band, b.first == first, b.last == last { continue }
        close(at: row)
        if first >= 0 { band = (first, last, row) }
      }
      close(at: r1)
    }
  }
}
