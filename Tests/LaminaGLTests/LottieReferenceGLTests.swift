// lottie-ios's development samples on LaminaGL against Core Animation's own
// renders, as LottieReferenceTests does on the CPU: every reference a
// transparent image fails passes, except those LottieExpectedFailures lists
// for the CPU and for GL.
import Lamina
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("Lottie against Core Animation's renders (GL)", requiresGL)
struct LottieReferenceGLTests {
  @Test func developmentSamplesPassAsLottieIOSJudgesThem() throws {
    let renderer = try GLRenderer()
    let outcomes = try LottieReferences.check { try renderer.render($0) }
    let counted = outcomes.filter { !$0.emptyPasses }
    let failed = counted.filter { !$0.result.passed }.map(\.label)
    let unexpected = failed.filter { LottieExpectedFailures.cpu[$0] == nil && LottieExpectedFailures.gl[$0] == nil }
    #expect(unexpected.isEmpty, "newly failing on GL: \(unexpected.sorted())")
    #expect(counted.count >= 150)
    print("Lottie references on GL: \(counted.count - failed.count) of \(counted.count) pass")
  }
}
