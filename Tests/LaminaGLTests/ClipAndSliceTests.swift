// Clips multiply coverage (rounded-rect and convex clips, each in its own
// local space), and nine-slice contents map each piece of the grid linearly.

import Foundation
import LaminaCPU
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaGL

private typealias F = PlanFixtures

@Suite("GL clips and slices", requiresGL)
struct ClipAndSliceTests {
  @Test func roundedRectClipCutsAFill() throws {
    let renderer = try GLRenderer()
    // The clip lives in a space scaled by 2: its rect (2, 2, 8, 8) covers pixels 4…20 × 4…20.
    let clip = Clip(
      matrix: Transform3D(scaleX: 2, y: 2),
      shape: .roundedRect(RoundedRect(rect: CGRect(x: 2, y: 2, width: 8, height: 8), radii: [3, 3, 3, 3])))
    let image = try renderer.render(F.plan(24, 24, [F.roundedRect(CGRect(x: 0, y: 0, width: 24, height: 24), clips: [clip])]))
    let alpha = { (x: Int, y: Int) in Int(image.pixels[(y * 24 + x) * 4 + 3]) }
    #expect(alpha(12, 12) == 255)
    #expect(alpha(3, 12) == 0 && alpha(20, 12) == 0 && alpha(12, 3) == 0 && alpha(12, 20) == 0)
    #expect(alpha(4, 12) == 255 && alpha(19, 12) == 255, "straight clip edges on pixel boundaries")
    #expect(alpha(4, 4) == 0, "the clip's rounded corner (radius 6 px) cuts the corner pixel")
  }

  @Test(arguments: [9, 17, 30])
  func moreClipsThanOneDrawTakesMatchTheCPU(count: Int) throws {
    // Nested rounded clips (9 and more masksToBounds ancestors), each a
    // little smaller and offset, over a fill, a shadow and a translucent fill.
    var clips: [Clip] = []
    for i in 0..<count {
      let d = Double(i)
      let rect = CGRect(x: 2 + d * 0.7, y: 3 + d * 0.5, width: 56 - d, height: 44 - d)
      let shape = Clip.Shape.roundedRect(RoundedRect(rect: rect, radii: [6, 4, 6, 4]))
      clips.append(Clip(matrix: Transform3D(translationX: Double(i % 3), y: Double(i % 2)), shape: shape))
    }
    var shadow = F.shadow(CGRect(x: 10, y: 10, width: 30, height: 20), radius: 5, sigma: 3)
    shadow.clips = clips
    let commands = [
      F.roundedRect(CGRect(x: 0, y: 0, width: 64, height: 52), color: F.white, clips: clips), shadow,
      F.roundedRect(CGRect(x: 5, y: 8, width: 40, height: 30), color: PremultipliedColor(r: 0.2, g: 0, b: 0.4, a: 0.6), clips: clips),
    ]
    let plan = F.plan(64, 52, background: PremultipliedColor(r: 0.9, g: 0.9, b: 0.9, a: 1), commands)
    let gl = try GLRenderer().render(plan)
    let cpu = CPURenderer().render(plan)
    let failure = ImageExpectation.check(gl, against: cpu, tolerance: .glParity, name: "clips-\(count)")
    #expect(failure == nil, "\(failure ?? "")")
  }

  @Test func convexClipKeepsAHalfPlane() throws {
    let renderer = try GLRenderer()
    // x ≥ 10.5 in a translated space: x_target ≥ 12.5.
    let clip = Clip(matrix: Transform3D(translationX: 2, y: 0), shape: .convex([HalfPlane(a: 1, b: 0, c: -10.5)]))
    let image = try renderer.render(F.plan(20, 4, [F.roundedRect(CGRect(x: 0, y: 0, width: 20, height: 4), clips: [clip])]))
    let alpha = { (x: Int) in Int(image.pixels[(2 * 20 + x) * 4 + 3]) }
    // A 3D-sort cut is not anti-aliased: pixel 12's centre lies on the
    // line, and goes to the side its normal (1, 0) points to.
    #expect(alpha(11) == 0)
    #expect(alpha(12) == 255)
    #expect(alpha(13) == 255)
  }

