// GaussTable: erf(t) and e^(−t²) from tables, for the shadow integrals
// (RoundedRectShadow), which evaluate them thousands of times per shadow
// and, off the pixel grid, per shadow again.
//
// Design: values and slopes at steps of 1/128 on [0, 6], joined by cubic
// Hermite interpolation (exact value and derivative at each knot). The
// error is at most h⁴/384 · max|f⁗|: 4.4e-11 for erf (max|erf⁗| ≈ 4.4) and
// 1.2e-10 for e^(−t²) (max 12, at 0), a hundred-millionth of a level of
// 8-bit colour; past 6, erf is ±1 and e^(−t²) 0 to within 3e-16. One
// lookup is a few multiplications against the C library's series.
//
// Rejected: a polynomial or rational approximation (Abramowitz–Stegun
// 7.1.26 errs by 1.5e-7; the precise ones cost what erf costs), and
// caching a shadow per sub-pixel phase only (each card off the grid then
// pays the full integrals again).

/// The C library's erf, named apart from `GaussTable.erf`.
private func libmErf(_ t: Double) -> Double { erf(t) }

/// Tabulated erf and Gaussian, accurate to 2e-10. Immutable once made
/// (the tables are written in `init` only), so shared between threads.
public final class GaussTable: @unchecked Sendable {
  /// The shared tables (7 KB each).
  public static let shared = GaussTable()

  static let perUnit = 128.0
  static let limit = 6.0
  private let erfValues: UnsafeMutablePointer<Double>, erfSlopes: UnsafeMutablePointer<Double>
  private let gaussValues: UnsafeMutablePointer<Double>, gaussSlopes: UnsafeMutablePointer<Double>

  private init() {
    let count = Int(Self.limit * Self.perUnit) + 2
    erfValues = .allocate(capacity: count)
    erfSlopes = .allocate(capacity: count)
    gaussValues = .allocate(capacity: count)
    gaussSlopes = .allocate(capacity: count)
    let h = 1 / Self.perUnit
    for k in 0..<count {
      let t = Double(k) * h
      let g = exp(-t * t)
      erfValues[k] = libmErf(t)
      erfSlopes[k] = 2 / Double.pi.squareRoot() * g * h
      gaussValues[k] = g
      gaussSlopes[k] = -2 * t * g * h
    }
  }

  deinit {
    for p in [erfValues, erfSlopes, gaussValues, gaussSlopes] { p.deallocate() }
  }

  /// Cubic Hermite interpolation at `a` ≥ 0 (a < limit) in a table.
  @inline(__always)
  private func hermite(_ values: UnsafeMutablePointer<Double>, _ slopes: UnsafeMutablePointer<Double>, _ a: Double)
    -> Double
  {
    let u = a * Self.perUnit
    let k = Int(u)
    let f = u - Double(k)
    let g = 1 - f
    let h00 = (1 + 2 * f) * g * g, h10 = f * g * g, h01 = f * f * (3 - 2 * f), h11 = -f * f * g
    return h00 * values[k] + h10 * slopes[k] + h01 * values[k + 1] + h11 * slopes[k + 1]
  }

  /// erf(t), within 5e-11; NaN for NaN.
  @inline(__always) public func erf(_ t: Double) -> Double {
    let a = abs(t)
    guard a < Self.limit else { return a.isNaN ? a : (t < 0 ? -1 : 1) }
    let v = hermite(erfValues, erfSlopes, a)
    return t < 0 ? -v : v
  }

  /// e^(−t²), within 2e-10; NaN for NaN.
  @inline(__always) public func gauss(_ t: Double) -> Double {
    let a = abs(t)
    guard a < Self.limit else { return a.isNaN ? a : 0 }
    return hermite(gaussValues, gaussSlopes, a)
  }
}
