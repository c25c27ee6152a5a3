// Every corpus scene and book figure rendered by the CPU renderer and
// compared byte for byte with its committed golden PNG (looked at by a
// person when it was made). `LAMINA_UPDATE_GOLDENS=1` rewrites goldens.
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite struct GoldenTests {
  @Test(arguments: Corpus.scenes)
  func cpuMatchesGolden(_ scene: CorpusScene) throws {
    let image = CPURenderer().render(try scene.plan())
    if ImageExpectation.updatingGoldens {
      try FileManager.default.createDirectory(
        atPath: (scene.goldenPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try image.writePNG(to: scene.goldenPath)
      return
    }
    let golden = try Image(contentsOfPNGFile: scene.goldenPath)
    if let failure = ImageExpectation.check(image, against: golden, tolerance: .exact, name: "golden-" + scene.id) {
      Issue.record(Comment(rawValue: failure))
    }
  }

  /// The third frame of one renderer: retained stamps, their runs and
  /// preblended tables (made on a pair's second sighting) give the same bytes.
  @Test(arguments: Corpus.scenes)
  func warmRendererMatchesGolden(_ scene: CorpusScene) throws {
    guard !ImageExpectation.updatingGoldens else { return }
    let renderer = CPURenderer(), plan = try scene.plan()
    _ = renderer.render(plan)
    _ = renderer.render(plan)
    let image = renderer.render(plan)
    let golden = try Image(contentsOfPNGFile: scene.goldenPath)
    if let failure = ImageExpectation.check(image, against: golden, tolerance: .exact, name: "warm-" + scene.id) {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test func corpusIsComplete() {
    #expect(Corpus.scenes.filter { $0.id.hasPrefix("figures/") }.count >= 28)
    #expect(Corpus.scenes.filter { $0.id.hasPrefix("scenes/") }.count >= 40)
  }
}
