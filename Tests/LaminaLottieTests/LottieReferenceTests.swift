// lottie-ios's development samples on LaminaCPU against Core Animation's
// own renders, judged as lottie-ios's snapshot tests judge them
// (SnapshotComparison). Only references a transparent image fails count
// (a reference with almost nothing drawn passes anything). Every such
// reference passes except those listed in LottieExpectedFailures with their
// causes; a listed one that starts passing is reported so the list shrinks.
// LaminaCPU in a debug build draws one reference in four (every sample and
// progress somewhere; 200 would take four minutes); LaminaGL draws all of them
// (LottieReferenceGLTests), and tools/lottie-ios-check the whole corpus.
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite("Lottie against Core Animation's renders (CPU)")
struct LottieReferenceTests {
  @Test func developmentSamplesPassAsLottieIOSJudgesThem() throws {
    let renderer = CPURenderer()
    let outcomes = try LottieReferences.check(every: 4) { renderer.render($0) }
    let counted = outcomes.filter { !$0.emptyPasses }
    let failed = counted.filter { !$0.result.passed }.map(\.label)
    let unexpected = failed.filter { LottieExpectedFailures.cpu[$0] == nil }
    let fixed = LottieExpectedFailures.cpu.keys.filter { key in counted.contains { $0.label == key && $0.result.passed } }
    #expect(unexpected.isEmpty, "newly failing: \(unexpected.sorted())")
    if !fixed.isEmpty { print("Lottie references now passing (remove from LottieExpectedFailures.cpu): \(fixed.sorted())") }
    #expect(counted.count >= 40, "only \(counted.count) references count; the manifest lost samples?")
    let rate = Double(counted.count - failed.count) / Double(counted.count)
    print("Lottie references on the CPU: \(counted.count - failed.count) of \(counted.count) pass (\(Int(rate * 1000) / 10) %)")
  }
}
