// PlanDamage: which canvas pixels can differ between two consecutive
// frames, defined once for both backends (issue 18, incremental frames).
//
// The rule. A backend's canvas pixel is a function of the backdrop and of
// the canvas commands that touch that pixel, in order (every command
// leaves the pixels outside its footprint as they were, and each shortcut
// a backend takes gives the bytes the plain blend gives). So a pixel can
// only change where the commands touching it change. The two canvas lists
// are matched as a diff (Myers' O(ND) algorithm over the commands, after
// trimming the common prefix and suffix): matched pairs are equal commands
// in the same order; the damage is the union of the footprints of the
// commands left unmatched on either side. A pixel outside it is touched by
// the same matched commands, in the same order, in both frames.
//
// Equal means the same command, field for field, with a composite compared
// through the surface it draws (its commands, recursively), not through
// its index in the surface list (an offscreen appearing earlier in the
// list moves every later index). Canvas commands are compared as 64-bit
// words holding every field exactly (CommandMatching.swift: equal words are
// equal fields, not a digest), a path's polygons and a composite's surfaces
// confirmed field for field; between the common prefix and suffix, where
// the search compares many pairs, a hash of each command's words rejects
// most unequal pairs first. The words and hashes are kept with the frame
// (`PlanDigest`), so the next frame writes only its own plan.
//
// A footprint is `DrawCommand.deviceBounds` (shadow extents, a composite's
// surface and its blurred shadow's reach, clips), rounded out to whole
// pixels and grown by `footprintMargin`: both backends anti-alias within
// a pixel of the exact edge, LaminaGL's quads are whole cells around it and
// a stamp's sub-pixel phase moves it by under a pixel, so two pixels cover
// every backend's reach. Anything global (the canvas size, its background,
// no canvas) damages everything.
//
// Rejected: comparing commands by index (a shadow culled in one frame and
// not the next shifts every later index and damages everything after it);
// comparing the rendered images (the cost of a full frame, which is what
// this saves); and damage per layer in the lowering (a layer's change can
// move commands of other layers: group offscreens, 3D sorting, replicator
// copies; the plan is what both backends draw, so the diff is exact there).

/// A plan with what the damage rule needs of it: a footprint per canvas
/// command, and the commands written as words for the diff
/// (CommandMatching.swift), each made once per frame when first needed.
public struct PlanDigest: Sendable {
  /// The plan.
  public let plan: RenderPlan
  /// The canvas commands as words; nil until a diff needs them.
  fileprivate var words: CommandWords?
  /// Each canvas command's hash of its words, 0 where not computed yet: only
  /// the commands between the common prefix and suffix of a diff are hashed.
  fileprivate var hashes: [UInt64] = []
  /// Each canvas command's footprint: the canvas pixels it may touch.
  /// Empty until `PlanDamage.between` (which copies those of commands
  /// matched in the previous frame and measures the rest) or `measure()`.
  public fileprivate(set) var footprints: [PixelRect] = []

  /// Two whole pixels around a command's exact device box (see the top).
  public static let footprintMargin = 2

  /// The digest of `plan`; nothing is written or measured yet.
  public init(_ plan: RenderPlan) {
    self.plan = plan
  }

  /// Measures every canvas command's footprint (when not done yet).
  public mutating func measure() {
    let commands = plan.surfaces.first?.commands ?? []
    guard footprints.count != commands.count else { return }
    footprints = commands.indices.map(footprint(ofCommand:))
  }

  /// Writes the canvas commands as words (when not done yet).
  fileprivate mutating func write() -> CommandWords {
    if let words { return words }
    let made = CommandWords(plan.surfaces.first?.commands ?? [])
    words = made
    return made
  }

  /// Computes the hashes of canvas commands `range` not known yet.
  fileprivate mutating func hash(_ range: Range<Int>) {
    let words = write()
    if hashes.count != words.count { hashes = [UInt64](repeating: 0, count: words.count) }
    for i in range where hashes[i] == 0 { hashes[i] = words.hash(of: i) }
  }

  /// The footprint of canvas command `i`.
  func footprint(ofCommand i: Int) -> PixelRect {
    let canvas = PixelRect(x0: 0, y0: 0, x1: max(0, plan.width), y1: max(0, plan.height))
    return Self.footprint(of: plan.surfaces[0].commands[i], surfaces: plan.surfaces, within: canvas)
  }

