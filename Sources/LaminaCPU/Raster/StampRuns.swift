// StampRuns: per row of a stamp, the runs of values that need no blend.
// Where every value of a run is ≤ 0 (or NaN) `blendPixel` draws nothing,
// and where every value is ≥ 1 it stores an opaque colour as it is. A
// card's fill is such a run across its middle rows, a border ring's hole
// is one across the same rows; walking them instead of blending them
// leaves the values and the destination unread there (S2's card: 120,000
// values read twice a frame, for the fill and for the border, before).
//
// The runs are found from the stamp's own values with the very tests
// `blendPixel` makes, so drawing them is exact by construction. Only runs
// of at least `minimum` pixels are kept; shorter ones stay in the blend.
import Lamina

/// Per stamp row, the runs that are all empty or all full.
struct StampRuns: Sendable {
  /// Columns [start, end) of one row, stamp-relative.
  struct Run: Sendable, Equatable {
    var start: Int32
    var end: Int32
    /// Every value ≥ 1 (else every value ≤ 0 or NaN).
    var full: Bool
  }

  /// The runs of every row in order; row j's are `runs[first[j]..<first[j + 1]]`.
  let runs: [Run]
  let first: [Int32]

  /// The shortest run kept: below it the bookkeeping costs more than the
  /// blend it saves.
  static let minimum = 16

  /// No runs (every row is blended).
  static let none = StampRuns(runs: [], first: [])

  private init(runs: [Run], first: [Int32]) {
    self.runs = runs
    self.first = first
  }

  init(_ stamp: Stamp) {
    let w = stamp.rect.width, h = stamp.rect.height
    var runs: [Run] = []
    var first = [Int32](repeating: 0, count: h + 1)
    for j in 0..<h {
      first[j] = Int32(runs.count)
      let row = stamp.values + j * w
      var i = 0
      while i < w {
        let v = row[i]
        let full = v >= 1
        guard full || !(v > 0) else {
          i += 1
          continue
        }
        var end = i + 1
        if full {
          while end < w && row[end] >= 1 { end += 1 }
        } else {
          while end < w && !(row[end] > 0) { end += 1 }
        }
        if end - i >= Self.minimum { runs.append(Run(start: Int32(i), end: Int32(end), full: full)) }
        i = end
      }
    }
    first[h] = Int32(runs.count)
    self.runs = runs
    self.first = first
  }

  /// Calls `blend(x0, x1)`, `fill(x0, x1)` (full runs, when `fills`) for
  /// the parts of the target span [x0, x1) on stamp row `row`, whose column
  /// 0 lies at target column `origin`; the empty runs are left out.
  @inline(__always)
  func walk(
    row: Int, origin: Int, from x0: Int, to x1: Int, fills: Bool, blend: (Int, Int) -> Void,
    fill: (Int, Int) -> Void
  ) {
    var x = x0
    guard row + 1 < first.count else { return blend(x0, x1) }
    var k = Int(first[row])
    let end = Int(first[row + 1])
    while k < end && x < x1 {
      let run = runs[k]
      k += 1
      let a = max(x, Int(run.start) + origin), b = min(x1, Int(run.end) + origin)
      guard a < b, fills || !run.full else { continue }
      if a > x { blend(x, a) }
      if run.full { fill(a, b) }
      x = b
    }
    if x < x1 { blend(x, x1) }
  }
}
