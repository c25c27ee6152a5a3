// GaussTable against the C library's erf and exp, on a sweep finer than
// its knots (so points between knots, where Hermite interpolation errs
// most, are checked), past its limit and at NaN.
import Foundation
import Testing

@testable import Lamina

@Suite struct GaussTableTests {
  /// The design bound (GaussTable's header): h⁴/384 · max|f⁗| with h = 1/128.
  static let erfBound = 5e-11
  static let gaussBound = 2e-10

  @Test func erfAndGaussAgreeWithTheCLibrary() {
    let table = GaussTable.shared
    var worstErf = 0.0, worstGauss = 0.0
    for k in -7_000...7_000 {
      let t = Double(k) / 1000 + 0.000_371  // off the knots
      worstErf = max(worstErf, abs(table.erf(t) - erf(t)))
      worstGauss = max(worstGauss, abs(table.gauss(t) - exp(-t * t)))
    }
    #expect(worstErf < Self.erfBound, "erf within \(worstErf)")
    #expect(worstGauss < Self.gaussBound, "gauss within \(worstGauss)")
    // Interpolation really happens: the sweep is not all knots or tails.
    #expect(worstErf > 0)
  }

  @Test func tailsAndNaN() {
    let table = GaussTable.shared
    #expect(table.erf(6) == 1 && table.erf(-40) == -1 && table.gauss(9) == 0)
    #expect(table.erf(0) == 0 && table.gauss(0) == 1)
    #expect(table.erf(.nan).isNaN && table.gauss(.nan).isNaN)
    #expect(table.erf(.infinity) == 1 && table.gauss(-.infinity) == 0)
  }
}
