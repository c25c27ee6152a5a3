// LaminaGL against LaminaCPU on every corpus scene and book figure, with
// the one named tolerance `glParity`. The CPU side is the committed golden,
// which GoldenTests proves equal to the CPU renderer's output byte for byte.
import Lamina
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("GL parity with the CPU reference", requiresGL)
struct CorpusParityTests {
  @Test(arguments: Corpus.scenes)
  func glMatchesCPU(_ scene: CorpusScene) throws {
    let gl = try GLRenderer().render(try scene.plan())
    let cpu = try Image(contentsOfPNGFile: scene.goldenPath)
    if let failure = ImageExpectation.check(gl, against: cpu, tolerance: .glParity, name: "parity-" + scene.id) {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// The tolerance can fail: a blank image, the right image moved by one
  /// pixel, and a slightly miscoloured one are all refused.
  @Test func toleranceRejectsBlankShiftedAndMiscolouredImages() throws {
    let scene = try #require(Corpus.scenes.first { $0.id == "figures/figure-4.2" })
    let cpu = try Image(contentsOfPNGFile: scene.goldenPath)
    let w = cpu.width, h = cpu.height
    let blank = Image(width: w, height: h, premultipliedPixels: [UInt8](repeating: 0, count: w * h * 4))
    var shifted = [UInt8](repeating: 0, count: w * h * 4)
    for y in 0..<h {
      for x in 1..<w {
        for c in 0..<4 { shifted[(y * w + x) * 4 + c] = cpu.pixels[(y * w + x - 1) * 4 + c] }
      }
    }
    let tinted = cpu.pixels.enumerated().map { i, v in i % 4 == 0 ? v &- min(v, 3) : v }
    for (name, image) in [
      ("blank", blank), ("shifted", Image(width: w, height: h, premultipliedPixels: shifted)),
      ("tinted", Image(width: w, height: h, premultipliedPixels: tinted)),
    ] {
      let d = try ImageDiff(cpu, image)
      #expect(!ImageTolerance.glParity.violations(of: d).isEmpty, "\(name) must fail glParity")
    }
    #expect(ImageTolerance.glParity.violations(of: try ImageDiff(cpu, cpu)).isEmpty)
  }
}
