// LiveSpans: per row of a stamp, the columns a colour of alpha `a` can
// change. `blendPixel` leaves a pixel alone when a·k·255 < ½ in Float, so
// outside [first, last] of the values passing that exact test, drawing is a
// no-op and is skipped. A Gaussian shadow reaches 3σ, but at half alpha its
// last 0.6σ rounds to nothing: for S2 σ32 a quarter of the ring.
//
// The spans are found by scanning the stamp once per alpha with the very
// test `blendPixel` uses (not a threshold derived from it, which would need
// its own proof), and kept in the stamp: stamps live across frames, so a
// shadow drawn again reuses them. At most `LiveSpans.kept` alphas per stamp.
//
// Rejected: per-row spans of non-zero values (alpha-independent, but most
// of the wasted tail is small non-zero values) and trimming only the
// bounding rectangle (leaves the corners' tails).
import Lamina
import Synchronization

/// Per stamp row, the stamp columns [first, last + 1) outside which a·k·255
/// < ½ for every value k.
struct LiveSpans: Sendable {
  /// Start column per row (stamp-relative); `lower[j] >= upper[j]` when the
  /// row has no live value.
  let lower: [Int32]
  let upper: [Int32]
  /// The stamp-relative bounding box of the live values (`.empty` if none).
  let bounds: PixelRect

  /// Alphas remembered per stamp.
  static let kept = 4

  /// Scans `stamp` for alpha `a` (≥ 0).
  init(_ stamp: Stamp, alpha a: Float) {
    let w = stamp.rect.width, h = stamp.rect.height
    var lower = [Int32](repeating: 0, count: h), upper = [Int32](repeating: 0, count: h)
    var box = PixelRect(x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
    for j in 0..<h {
      let row = stamp.values + j * w
      var first = 0
      while first < w && !(a * row[first] * 255 >= 0.5) { first += 1 }
      var end = w
      if first < w {
        while !(a * row[end - 1] * 255 >= 0.5) { end -= 1 }
        box = PixelRect(x0: min(box.x0, first), y0: min(box.y0, j), x1: max(box.x1, end), y1: j + 1)
      } else {
        end = 0
      }
      lower[j] = Int32(first)
      upper[j] = Int32(end)
    }
    self.lower = lower
    self.upper = upper
    bounds = box.isEmpty ? .empty : box
  }
}

/// The live spans a stamp keeps, by alpha.
final class LiveSpanCache: Sendable {
  private let entries = Mutex<[(alpha: Float, spans: LiveSpans)]>([])

  /// The spans of `stamp` for alpha `a`, scanned on first use.
  func spans(of stamp: Stamp, alpha a: Float) -> LiveSpans {
    if let hit = entries.withLock({ list in list.first { $0.alpha.bitPattern == a.bitPattern }?.spans }) {
      return hit
    }
    let spans = LiveSpans(stamp, alpha: a)
    entries.withLock { list in
      if list.count >= LiveSpans.kept { list.removeFirst() }
      list.append((a, spans))
    }
    return spans
  }
}
