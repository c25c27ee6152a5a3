// LaminaCPU against the animated Chromium references
// (Tests/References/animated): each scene presented at each reference time
// and drawn by `CPURenderer`, compared with Chromium's frame of the same
// scene at the same time under `chromiumReference` (the still references'
// calibrated tolerance: no animated scene has a shadow or a shape). And the
// proof that the comparison sees time: every frame drawn at another
// reference time of its scene, a blank frame and a frame moved by one
// pixel are refused. Rejected: a tolerance of its own for animated frames
// (a frame at a time is a still scene; calibrate.py measures these frames
// as it measures the still ones).
import Lamina
import LaminaCPU
import LaminaTestSupport
import Testing

@Suite("LaminaCPU against the animated Chromium references")
struct AnimatedReferenceTests {
  @Test(arguments: AnimatedReferences.frames)
  func cpuFrameMatchesChromium(_ frame: AnimatedReferenceFrame) throws {
    let image = CPURenderer().render(try frame.plan())
    if let failure = ImageExpectation.check(
      image, against: try frame.reference(), tolerance: .chromiumReference, name: "animated-cpu-\(frame)")
    {
      Issue.record(Comment(rawValue: failure))
    }
  }

  @Test func thereAreAtLeastEightScenesOfThreeTimes() {
    let ids = AnimatedReferences.sceneIDs
    #expect(ids.count >= 8)
    for id in ids {
      #expect(AnimatedReferences.frames.filter { $0.id == id }.count >= 3, "\(id)")
    }
  }

  /// Lamina's frame at another reference time of the same scene, a blank
  /// frame and the right frame moved one point right (`canvas.scale`
  /// pixels) must all fail. The scenes whose moving boxes are small carry
  /// light bars behind them, so that a moved frame differs on enough pixels.
  @Test(arguments: AnimatedReferences.sceneIDs)
  func wrongTimeBlankAndShiftedFramesFail(_ id: String) throws {
    let frames = AnimatedReferences.frames.filter { $0.id == id }
    let drawn = try frames.map { CPURenderer().render(try $0.plan()) }
    let point = Int(try #require(frames.first).scale)
    for (i, frame) in frames.enumerated() {
      let reference = try frame.reference()
      for (j, other) in frames.enumerated() where j != i {
        let d = try ImageDiff(reference, drawn[j])
        #expect(
          !ImageTolerance.chromiumReference.violations(of: d).isEmpty,
          "\(frame) must refuse the frame drawn at \(other.time) s")
      }
      for (name, wrong) in [("blank", WrongImages.blank(like: reference)), ("moved 1 pt", WrongImages.shifted(drawn[i], dx: point, dy: 0))] {
        #expect(!ImageTolerance.chromiumReference.violations(of: try ImageDiff(reference, wrong)).isEmpty, "\(frame): \(name)")
      }
    }
  }
}
