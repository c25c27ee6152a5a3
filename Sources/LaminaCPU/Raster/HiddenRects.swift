// HiddenRects: the parts of one command's tile region that later opaque
// commands overwrite (their occluders, each Lamina's opaque interior of a
// later draw, met inside the region), as a list, so a stage may skip every
// pixel any of them covers, not only the pixels of the largest one.
// Skipping a pixel that some later occluder overwrites is exact whatever
// the command would have drawn there: the occluder stores its own colour
// over it (PreparedDraw.occluder's contract), and commands between read
// nothing from that pixel that survives the occluder.
//
// Why (issue 16, S5: 200 overlapping gradient layers): with the largest
// occluder alone a region still shaded pixels that later layers hid
// between them, or that the other rectangle of a later cross hid: 1.98
// Mpx shaded a frame for 1.61 Mpx of distinct gradient pixels (now 1.67;
// each later command gives both rectangles of its cross,
// PreparedDraw.secondOccluder).
//
// The rectangles live in the worker's TileScratch (four Ints each, the
// layout CLaminaBlend's `lamina_gradient_region` reads), filled by
// CPURenderer's tile loop (`collect`); nothing is allocated per region. A
// list longer than `TileScratch.hiddenCapacity` keeps the first ones and
// the largest (skipping fewer pixels is always exact).
//
// Stages whose values do not depend on the region asked (an unstamped
// shadow, an axis-aligned rounded rectangle) evaluate only the region's
// visible parts (`visibleParts`), each on its own: in S1-frac most of a
// card's shadow lies under its card's cross and the later cards.
//
// Rejected: cutting the region into the rectangles of its visible part and
// drawing each as a region of its own for every stage (coverage planes
// resolved over other regions than the first frame's would need another
// key, and every cut would pay a stage's per-region setup), and a per-tile bit mask of
// hidden pixels (64×64 bits to build and read per command per tile, for
// what a few rectangles say).
import Lamina

/// Rectangles of a region that later opaque commands overwrite, stored as
/// (x0, y0, x1, y1) Ints in scratch memory; each lies inside the region.
struct HiddenRects {
  /// `count` rectangles, four Ints each.
  let rects: UnsafePointer<Int>
  let count: Int
  /// The largest of them (by area, the first of equals): what a stage
  /// that skips one rectangle skips.
  let largest: PixelRect

  /// The parts of `region` the occluders of the `later` commands cover,
  /// stored in `store` (room for `capacity` rectangles): command c's
  /// are `crosses[2c]` and `crosses[2c + 1]` (PreparedDraw's occluder and
  /// second occluder); empty ones and ones inside the largest so far are
  /// left out; past `capacity` the last slot holds the largest. What
  /// CPURenderer's tile loop skips in a command's region.
  @inline(__always)
  static func collect(
    _ region: PixelRect, later: ArraySlice<Int>, crosses: UnsafePointer<PixelRect>,
    into store: UnsafeMutablePointer<Int>, capacity: Int
  ) -> HiddenRects {
    var largest = PixelRect.empty, count = 0
    for c in later {
      for k in 0..<2 {
      let o = crosses[2 * c + k].intersection(region)
      guard !o.isEmpty, o.intersection(largest) != o else { continue }
      if o.width * o.height > largest.width * largest.height { largest = o }
      if count == capacity { count -= 1 }
      (store[4 * count], store[4 * count + 1], store[4 * count + 2], store[4 * count + 3]) = (o.x0, o.y0, o.x1, o.y1)
      count += 1
      }
    }
    if count == capacity {
      let i = capacity - 1
      (store[4 * i], store[4 * i + 1], store[4 * i + 2], store[4 * i + 3]) =
        (largest.x0, largest.y0, largest.x1, largest.y1)
    }
    return HiddenRects(rects: UnsafePointer(store), count: count, largest: largest)
  }

  /// The `i`-th rectangle.
  @inline(__always)
  subscript(i: Int) -> PixelRect {
    PixelRect(x0: rects[4 * i], y0: rects[4 * i + 1], x1: rects[4 * i + 2], y1: rects[4 * i + 3])
  }

  /// Calls `body(y, x0, x1)` for each span of `region`'s rows that no
  /// rectangle covers, left to right (forEachSpan for several rectangles).
  @inline(__always)
  func forEachSpan(_ region: PixelRect, _ body: (Int, Int, Int) -> Void) {
    for y in region.y0..<region.y1 {
      var x = region.x0
      while x < region.x1 {
        // The rectangle on this row that covers x and reaches furthest.
        var end = x
        for i in 0..<count where rects[4 * i + 1] <= y && y < rects[4 * i + 3] {
          if rects[4 * i] <= x && rects[4 * i + 2] > end { end = rects[4 * i + 2] }
        }
        if end > x {
          x = end
          continue
        }
        // Uncovered from x to the nearest rectangle starting after it.
        var next = region.x1
        for i in 0..<count where rects[4 * i + 1] <= y && y < rects[4 * i + 3] {
          if rects[4 * i] > x && rects[4 * i] < next { next = rects[4 * i] }
        }
        body(y, x, next)
        x = next
      }
    }
  }

  /// Rectangles that together hold every pixel of `region` no rectangle
  /// covers, and no pixel twice, into `store` (room for `capacity`, at
  /// least 4); returns how many. A hidden rectangle whose cut would need
  /// more room is not cut away (its pixels stay in the parts: evaluating a
  /// hidden pixel is exact, only wasted). For stages whose values do not
  /// depend on the region asked (shadows, AxisRoundedRectCoverage), so
  /// each part may be evaluated on its own.
  func visibleParts(of region: PixelRect, into store: UnsafeMutablePointer<PixelRect>, capacity: Int) -> Int {
    var count = 1
    store[0] = region
    let spare = store + capacity / 2, half = capacity / 2
    for i in 0..<self.count {
      let hole = self[i]
      var made = 0, fits = true
      for p in 0..<count {
        let cut = store[p].intersection(hole)
        if cut.isEmpty {
          guard made < half else { fits = false; break }
          spare[made] = store[p]
          made += 1
          continue
        }
        // Above, below, left and right of the cut, as `subtracting` cuts.
        let q = store[p]
        for k in 0..<4 {
          let piece =
            k == 0 ? PixelRect(x0: q.x0, y0: q.y0, x1: q.x1, y1: cut.y0)
            : k == 1 ? PixelRect(x0: q.x0, y0: cut.y1, x1: q.x1, y1: q.y1)
            : k == 2 ? PixelRect(x0: q.x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)
            : PixelRect(x0: cut.x1, y0: cut.y0, x1: q.x1, y1: cut.y1)
          guard !piece.isEmpty else { continue }
          guard made < half else { fits = false; break }
          spare[made] = piece
          made += 1
        }
        if !fits { break }
      }
      guard fits else { continue }
      store.update(from: spare, count: made)
      count = made
      if count == 0 { break }
    }
    return count
  }

  /// `visibleParts` of `region` in `scratch.parts`, moved by (−dx, −dy)
  /// into the pixel grid of a stamp placed at (dx, dy); nil when none.
  func visibleParts(of region: PixelRect, movedBy dx: Int, _ dy: Int, in scratch: TileScratch)
    -> UnsafeBufferPointer<PixelRect>?
  {
    let count = visibleParts(of: region, into: scratch.parts, capacity: TileScratch.partsCapacity)
    guard count > 0 else { return nil }
    for p in 0..<count { scratch.parts[p] = scratch.parts[p].offsetBy(dx: -dx, dy: -dy) }
    return UnsafeBufferPointer(start: scratch.parts, count: count)
  }
}
