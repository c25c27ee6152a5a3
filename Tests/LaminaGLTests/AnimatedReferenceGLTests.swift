// LaminaGL against the animated Chromium references
// (Tests/References/animated), under the same tolerance as LaminaCPU
// (`chromiumReference`): GL's frames at each time must mean what the scene
// says, not only agree with the CPU. Skipped like every GL suite where EGL
// cannot start (`requiresGL`). The wrong-time, blank and shifted frames
// are refused in AnimatedReferenceTests (CPU); the tolerance is the same.
import Lamina
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("LaminaGL against the animated Chromium references", requiresGL)
struct AnimatedReferenceGLTests {
  @Test(arguments: AnimatedReferences.frames)
  func glFrameMatchesChromium(_ frame: AnimatedReferenceFrame) throws {
    let image = try GLRenderer().render(try frame.plan())
    if let failure = ImageExpectation.check(
      image, against: try frame.reference(), tolerance: .chromiumReference, name: "animated-gl-\(frame)")
    {
      Issue.record(Comment(rawValue: failure))
    }
  }
}
