// CoverageTiles: the coverage planes one kept stage resolved for its tile
// regions, so the next frame reads them instead of accumulating the
// outline again (GradientStage: after its rows went to AVX2 and hidden
// pixels were skipped, the accumulator was about a fifth of S5's frame).
// A stage is kept only while its draw is unchanged (GradientStages), so
// a plane, once resolved for a region, is that region's coverage in every
// later frame: the same Floats, bit for bit.
//
// One slot per 64×64 tile of the stage's bounds, holding the region it
// was resolved for; a region that is not the whole of the stage's part of
// one tile (a caller drawing other regions) is not kept. CPURenderer
// hands each tile to one worker, so a slot is read and written by one
// thread at a time (frames are separated by concurrentPerform's join); the
// slots are raw memory, not arrays, so no exclusivity check or copy on
// write runs between workers writing different slots. Regions wholly
// inside are never stored (their coverage is 1). Limits: stages whose
// bounds exceed 4 Mpx keep nothing (a plane costs 4 bytes a pixel; S5's
// 200 layers raised the process's peak memory by 5 MB).
//
// Rejected: keeping the outline's whole coverage grid as PathCoverages
// does (resolved in one piece, its Floats would differ by roundings from
// the per-tile resolves the first frame draws with), and storing planes
// in 8 bits (coverage is a Float factor of the blend: not the same bytes).
import Lamina

/// Kept coverage planes of one stage's tile regions.
final class CoverageTiles: @unchecked Sendable {
  private let firstColumn: Int, firstRow: Int, columns: Int, rows: Int
  private let regions: UnsafeMutablePointer<PixelRect>
  private let planes: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
  /// Per slot: whether the drawn pixels of a region less a skipped
  /// rectangle all lie wholly inside (1, else 0; −1 not known), for which.
  private let insideAnswers: UnsafeMutablePointer<Int8>
  private let insideQuestions: UnsafeMutablePointer<(region: PixelRect, skip: PixelRect)>
  /// The whole part of `bounds` in each tile (what CPURenderer draws).
  private let bounds: PixelRect

  /// Largest bounds (pixels) whose planes are kept.
  static let pixelLimit = 4 << 20

  init(bounds: PixelRect) {
    let size = TileScratch.size
    self.bounds = bounds
    let keep = !bounds.isEmpty && bounds.width * bounds.height <= Self.pixelLimit && bounds.x0 >= 0 && bounds.y0 >= 0
    firstColumn = keep ? bounds.x0 / size : 0
    firstRow = keep ? bounds.y0 / size : 0
    columns = keep ? (bounds.x1 - 1) / size - firstColumn + 1 : 0
    rows = keep ? (bounds.y1 - 1) / size - firstRow + 1 : 0
    regions = .allocate(capacity: max(1, columns * rows))
    regions.initialize(repeating: .empty, count: max(1, columns * rows))
    planes = .allocate(capacity: max(1, columns * rows))
    planes.initialize(repeating: nil, count: max(1, columns * rows))
    insideAnswers = .allocate(capacity: max(1, columns * rows))
    insideAnswers.initialize(repeating: -1, count: max(1, columns * rows))
    insideQuestions = .allocate(capacity: max(1, columns * rows))
    insideQuestions.initialize(repeating: (.empty, .empty), count: max(1, columns * rows))
  }

  deinit {
    for i in 0..<max(1, columns * rows) { planes[i]?.deallocate() }
    planes.deallocate()
    regions.deallocate()
    insideAnswers.deallocate()
    insideQuestions.deallocate()
  }

  /// The slot of `region` when it is the stage's whole part of one tile.
  private func slot(_ region: PixelRect) -> Int? {
    let size = TileScratch.size
    guard columns > 0, !region.isEmpty, region.x0 >= 0, region.y0 >= 0 else { return nil }
    let c = region.x0 / size, r = region.y0 / size
    guard c >= firstColumn, c < firstColumn + columns, r >= firstRow, r < firstRow + rows else { return nil }
    let tile = PixelRect(x0: c * size, y0: r * size, x1: c * size + size, y1: r * size + size)
    guard bounds.intersection(tile) == region else { return nil }
    return (r - firstRow) * columns + (c - firstColumn)
  }

  /// The plane kept for `region` (row-major, its width), if any.
  func plane(for region: PixelRect) -> UnsafePointer<Float>? {
    guard let i = slot(region), regions[i] == region, let p = planes[i] else { return nil }
    return UnsafePointer(p)
  }

  /// Whether every drawn pixel of `region` less `skip` lies wholly
  /// inside: the answer kept for this region and skip, else `answer()`'s
  /// (kept when the region has a slot). The outline is the stage's and
  /// never changes, so a kept answer stays true (GradientStage asked it
  /// again for every region of every frame: 2% of S5's CPU).
  func inside(_ region: PixelRect, skipping skip: PixelRect, _ answer: () -> Bool) -> Bool {
    guard let i = slot(region) else { return answer() }
    if insideAnswers[i] >= 0 && insideQuestions[i].region == region && insideQuestions[i].skip == skip {
      return insideAnswers[i] == 1
    }
    let value = answer()
    insideAnswers[i] = value ? 1 : 0
    insideQuestions[i] = (region, skip)
    return value
  }

  /// Keeps a copy of `coverage`, the resolved plane of `region`.
  func keep(_ coverage: UnsafePointer<Float>, for region: PixelRect) {
    guard let i = slot(region) else { return }
    let count = region.width * region.height
    planes[i]?.deallocate()
    let p = UnsafeMutablePointer<Float>.allocate(capacity: count)
    p.update(from: coverage, count: count)
    planes[i] = p
    regions[i] = region
  }
}
