// `Homography.projectWhole` (text pieces projected from their outlines'
// own points) against `projectReportingCut` of the moved points, bit for
// bit, over random polygons under random perspectives: the same points
// where none is behind the eye, and a refusal where one is.

import Foundation
import Testing

@testable import Lamina

@Suite struct HomographyProjectionTests {
  @Test func projectingWholeIsProjectingTheMovedPointsOrARefusal() {
    var rng = SystemRandomNumberGenerator()
    var whole = 0, refused = 0
    for trial in 0..<2_000 {
      var m = Transform3D(rotationAngle: Double.random(in: -1...1, using: &rng), x: 0.3, y: 1, z: 0.2)
      m.m14 = Double.random(in: -0.02...0.02, using: &rng)
      m.m24 = Double.random(in: -0.02...0.02, using: &rng)
      m.m41 = Double.random(in: -100...100, using: &rng)
      let h = Homography(m)
      let n = Int.random(in: 0...12, using: &rng)
      let points = (0..<n).map { _ in
        SIMD2(Double.random(in: -80...80, using: &rng), Double.random(in: -80...80, using: &rng))
      }
      let origin: SIMD2<Double>? =
        trial % 3 == 0 ? nil : SIMD2(Double.random(in: -60...60, using: &rng), Double.random(in: -60...60, using: &rng))
      var out: [SIMD2<Double>] = []
      let ok = h.projectWhole(points[...], movedBy: origin, into: &out)
      let reference = h.projectReportingCut(points.map { p in origin.map { p + $0 } ?? p })
      if ok {
        whole += 1
        #expect(reference.whole)
        #expect(out.map(\.x.bitPattern) == reference.points.map(\.x.bitPattern))
        #expect(out.map(\.y.bitPattern) == reference.points.map(\.y.bitPattern))
      } else {
        refused += 1
        #expect(!reference.whole, "refused a polygon the cut keeps whole")
      }
    }
    #expect(whole > 200 && refused > 200, "both cases met: \(whole) whole, \(refused) refused")
  }
}
