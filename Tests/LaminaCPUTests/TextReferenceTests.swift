// Text drawn by LaminaCPU against HarfBuzz's hb-view (HBViewReferences:
// the committed PNGs, hb-view's conventions matched, `hbViewReference`
// calibrated on hb-view itself), and the wrong images that must fail: the
// line moved by one pixel (drawn so, not only shifted after), a blank
// image and a tint of 8 levels.
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaCPU

@Suite struct TextReferenceTests {
  @Test func everyLineMatchesHBView() throws {
    let cases = try HBViewReferences.cases()
    #expect(cases.count >= 3)
    for c in cases {
      guard FileManager.default.fileExists(atPath: c.font) else {
        Issue.record("missing font \(c.font) (tools/setup installs it)")
        continue
      }
      let image = CPURenderer().render(try HBViewReferences.plan(c))
      if let failure = ImageExpectation.check(
        image, against: c.reference, tolerance: .hbViewReference, name: "hb-view-cpu-" + c.name)
      {
        Issue.record(Comment(rawValue: failure))
      }
      // The tolerance can fail: a line drawn one pixel to the right, and
      // the right image blank or tinted.
      let moved = CPURenderer().render(try HBViewReferences.plan(c, dx: 1))
      #expect(!ImageTolerance.hbViewReference.violations(of: try ImageDiff(c.reference, moved)).isEmpty, "\(c.name) moved")
      for (what, wrong) in WrongImages.all(image, tint: 8) {
        #expect(
          !ImageTolerance.hbViewReference.violations(of: try ImageDiff(c.reference, wrong)).isEmpty, "\(c.name) \(what)")
      }
    }
  }
}
