// SnapshotComparison: swift-snapshot-testing's image comparison as
// lottie-ios's snapshot tests run it (`precision` 0.985 unless a sample
// overrides it, `perceptualPrecision` 0.97), so Lamina's Lottie frames are
// judged by the rule Apple's own renders were accepted under. The same
// algorithm as tools/lottie_ios_check/compare.py (whose comments give the
// sources of every constant); the two are cross-checked by the tests.
//
// 1. Different sizes fail. 2. Identical premultiplied bytes pass. 3. Each
// pixel's premultiplied components c·a (8-bit values read as linear, as Core
// Image reads them with colour management off) go to CIE L*a*b* (sRGB
// primaries, D65) and the CIE 1994 ΔE to the reference's, rounded to half
// precision as Core Image's working format holds it; a pixel fails when ΔE
// exceeds (1 − 0.97) · 100 in Float32. 4. The image passes when the failing
// share is at most 1 − precision.
//
// Rejected: comparing against the references with Lamina's own
// ImageTolerance. The references are Core Animation's; the bar they were
// accepted by is swift-snapshot-testing's, and that is the bar to meet.
import Foundation
import Lamina

public enum SnapshotComparison {
  public static let perceptualPrecision: Float = 0.97
  public static let defaultPrecision: Float = 0.985

  /// The outcome of one comparison.
  public struct Result: Sendable {
    public var passed: Bool
    /// The share of pixels over the ΔE limit (1 when the sizes differ).
    public var failingShare: Double
    public var identical: Bool
  }

  /// Compares a render (premultiplied, as Lamina draws it) with a reference
  /// PNG's straight pixels at `precision`.
  public static func compare(_ reference: StraightImage, _ new: Image, precision: Float = defaultPrecision) -> Result {
    guard reference.width == new.width, reference.height == new.height else {
      return Result(passed: false, failingShare: 1, identical: false)
    }
    let n = reference.width * reference.height
    let threshold = (Float(1) - perceptualPrecision) * Float(100)
    var failing = 0
    var identical = true
    reference.pixels.withUnsafeBufferPointer { r in
      new.pixels.withUnsafeBufferPointer { s in
        for i in 0..<n {
          let o = i * 4
          let ra = Int(r[o + 3])
          // The reference's premultiplied bytes, as a premultiplied CGContext rounds them.
          func pm(_ c: UInt8) -> Int { (Int(c) * ra * 2 + 255) / 510 }
          if pm(r[o]) == Int(s[o]) && pm(r[o + 1]) == Int(s[o + 1]) && pm(r[o + 2]) == Int(s[o + 2]) && ra == Int(s[o + 3]) {
            continue
          }
          identical = false
          let alpha = Float(ra) / 255
          let a = lab(Float(r[o]) / 255 * alpha, Float(r[o + 1]) / 255 * alpha, Float(r[o + 2]) / 255 * alpha)
          let b = lab(Float(s[o]) / 255, Float(s[o + 1]) / 255, Float(s[o + 2]) / 255)
          let e = Float(Float16(deltaE94(a, b)))
          if e > threshold { failing += 1 }
        }
      }
    }
    if identical { return Result(passed: true, failingShare: 0, identical: true) }
    let share = Float(failing) / Float(n)
    return Result(passed: !(Float(1) - share < precision), failingShare: Double(share), identical: false)
  }

  /// L*, a*, b* of linear sRGB components (D65 white).
  private static func lab(_ r: Float, _ g: Float, _ b: Float) -> (Float, Float, Float) {
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    let eps: Float = 216.0 / 24389.0, kappa: Float = 1 / (3 * (6.0 / 29.0) * (6.0 / 29.0)), offset: Float = 4.0 / 29.0
    func f(_ t: Float) -> Float { t > eps ? cbrtf(max(t, 0)) : t * kappa + offset }
    let fx = f(x), fy = f(y), fz = f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
  }

  /// CIE 1994 ΔE (graphic arts weights), the first colour the standard.
  private static func deltaE94(_ a: (Float, Float, Float), _ b: (Float, Float, Float)) -> Float {
    let c1 = (a.1 * a.1 + a.2 * a.2).squareRoot(), c2 = (b.1 * b.1 + b.2 * b.2).squareRoot()
    let dL = a.0 - b.0, dC = c1 - c2, da = a.1 - b.1, db = a.2 - b.2
    let dH2 = max(da * da + db * db - dC * dC, 0)
    let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
    return (dL * dL + (dC / sC) * (dC / sC) + dH2 / (sH * sH)).squareRoot()
  }
}
