// The Gaussian, defined once: its integral over an interval (`erf` from
// libm through Foundation) and the pixel-integrated kernel used by surface
// shadows. Both backends follow these definitions.
//
// Rejected: sampled kernel weights G(k) (they under-weight the centre for
// small σ and are not the exact blur of a pixel-constant image) and
// box-blur cascades (within a few levels of the Gaussian, not within 1/255).

/// ∫ from `a` to `b` of the normal density with standard deviation `sigma`.
/// With σ = 0 it is the step: 1 when 0 lies in [a, b), else 0.
@inlinable
public func gaussianIntegral(from a: Double, to b: Double, sigma: Double) -> Double {
  guard sigma > 0 else { return (a <= 0 && 0 < b) ? 1 : 0 }
  let k = 1 / (sigma * 2.0.squareRoot())
  return 0.5 * (erf(b * k) - erf(a * k))
}

/// The normal distribution function Φ(x/σ) (the mass below `x`).
@inlinable
public func gaussianCDF(_ x: Double, sigma: Double) -> Double {
  guard sigma > 0 else { return x >= 0 ? 1 : 0 }
  return 0.5 * (1 + erf(x / (sigma * 2.0.squareRoot())))
}

/// The normal density with standard deviation `sigma` at `x`.
@inlinable
public func gaussianDensity(_ x: Double, sigma: Double) -> Double {
  let t = x / sigma
  return exp(-0.5 * t * t) / (sigma * (2 * Double.pi).squareRoot())
}

/// The radius in pixels of the blur kernel for `sigma` (⌈4σ⌉: the mass left
/// out is below 7e-5, under 1/50 of a level after normalisation).
@inlinable
public func gaussianKernelRadius(sigma: Double) -> Int {
  guard sigma > 0, sigma.isFinite else { return 0 }
  return Int((4 * sigma).rounded(.up))
}

/// Weights of the 1D Gaussian blur of an image that is constant over each
/// pixel: weight k (k = −radius…radius) is the Gaussian mass over
/// [k − ½, k + ½], normalised to sum 1. Index 0 is offset −radius.
public func gaussianKernel(sigma: Double) -> [Float] {
  let radius = gaussianKernelRadius(sigma: sigma)
  guard radius > 0 else { return [1] }
  var weights = (-radius...radius).map {
    gaussianIntegral(from: Double($0) - 0.5, to: Double($0) + 0.5, sigma: sigma)
  }
  let total = weights.reduce(0, +)
  weights = weights.map { $0 / total }
  return weights.map { Float($0) }
}

/// How far beyond its silhouette a shadow blurred with standard deviation
/// `sigma` is drawn: 3σ, past which the Gaussian's mass is 0.13 % a side
/// (a third of a level of an opaque shadow). The lowering sizes every
/// shadow's extent, group margin and planar grid by it.
@inlinable
public func shadowReach(sigma: Double) -> Double { 3 * sigma }
