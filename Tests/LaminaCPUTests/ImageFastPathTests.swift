// The affine image path and opaque-image occlusion against the projective
// path they shortcut: the same bytes on scaled, rotated, sheared, flipped,
// clipped, translucent and partly off-canvas draws with every filter, and
// earlier commands under an opaque image skipped without changing a pixel.
import Foundation
import Testing
import LaminaTestSupport
@testable import Lamina
@testable import LaminaCPU

private typealias F = PlanFixtures

@Suite struct ImageFastPathTests {
  /// A noisy image (hash of the texel), opaque or with varied alpha.
  func noise(_ width: Int, _ height: Int, opaque: Bool) -> Image {
    var pixels: [UInt8] = []
    for j in 0..<height {
      for i in 0..<width {
        var h = UInt32(truncatingIfNeeded: i &* 73_856_093 ^ j &* 19_349_663)
        h = (h ^ (h >> 13)) &* 1_274_126_177
        let a = opaque ? 255 : Int(h >> 24)
        let c = (0..<3).map { k in UInt8(Int((h >> (8 * UInt32(k))) & 255) * a / 255) }
        pixels += c + [UInt8(a)]
      }
    }
    return Image(width: width, height: height, premultipliedPixels: pixels)
  }

  /// Draws `draw` over the whole target through both paths; returns both rasters' bytes.
  func bothPaths(_ draw: ImageDraw, width: Int = 96, height: Int = 80) -> ([UInt8], [UInt8])? {
    let limit = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
    guard let stage = ImageStage(draw, limit: limit, textures: TextureCache()) else { return nil }
    let fast = Raster(width: width, height: height, fill: PremultipliedColor(r: 0.2, g: 0.4, b: 0.1, a: 0.6))
    let slow = Raster(width: width, height: height, fill: PremultipliedColor(r: 0.2, g: 0.4, b: 0.1, a: 0.6))
    let scratch = TileScratch()
    for y0 in stride(from: 0, to: height, by: TileScratch.size) {
      for x0 in stride(from: 0, to: width, by: TileScratch.size) {
        let tile = PixelRect(x0: x0, y0: y0, x1: min(width, x0 + 64), y1: min(height, y0 + 64))
        let region = stage.bounds.intersection(tile)
        guard !region.isEmpty else { continue }
        stage.drawAffine(region, skipping: .empty, into: fast, scratch: scratch)
        stage.drawProjective(region, skipping: .empty, into: slow, scratch: scratch)
      }
    }
    return (fast.image().pixels, slow.image().pixels)
  }

  @Test(arguments: [
    Sampling(minification: .nearest, magnification: .nearest, bias: 0),
    Sampling(minification: .linear, magnification: .linear, bias: 0),
    Sampling(minification: .trilinear, magnification: .linear, bias: 0),
    Sampling(minification: .trilinear, magnification: .nearest, bias: 0.7),
  ])
  func affinePathMatchesProjectivePath(sampling: Sampling) throws {
    let matrices: [Transform3D] = [
      Transform3D(scaleX: 0.37, y: 0.41).translatedBy(x: 10.3, y: 7.6),  // minified
      Transform3D(translationX: 3.25, y: -5.5).scaledBy(x: 2.3, y: 1.7),  // magnified, off the top
      Transform3D(rotationAngle: 0.4, x: 0, y: 0, z: 1).concatenating(Transform3D(translationX: 40.5, y: 2)),
      Transform3D(CGAffineTransform(a: -0.8, b: 0.15, c: 0.3, d: 0.6, tx: 90.7, ty: 20.2)),  // flipped, sheared
      Transform3D(translationX: 60.5, y: 50.25),  // past the right and bottom edges
      // Mirrored along x, stretched along y: the axis-aligned reads (spanAxisAligned).
      Transform3D(CGAffineTransform(a: -1.3, b: 0, c: 0, d: 1.9, tx: 85.25, ty: -3.5)),
    ]
    for (n, matrix) in matrices.enumerated() {
      for opaque in [true, false] {
        let image = noise(53, 47, opaque: opaque)
        let clip = Clip(
          matrix: .identity,
          shape: .roundedRect(RoundedRect(rect: F.rect(5, 4, 80, 70), radii: [9, 9, 9, 9])))
        let draw = ImageDraw(
          matrix: matrix, image: image,
          slices: [ImageSlice(destination: F.rect(-3, 2, 61, 44), source: F.rect(2, 1.5, 48, 44))],
          sampling: sampling, opacity: opaque ? 1 : 0.8, clips: n % 2 == 0 ? [clip] : [], name: "image")
        let (fast, slow) = try #require(bothPaths(draw))
        #expect(fast == slow, "matrix \(n), opaque \(opaque)")
        #expect(Set(fast).count > 20)  // something was drawn
      }
    }
  }

