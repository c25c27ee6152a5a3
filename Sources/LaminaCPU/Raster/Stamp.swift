// Stamps: per-pixel values of a command computed once and reused by every
// command that produces the same values up to a whole-pixel shift. Under an
// axis-aligned affine matrix a shape's coverage or a shadow's values depend
// only on the shape, the scale and the fractional part of the translation,
// so a grid of equal cards computes one stamp per kind, and the tiles read
// it back. A stamp holds exactly what direct evaluation gives. A renderer
// makes the frame's new stamps deferred while it prepares and fills them
// together on its workers before any tile reads them (StampCache.fillPending).
//
// Rejected: filling each stamp as it is made (one after another on the
// preparing thread: S1-frac's second frame stamps 2,000 of them).
import Dispatch
import Lamina

/// What determines a stamp's values.
enum StampKey: Hashable, Sendable {
  case shadow(shape: RoundedRect, sigma: Double, extent: CGRect, placement: StampPlacement)
  case roundedRect(outer: RoundedRect, border: RoundedRect?, placement: StampPlacement)
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

  /// How one region's values are computed, until `fill` has run (nil after).
  private var evaluate: (@Sendable (PixelRect, TileScratch) -> Void)?

  /// Computes the values tile by tile: `evaluate` writes one region's values
  /// into `scratch.coverage`.
  convenience init(rect: PixelRect, evaluate: @escaping @Sendable (PixelRect, TileScratch) -> Void) {
    self.init(deferred: rect, evaluate: evaluate)
    // As many workers as tiles: Dispatch runs them on the machine's cores.
    Self.fill([self], threads: .max)
  }

  /// A stamp whose values `fill` computes later (with other stamps, on a
  /// renderer's workers); nothing may read it before.
  init(deferred rect: PixelRect, evaluate: @escaping @Sendable (PixelRect, TileScratch) -> Void) {
    self.rect = rect
    values = .allocate(capacity: max(1, rect.width * rect.height))
    self.evaluate = evaluate
  }

  /// Whether the values are computed (read on the thread that prepares).
  var isFilled: Bool { evaluate == nil }

