// PreblendedStamp: a shadow stamp already blended, with one colour, over one
// backdrop colour: the fill its surface starts from. Most of a shadow falls
// on that fill (a card's shadow on its page), where the result of
// `blendPixel` depends on the stamp's value alone, so it can be computed
// once and kept with the stamp across frames. Drawing then compares eight
// destination pixels with the backdrop and, where all eight still hold it,
// copies the eight results instead of computing them; elsewhere it blends as
// usual. Exact by construction: a copied pixel is the very blend of the same
// value over the same bytes.
//
// For S2 σ 32 the ring of the shadow is ~160,000 pixels of background:
// a blend there is ~60 vector operations per eight pixels, a copy is four.
//
// A (colour, backdrop) pair is preblended the second time it is drawn, not
// the first: an animated shadow colour would otherwise pay a blend pass
// per frame for a table used once. At most `kept` pairs per stamp.
import Lamina
import Synchronization

/// A stamp's live values blended with one colour over one backdrop pixel.
final class PreblendedStamp: @unchecked Sendable {
  /// The destination pixel the table assumes (packed, memory order).
  let backdrop: UInt32
  /// One pixel per stamp value, rows of `stamp.rect.width`; the backdrop
  /// outside the live spans.
  let pixels: UnsafeMutablePointer<UInt32>

  init(_ stamp: Stamp, color: SIMD4<Float>, backdrop: UInt32, live: LiveSpans) {
    self.backdrop = backdrop
    let w = stamp.rect.width, count = max(1, w * stamp.rect.height)
    pixels = .allocate(capacity: count)
    pixels.initialize(repeating: backdrop, count: count)
    let blender = SpanBlender(color)
    for j in 0..<stamp.rect.height where live.lower[j] < live.upper[j] {
      let lower = Int(live.lower[j]), n = Int(live.upper[j]) - lower
      let row = UnsafeMutableRawPointer(pixels + j * w + lower).assumingMemoryBound(to: UInt8.self)
      blender.blend(row, stamp.values + j * w + lower, clip: nil, count: n)
    }
  }

  deinit { pixels.deallocate() }
}

/// The preblended tables a stamp keeps, by colour and backdrop.
final class PreblendCache: Sendable {
  private struct Key: Equatable {
    var color: SIMD4<UInt32>
    var backdrop: UInt32
  }
  /// Pairs seen once (not yet preblended) and the tables made.
  private let state = Mutex<(seen: [Key], tables: [(key: Key, table: PreblendedStamp)])>(([], []))

  /// Pairs remembered per stamp (each table is as large as the stamp).
  static let kept = 2

  /// The table for `color` over `backdrop`, made on the second request; nil
  /// on the first.
  func table(of stamp: Stamp, color: SIMD4<Float>, backdrop: UInt32, live: LiveSpans) -> PreblendedStamp? {
    let key = Key(color: unsafeBitCast(color, to: SIMD4<UInt32>.self), backdrop: backdrop)
    let known: (PreblendedStamp?, Bool) = state.withLock { s in
      if let hit = s.tables.first(where: { $0.key == key }) { return (hit.table, true) }
      if s.seen.contains(key) { return (nil, true) }
      if s.seen.count >= Self.kept { s.seen.removeFirst() }
      s.seen.append(key)
      return (nil, false)
    }
    if let table = known.0 { return table }
    guard known.1 else { return nil }
    let table = PreblendedStamp(stamp, color: color, backdrop: backdrop, live: live)
    state.withLock { s in
      s.seen.removeAll { $0 == key }
      if s.tables.count >= Self.kept { s.tables.removeFirst() }
      s.tables.append((key, table))
    }
    return table
  }
}
