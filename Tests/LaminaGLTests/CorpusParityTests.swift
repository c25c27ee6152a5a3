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
    if let failure = ImageExpectation.check(gl, against: cpu, tolerance: scene.parityTolerance, name: "parity-" + scene.id) {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// The tolerance can fail: a blank image, the right image moved by one
  /// pixel, and a slightly miscoloured one are all refused.
  @Test func toleranceRejectsBlankShiftedAndMiscolouredImages() throws {
    let scene = try #require(Corpus.scenes.first { $0.id == "figures/figure-4.2" })
    let cpu = try Image(contentsOfPNGFile: scene.goldenPath)
    for (name, image) in WrongImages.all(cpu, tint: 3) {
      let d = try ImageDiff(cpu, image)
      #expect(!ImageTolerance.glParity.violations(of: d).isEmpty, "\(name) must fail glParity")
    }
    #expect(ImageTolerance.glParity.violations(of: try ImageDiff(cpu, cpu)).isEmpty)
  }
}
