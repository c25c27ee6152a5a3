// TimingFunction against Chromium: the eased progress of Core Animation's
// five named curves and 200 random cubic Béziers at 50 times each equals
// what headless Chromium's Web Animations report for the same
// `cubic-bezier()` (Tests/References/timing/chromium-cubic-bezier.json,
// made by tools/references/timing.py, so CI needs no Chromium).

import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

@Suite struct TimingFunctionTests {
  struct Curve: Decodable {
    var name: String
    var points: [Double]
    var x: [Double]
    var progress: [Double]
  }
  struct Fixture: Decodable {
    var chromium: String
    var curves: [Curve]
  }

  static let fixture =
    (try? References.fixture(Fixture.self, "timing/chromium-cubic-bezier.json")) ?? Fixture(chromium: "missing", curves: [])

  /// Chromium solves x to 1e-7 (gfx::CubicBezier's epsilon) and Lamina to
  /// 1e-7: 1e-4 leaves room for steep curves, where y moves fastest per x,
  /// and still fails a wrong control point (≥ 1e-2 on these curves).
  static let tolerance = 1e-4

  @Test func theFixtureHoldsTheNamedCurvesAndTwoHundredRandomOnes() {
    #expect(Self.fixture.curves.count == 205)
    #expect(Self.fixture.curves.allSatisfy { $0.x.count == 50 && $0.progress.count == 50 })
  }

  @Test func progressEqualsChromiumsForEveryCurveAndTime() {
    var worst = 0.0
    for curve in Self.fixture.curves {
      let p = curve.points
      let f = TimingFunction(controlPoints: p[0], p[1], p[2], p[3])
      for (x, expected) in zip(curve.x, curve.progress) {
        let error = abs(f.progress(at: x) - expected)
        worst = max(worst, error)
        #expect(error <= Self.tolerance, "\(curve.name) \(p) at x = \(x): \(f.progress(at: x)) vs Chromium \(expected)")
      }
    }
    #expect(worst < Self.tolerance)
  }

  @Test func theNamedCurvesHaveApplesControlPoints() {
    let expected: [(String, [Double])] = [
      ("linear", [0, 0, 1, 1]), ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]),
      ("easeInEaseOut", [0.42, 0, 0.58, 1]), ("default", [0.25, 0.1, 0.25, 1]),
    ]
    for (name, points) in expected {
      let f = TimingFunction.named.first { $0.name == name }!.function
      #expect([f.c1x, f.c1y, f.c2x, f.c2y] == points, "\(name)")
      // And Chromium agrees on the curve by that name.
      let curve = Self.fixture.curves.first { $0.name == name }
      #expect(curve?.points == points)
    }
  }

  @Test func theSolverIsWithinOneMillionthInX() {
    for curve in Self.fixture.curves {
      let p = curve.points
      let f = TimingFunction(controlPoints: p[0], p[1], p[2], p[3])
      for i in 0...100 {
        let x = Double(i) / 100
        let s = f.solve(x)
        let u = 1 - s
        let xs = 3 * u * u * s * p[0] + 3 * u * s * s * p[2] + s * s * s
        #expect(abs(xs - x) <= 1e-6, "\(curve.name) at \(x)")
      }
    }
  }

  @Test func aBlankOrSwappedCurveFailsTheComparison() {
    // The check can fail: easeIn's numbers against easeOut's curve differ by far more than the tolerance.
    let easeOut = Self.fixture.curves.first { $0.name == "easeOut" }!
    let worst = zip(easeOut.x, easeOut.progress).map { abs(TimingFunction.easeIn.progress(at: $0) - $1) }.max()!
    #expect(worst > 100 * Self.tolerance)
  }
}
