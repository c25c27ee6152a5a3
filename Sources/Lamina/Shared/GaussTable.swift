// GaussTable: erf(t) and e^(−t²) from tables, for the shadow integrals
// (RoundedRectShadow), which evaluate them thousands of times per shadow
// and, off the pixel grid, per shadow again.
//
// Design: values and slopes at steps of 1/128 on [0, 6], joined by cubic
// Hermite interpolation (exact value and derivative at each knot). The
// error is at most h⁴/384 · max|f⁗|: 4.4e-11 for erf (max|erf⁗| ≈ 4.4) and
// 1.2e-10 for e^(−t²) (max 12, at 0), a hundred-millionth of a level of
// 8-bit colour; past 6, erf is ±1 and e^(−t²) 0 to within 3e-16. Each
// interval keeps its cubic's four coefficients side by side, so a lookup
// is one 32-byte read and three multiply-adds (Horner) against the C
// library's series (the Hermite basis from values and slopes, as first
// written, took four scattered reads and a dozen multiplications: the
// shadows' corners are about half erf lookups).
//
// Rejected: a polynomial or rational approximation (Abramowitz–Stegun
// 7.1.26 errs by 1.5e-7; the precise ones cost what erf costs), and
// caching a shadow per sub-pixel phase only (each card off the grid then
// pays the full integrals again).

import CLaminaGauss

/// The C library's erf, named apart from `GaussTable.erf`.
private func libmErf(_ t: Double) -> Double { erf(t) }

/// Tabulated erf and Gaussian, accurate to 2e-10. Immutable once made
/// (the tables are written in `init` only), so shared between threads.
public final class GaussTable: @unchecked Sendable {
  /// The shared tables (25 KB each).
  public static let shared = GaussTable()

  static let perUnit = 128.0
  static let limit = 6.0
  /// Per interval [k, k + 1]/128, the cubic in its fraction f:
  /// c0 + f·(c1 + f·(c2 + f·c3)), four Doubles side by side.
  private let erfCubics: UnsafeMutablePointer<SIMD4<Double>>, gaussCubics: UnsafeMutablePointer<SIMD4<Double>>

  private init() {
    let count = Int(Self.limit * Self.perUnit) + 2
    let h = 1 / Self.perUnit
    // Values and slopes (per step) at the knots.
    func knots(_ f: (Double) -> (Double, Double)) -> UnsafeMutablePointer<SIMD4<Double>> {
      let cubics = UnsafeMutablePointer<SIMD4<Double>>.allocate(capacity: count - 1)
      for k in 0..<(count - 1) {
        let (v0, s0) = f(Double(k) * h), (v1, s1) = f(Double(k + 1) * h)
        // The Hermite cubic (h00·v0 + h10·s0 + h01·v1 + h11·s1) by powers of f.
        cubics[k] = SIMD4(v0, s0, -3 * v0 - 2 * s0 + 3 * v1 - s1, 2 * v0 + s0 - 2 * v1 + s1)
      }
      return cubics
    }
    erfCubics = knots { t in (libmErf(t), 2 / Double.pi.squareRoot() * exp(-t * t) * h) }
    gaussCubics = knots { t in (exp(-t * t), -2 * t * exp(-t * t) * h) }
  }

  deinit {
    erfCubics.deallocate()
    gaussCubics.deallocate()
  }

  /// The interpolating cubic at `a` ≥ 0 (a < limit).
  @inline(__always)
  private func cubic(_ cubics: UnsafeMutablePointer<SIMD4<Double>>, _ a: Double) -> Double {
    let u = a * Self.perUnit
    let k = Int(u)
    let f = u - Double(k)
    let c = cubics[k]
    return c[0] + f * (c[1] + f * (c[2] + f * c[3]))
  }

  /// erf(t), within 5e-11; NaN for NaN.
  @inline(__always) public func erf(_ t: Double) -> Double {
    let a = abs(t)
    guard a < Self.limit else { return a.isNaN ? a : (t < 0 ? -1 : 1) }
    let v = cubic(erfCubics, a)
    return t < 0 ? -v : v
  }

  /// e^(−t²), within 2e-10; NaN for NaN.
  @inline(__always) public func gauss(_ t: Double) -> Double {
    let a = abs(t)
    guard a < Self.limit else { return a.isNaN ? a : 0 }
    return cubic(gaussCubics, a)
  }

  /// `erf` of each of `count` arguments at `t`, into `out` (which may be
  /// `t`): the same bits, four at a time where the CPU has AVX2
  /// (CLaminaGauss).
  public func erf(_ t: UnsafePointer<Double>, into out: UnsafeMutablePointer<Double>, count: Int) {
    guard count > 0 else { return }
    erfCubics.withMemoryRebound(to: Double.self, capacity: 4) { lamina_gauss_erf_row($0, Self.limit, t, out, count) }
  }

  /// `gauss` of each of `count` arguments at `t`, into `out` (which may be
  /// `t`), as `erf(_:into:count:)`.
  public func gauss(_ t: UnsafePointer<Double>, into out: UnsafeMutablePointer<Double>, count: Int) {
    guard count > 0 else { return }
    gaussCubics.withMemoryRebound(to: Double.self, capacity: 4) { lamina_gauss_exp_row($0, Self.limit, t, out, count) }
  }
}