  @Test func opaqueImageHidesEarlierCommandsWithoutChangingPixels() throws {
    let image = noise(40, 30, opaque: true)
    let cover = DrawCommand.image(
      ImageDraw(
        matrix: Transform3D(translationX: 3.5, y: 2.25).scaledBy(x: 2.1, y: 2.3), image: image,
        slices: [ImageSlice(destination: F.rect(0, 0, 40, 30), source: F.rect(0, 0, 40, 30))],
        sampling: .linear, opacity: 1, clips: [], name: "cover"))
    let under = F.roundedRect(RoundedRect(rect: F.rect(10, 10, 150, 60), radii: [8, 8, 8, 8]), color: PremultipliedColor(r: 0.5, g: 0, b: 0, a: 0.5))
    let stage = try #require(
      ImageStage(
        { if case .image(let d) = cover { return d } else { fatalError() } }(),
        limit: PixelRect(x0: 0, y0: 0, x1: 160, y1: 90), textures: TextureCache()))
    // Whole pixels of [3.5, 87.5] × [2.25, 71.25].
    #expect(stage.occluder == PixelRect(x0: 4, y0: 3, x1: 87, y1: 71))
    let out = CPURenderer().render(F.plan(160, 90, [under, cover]))
    // The reference: the cover drawn alone over the shape's result.
    let alone = CPURenderer().render(F.plan(160, 90, [under]))
    let top = CPURenderer().render(F.plan(160, 90, [cover]))
    for j in 0..<90 {
      for i in 0..<160 {
        let o = (j * 160 + i) * 4
        let inside = i >= 4 && i < 87 && j >= 3 && j < 71
        if inside {
          #expect(Array(out.pixels[o..<o + 4]) == Array(top.pixels[o..<o + 4]))
        } else if i >= 88 || j >= 72 {
          #expect(Array(out.pixels[o..<o + 4]) == Array(alone.pixels[o..<o + 4]))
        }
      }
    }
  }

  @Test func translucentImagesDoNotOcclude() throws {
    let draw = ImageDraw(
      matrix: .identity, image: noise(20, 20, opaque: false),
      slices: [ImageSlice(destination: F.rect(0, 0, 20, 20), source: F.rect(0, 0, 20, 20))],
      sampling: .linear, opacity: 1, clips: [], name: "image")
    let limit = PixelRect(x0: 0, y0: 0, x1: 32, y1: 32)
    let stage = try #require(ImageStage(draw, limit: limit, textures: TextureCache()))
    #expect(stage.occluder.isEmpty)
    var faded = draw
    faded.image = noise(20, 20, opaque: true)
    faded.opacity = 0.99
    #expect(try #require(ImageStage(faded, limit: limit, textures: TextureCache())).occluder.isEmpty)
    faded.opacity = 1
    #expect(try #require(ImageStage(faded, limit: limit, textures: TextureCache())).occluder == PixelRect(x0: 0, y0: 0, x1: 20, y1: 20))
  }
}

@Suite(.serialized) struct ImageKernelTests {
  /// The AVX2 rows of axis-aligned bilinear reads (image_rows.c) against
  /// the Swift loop: the same bytes on a stretched, mirrored, translucent
  /// and clipped image, partly off the canvas, and on two minified ones.
  @Test func theKernelDrawsTheSwiftLoopsBytes() throws {
    guard spanBlendHasAVX2 else { return }
    let root = LayerFixtures.canvas(96)
    root.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.3, alpha: 0.7)
    let images: [(CGRect, Double, Bool)] = [
      (CGRect(x: -7.3, y: 3.6, width: 70.2, height: 51.7), 1, false),
      (CGRect(x: 30.5, y: 40.25, width: 80.4, height: 66.6), 0.7, true),
      // Minified across: under 8/7 (texels loaded eight at a time) and over it (gathered).
      (CGRect(x: 2.4, y: 60.3, width: 35.2, height: 27.1), 1, false),
      (CGRect(x: 50.2, y: 5.7, width: 16.3, height: 30.9), 0.9, false),
    ]
    for (n, (frame, opacity, rounded)) in images.enumerated() {
      let layer = Layer()
      layer.frame = frame
      layer.contents = BlendKernelTests.noise(37 + n, 29, seed: UInt64(7 + n))
      layer.opacity = opacity
      if rounded {
        layer.masksToBounds = true
        layer.cornerRadius = 14
        layer.transform = Transform3D(scaleX: -1, y: 1)
      }
      try root.addSublayer(layer)
    }
    let plan = try RenderPlan(root: root, size: CGSize(width: 96, height: 96))
    let (differing, shades) = BlendKernelTests.kernelAgainstSwift(plan) { ImageStage.useImageKernel = $0 }
    #expect(differing == 0, "\(differing) bytes differ")
    #expect(shades > 100)
  }
}
