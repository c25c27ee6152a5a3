// OcclusionGrid: which parts of a surface a later opaque pixel hides,
// known before anything is drawn, so hidden quads are never sent to the
// GL. The surface is cut into 4×4-pixel tiles; each tile records the last
// command whose opaque cells (Lamina's `DrawCommand.opaqueInterior`, the
// rule LaminaCPU's occluders follow: a solid fill's cross of whole pixels,
// the whole pixels inside an opaque image) cover it whole. A quad of command i is shrunk to the bounding
// box of its tiles that no later command covers, and dropped when there are
// none. Exact: a command's pixels under a later opaque pixel never show
// (source-over of an opaque colour replaces the destination), and only
// whole tiles are skipped. S1's cards are five deep: most of each card's
// shadow, edges and interior is under the next ones; S3's 200 images are
// 47 deep, and GL drew 98 Mpx of them a frame before images hid.
//
// Painted tiles: after its last opaque cover c, a tile holds c's colour
// exactly, whatever came before (when c is a fill: an image has no one
// colour, so its tiles are not painted). So it is painted first, with that colour,
// unblended, in one draw of the cheapest program (`paintedQuads`, drawn by
// SurfaceDrawing), and every quad of c and of the commands before it leaves
// it out. A border ring right after a fill passes the fill's cover on over
// its hole (it draws nothing there), so a card's stack, culled as its ring,
// leaves its whole interior to the paint. A tile is painted only when no
// command drawn outside the grid's reach (composites, clipped or projected
// layers, blended shapes, images of several slices: `isBarrier`) comes before its cover
// and touches it; shapes, shadows and one-slice images drawn with their
// own shader cut their quads with `QuadBatch.cut`. On S1 a card's interior was ~40 % of its texels fetched
// from the atlas and blended; painted, it is a solid unblended colour.
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
  /// Marks, while the grid is built, a cover a ring passed on.
  private static let passed: Int32 = 1 << 30
  /// Marks, while the grid is built, an image's cover: it hides what came
  /// before but has no one colour to paint.
  private static let image: Int32 = 1 << 29
  private let columns, rows: Int
  /// Per tile, 1 + the last command covering it opaque (0: none), negated
  /// when the tile is painted first (then that command is hidden there too).
  /// The first `columns × rows` entries; the rest is scratch (the first
  /// barrier per tile while the grid is built).
  private(set) var occluder: [Int32]

  /// The grid of `commands` on a `width`×`height` target; nil when no
  /// command has opaque cells.
  init?(_ commands: [DrawCommand], width: Int, height: Int, opaqueImage: (Image) -> Bool = { _ in false }) {
    var storage: [Int32] = []
    self.init(commands, width: width, height: height, storage: &storage, opaqueImage: opaqueImage)
  }

  /// The same, with the tiles in `storage`'s buffer when it is large
  /// enough (taken from it; give it back with `occluder` after the frame),
  /// so a steady frame allocates no grid.
  /// `opaqueImage` says whether every texel of an image is opaque: such an
  /// image, unclipped and under a translate-and-scale matrix, covers its
  /// whole pixels.
  init?(
    _ commands: [DrawCommand], width: Int, height: Int, storage: inout [Int32],
    opaqueImage: (Image) -> Bool = { _ in false }
  ) {
    columns = (width + Self.tile - 1) / Self.tile
    rows = (height + Self.tile - 1) / Self.tile
    occluder = []
    let count = columns * rows, size = (columns: columns, rows: rows)
    // Covers in the first half, the first barrier per tile in the second.
    var made = false, any = false
    func make() {
      guard !made else { return }
      swap(&occluder, &storage)
      occluder.removeAll(keepingCapacity: true)
      occluder.append(contentsOf: repeatElement(0, count: count))
      occluder.append(contentsOf: repeatElement(Int32.max, count: count))
      made = true
    }
    for (index, command) in commands.enumerated() {
      if Self.isBarrier(command) {
        guard let box = Self.pixelBox(command, width: width, height: height) else { continue }
        make()
        occluder.withUnsafeMutableBufferPointer { grid in
          Self.forEachTile(.touching, box, size) { t in grid[count + t] = min(grid[count + t], Int32(index + 1)) }
        }
        continue
      }
      if let cells = Self.opaqueCells(command, width: width, height: height, opaqueImage: opaqueImage) {
        make()
        any = true
        let cover = Int32(index + 1) | (Self.isImage(command) ? Self.image : 0)
        occluder.withUnsafeMutableBufferPointer { grid in
          for cell in cells { Self.fillTiles(inside: cell, size, with: cover, in: grid) }
        }
      } else if any, let hole = Self.ringHole(command, width: width, height: height) {
        // Tiles the fill just before covers: the ring draws nothing there,
        // so the fill's colour is what they hold after it (if painted; if
        // not, the fill must still draw them: `passed` marks the tile).
        occluder.withUnsafeMutableBufferPointer { grid in
          for cell in hole {
            Self.forEachTile(.inside, cell, size) { t in if grid[t] == Int32(index) { grid[t] = (grid[t] + 1) | Self.passed } }
          }
        }
      }
    }
    if !any {
      if made { swap(&occluder, &storage) }
      return nil
    }
    occluder.withUnsafeMutableBufferPointer { grid in
      for t in 0..<count where grid[t] > 0 {
        if grid[t] & Self.image != 0 {
          grid[t] &= ~Self.image  // hides what is under it; never painted
          continue
        }
        let cover = grid[t] & ~Self.passed
        if grid[count + t] > cover {
          grid[t] = -cover
        } else if grid[t] != cover {
          grid[t] = cover - 1  // passed on by a ring but not painted: back to the fill
        }
      }
    }
  }

  /// Calls `body` with each tile of a grid of `size` that lies wholly inside
  /// `box` (`inside`) or that `box` touches (`touching`).
  private static func forEachTile(
    _ rule: TileRule, _ box: PixelRect, _ size: (columns: Int, rows: Int), _ body: (Int) -> Void
  ) {
    let (columns, rows) = size
    let t = Float(Self.tile)
    let (low, high): (FloatingPointRoundingRule, FloatingPointRoundingRule) =
      rule == .inside ? (.up, .down) : (.down, .up)
    let c0 = max(0, Int((Float(box.x0) / t).rounded(low))), r0 = max(0, Int((Float(box.y0) / t).rounded(low)))
    let c1 = min(columns, Int((Float(box.x1) / t).rounded(high))), r1 = min(rows, Int((Float(box.y1) / t).rounded(high)))
    guard c0 < c1, r0 < r1 else { return }
    for row in r0..<r1 { for column in c0..<c1 { body(row * columns + column) } }
  }

  /// Sets every tile wholly inside `cell` to `value`, a row at a time.
  private static func fillTiles(
    inside cell: PixelRect, _ size: (columns: Int, rows: Int), with value: Int32, in grid: UnsafeMutableBufferPointer<Int32>
  ) {
    let t = Float(Self.tile)
    let c0 = max(0, Int((Float(cell.x0) / t).rounded(.up))), r0 = max(0, Int((Float(cell.y0) / t).rounded(.up)))
    let c1 = min(size.columns, Int((Float(cell.x1) / t).rounded(.down)))
    let r1 = min(size.rows, Int((Float(cell.y1) / t).rounded(.down)))
    guard c0 < c1, r0 < r1 else { return }
    for row in r0..<r1 {
      UnsafeMutableBufferPointer(rebasing: grid[(row * size.columns + c0)..<(row * size.columns + c1)])
        .update(repeating: value)
    }
  }

  /// Which tiles `forEachTile` visits.
  private enum TileRule { case inside, touching }

  /// The whole pixels `command` paints opaque at full coverage (Lamina's
  /// `opaqueInterior`, the rule LaminaCPU's occluder follows), as disjoint
  /// rectangles; nil when none. `opaqueImage` says whether an image's
  /// texels are all opaque.
  static func opaqueCells(
    _ command: DrawCommand, width: Int, height: Int, opaqueImage: (Image) -> Bool = { _ in false }
  ) -> [PixelRect]? {
    let target = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    return command.opaqueInterior(within: target, imageIsOpaque: opaqueImage)?.cells
  }

  private static func isImage(_ command: DrawCommand) -> Bool {
    if case .image = command { true } else { false }
  }

  /// The pixels inside an unclipped border ring's hole, where it draws
  /// nothing (its interior cells, which its pass skips); nil for others.
  static func ringHole(_ command: DrawCommand, width: Int, height: Int) -> [PixelRect]? {
    guard case .roundedRect(let d) = command, d.border != nil, d.clips.isEmpty, d.blendMode == nil,
      let cells = RoundedRectCells.roundedRect(matrix: d.matrix, outer: d.outer, border: d.border, width: width, height: height),
      !cells.interior.isEmpty
    else { return nil }
    return cells.interior
  }

  /// Whether `command` may be drawn without the grid cutting its quads
  /// (not an unclipped, axis-aligned shape, blurred shadow or one-slice
  /// image): no tile it touches is painted first for a cover after it.
  static func isBarrier(_ command: DrawCommand) -> Bool {
    switch command {
    case .roundedRect(let d): d.blendMode != nil || !(d.clips.isEmpty && RoundedRectCells.axisAligned(d.matrix) != nil)
    case .shadow(let d):
      !(d.clips.isEmpty && RoundedRectCells.axisAligned(d.matrix) != nil && d.sigma.isFinite && d.sigma > 0)
    case .image(let d): !ImageMesh.isCut(d)
    case .composite, .gradient, .path: true
    }
  }

  /// The pixels a barrier may touch: its box under its matrix, or the
  /// whole target (a composite's source size is not known here).
  private static func pixelBox(_ command: DrawCommand, width: Int, height: Int) -> PixelRect? {
    let whole = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    switch command {
    case .roundedRect(let d): return Homography(d.matrix).pixelBounds(of: d.outer.rect, width: width, height: height)
    case .shadow(let d): return Homography(d.matrix).pixelBounds(of: d.extent, width: width, height: height)
    case .image(let d):
      guard !d.slices.isEmpty else { return nil }
      return Homography(d.matrix).pixelBounds(of: ImageSlice.union(d.slices), width: width, height: height)
    case .gradient(let d): return Homography(d.matrix).pixelBounds(of: d.shape.rect, width: width, height: height)
    case .path(let d): return Homography(d.matrix).pixelBounds(of: d.bounds, width: width, height: height)
    case .composite: return whole
    }
  }

  /// The painted tiles as rectangles, each with a command whose colour it
  /// takes: per row of tiles, runs of one colour (`sameColor` of two
  /// covers; consecutive tiles of one cover are not asked), with equal runs
  /// of neighbouring rows merged. On S1 every card is white, so the paint
  /// is a few hundred rectangles, not one per card.
  func paintedQuads(
    into out: inout [(quad: PixelRect, command: Int)], sameColor: (Int, Int) -> Bool = { $0 == $1 }
  ) {
    let tile = Self.tile
    var open: [Band] = [], runs: [Band] = []
    occluder.withUnsafeBufferPointer { grid in
      for row in 0...rows {
        runs.removeAll(keepingCapacity: true)
        var column = 0
        while row < rows && column < columns {
          let v = grid[row * columns + column]
          guard v < 0 else {
            column += 1
            continue
          }
          var end = column + 1, last = v
          while end < columns {
            let w = grid[row * columns + end]
            guard w < 0, w == last || sameColor(Int(-v) - 1, Int(-w) - 1) else { break }
            last = w
            end += 1
          }
          runs.append(Band(first: column, last: end - 1, row: row, command: Int(-v) - 1))
          column = end
        }
        Band.merge(&open, with: &runs, row: row, same: { sameColor($0.command, $1.command) }) { b, bottom in
          let quad = PixelRect(x0: b.first * tile, y0: b.row * tile, x1: (b.last + 1) * tile, y1: bottom * tile)
          out.append((quad, b.command))
        }
      }
    }
  }

  /// `quad` of command `index` without the tiles later commands hide or
  /// that are painted with its colour or a later one, as rectangles
  /// appended to `out`. Per row of tiles, the spans between painted tiles
  /// it must not touch, each from its first to its last visible tile (tiles
  /// a later cover hides but that are not painted may be inside: the cover
  /// draws over them), with equal spans of neighbouring rows merged.
  /// Nothing when all of it is hidden. `scratch` holds the open spans.
  func visible(_ quad: PixelRect, command index: Int, into out: inout [PixelRect], scratch: inout Scratch) {
    let t = Float(Self.tile)
    let c0 = max(0, Int((Float(quad.x0) / t).rounded(.down))), r0 = max(0, Int((Float(quad.y0) / t).rounded(.down)))
    let c1 = min(columns, Int((Float(quad.x1) / t).rounded(.up))), r1 = min(rows, Int((Float(quad.y1) / t).rounded(.up)))
    guard c0 < c1, r0 < r1 else { return }
    let limit = Int32(index + 1)
    scratch.open.removeAll(keepingCapacity: true)
    occluder.withUnsafeBufferPointer { grid in
      for row in r0...r1 {
        scratch.runs.removeAll(keepingCapacity: true)
        var first = -1, last = -1
        func end() {
          if first >= 0 { scratch.runs.append(Band(first: first, last: last, row: row, command: index)) }
          first = -1
        }
        // v ≥ 0: shown unless a later command covers it (v > limit);
        // v < 0 (painted for cover −v − 1): shown only for later commands.
        // Eight tiles at a time where they agree (a large image's area is
        // mostly hidden by later ones, or mostly shown).
        func one(_ v: Int32, _ column: Int) {
          if v <= -limit {
            end()
          } else if v <= limit {
            if first < 0 { first = column }
            last = column
          }
        }
        if row < r1 {
          let tiles = grid.baseAddress! + row * columns
          var column = c0
          while column + 8 <= c1 {
            var least = tiles[column], most = least
            for k in 1..<8 {
              least = min(least, tiles[column + k])
              most = max(most, tiles[column + k])
            }
            if least > limit {
              // all hidden by later covers
            } else if least > -limit && most <= limit {
              if first < 0 { first = column }
              last = column + 7
            } else {
              for k in 0..<8 { one(tiles[column + k], column + k) }
            }
            column += 8
          }
          while column < c1 {
            one(tiles[column], column)
            column += 1
          }
        }
        end()
        Band.merge(&scratch.open, with: &scratch.runs, row: row) { b, bottom in
          let tile = Self.tile
          out.append(
            PixelRect(
              x0: max(quad.x0, b.first * tile), y0: max(quad.y0, b.row * tile),
              x1: min(quad.x1, (b.last + 1) * tile), y1: min(quad.y1, bottom * tile)))
        }
      }
    }
  }

  /// `visible(_:command:into:scratch:)` with scratch of its own.
  func visible(_ quad: PixelRect, command index: Int, into out: inout [PixelRect]) {
    var scratch = Scratch()
    visible(quad, command: index, into: &out, scratch: &scratch)
  }

  /// Spans of tiles being merged down the rows.
  struct Scratch {
    fileprivate var open: [Band] = [], runs: [Band] = []
  }
}

/// Columns `first...last` of tiles from `row` down, for `command`.
private struct Band {
  var first, last, row, command: Int

  /// Ends the `open` bands that `runs` (this row's) do not continue, with
  /// `emit(band, row)`, and opens the runs that continue none.
  /// Bands continue when their columns match and `same` holds of them.
  static func merge(
    _ open: inout [Band], with runs: inout [Band], row: Int, same: (Band, Band) -> Bool = { _, _ in true },
    emit: (Band, Int) -> Void
  ) {
    var kept = 0
    for i in open.indices {
      let b = open[i]
      if let j = runs.firstIndex(where: { $0.first == b.first && $0.last == b.last && same($0, b) }) {
        runs.remove(at: j)
        open[kept] = b
        kept += 1
      } else {
        emit(b, row)
      }
    }
    open.removeLast(open.count - kept)
    open.append(contentsOf: runs)
  }
}
