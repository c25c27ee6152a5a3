// The scenes `lamina bench` times (Tests/Scenes/bench, written by
// tools/bench-scenes/generate.py) drawn by both backends: LaminaGL against
// LaminaCPU under `glParity`, and each image checked for what the scene
// must show, so a bench scene that stopped drawing can't report a fast
// nothing (found: nine-slice's fractional seams on GL). The S3 scenes and
// `animation` (60 trilinear reads of the 1024² test image: a mip chain
// takes a minute and a half in a debug build) and S2's middle sigmas are
// left to `lamina bench`, which compares the two images of every scene it
// times; so are S7 and S7-flat (text: TextBenchSceneTests checks their
// layout), S6 and S6-one (animations: IncrementalFramesTests draw S6), and
// S8 and S8-none (200 cards at 1080p, seconds a frame in a debug build:
// BlendGLTests and the blend corpus scenes check the blends' parity), and
// S1-frac (a thousand shadows each at its own sub-pixel phase: seconds in
// a debug build; S1 checks the same cards on the grid).
import Foundation
import Lamina
import LaminaCPU
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("The bench scenes on both backends", requiresGL)
struct BenchSceneParityTests {
  static let folder = Corpus.root + "/Tests/Scenes/bench"
  static let names = [
    "S1", "S2-sigma2", "S2-sigma32", "mask", "group-opacity", "rasterize", "shadow-content", "nine-slice",
    "planes-3d", "gradients", "S4", "S5",
  ]

  @Test(arguments: names)
  func glMatchesCPU(_ name: String) throws {
    let scene = try Scene(contentsOfFile: "\(Self.folder)/\(name).json")
    let plan = try scene.renderPlan()
    let cpu = CPURenderer().render(plan)
    let gl = try GLRenderer().render(plan)
    if let failure = ImageExpectation.check(gl, against: cpu, tolerance: .glParity, name: "bench-" + name) {
      Issue.record(Comment(rawValue: failure))
    }
    // Cards, shadows, gradients and planes make many shades; a blank or
    // background-only frame makes one or two.
    let shades = Set(stride(from: 0, to: cpu.pixels.count, by: 4).map { cpu.pixels[$0] }).count
    #expect(shades > 20, "\(name): \(shades) shades of red")
  }

  /// S2's card is white at its centre and its shadow darkens the canvas
  /// below it (offset (0, 4)), more than far away.
  @Test func s2CardAndShadow() throws {
    let scene = try Scene(contentsOfFile: "\(Self.folder)/S2-sigma8.json")
    let image = CPURenderer().render(try scene.renderPlan())
    func red(_ x: Int, _ y: Int) -> UInt8 { image.pixels[(y * image.width + x) * 4] }
    #expect(red(400, 300) == 255)
    #expect(red(400, 455) < red(400, 590) && red(400, 590) == 0xEE)
  }

  /// Every file of the folder is a scene the suite names, and the reverse.
  @Test func everyFileIsNamed() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }
    let expected =
      Self.names + [
        "S2-sigma4", "S2-sigma8", "S3-nearest", "S3-linear", "S3-trilinear", "animation", "S7", "S7-flat",
        "S6", "S6-one", "S8", "S8-none", "S1-frac", "S10",
      ]
    #expect(Set(files.map { String($0.dropLast(5)) }) == Set(expected))
  }
}
