// ImageMesh: how an `.image` command's slices are laid out on the target,
// decided before drawing (DrawRoute) and read by the occlusion grid: the
// slices as a grid of up to 3×3 pieces with one piecewise-linear texel map
// per axis (every nine-slice is one), and, for one unclipped slice under a
// scale and translation, its split into whole interior pixels and a rim.
//
// Rejected: keeping this geometry in the image pass, where it was: the
// route and the occlusion grid then called into a pass to plan, and the
// batching and the passes depended on each other both ways.

import Lamina

enum ImageMesh {
  /// One axis of a slice grid: piece edges in local units and the texel
  /// range each piece maps to.
  struct Axis: Equatable {
    var dest: [Float]     // 4 edges
    var start: [Float]    // 3 texel starts
    var end: [Float]      // 3 texel ends
  }

  /// The slices as a grid of at most 3×3 pieces, or nil.
  static func grid(_ slices: [ImageSlice]) -> (Axis, Axis)? {
    let visible = slices.filter { $0.destination.width > 0 && $0.destination.height > 0 }
    guard !visible.isEmpty else { return nil }
    func axis(_ key: (ImageSlice) -> (Double, Double, Double, Double)) -> Axis? {
      var pieces: [(Double, Double, Double, Double)] = []
      for slice in visible {
        let piece = key(slice)
        if let existing = pieces.first(where: { $0.0 == piece.0 }) {
          guard existing == piece else { return nil }
        } else {
          pieces.append(piece)
        }
      }
      pieces.sort { $0.0 < $1.0 }
      guard pieces.count <= 3 else { return nil }
      // Neighbours meet where one ends: a slice is an origin and a size, so
      // its end (origin + size) may differ from the next origin in the last
      // bits (0.45 × 48 + 36.8 ≠ 58.4), which had broken every nine-slice
      // with fractional margins into nine quads, each anti-aliased along
      // the seams (found by the bench scene nine-slice: 57 levels).
      for i in 1..<pieces.count
      where abs(pieces[i].0 - pieces[i - 1].1) > 1e-9 * max(1, abs(pieces[i].0)) { return nil }
      var dest = pieces.map { Float($0.0) } + [Float(pieces.last!.1)]
      var start = pieces.map { Float($0.2) }
      var end = pieces.map { Float($0.3) }
      while dest.count < 4 { dest.append(dest.last!) }
      while start.count < 3 { start.append(start.last!); end.append(end.last!) }
      return Axis(dest: dest, start: start, end: end)
    }
    guard
      let x = axis({ ($0.destination.minX, $0.destination.maxX, $0.source.minX, $0.source.maxX) }),
      let y = axis({ ($0.destination.minY, $0.destination.maxY, $0.source.minY, $0.source.maxY) })
    else { return nil }
    let columns = Set(visible.map { $0.destination.minX }).count
    let rows = Set(visible.map { $0.destination.minY }).count
    guard columns * rows == visible.count else { return nil }
    return (x, y)
  }

  /// Whether `d` is one slice, unclipped, under a scale and translation:
  /// drawn as pixel rectangles that the occlusion grid may cut.
  static func isCut(_ d: ImageDraw) -> Bool {
    d.clips.isEmpty && RoundedRectCells.axisAligned(d.matrix) != nil
      && d.slices.lazy.filter { $0.destination.width > 0 && $0.destination.height > 0 }.count == 1
  }

  /// The parts of a draw that `isCut`: its slice, the scale and
  /// translation, its destination's corners in target pixels and the whole
  /// target pixels inside them.
  struct Split {
    let slice: ImageSlice
    let map: AxisMap
    let corners: (x0: Double, y0: Double, x1: Double, y1: Double)
    let interior: PixelRect
  }

  /// The split of `d` on a `width`×`height` target; nil for draws that are
  /// not `isCut` or have no whole pixel inside.
  static func split(_ d: ImageDraw, width: Int, height: Int) -> Split? {
    guard isCut(d), let map = RoundedRectCells.axisAligned(d.matrix),
      let slice = d.slices.first(where: { $0.destination.width > 0 && $0.destination.height > 0 })
    else { return nil }
    let dest = slice.destination
    let x0 = Double(dest.minX) * map.sx + map.tx, x1 = Double(dest.maxX) * map.sx + map.tx
    let y0 = Double(dest.minY) * map.sy + map.ty, y1 = Double(dest.maxY) * map.sy + map.ty
    guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
    // Clamped to the target before they become integers.
    let inner = PixelRect(
      x0: Int(min(Double(width), max(0, x0.rounded(.up)))), y0: Int(min(Double(height), max(0, y0.rounded(.up)))),
      x1: Int(max(0, min(Double(width), x1.rounded(.down)))), y1: Int(max(0, min(Double(height), y1.rounded(.down)))))
    guard !inner.isEmpty else { return nil }
    return Split(slice: slice, map: map, corners: (x0, y0, x1, y1), interior: inner)
  }
}
