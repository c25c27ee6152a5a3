// PathCoverageBatch: the coverages a frame must fill, filled on several
// threads before any is drawn.
//
// A cold frame of shape layers is mostly sweeps (`PathDraw.coverage`:
// S4's 1000 fills and strokes spent 87 % of their cold frame there, on
// one core), and each sweep depends only on its draw and its pixel box,
// never on another draw or on what is already drawn. So a backend collects
// the coverages it does not keep, fills them here on its workers
// (`concurrentMap`, the most points first), and then draws in plan order
// from what it keeps. The values are those `coverage(within:)` returns on
// one thread, bit for bit: the same function on the same input.
//
// Rejected: filling each coverage where its draw is prepared, one at a
// time (the sweep's cost on one core, with the others idle until the
// tiles are drawn); and parallelism inside one sweep by rows (a small path
// has a few dozen rows, and the rows of one draw share the sweep's scratch).

extension PathDraw {
  /// One coverage to fill: a draw and the pixels it is asked over.
  public typealias CoverageRequest = (draw: PathDraw, limit: PixelRect)

  /// `coverage(within:)` of every request, in the requests' order, filled
  /// by up to `threads` workers. Text draws under the glyph route are
  /// better asked of a backend's `GlyphCoverageCache` (which fills each
  /// glyph once, and several at once with `fill`): here every draw fills
  /// its own.
  public static func coverages(_ requests: [CoverageRequest], threads: Int) -> [(rect: PixelRect, values: [Float])?]
  {
    // The points to sweep stand for the work.
    let order = heaviestFirst(requests) { $0.draw.edgeCount }
    return concurrentMap(requests.count, threads: threads, order: order) {
      requests[$0].draw.coverage(within: requests[$0].limit)
    }
  }
}