  @Test func clipsMultiply() throws {
    let renderer = try GLRenderer()
    let left = Clip(matrix: .identity, shape: .convex([HalfPlane(a: -1, b: 0, c: 10.5)]))  // x ≤ 10.5
    let right = Clip(matrix: .identity, shape: .convex([HalfPlane(a: 1, b: 0, c: -10.5)]))  // x ≥ 10.5
    let rect = CGRect(x: 0, y: 0, width: 20, height: 4)
    let both = try renderer.render(F.plan(20, 4, [F.roundedRect(rect, clips: [left, right])]))
    #expect(both.pixels.allSatisfy { $0 == 0 }, "the two sides share no pixel centre")
    // Complementary fragments tile the shape: every pixel once, no seam.
    let tiled = try renderer.render(F.plan(20, 4, [F.roundedRect(rect, clips: [left]), F.roundedRect(rect, clips: [right])]))
    let alphas = (0..<80).map { Int(tiled.pixels[$0 * 4 + 3]) }
    #expect(alphas == [Int](repeating: 255, count: 80))
  }

  @Test func nineSliceMapsEachPieceLinearly() throws {
    let renderer = try GLRenderer()
    // A 3×3 image, each texel its own colour; slices put the corners at
    // 2×2 pixels and stretch the centre texel over 6×6.
    var pixels: [UInt8] = []
    for i in 0..<9 { pixels += [UInt8(20 * i + 10), UInt8(200 - 20 * i), 0, 255] }
    let image = Image(width: 3, height: 3, premultipliedPixels: pixels)
    let d: [Double] = [0, 2, 8, 10], s: [Double] = [0, 1, 2, 3]
    var slices: [ImageSlice] = []
    for row in 0..<3 {
      for column in 0..<3 {
        slices.append(
          ImageSlice(
            destination: CGRect(x: d[column], y: d[row], width: d[column + 1] - d[column], height: d[row + 1] - d[row]),
            source: CGRect(x: s[column], y: s[row], width: 1, height: 1)))
      }
    }
    let nearest = Sampling(minification: .nearest, magnification: .nearest, bias: 0)
    let draw = ImageDraw(matrix: .identity, image: image, slices: slices, sampling: nearest, opacity: 1, clips: [], name: "nine")
    #expect(ImageMesh.grid(slices) != nil, "a nine-slice grid is one mesh")
    let out = try renderer.render(F.plan(10, 10, [.image(draw)]))
    func texel(_ i: Int) -> (UInt8, UInt8, UInt8, UInt8) { (pixels[i * 4], pixels[i * 4 + 1], pixels[i * 4 + 2], pixels[i * 4 + 3]) }
    #expect(out.pixel(x: 0, y: 0) == texel(0))
    #expect(out.pixel(x: 9, y: 0) == texel(2))
    #expect(out.pixel(x: 5, y: 5) == texel(4))
    #expect(out.pixel(x: 9, y: 9) == texel(8))
    #expect(out.pixel(x: 5, y: 9) == texel(7))
  }

  /// Fractional margins (0.45 of 48 texels: seams at 21.6 points) still make
  /// one mesh, so a horizontal ramp stays a ramp across the seams on both
  /// backends: every pixel of a row lies between its neighbours (1 level
  /// for rounding). Drawn as nine quads, each anti-aliased along its
  /// seams, the seam pixels let the background through: 57 levels off.
  @Test func fractionalNineSliceSeamsAreInvisible() throws {
    let layer = Layer()
    layer.frame = CGRect(x: 10, y: 10, width: 80, height: 40)
    layer.contents = GeneratedImage.linearGradient(
      width: 48, height: 48, colors: [.black, .white], start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 1, y: 0.5))
    layer.contentsCenter = CGRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)
    let scene = Scene(canvas: Canvas(width: 100, height: 60, background: Color(hex: "#EEEEEE")), layers: [layer])
    let plan = try scene.renderPlan()
    if case .image(let draw) = plan.surfaces[0].commands.first {
      #expect(ImageMesh.grid(draw.slices) != nil, "fractional margins still make one mesh")
    }
    for (name, image) in [("gl", try GLRenderer().render(plan)), ("cpu", CPURenderer().render(plan))] {
      let row = (11..<89).map { Int(image.pixel(x: $0, y: 30).0) }
      for i in 1..<row.count - 1 {
        let lo = min(row[i - 1], row[i + 1]) - 1, hi = max(row[i - 1], row[i + 1]) + 1
        #expect((lo...hi).contains(row[i]), "\(name): x = \(i + 11): \(row[i - 1]) \(row[i]) \(row[i + 1])")
      }
    }
  }
}
