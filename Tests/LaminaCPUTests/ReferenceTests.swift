// LaminaCPU against the Chromium references (Tests/References): every
// reference scene rendered by `CPURenderer` and compared with Chromium's
// image under `chromiumReference` (`chromiumShadowReference` where a
// layer casts a shadow: Skia's blur is approximate). And the proof
// that the tolerance can fail: a blank image, the reference moved by one
// and by two pixels, and the scene drawn without its shadow are refused.
// Rejected: comparing with LaminaCPU's own goldens here (those check
// determinism; these check the meaning against an independent renderer).
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite("LaminaCPU against the Chromium references")
struct ReferenceTests {
  @Test(arguments: References.scenes)
  func cpuMatchesChromium(_ scene: ReferenceScene) throws {
    let image = CPURenderer().render(try scene.plan())
    let reference = try scene.reference()
    if let failure = ImageExpectation.check(
      image, against: reference, tolerance: scene.tolerance, name: "reference-cpu-" + scene.id)
    {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test func thereAreAtLeastFortyReferences() {
    #expect(References.scenes.count >= 40)
  }

  /// Blank, moved by 1 px (a checkerboard; a card under the shadowless
  /// term) and by 2 px (a card), and a card's reference against the same
  /// card drawn by Chromium with `shadowOpacity` 0 must all fail; each
  /// reference passes against itself.
  @Test func toleranceRejectsBlankShiftedAndShadowlessImages() throws {
    let checker = try #require(References.scene("contents-nearest")).reference()
    let card = try #require(References.scene("scale2-card")).reference()
    let shadowed = try #require(References.scene("shadow-card")).reference()
    let shadowless = try Image(contentsOfPNGFile: References.folder + "/negatives/shadow-card-no-shadow.png")
    let blank = WrongImages.blank(like: card)
    let both: [ImageTolerance] = [.chromiumReference, .chromiumShadowReference]
    // The card moved by one pixel is within the shadow term (its blur share
    // of 17 % beyond 2 levels is wide), so that term is shown a 2 px move.
    let cases: [(String, Image, Image, [ImageTolerance])] = [
      ("blank", card, blank, both),
      ("checkerboard moved 1 px right", checker, WrongImages.shifted(checker, dx: 1, dy: 0), both),
      ("card moved 1 px down", card, WrongImages.shifted(card, dx: 0, dy: 1), [.chromiumReference]),
      ("card moved 2 px right", card, WrongImages.shifted(card, dx: 2, dy: 0), both),
      ("card without its shadow", shadowed, shadowless, both),
    ]
    for (name, expected, actual, tolerances) in cases {
      let d = try ImageDiff(expected, actual)
      for tolerance in tolerances {
        #expect(!tolerance.violations(of: d).isEmpty, "\(name) must fail \(tolerance.name)")
      }
    }
    for image in [checker, card, shadowed] {
      #expect(ImageTolerance.chromiumReference.violations(of: try ImageDiff(image, image)).isEmpty)
    }
  }
}

@Suite("The blend references see the blends")
struct BlendReferenceSensitivityTests {
  /// Each blend reference, drawn with its compositing filters taken out,
  /// fails its tolerance: the references can tell a blend from none.
  @Test func referencesRefuseTheSceneWithoutItsFilters() throws {
    let blends = References.scenes.filter { $0.id.hasPrefix("blend-") }
    #expect(blends.count >= 30)
    for scene in blends {
      var text = String(decoding: try #require(FileManager.default.contents(atPath: scene.path)), as: UTF8.self)
      for mode in BlendMode.allCases {
        text = text.replacingOccurrences(of: "\"compositingFilter\": \"\(mode.rawValue)\"", with: "\"_compositingFilter\": \"removed\"")
      }
      let plain = try Scene(jsonData: Array(text.utf8), baseDirectory: References.folder).renderPlan()
      let image = CPURenderer().render(plain)
      let d = try ImageDiff(image, try scene.reference())
      #expect(!scene.tolerance.violations(of: d).isEmpty, "\(scene.id) passes without its filters")
    }
  }
}