  /// The canvas pixels `command` may touch (see the top of the file).
  public static func footprint(of command: DrawCommand, surfaces: [Surface], within canvas: PixelRect)
    -> PixelRect
  {
    if case .composite(let c) = command, c.surface < 0 || c.surface >= surfaces.count { return .empty }
    guard let box = command.deviceBounds(surfaces: surfaces) else { return .empty }
    let m = Double(footprintMargin)
    return PixelRect.covering(
      minX: Double(box.minX) - m, minY: Double(box.minY) - m, maxX: Double(box.maxX) + m,
      maxY: Double(box.maxY) + m, within: canvas)
  }
}

/// The canvas pixels that may differ between two frames: a few rectangles
/// (they may overlap), or the whole canvas.
public struct PlanDamage: Hashable, Sendable {
  /// Rectangles of canvas pixels, within the canvas.
  public var rects: [PixelRect]
  /// True when the whole canvas must be drawn (`rects` is then the canvas).
  public var isEverything: Bool

  /// Damage made of `rects` (`isEverything`: they are the whole canvas).
  public init(rects: [PixelRect], isEverything: Bool) {
    self.rects = rects
    self.isEverything = isEverything
  }

  /// Every pixel of a `width`×`height` canvas.
  public static func everything(width: Int, height: Int) -> PlanDamage {
    PlanDamage(rects: [PixelRect(x0: 0, y0: 0, x1: max(0, width), y1: max(0, height))], isEverything: true)
  }

  /// Nothing changed.
  public static let nothing = PlanDamage(rects: [], isEverything: false)

  /// Matches longer than this many differing commands (a diff of cost
  /// D² / 2 in memory) damage everything instead.
  public static let maxEdits = 1024

  /// The damage from `previous` to `next` (the rule at the top of the
  /// file); measures `next`'s footprints, copying those of the commands
  /// matched in `previous` (equal commands, equal footprints).
  public static func between(_ previous: PlanDigest, _ next: inout PlanDigest) -> PlanDamage {
    var before = previous
    before.measure()
    let a = before.plan, b = next.plan
    let whole = everything(width: b.width, height: b.height)
    guard a.width == b.width, a.height == b.height, a.background == b.background,
      let ca = a.surfaces.first, let cb = b.surfaces.first, ca.width == cb.width, ca.height == cb.height
    else {
      next.measure()
      return whole
    }
    // Commands are compared as words (CommandMatching.swift); a path or a
    // composite whose words agree is confirmed field for field.
    let (wordsA, wordsB) = (before.write(), next.write())
    var deep = DeepEquality(a: a, b: b)
    func equal(_ i: Int, _ j: Int) -> Bool {
      guard CommandWords.equal(wordsA, i, wordsB, j) else { return false }
      return !wordsA.confirm[i] || deep.equal(ca.commands[i], cb.commands[j])
    }
    // The common prefix and suffix.
    var start = 0, n = wordsA.count, m = wordsB.count
    while start < n && start < m && equal(start, start) { start += 1 }
    while n > start && m > start && equal(n - 1, m - 1) {
      n -= 1
      m -= 1
    }
    let found: (old: [Int], new: [Int])?
    if start == n || start == m {
      found = (Array(start..<n), Array(start..<m))
    } else {
      // Between them, Myers' search, with the hashes rejecting most pairs.
      before.hash(start..<n)
      next.hash(start..<m)
      let (hashesA, hashesB) = (before.hashes, next.hashes)
      // Matched pairs have equal hashes, so at most `bound` pairs match and
      // at least (n − start) + (m − start) − 2·bound edits remain: past
      // maxEdits the search (O(N·D), D frontiers kept) could only fail,
      // and with no pair possible every command is unmatched. Frames whose
      // every path changes (S10) skip the search.
      let bound = Diff.matchBound(hashesA[start..<n], hashesB[start..<m])
      if (n - start) + (m - start) - 2 * bound > maxEdits {
        found = nil
      } else if bound == 0 {
        found = (Array(start..<n), Array(start..<m))
      } else {
        found = Diff.unmatched(
          count: (n - start, m - start), maxEdits: maxEdits,
          equal: { hashesA[start + $0] == hashesB[start + $1] && equal(start + $0, start + $1) }
        ).map { (old: $0.old.map { $0 + start }, new: $0.new.map { $0 + start }) }
      }
    }
    guard let diff = found else {
      next.measure()
      return whole
    }
    // Unmatched new commands are measured; matched ones, in order, take the
    // footprint of the old command they equal.
    var footprints = [PixelRect](repeating: .empty, count: cb.commands.count)
    var old = 0, oldSkip = diff.old[...], newSkip = diff.new[...]
    for j in cb.commands.indices {
      if newSkip.first == j {
        newSkip.removeFirst()
        footprints[j] = next.footprint(ofCommand: j)
        continue
      }
      while oldSkip.first == old {
        oldSkip.removeFirst()
        old += 1
      }
      footprints[j] = before.footprints[old]
      old += 1
    }
    next.footprints = footprints
    var rects: [PixelRect] = []
    for i in diff.old where !before.footprints[i].isEmpty { rects.append(before.footprints[i]) }
    for j in diff.new where !footprints[j].isEmpty { rects.append(footprints[j]) }
    return PlanDamage(rects: rects, isEverything: false)
  }

