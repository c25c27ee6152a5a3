// The CPU-built mip chain follows the shared rule: sizes halve with a
// floor (never below 1), texels are area-weighted box averages.

import Testing

@testable import LaminaGL

@Suite("Mip chain")
struct MipChainTests {
  @Test func levelSizesHalveWithAFloor() {
    let levels = MipChain.levels(width: 5, height: 2, pixels: [UInt8](repeating: 9, count: 5 * 2 * 4))
    #expect(levels.map { [$0.width, $0.height] } == [[2, 1], [1, 1]])
    #expect(levels.allSatisfy { $0.pixels.allSatisfy { $0 == 9 } }, "a constant image stays constant")
  }

  @Test func evenSizesAverageTwoByTwoBoxes() {
    // 2×2 → 1×1 with values 0, 100, 200, 255 in red.
    let pixels: [UInt8] = [0, 0, 0, 255, 100, 0, 0, 255, 200, 0, 0, 255, 255, 0, 0, 255]
    let level = MipChain.levels(width: 2, height: 2, pixels: pixels)[0]
    #expect(level.pixels == [139, 0, 0, 255])  // 555 / 4 = 138.75
  }

  @Test func oddSizesWeighTheExactFootprint() {
    // 3×1 → 1×1: each texel weighs 1/3.
    let pixels: [UInt8] = [30, 0, 0, 255, 60, 0, 0, 255, 120, 0, 0, 255]
    #expect(MipChain.levels(width: 3, height: 1, pixels: pixels)[0].pixels == [70, 0, 0, 255])
    // 5 → 2: texel 0 covers [0, 2.5): weights 0.4, 0.4, 0.2.
    let w = MipChain.weights(from: 5, to: 2)
    #expect(w[0].0 == 0 && w[0].1 == [0.4, 0.4, 0.2])
    #expect(w[1].0 == 2 && w[1].1 == [0.2, 0.4, 0.4])
  }
}
