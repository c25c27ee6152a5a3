// ShelfPacker: where the coverage atlas (CoverageAtlas) puts each new
// region. Rectangles go into rows ("shelves") of a fixed area, top to
// bottom; nothing is freed but everything at once, when the atlas starts
// again from empty.
//
// Rejected: skyline or guillotine packing (tighter, but the coverages of a
// scene come in few sizes, and a shelf per height fits them well), and
// freeing single regions (the atlas is small and rebuilt quickly).

/// Packs rectangles into rows ("shelves") of a fixed area, top to bottom;
/// nothing is freed but everything at once.
struct ShelfPacker {
  private struct Shelf { var y, height, used: Int }
  let width, height: Int
  private var shelves: [Shelf] = []
  private var top = 0
  /// Texels handed out (for repacking decisions).
  private(set) var used = 0

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// A free place for a `w`×`h` rectangle, or nil when full.
  mutating func allocate(width w: Int, height h: Int) -> (x: Int, y: Int)? {
    guard w > 0, h > 0, w <= width, h <= height else { return nil }
    // The lowest shelf tall enough that wastes at most a quarter of it.
    var best: Int?
    for (i, shelf) in shelves.enumerated()
    where shelf.height >= h && shelf.height * 3 <= h * 4 && width - shelf.used >= w {
      if best == nil || shelf.height < shelves[best!].height { best = i }
    }
    if let i = best {
      let x = shelves[i].used
      shelves[i].used += w
      used += w * h
      return (x, shelves[i].y)
    }
    guard top + h <= height else { return nil }
    shelves.append(Shelf(y: top, height: h, used: w))
    top += h
    used += w * h
    return (0, shelves.last!.y)
  }
}