  /// Whether no pixel is damaged.
  public var isEmpty: Bool { rects.allSatisfy(\.isEmpty) }

  /// Whether `rect` meets the damage.
  public func intersects(_ rect: PixelRect) -> Bool {
    rects.contains { !$0.intersection(rect).isEmpty }
  }

  /// At most `count` rectangles covering the damage: the pair whose joined
  /// box adds the fewest pixels is joined until `count` remain (for a
  /// backend that pays per rectangle, LaminaGL's scissored passes). Joined
  /// boxes cover more pixels than the damage, never fewer.
  public func merged(into count: Int) -> [PixelRect] {
    var boxes = rects.filter { !$0.isEmpty }
    // Past 64 boxes the search below (cubic) costs more than it saves: one box.
    if boxes.count > 64 {
      let all = boxes.dropFirst().reduce(boxes[0]) {
        PixelRect(x0: min($0.x0, $1.x0), y0: min($0.y0, $1.y0), x1: max($0.x1, $1.x1), y1: max($0.y1, $1.y1))
      }
      return [all]
    }
    func area(_ r: PixelRect) -> Int { r.isEmpty ? 0 : r.width * r.height }
    func join(_ p: PixelRect, _ q: PixelRect) -> PixelRect {
      PixelRect(x0: min(p.x0, q.x0), y0: min(p.y0, q.y0), x1: max(p.x1, q.x1), y1: max(p.y1, q.y1))
    }
    // Joins that add no pixels (one box inside another, or overlaps that
    // save more than they add) are always made.
    while boxes.count > 1 {
      var best = (i: 0, j: 1, cost: Int.max)
      for i in boxes.indices {
        for j in boxes.indices where j > i {
          let cost = area(join(boxes[i], boxes[j])) - area(boxes[i]) - area(boxes[j])
          if cost < best.cost { best = (i, j, cost) }
        }
      }
      guard boxes.count > count || best.cost <= 0 else { break }
      boxes[best.i] = join(boxes[best.i], boxes[best.j])
      boxes.remove(at: best.j)
    }
    return boxes
  }

  /// The tiles of a `side`×`side` grid over a `width`×`height` canvas that
  /// the damage meets, as row-major indices, in order.
  public func tiles(side: Int, width: Int, height: Int) -> [Int] {
    let columns = (width + side - 1) / side, rows = (height + side - 1) / side
    guard columns > 0, rows > 0 else { return [] }
    var marked = [Bool](repeating: false, count: columns * rows)
    for r in rects where !r.isEmpty {
      for ty in (r.y0 / side)...((r.y1 - 1) / side) where ty < rows {
        for tx in (r.x0 / side)...((r.x1 - 1) / side) where tx < columns { marked[ty * columns + tx] = true }
      }
    }
    return marked.indices.filter { marked[$0] }
  }
}

/// Commands of two plans compared deeply: field for field
/// (`DrawCommand.matches`), a composite through the surface it names.
/// Memoised per pair of surfaces.
private struct DeepEquality {
  let a: RenderPlan, b: RenderPlan
  var surfaces: [Pair: Bool] = [:]

  struct Pair: Hashable { let i: Int, j: Int }

  init(a: RenderPlan, b: RenderPlan) {
    (self.a, self.b) = (a, b)
  }

