// What the stage tests share: drawing a prepared stage tile by tile as the
// renderer does, the plain definition it must equal (every stamp value
// k > 0 blended with `blendPixel`), and the first byte two rasters differ in.
import Testing
@testable import Lamina
@testable import LaminaCPU

enum StageHarness {
  /// Draws `stage` into `target` in 64×64 tiles, none skipped.
  /// `skip`: pixels a later opaque shape would cover (the renderer passes
  /// such a rectangle with each tile).
  static func drawInTiles(
    _ stage: some PreparedDraw, into target: Raster, pristine: Bool = false, skipping skip: PixelRect = .empty
  ) {
    let scratch = TileScratch()
    for y0 in stride(from: 0, to: target.height, by: 64) {
      for x0 in stride(from: 0, to: target.width, by: 64) {
        let tile = PixelRect(x0: x0, y0: y0, x1: min(target.width, x0 + 64), y1: min(target.height, y0 + 64))
        let region = stage.bounds.intersection(tile)
        if !region.isEmpty {
          stage.draw(region, skipping: skip.intersection(region), pristine: pristine, into: target, scratch: scratch)
        }
      }
    }
  }

  /// The definition: every value k > 0 of `stamp`, placed at (dx, dy),
  /// blended with `blendPixel` onto `target`.
  static func blendEveryValue(of stamp: Stamp, dx: Int, dy: Int, color: PremultipliedColor, onto target: Raster) {
    let r = stamp.rect, c = SIMD4(color.r, color.g, color.b, color.a)
    let limit = PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
    let onCanvas = PixelRect(x0: r.x0 + dx, y0: r.y0 + dy, x1: r.x1 + dx, y1: r.y1 + dy).intersection(limit)
    for y in onCanvas.y0..<onCanvas.y1 {
      for x in onCanvas.x0..<onCanvas.x1 {
        let k = stamp.values[(y - dy - r.y0) * r.width + (x - dx - r.x0)]
        if k > 0 { blendPixel(target.pixels + (y * target.width + x) * 4, c, k) }
      }
    }
  }

  /// A copy of `raster`'s pixels.
  static func copy(_ raster: Raster) -> Raster {
    let r = Raster(width: raster.width, height: raster.height)
    r.pixels.update(from: raster.pixels, count: raster.width * raster.height * 4)
    return r
  }

  /// The first byte in which `a` and `b` (of one size) differ.
  static func firstDifference(_ a: Raster, _ b: Raster) -> Int? {
    (0..<(a.width * a.height * 4)).first { a.pixels[$0] != b.pixels[$0] }
  }

  /// What skipping `rects` did: `skipped` must hold `untouched`'s pixels
  /// inside them and `whole`'s elsewhere (all three the same size). The
  /// first pixel that does not, and how many pixels lie inside and outside
  /// the rectangles, and of those how many `whole` changed from `untouched`.
  static func compareSkipped(
    _ skipped: Raster, whole: Raster, untouched: Raster, hidden rects: [PixelRect]
  ) -> (mismatch: String?, hidden: Int, visible: Int, hiddenDrawn: Int, visibleDrawn: Int) {
    var counts = (hidden: 0, visible: 0, hiddenDrawn: 0, visibleDrawn: 0)
    for y in 0..<skipped.height {
      for x in 0..<skipped.width {
        let i = (y * skipped.width + x) * 4
        func pixel(_ r: Raster) -> [UInt8] { Array(UnsafeBufferPointer(start: r.pixels + i, count: 4)) }
        let isHidden = rects.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 }
        let (a, b) = (pixel(skipped), pixel(isHidden ? untouched : whole))
        if a != b {
          return ("pixel (\(x), \(y)): \(a), expected \(b)", counts.0, counts.1, counts.2, counts.3)
        }
        let drawn = pixel(whole) != pixel(untouched)
        if isHidden {
          counts.hidden += 1
          if drawn { counts.hiddenDrawn += 1 }
        } else {
          counts.visible += 1
          if drawn { counts.visibleDrawn += 1 }
        }
      }
    }
    return (nil, counts.hidden, counts.visible, counts.hiddenDrawn, counts.visibleDrawn)
  }
}
