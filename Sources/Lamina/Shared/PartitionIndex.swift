// PartitionIndex: the bisection text layout and text draws share. They
// search sorted arrays (grapheme boundaries, a line's runs, a run's glyph
// clusters, a text draw's placements) for the first element past a bound,
// so that long paragraphs stay linear; each search is this call with its
// own predicate. Two older searches keep their own loops: a gradient's
// stop lookup (public, inlined per pixel) and a stroke's length lookup (it
// answers the first segment for a NaN length, which a predicate cannot).
//
// Rejected: a copy per element type (five near-identical loops, one of
// them for [Int] only), and swift-algorithms' `partitioningIndex` (a
// package dependency for a dozen lines).

extension RandomAccessCollection {
  /// The first index whose element satisfies `above`, which must be false
  /// for a prefix of the collection and true from there on; `endIndex`
  /// when none does. O(log n) calls of `above`.
  func partitionIndex(where above: (Element) throws -> Bool) rethrows -> Index {
    var low = startIndex, count = self.count
    while count > 0 {
      let half = count / 2
      let mid = index(low, offsetBy: half)
      if try above(self[mid]) {
        count = half
      } else {
        low = index(after: mid)
        count -= half + 1
      }
    }
    return low
  }
}
