// The animated book figures on GL, and `lamina demo` drawing them.
//
// - Each animated figure's frames at a quarter, half and three quarters of
//   its sequence drawn by LaminaGL match LaminaCPU's within `glParity`
//   (CorpusParityTests compares the model, t = 0 without animations, only).
// - `lamina demo` over a folder holding one still and one animated figure
//   writes the still's PNGs and the animated one's two APNGs (every frame,
//   the scene's frame rate), its frame strip and its worst-frame heat map,
//   and links them from index.html.
import Foundation
import LaminaCPU
import LaminaGL
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite("Animated figures on GL", requiresGL)
struct AnimatedFigureGLTests {
  static let animated: [CorpusScene] = Corpus.scenes.filter { scene in
    guard scene.id.hasPrefix("figures/"), let s = try? Scene(contentsOfFile: scene.path) else { return false }
    return s.canvas.duration > 0 && s.root.hasAnimationsInSubtree
  }

  @Test(arguments: animated)
  func glMatchesCPUWhileMoving(_ figure: CorpusScene) throws {
    #expect(Self.animated.count >= 6)
    let scene = try Scene(contentsOfFile: figure.path)
    let gl = try GLRenderer(), cpu = CPURenderer()
    for share in [0.25, 0.5, 0.75] {
      let t = (scene.canvas.duration * share * scene.canvas.frameRate).rounded(.down) / scene.canvas.frameRate
      let plan = try scene.presentation(at: t).renderPlan()
      let name = "animated-\(figure.id.replacingOccurrences(of: "figures/", with: ""))-t\(t)"
      if let failure = ImageExpectation.check(try gl.render(plan), against: cpu.render(plan), tolerance: .glParity, name: name) {
        Issue.record(Comment(rawValue: failure))
      }
    }
  }

  @Test(.enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"))
  func demoWritesAnimatedPNGsAndAStrip() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-demo-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.createDirectory(atPath: dir + "/examples", withIntermediateDirectories: true)
    // 10.1 at 5 frames/s (10 frames: quick) and a still.
    var text = try String(contentsOfFile: Corpus.root + "/Examples/figure-10.1.json", encoding: .utf8)
    text = text.replacingOccurrences(of: "\"frameRate\": 25", with: "\"frameRate\": 5")
    try text.write(toFile: dir + "/examples/figure-10.1.json", atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(atPath: Corpus.root + "/Examples/figure-4.2.json", toPath: dir + "/examples/figure-4.2.json")
    let run = try LaminaTool.run(
      ["demo", "--examples", dir + "/examples", "--out", dir + "/out", "--bench-frames", "0"], environment: [:])
    #expect(run.status == 0, "\(run.err)")
    #expect(run.out.contains("figure-10.1: max channel difference") && run.out.contains("(10 frames, worst frame "), "\(run.out)")
    let out = dir + "/out/"
    for backend in ["gl", "cpu"] {
      let info = APNGInfo(data: Array(FileManager.default.contents(atPath: out + "figure-10.1-\(backend).png") ?? Data()))
      #expect(info?.frameCount == 10 && info?.delays == [Double](repeating: 0.2, count: 10), "\(backend)")
      #expect(info?.width == 960 && info?.height == 600 && info?.isWellFormed == true)
    }
    // The strip: 8 cells of 240 + 8 gap, frames 0, 1, 2, 3, 5, 6, 7, 8.
    let strip = try Image(contentsOfPNGFile: out + "figure-10.1-strip.png")
    #expect(strip.width == 8 + 8 * (240 + 8) && strip.height == 8 + 150 + 8)
    #expect(FileManager.default.fileExists(atPath: out + "figure-10.1-diff.png"))
    // The still is a plain PNG.
    #expect(APNGInfo(data: Array(FileManager.default.contents(atPath: out + "figure-4.2-gl.png") ?? Data())) == nil)
    let page = try String(contentsOfFile: out + "index.html", encoding: .utf8)
    #expect(page.contains("figure-10.1-strip.png") && page.contains("frames 0, 1, 2, 3, 5, 6, 7, 8 of 10"))
    #expect(page.contains("over all 10 frames: max channel difference"))
  }
}
