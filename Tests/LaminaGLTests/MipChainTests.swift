// A surface's mip chain built on the GPU (mip.frag, MipPass) matches
// Lamina's shared CPU MipChain, the one image textures upload and the CPU
// renderer samples. The shared rule itself is tested with Lamina.

import CGLES
import Foundation
import Testing
import LaminaTestSupport

@testable import Lamina
@testable import LaminaGL

/// The shared rule the GL textures upload (until Lamina's own tests cover
/// it): sizes halve with a floor, texels are exact area-weighted averages.
@Suite("Shared mip chain, as GL uploads it")
struct SharedMipChainTests {
  static func image(_ width: Int, _ height: Int, _ pixels: [UInt8]) -> Image {
    Image(width: width, height: height, premultipliedPixels: pixels)
  }

  @Test func levelSizesHalveWithAFloor() {
    let levels = MipChain(Self.image(5, 2, [UInt8](repeating: 9, count: 5 * 2 * 4))).levels.dropFirst()
    #expect(levels.map { [$0.width, $0.height] } == [[2, 1], [1, 1]])
    #expect(levels.allSatisfy { $0.pixels.allSatisfy { $0 == 9 } }, "a constant image stays constant")
  }

  @Test func evenSizesAverageTwoByTwoBoxes() {
    let pixels: [UInt8] = [0, 0, 0, 255, 100, 0, 0, 255, 200, 0, 0, 255, 255, 0, 0, 255]
    #expect(MipChain(Self.image(2, 2, pixels)).levels[1].pixels == [139, 0, 0, 255])  // 555 / 4 = 138.75
  }

  @Test func oddSizesWeighTheExactFootprint() {
    let pixels: [UInt8] = [30, 0, 0, 255, 60, 0, 0, 255, 120, 0, 0, 255]
    #expect(MipChain(Self.image(3, 1, pixels)).levels[1].pixels == [70, 0, 0, 255])
    let w = MipChain.footprints(from: 5, to: 2)
    #expect(w[0].first == 0 && w[0].weights == [0.4, 0.4, 0.2])
    #expect(w[1].first == 2 && w[1].weights == [0.2, 0.4, 0.4])
  }
}

@Suite("GL mip chain", requiresGL)
struct GLMipChainTests {
  /// A surface's chain built on the GPU (trilinear composites) equals the
  /// CPU-built chain (image textures), odd sizes included.
  @Test func surfaceChainMatchesTheCPUChain() throws {
    let image = PlanFixtures.noise(width: 13, height: 7, seed: 5)
    let expected = Array(MipChain(image).levels.dropFirst())
    let (levels, ledger) = try withFreshResources { (r) throws(GLError) -> [[UInt8]] in
      let target = try r.pool.acquire(width: 13, height: 7)
      defer { target.delete() }
      r.device.clear(.surface(target), to: (0, 0, 0, 0))
      let copy = ImageDraw(
        matrix: .identity, image: image,
        slices: [ImageSlice(destination: CGRect(x: 0, y: 0, width: 13, height: 7), source: CGRect(x: 0, y: 0, width: 13, height: 7))],
        sampling: Sampling(minification: .nearest, magnification: .nearest, bias: 0), opacity: 1, clips: [], name: "copy")
      try ImagePass.draw(copy, route: ImageRoute.of(copy, size: target.size), into: target, r.surfaceTools)
      try MipPass.generate(target, r.tools)
      let result = expected.indices.map { r.device.read(.level(target, $0 + 1)) }
      r.device.detachLevel()
      return result
    }
    #expect(levels.count == 3)  // 6×3, 3×1, 1×1
    for (gpu, cpu) in zip(levels, expected) {
      let worst = zip(gpu, cpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(worst <= 1, "level \(cpu.width)×\(cpu.height): largest difference \(worst)")
    }
    #expect(ledger.totalLive == 0)
  }
}
