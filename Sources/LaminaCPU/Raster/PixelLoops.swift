// PixelLoops: the two loops every stage walks a tile's pixels with:
// `forEachSpan`, the rows of a region less the pixels a later opaque
// command overwrites, and `forEachCoveredPixel`, each pixel of those spans
// whose coverage (× clips) is above 0, for the stages that compute a colour
// per pixel (images under any matrix, gradients, composites).
//
// Rejected: writing the covered-pixel loop in each stage (it was, four
// times, each with its own index arithmetic). Both are @inline(__always)
// with a non-escaping body, so the compiler flattens them into the stage's
// own loop: S3's image stage measured the same with and without.

import Lamina

/// Calls `body(row, x0, x1)` for each row of `region`, leaving out the
/// pixels of `skip` (pixels a later opaque command overwrites anyway).
@inline(__always)
func forEachSpan(_ region: PixelRect, skipping skip: PixelRect, _ body: (Int, Int, Int) -> Void) {
  for y in region.y0..<region.y1 {
    if y >= skip.y0 && y < skip.y1 && skip.x0 < region.x1 && skip.x1 > region.x0 {
      if skip.x0 > region.x0 { body(y, region.x0, skip.x0) }
      if skip.x1 < region.x1 { body(y, skip.x1, region.x1) }
    } else {
      body(y, region.x0, region.x1)
    }
  }
}

/// Calls `body(index, X, Y, k)` for each pixel of `region` outside `skip`
/// whose coverage `k` (`scratch.coverage`, × `scratch.clip` when `clipped`)
/// is above 0: `index` is the pixel's in a target `width` pixels wide and
/// (X, Y) its centre in target pixels.
@inline(__always)
func forEachCoveredPixel(
  _ region: PixelRect, skipping skip: PixelRect, width: Int, scratch: TileScratch, clipped: Bool,
  _ body: (_ index: Int, _ X: Double, _ Y: Double, _ k: Float) -> Void
) {
  let w = region.width, coverage = scratch.coverage, clip = scratch.clip
  forEachSpan(region, skipping: skip) { row, x0, x1 in
    let j = row - region.y0
    let Y = Double(row) + 0.5
    var index = row * width + x0
    for i in (x0 - region.x0)..<(x1 - region.x0) {
      defer { index += 1 }
      var k = coverage[j * w + i]
      if clipped { k *= clip[j * w + i] }
      guard k > 0 else { continue }
      body(index, Double(region.x0 + i) + 0.5, Y, k)
    }
  }
}
