// UnicodeText: the Unicode algorithms text layout needs, all from ICU:
// the bidirectional algorithm (embedding levels, with rule L1 applied to
// the end of the text, and the visual order of runs, rule L2), line-break
// opportunities (UAX #14, with hard breaks marked) and grapheme clusters
// (UAX #29, where a word too long for a line may be cut and where an
// ellipsis may replace text). Text is UTF-16, ICU's and Swift's
// `String.utf16` unit, so offsets need no conversion.
//
// Rejected: fribidi (bidi only; line breaking would need a second library,
// libunibreak, where ICU gives both and is already installed with
// HarfBuzz's -dev package).

import CLaminaUnicode

enum UnicodeText {
  /// Embedding levels of each code unit and the paragraph level.
  /// `paragraphLevel` nil: from the first strong character (P2, P3),
  /// left-to-right when there is none.
  static func bidiLevels(_ text: [UInt16], paragraphLevel: UInt8?) -> (
    levels: [UInt8], paragraph: UInt8
  ) {
    guard !text.isEmpty else { return ([], paragraphLevel ?? 0) }
    var levels = [UInt8](repeating: paragraphLevel ?? 0, count: text.count)
    let paragraph = text.withUnsafeBufferPointer { t in
      levels.withUnsafeMutableBufferPointer { l in
        lamina_bidi_levels(t.baseAddress, Int32(t.count), paragraphLevel ?? 0xFE, l.baseAddress)
      }
    }
    // ICU fails only for lack of memory: everything stays left to right.
    guard paragraph >= 0 else { return ([UInt8](repeating: 0, count: text.count), 0) }
    return (levels, UInt8(paragraph))
  }

  /// The visual order of runs with the given levels (rule L2): element k
  /// is the logical index of the k-th run from the left.
  static func visualOrder(_ levels: [UInt8]) -> [Int] {
    guard levels.count > 1 else { return Array(levels.indices) }
    var map = [Int32](repeating: 0, count: levels.count)
    levels.withUnsafeBufferPointer { l in
      map.withUnsafeMutableBufferPointer {
        lamina_bidi_reorder(l.baseAddress, Int32(l.count), $0.baseAddress)
      }
    }
    return map.map(Int.init)
  }

  /// Line-break opportunities after offset 0, in order, each with whether
  /// the break is mandatory (after a newline or paragraph separator).
  static func lineBreaks(_ text: [UInt16]) -> [(offset: Int, isHard: Bool)] {
    let (offsets, hard) = breaks(0, text)
    return zip(offsets, hard).map { ($0, $1 != 0) }
  }

  /// Grapheme cluster boundaries, 0 and `text.count` included.
  static func graphemeBoundaries(_ text: [UInt16]) -> [Int] {
    [0] + breaks(1, text).offsets
  }

  private static func breaks(_ kind: Int32, _ text: [UInt16]) -> (offsets: [Int], hard: [UInt8]) {
    guard !text.isEmpty else { return ([], []) }
    var offsets = [Int32](repeating: 0, count: text.count)
    var hard = [UInt8](repeating: 0, count: text.count)
    let n = text.withUnsafeBufferPointer { t in
      offsets.withUnsafeMutableBufferPointer { o in
        hard.withUnsafeMutableBufferPointer { h in
          lamina_breaks(kind, t.baseAddress, Int32(t.count), o.baseAddress, h.baseAddress)
        }
      }
    }
    // On failure (no memory): one boundary, at the end.
    guard n > 0 else { return ([text.count], [0]) }
    return (offsets[..<Int(n)].map(Int.init), Array(hard[..<Int(n)]))
  }
}
