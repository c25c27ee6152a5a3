// LaminaGL against the Chromium references (Tests/References), under the
// same tolerance as LaminaCPU (`chromiumReference`): GL must mean what the
// scene says too, not only agree with the CPU. Skipped like every GL suite
// where EGL cannot start (`requiresGL`). Rejected: a wider GL-specific
// tolerance (glParity already bounds GL against CPU; widening here would
// hide GL-only errors of meaning).
import Lamina
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("LaminaGL against the Chromium references", requiresGL)
struct ReferenceGLTests {
  @Test(arguments: References.scenes)
  func glMatchesChromium(_ scene: ReferenceScene) throws {
    let image = try GLRenderer().render(try scene.plan())
    let reference = try scene.reference()
    if let failure = ImageExpectation.check(
      image, against: reference, tolerance: scene.tolerance, name: "reference-gl-" + scene.id)
    {
      Issue.record(Comment(rawValue: failure))
    }
  }
}
