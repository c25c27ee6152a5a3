// Image sampling against values computed by hand: bilinear with clamp to
// edge, the level-of-detail switch and its bias, trilinear between two mip
// levels, perspective-correct coordinates, and mip chains of odd sizes.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct ImageTests {
  /// An opaque image from grey levels (r = g = b = v).
  func grey(_ width: Int, _ height: Int, _ value: (Int, Int) -> Int) -> Image {
    var pixels: [UInt8] = []
    for j in 0..<height { for i in 0..<width { let v = UInt8(value(i, j)); pixels += [v, v, v, 255] } }
    return Image(width: width, height: height, premultipliedPixels: pixels)
  }

  func imageDraw(_ image: Image, matrix: Transform3D = .identity, destination: CGRect, source: CGRect? = nil,
    sampling: Sampling = .linear) -> DrawCommand
  {
    .image(
      ImageDraw(
        matrix: matrix, image: image,
        slices: [ImageSlice(destination: destination, source: source ?? F.rect(0, 0, Double(image.width), Double(image.height)))],
        sampling: sampling, opacity: 1, clips: [], name: "image"))
  }

  @Test func bilinearMatchesHandComputedValues() {
    let image = Image(width: 2, height: 2, premultipliedPixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255])
    let out = CPURenderer().render(F.plan(4, 4, [imageDraw(image, destination: F.rect(0, 0, 4, 4))]))
    // Pixel (1, 1) reads texel point (0.75, 0.75): weights 0.75/0.25 each way.
    #expect(out.pixel(x: 1, y: 1) == (159, 64, 64, 255))
    // Pixel (0, 0) reads (0.25, 0.25): clamp to edge gives the corner texel.
    #expect(out.pixel(x: 0, y: 0) == (255, 0, 0, 255))
  }

  @Test func levelOfDetailRule() {
    #expect(levelOfDetail(dudx: 2, dvdx: 0, dudy: 0, dvdy: 2, bias: 0) == 1)
    #expect(levelOfDetail(dudx: 3, dvdx: 4, dudy: 0, dvdy: 1, bias: -1) == log2(5) - 1)
    let s = Sampling(minification: .nearest, magnification: .linear, bias: 0)
    #expect(s.read(lambda: 0, levels: 3) == .bilinear)
    #expect(s.read(lambda: 0.01, levels: 3) == .nearest)
    let t = Sampling(minification: .trilinear, magnification: .nearest, bias: 0)
    #expect(t.read(lambda: 7, levels: 3) == .trilinear(lambda: 2))
    #expect(t.read(lambda: -1, levels: 3) == .nearest)
  }

  @Test func biasMovesTheMagnificationSwitch() {
    // 1:1 but half a texel off: bilinear mixes neighbours, nearest does not.
    let image = grey(4, 1) { i, _ in i * 80 }
    let m = Transform3D(translationX: 0.5, y: 0)
    func read(bias: Double) -> UInt8 {
      let s = Sampling(minification: .nearest, magnification: .linear, bias: bias)
      return CPURenderer().render(F.plan(5, 1, [imageDraw(image, matrix: m, destination: F.rect(0, 0, 4, 1), sampling: s)]))
        .pixel(x: 2, y: 0).r
    }
    #expect(read(bias: 0) == 120)  // λ = 0 magnifies: (80 + 160) / 2
    #expect(read(bias: 0.5) == 160)  // λ = 0.5 minifies with nearest: texel ⌊2.0⌋ = 2
  }

  @Test func trilinearMixesTwoLevels() {
    let image = grey(4, 4) { i, j in 16 * (i + 4 * j) }
    let s = Sampling(minification: .trilinear, magnification: .linear, bias: 0.5)
    // 4 texels onto 2 pixels: ρ = 2, λ = 1 + 0.5: half level 1, half level 2.
    let out = CPURenderer().render(F.plan(2, 2, [imageDraw(image, destination: F.rect(0, 0, 2, 2), sampling: s)]))
    // Level 1 texel (0, 0) = (0 + 16 + 64 + 80) / 4 = 40; level 2 = 120.
    #expect(out.pixel(x: 0, y: 0).r == 80)
  }

  @Test func perspectiveCoordinatesAreExact() {
    var pixels: [UInt8] = []
    for k in 0..<256 {
      let red = UInt8((k % 16) * 16), green = UInt8((k / 16) * 16)
      pixels += [red, green, 0, 255]
    }
    let image = Image(width: 16, height: 16, premultipliedPixels: pixels)
    let m = Transform3D(translationX: -8, y: -8).concatenating(Transform3D(rotationAngle: 0.7, x: 1, y: 0.4, z: 0))
      .concatenating(Transform3D(perspective: 20)).concatenating(Transform3D(translationX: 12, y: 12))
    let nearest = Sampling(minification: .nearest, magnification: .nearest, bias: 0)
    let out = CPURenderer().render(F.plan(24, 24, [imageDraw(image, matrix: m, destination: F.rect(0, 0, 16, 16), sampling: nearest)]))
    let inv = m.inverted!
    var checked = 0
    for j in 0..<24 {
      for i in 0..<24 where out.pixel(x: i, y: j).a == 255 {
        guard let q = F.unproject(Double(i) + 0.5, Double(j) + 0.5, inv: inv, matrix: m) else { continue }
        let fx = q.x - q.x.rounded(.down), fy = q.y - q.y.rounded(.down)
        guard min(fx, 1 - fx, fy, 1 - fy) > 1e-6 else { continue }
        #expect(Int(out.pixel(x: i, y: j).r) == Int(q.x.rounded(.down)) * 16)
        #expect(Int(out.pixel(x: i, y: j).g) == Int(q.y.rounded(.down)) * 16)
        checked += 1
      }
    }
    #expect(checked > 100)
  }

  @Test func mipChainOfOddSizesAveragesExactFootprints() {
    let image = grey(5, 1) { i, _ in [10, 20, 30, 40, 50][i] }
    let chain = MipChain(image)
    #expect(chain.levels.map { $0.width } == [5, 2, 1])
    // Texel 0 covers [0, 2.5): (10 + 20 + 0.5·30) / 2.5 = 18; texel 1: 42.
    #expect(chain.levels[1].pixels == [18, 18, 18, 255, 42, 42, 42, 255])
    #expect(chain.levels[2].pixels == [30, 30, 30, 255])
    let square = MipChain(grey(3, 3) { i, j in 10 * (i + 3 * j) })
    #expect(square.levels.count == 2)
    #expect(square.levels[1].pixels == [40, 40, 40, 255])
  }
}
