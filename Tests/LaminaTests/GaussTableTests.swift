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

/// The row forms (CLaminaGauss: four lanes at a time with AVX2, the rest
/// one at a time in C) give `erf` and `gauss` bit for bit: arguments on
/// both sides of 0, −0, at and past the limit, NaN in a lane among others,
/// and counts that leave every tail length.
@Suite struct GaussTableRowTests {
  static func arguments(count: Int, seed: UInt64) -> [Double] {
    var state = seed
    func next() -> Double {
      state = state &* 6364136223846793005 &+ 1442695040888963407
      return Double(state >> 11) / Double(1 << 53)
    }
    let special: [Double] = [0, -0.0, 6, -6, 5.999_999_999, -5.999_999_999, 6.000_001, 40, -1e300, .nan, .infinity]
    return (0..<count).map { i in i % 7 == 3 ? special[(i / 7) % special.count] : (next() * 2 - 1) * 7 }
  }

  @Test(arguments: [1, 2, 3, 4, 5, 7, 8, 13, 64, 257])
  func rowsAreThePointsBitForBit(count: Int) {
    let table = GaussTable.shared
    let t = Self.arguments(count: count, seed: UInt64(count) &* 977)
    var erfs = [Double](repeating: 0, count: count), gausses = erfs
    t.withUnsafeBufferPointer { t in
      erfs.withUnsafeMutableBufferPointer { table.erf(t.baseAddress!, into: $0.baseAddress!, count: count) }
      gausses.withUnsafeMutableBufferPointer { table.gauss(t.baseAddress!, into: $0.baseAddress!, count: count) }
    }
    for i in 0..<count {
      let e = table.erf(t[i]), g = table.gauss(t[i])
      #expect(erfs[i].bitPattern == e.bitPattern || (erfs[i].isNaN && e.isNaN), "erf(\(t[i]))")
      #expect(gausses[i].bitPattern == g.bitPattern || (gausses[i].isNaN && g.isNaN), "gauss(\(t[i]))")
    }
    // In place, as the shadows call them.
    var inPlace = t
    inPlace.withUnsafeMutableBufferPointer { table.erf($0.baseAddress!, into: $0.baseAddress!, count: count) }
    #expect(zip(inPlace, erfs).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) })
  }
}
