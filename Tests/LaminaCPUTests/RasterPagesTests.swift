// Raster.touchPages: the renderer leaves a tile's stored rectangle
// unfilled (its occluding command stores over it) but writes one byte of
// it in every memory page before anything reads it, so a fresh canvas's
// pages are never first read (the shared zero page) and then written (a
// copy-on-write fault and a TLB shootdown). Checked: every page each row
// of the rectangle reaches holds a written byte of that row, and nothing
// outside the rectangle changes.
import Testing

@testable import LaminaCPU
import Lamina

@Suite struct RasterPagesTests {
  @Test func everyPageARowReachesIsWrittenAndNothingOutside() {
    let raster = Raster(width: 3000, height: 4, fill: PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
    let rect = PixelRect(x0: 5, y0: 1, x1: 2900, y1: 3)
    raster.touchPages(rect)
    let page = 4096
    for y in 0..<4 {
      let rowStart = raster.pixels + y * 3000 * 4
      for x in 0..<3000 {
        for c in 0..<4 {
          let inside = rect.x0 <= x && x < rect.x1 && rect.y0 <= y && y < rect.y1
          if !inside { #expect(rowStart[x * 4 + c] == 255, "(\(x), \(y)) channel \(c) changed") }
        }
      }
      guard rect.y0 <= y && y < rect.y1 else { continue }
      // Each page the row's bytes [first, last] reach holds one of them zeroed.
      let first = rowStart + rect.x0 * 4, last = rowStart + rect.x1 * 4 - 1
      var pageStart = UInt(bitPattern: first) / UInt(page) * UInt(page)
      var pages = 0
      while pageStart <= UInt(bitPattern: last) {
        let lo = max(UInt(bitPattern: first), pageStart), hi = min(UInt(bitPattern: last), pageStart + UInt(page) - 1)
        let p = UnsafeMutablePointer<UInt8>(bitPattern: lo)!
        let written = (0...Int(hi - lo)).contains { p[$0] == 0 }
        #expect(written, "row \(y): page at \(pageStart) not written")
        pages += 1
        pageStart += UInt(page)
      }
      #expect(pages >= 2, "the row spans pages")
    }
    // An empty rectangle writes nothing.
    let untouched = Raster(width: 8, height: 8, fill: PremultipliedColor(r: 1, g: 1, b: 1, a: 1))
    untouched.touchPages(.empty)
    #expect((0..<256).allSatisfy { untouched.pixels[$0] == 255 })
  }
}
