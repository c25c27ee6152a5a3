// Stamps: per-pixel values of a command computed once and reused by every
// command that produces the same values up to a whole-pixel shift. Under an
// axis-aligned affine matrix a shape's coverage or a shadow's values depend
// only on the shape, the scale and the fractional part of the translation,
// so a grid of equal cards computes one stamp per kind, and the tiles read
// it back. A stamp holds exactly what direct evaluation gives.
import Dispatch
import Lamina

/// What determines a stamp's values.
enum StampKey: Hashable, Sendable {
  case shadow(shape: RoundedRect, sigma: Double, extent: CGRect, placement: StampPlacement)
  case roundedRect(outer: RoundedRect, inner: RoundedRect?, placement: StampPlacement)
}

/// An axis-aligned placement with the whole-pixel part of the translation
/// taken out.
struct StampPlacement: Hashable, Sendable {
  var scaleX: Double, scaleY: Double
  var fractionX: Double, fractionY: Double

  /// The placement of `h` (axis-aligned) and the whole-pixel shift it drops.
  static func of(_ h: Homography, covering area: CGRect) -> (StampPlacement, dx: Int, dy: Int)? {
    guard h.isAxisAligned, h.m.0 != 0, h.m.4 != 0 else { return nil }
    let ix = h.m.6.rounded(.down), iy = h.m.7.rounded(.down)
    guard abs(ix) < 1e9, abs(iy) < 1e9 else { return nil }
    // Too large for a stamp (or not finite): evaluate directly.
    let w = Double(area.width) * abs(h.m.0) + 2, hh = Double(area.height) * abs(h.m.4) + 2
    guard w * hh < Double(maxStampPixels) else { return nil }
    return (StampPlacement(scaleX: h.m.0, scaleY: h.m.4, fractionX: h.m.6 - ix, fractionY: h.m.7 - iy),
      Int(ix), Int(iy))
  }

  var homography: Homography { Homography((scaleX, 0, 0, 0, scaleY, 0, fractionX, fractionY, 1)) }
}

/// Values over a pixel rectangle.
final class Stamp: @unchecked Sendable {
  let rect: PixelRect
  let values: UnsafeMutablePointer<Float>
  /// The rows' live columns per alpha (LiveSpans.swift), for shadows.
  let liveSpans = LiveSpanCache()
  /// The values blended over a backdrop, per colour (PreblendedStamp.swift).
  let preblends = PreblendCache()
  /// The runs of each row that are all empty or all full (StampRuns.swift).
  private(set) var runs = StampRuns.none

  /// Computes the values tile by tile: `evaluate` writes one region's values
  /// into `scratch.coverage`.
  init(rect: PixelRect, evaluate: @escaping @Sendable (PixelRect, TileScratch) -> Void) {
    self.rect = rect
    values = .allocate(capacity: max(1, rect.width * rect.height))
    let size = TileScratch.size
    let columns = (rect.width + size - 1) / size, rows = (rect.height + size - 1) / size
    let stamp = self
    DispatchQueue.concurrentPerform(iterations: columns * rows) { t in
      let scratch = TileScratch()
      let x0 = rect.x0 + (t % columns) * size, y0 = rect.y0 + (t / columns) * size
      let region = PixelRect(x0: x0, y0: y0, x1: min(rect.x1, x0 + size), y1: min(rect.y1, y0 + size))
      evaluate(region, scratch)
      for j in 0..<region.height {
        let dst = stamp.values + (region.y0 - rect.y0 + j) * rect.width + (region.x0 - rect.x0)
        dst.update(from: scratch.coverage + j * region.width, count: region.width)
      }
    }
    runs = StampRuns(self)
  }

  deinit { values.deallocate() }

  /// The values of a region of the target, for a stamp placed at (dx, dy):
  /// a pointer to the region's first value and the row stride.
  func values(for region: PixelRect, dx: Int, dy: Int) -> (UnsafeMutablePointer<Float>, Int) {
    (values + (region.y0 - dy - rect.y0) * rect.width + (region.x0 - dx - rect.x0), rect.width)
  }
}

/// The largest stamp, in pixels: larger commands are evaluated directly
/// (a stamp must never cost more memory than the surfaces it serves).
let maxStampPixels = 1 << 22

/// A pixel rectangle with no practical limit.
let unlimited = PixelRect(x0: -(1 << 30), y0: -(1 << 30), x1: 1 << 30, y1: 1 << 30)

/// Stamps kept across frames; entries unused for a whole frame are dropped.
final class StampCache: @unchecked Sendable {
  private var current: [StampKey: Stamp] = [:]
  private var previous: [StampKey: Stamp] = [:]

  func stamp(for key: StampKey, make: () -> Stamp) -> Stamp {
    if let s = current[key] { return s }
    let s = previous[key] ?? make()
    current[key] = s
    return s
  }

  func endFrame() {
    previous = current
    current = [:]
  }
}
