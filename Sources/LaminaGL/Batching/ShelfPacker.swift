// ShelfPacker: where the coverage atlas (CoverageAtlas) puts each new
// region. Rectangles go into rows ("shelves") of a fixed area, top to
// bottom; nothing is freed but everything at once, when the atlas starts
// again from empty. A packer can grow (`grown`): its shelves keep their
// places and reach further right.
//
// A new shelf's height is its first rectangle's rounded up to a bucket
// (`shelfHeight`: at most an eighth of a power of two), so rectangles of
// nearby heights share shelves, as etagere (WebRender's atlas allocator)
// rounds its shelves' heights.
//
// Rejected: skyline or guillotine packing (tighter, but the coverages of a
// scene come in few sizes, and bucketed shelves fit them well), and
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

  /// The same places taken in a larger area (`width`, `height` at least
  /// the present ones): the shelves keep their rectangles and extend to
  /// the new width, and new shelves go below them. For an atlas that grows
  /// by copying its texels to the same places (CoverageAtlas).
  func grown(width: Int, height: Int) -> ShelfPacker {
    precondition(width >= self.width && height >= self.height, "a packer only grows")
    var larger = ShelfPacker(width: width, height: height)
    (larger.shelves, larger.top, larger.used) = (shelves, top, used)
    return larger
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
    shelves.append(Shelf(y: top, height: min(Self.shelfHeight(for: h), height - top), used: w))
    top += shelves.last!.height
    used += w * h
    return (0, shelves.last!.y)
  }

  /// The height of a new shelf for a rectangle `h` tall: `h` rounded up to
  /// an eighth of the power of two at or above it (at least 4), so that
  /// slightly taller rectangles that come later share it. Without it a
  /// scene whose coverages grew by a texel at a time (cards of 120 sizes)
  /// opened a shelf for each: a 2048² atlas was full with 12 % of its
  /// texels handed out, and started again every frame.
  static func shelfHeight(for h: Int) -> Int {
    var power = 1
    while power < h { power *= 2 }
    let step = max(4, power / 8)
    return (h + step - 1) / step * step
  }
}
