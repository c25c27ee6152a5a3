// The 32-bit linear congruential generator of docs/bench-scenes.md, shared with
// the peer scripts (tools/peers/) so every renderer draws the same layout.
// Rejected: Swift's SystemRandomNumberGenerator or a seeded xorshift (the
// Python side would have to port it; this one is one line in any language).

/// `state = (1664525 * state + 1013904223) mod 2^32; u = state / 2^32`.
struct LCG {
  private var state: UInt32

  init(seed: UInt32) { state = seed }

  /// The next number in [0, 1).
  mutating func next() -> Double {
    state = 1_664_525 &* state &+ 1_013_904_223
    return Double(state) / 4_294_967_296
  }
}