  /// Computes the values and runs of every stamp of `stamps` not yet
  /// filled, their tiles taken in turn by `threads` workers. Each tile is
  /// evaluated as `init(rect:evaluate:)` evaluates it, so the bytes do not
  /// depend on how many stamps are filled together.
  static func fill(_ stamps: [Stamp], threads: Int) {
    let waiting = stamps.filter { !$0.isFilled }
    guard !waiting.isEmpty else { return }
    let size = TileScratch.size
    // Tile t of the batch: stamp `owner[t]`'s tile `t − first[owner[t]]`.
    var owner: [Int] = [], first: [Int] = []
    for (n, stamp) in waiting.enumerated() {
      first.append(owner.count)
      let tiles = ((stamp.rect.width + size - 1) / size) * ((stamp.rect.height + size - 1) / size)
      owner.append(contentsOf: repeatElement(n, count: tiles))
    }
    let work = owner, starts = first
    concurrentForEach(work.count, threads: threads, local: { TileScratch() }) { t, scratch in
      let stamp = waiting[work[t]], rect = stamp.rect, tile = t - starts[work[t]]
      let columns = (rect.width + size - 1) / size
      let x0 = rect.x0 + (tile % columns) * size, y0 = rect.y0 + (tile / columns) * size
      let region = PixelRect(x0: x0, y0: y0, x1: min(rect.x1, x0 + size), y1: min(rect.y1, y0 + size))
      stamp.evaluate!(region, scratch)
      for j in 0..<region.height {
        let dst = stamp.values + (region.y0 - rect.y0 + j) * rect.width + (region.x0 - rect.x0)
        dst.update(from: scratch.coverage + j * region.width, count: region.width)
      }
    }
    let runs = concurrentMap(waiting.count, threads: threads) { StampRuns(waiting[$0]) }
    for (stamp, runs) in zip(waiting, runs) {
      stamp.runs = runs
      stamp.evaluate = nil
    }
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
let unlimited = PixelRect.unlimited

/// Stamps kept across frames; entries unused for a whole frame are dropped.
///
/// A stamp pays for itself only when it is read again, and more than once:
/// filled whole, it costs what evaluating the visible parts of two or three
/// of its commands costs (overlapping cards hide most of each other). Shadows
/// and rounded rectangles ask with `stamp(for:estimatedBytes:make:)`: a key
/// met for the first or second time in a frame, and not in the frame
/// before, gets no stamp, and its command evaluates its values where it is
/// drawn in the stamp's own pixel grid, which gives the stamp's bytes (a
/// shadow's value is a function of the pixel alone, ShadowStage.unstamped;
/// an axis-aligned rounded rectangle's too, AxisRoundedRectCoverage; one
/// whose corners meet is swept in its stamp's own tiles, RoundedRectStage's
/// `stampGrid`). From its third meeting in a frame, or once met in the frame
/// before, it is stamped and kept, within `budgetBytes`. So a frame of 16,000
/// shadowed cards at random sub-pixel positions keeps no shadow stamps, a
/// grid of equal cards keeps one, and an animation's frames keep the frame
/// before's; S1-frac's ~76 pairs of cards at one phase were stamped whole at
/// their second meeting until session 29 (~5 % of its cold frame). A
/// rounded rectangle larger than `stampedAtOnce` pixels is stamped at its
/// first meeting (one 400 × 300 card drawn cold took 1.6 ms evaluated where
/// drawn, 0.9 ms stamped), within the budget.
/// Rejected: keeping every stamp of the frame (1.4 GB for those 16,000
/// cards, each shadow stamp read once); evicting within a frame (every
/// stamp of a frame is held by its prepared draw until the tiles are done).
final class StampCache: @unchecked Sendable {
  /// Rounded rectangles whose stamp holds more pixels are stamped when first met.
  static let stampedAtOnce = 4 * TileScratch.size * TileScratch.size
  private var current: [HashedKey: Stamp] = [:]
  private var previous: [HashedKey: Stamp] = [:]
  /// Keys met this frame (and how often), and in the frame before.
  private var met: [HashedKey: Int] = [:]
  private var metBefore: [HashedKey: Int] = [:]
  /// The meeting within a frame from which a key new to it is stamped.
  static let stampedFromMeeting = 3

  /// A key with its hash taken once: a lookup meets up to four tables (a
  /// key's rounded rectangle, radii and all, was hashed four times per
  /// card, a tenth of S1-frac's preparation).
  private struct HashedKey: Hashable {
    let key: StampKey
    let hash: Int
    init(_ key: StampKey) { (self.key, hash) = (key, key.hashValue) }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    static func == (a: HashedKey, b: HashedKey) -> Bool { a.hash == b.hash && a.key == b.key }
  }
  /// Bytes of the stamps in `current`.
  private var bytes = 0
  /// The most bytes of shadow stamps kept (values, live spans, preblended
  /// tables).
  let budgetBytes: Int
  /// Stamps keys met for the first time as well (tests of the stamp paths).
  let stampsFirstMeeting: Bool
  /// The frame's stamp tiles of rounded rectangles drawn where they are.
  let tiles = StampTileMemo()
  /// The last shapes' shadow tables and corners (the preparing thread's).
  let shapes = ShapeMemo()

  init(budgetBytes: Int = 512 << 20, stampsFirstMeeting: Bool = false) {
    self.budgetBytes = budgetBytes
    self.stampsFirstMeeting = stampsFirstMeeting
  }

  /// The stamp of `key`, made by `make` when the key has been met twice
  /// before in this frame or once in the last (or at once, with
  /// `firstMeeting`) and the budget allows; nil when the
  /// command should evaluate its values itself. `estimatedBytes` is what
  /// the stamp would hold.
  func stamp(for key: StampKey, estimatedBytes: Int, firstMeeting: Bool = false, make: () -> Stamp) -> Stamp? {
    let key = HashedKey(key)
    if let s = current[key] { return s }
    if let s = previous[key], bytes + estimatedBytes <= budgetBytes {
      current[key] = s
      bytes += estimatedBytes
      return s
    }
    // Room for the preparation's meetings at its first (a cold renderer's
    // table of S1-frac's 2,000 keys grew eleven times, rehashing every key
    // each time: a seventh of its preparation).
    if met.isEmpty { met.reserveCapacity(expectedMeetings) }
    // One lookup counts the meeting (the modify accessor): counting with a
    // read and then a write hashed the key twice.
    let meetings = Self.increment(&met[key, default: 0])
    let again =
      meetings >= Self.stampedFromMeeting || metBefore[key] != nil || stampsFirstMeeting || firstMeeting
    guard again, bytes + estimatedBytes <= budgetBytes else { return nil }
    let s = make()
    if !s.isFilled {
      if deferring { pending.append(s) } else { Stamp.fill([s], threads: .max) }
    }
    current[key] = s
    bytes += estimatedBytes
    return s
  }

  /// Whether stamps made deferred (`Stamp(deferred:evaluate:)`) wait for
  /// `fillPending` (between `deferFilling` and it) or are filled at once.
  private var deferring = false
  /// Stamps made deferred and not yet filled.
  private var pending: [Stamp] = []

  @inline(__always)
  private static func increment(_ count: inout Int) -> Int {
    count += 1
    return count
  }

  /// From now until `fillPending`, stamps made wait to be filled together:
  /// a renderer's preparation, whose stages may not read them before; it
  /// prepares `commands` commands (room for their meetings is made at the
  /// first).
  func deferFilling(commands: Int = 0) {
    deferring = true
    expectedMeetings = commands
  }
  /// The commands of the preparation under way: room for their meetings
  /// is made at the first (a frame with no shadow or shape reserves none).
  private var expectedMeetings = 0

  /// Fills the stamps made since `deferFilling`, together, with `threads`
  /// workers (a frame that stamps a thousand shadows, as the second frame
  /// of S1-frac does, makes them on every core, not one by one as it
  /// prepares), and fills later ones at once again.
  func fillPending(threads: Int) {
    deferring = false
    guard !pending.isEmpty else { return }
    Stamp.fill(pending, threads: threads)
    pending = []
  }

  /// Stamps always made and kept, outside the budget: for tests that read a
  /// stamp's values.
  func stamp(for key: StampKey, make: () -> Stamp) -> Stamp {
    let key = HashedKey(key)
    if let s = current[key] { return s }
    let s = previous[key] ?? make()
    current[key] = s
    return s
  }

  /// Stamps kept this frame, and the bytes they are reckoned to hold.
  var kept: (count: Int, bytes: Int) { (current.count, bytes) }

  func endFrame() {
    tiles.endFrame()
    previous = current
    current = [:]
    // The table of two frames ago is emptied for the next, keeping its room.
    swap(&met, &metBefore)
    met.removeAll(keepingCapacity: true)
    bytes = 0
  }
}