  /// A command of `a` against one of `b`.
  mutating func equal(_ x: DrawCommand, _ y: DrawCommand) -> Bool {
    x.matches(y) { cx, cy in compositesEqual(cx, cy) }
  }

  /// Two composites: every field but the indices, then what they name.
  mutating func compositesEqual(_ cx: CompositeDraw, _ cy: CompositeDraw) -> Bool {
    var px = cx, py = cy
    (px.surface, py.surface) = (0, 0)
    (px.mask, py.mask) = (px.mask.map { _ in 0 }, py.mask.map { _ in 0 })
    guard px == py, surfacesEqual(cx.surface, cy.surface) else { return false }
    if let mx = cx.mask, let my = cy.mask { return surfacesEqual(mx, my) }
    return cx.mask == nil && cy.mask == nil
  }

  mutating func surfacesEqual(_ i: Int, _ j: Int) -> Bool {
    guard i > 0, j > 0, i < a.surfaces.count, j < b.surfaces.count else { return false }
    if let known = surfaces[Pair(i: i, j: j)] { return known }
    let x = a.surfaces[i], y = b.surfaces[j]
    var equal =
      x.width == y.width && x.height == y.height && x.rasterKey == y.rasterKey
      && x.commands.count == y.commands.count
    if equal {
      for k in x.commands.indices where !self.equal(x.commands[k], y.commands[k]) {
        equal = false
        break
      }
    }
    surfaces[Pair(i: i, j: j)] = equal
    return equal
  }
}

/// The shortest edit between two lists (Myers 1986, "An O(ND) difference
/// algorithm"): which elements of each are left unmatched.
enum Diff {
  /// How many elements of `a` can pair with equal elements of `b`, each
  /// used once: the size of the two multisets' intersection, an upper
  /// bound on any common subsequence's length.
  static func matchBound(_ a: ArraySlice<UInt64>, _ b: ArraySlice<UInt64>) -> Int {
    var counts: [UInt64: Int] = [:]
    counts.reserveCapacity(a.count)
    for h in a { counts[h, default: 0] += 1 }
    var common = 0
    for h in b {
      guard let c = counts[h], c > 0 else { continue }
      counts[h] = c - 1
      common += 1
    }
    return common
  }

  /// The indices of the old and new lists outside a longest common
  /// subsequence under `equal`; nil when more than `maxEdits` edits separate
  /// them.
  static func unmatched(count: (Int, Int), maxEdits: Int, equal: (Int, Int) -> Bool) -> (old: [Int], new: [Int])? {
    var (n, m) = count
    // The common prefix and suffix, matched without the search.
    var start = 0
    while start < n && start < m && equal(start, start) { start += 1 }
    while n > start && m > start && equal(n - 1, m - 1) {
      n -= 1
      m -= 1
    }
    let oldCount = n - start, newCount = m - start
    if oldCount == 0 { return ([], Array(start..<m)) }
    if newCount == 0 { return (Array(start..<n), []) }
    let limit = min(maxEdits, oldCount + newCount)
    let offset = limit + 1
    var v = [Int](repeating: 0, count: 2 * limit + 3)
    var trace: [[Int]] = []
    var found: Int? = nil
    search: for d in 0...limit {
      trace.append(v)
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
          x = v[offset + k + 1]
        } else {
          x = v[offset + k - 1] + 1
        }
        var y = x - k
        while x < oldCount && y < newCount && equal(start + x, start + y) {
          x += 1
          y += 1
        }
        v[offset + k] = x
        if x >= oldCount && y >= newCount {
          found = d
          break search
        }
      }
    }
    guard let edits = found else { return nil }
    // Walk back through the saved frontiers: each step is an insertion or
    // a deletion, after a diagonal of matches.
    var old: [Int] = [], new: [Int] = []
    var x = oldCount, y = newCount
    for d in stride(from: edits, through: 1, by: -1) {
      let v = trace[d]
      let k = x - y
      let down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])
      let previousK = down ? k + 1 : k - 1
      let previousX = v[offset + previousK], previousY = previousX - previousK
      while x > previousX && y > previousY {
        x -= 1
        y -= 1
      }
      if down { new.append(start + previousY) } else { old.append(start + previousX) }
      x = previousX
      y = previousY
    }
    return (old.reversed(), new.reversed())
  }
}
