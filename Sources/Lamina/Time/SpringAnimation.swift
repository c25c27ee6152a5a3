// SpringAnimation: `CASpringAnimation`, a damped harmonic oscillator from
// `fromValue` (displacement 1) to `toValue` (rest), solved in closed form
// at each time, so a frame never depends on the frames before it. With
// ω₀ = √(stiffness / mass), ζ = damping / (2 √(stiffness · mass)) and
// v₀ = initialVelocity (in units of the whole distance per second, positive
// towards the target, as Core Animation's), the remaining displacement u(t)
// (u(0) = 1, u′(0) = −v₀) is
//
//   ζ < 1:  e^(−ζω₀t) (cos ω_d t + (ζω₀ − v₀)/ω_d · sin ω_d t),  ω_d = ω₀√(1 − ζ²)
//   ζ = 1:  e^(−ω₀t) (1 + (ω₀ − v₀) t)
//   ζ > 1:  A e^(r₁t) + (1 − A) e^(r₂t),  r₁,₂ = −ω₀(ζ ∓ √(ζ² − 1)),
//           A = (−v₀ − r₂) / (r₁ − r₂)
//
// and the animation's fraction is 1 − u(t), t in seconds of the cycle (the
// timing function is not applied: the spring is its own curve, as on iOS).
//
// `settlingDuration`: Apple does not publish its rule. Lamina's: the time
// after which the displacement stays within 0.001 of the distance. For
// ζ < 1 that is where the envelope e^(−ζω₀t)·√(1 + ((ζω₀ − v₀)/ω_d)²)
// falls to 0.001 (closed form); for ζ ≥ 1 the last time |u| = 0.001, found
// by sampling, then bisection. The default spring (mass 1,
// stiffness 100, damping 10) settles in ln(1154.7)/5 = 1.41 s. Undamped
// springs never settle: their settling duration is capped at
// `maximumSettlingDuration`.
//
// Rejected: integrating the equation per frame (error grows with time and
// frame n would depend on the frame rate).

/// `CASpringAnimation`: a spring from `fromValue` to `toValue`.
public final class SpringAnimation: BasicAnimation {
  /// The mass on the spring (> 0).
  public var mass = 1.0
  /// The spring's stiffness (> 0).
  public var stiffness = 100.0
  /// The damping (≥ 0).
  public var damping = 10.0
  /// The starting velocity, in distances per second towards the target.
  public var initialVelocity = 0.0

  /// The cap on `settlingDuration` (an undamped spring never settles).
  public static let maximumSettlingDuration = 3600.0
  /// How close to rest counts as settled, as a fraction of the distance.
  public static let settlingTolerance = 0.001

  public override init(keyPath: String?) { super.init(keyPath: keyPath) }

  required init(copying other: Animation) {
    let o = other as! SpringAnimation
    (mass, stiffness, damping, initialVelocity) = (o.mass, o.stiffness, o.damping, o.initialVelocity)
    super.init(copying: other)
  }

  override var defaultDuration: Double { settlingDuration }

  override func fraction(progress: Double, time: Double) -> Double { 1 - displacement(at: time) }

  /// Why the spring's numbers cannot be used, or `nil`.
  public var problem: String? {
    if !(mass > 0) || !mass.isFinite { return "mass must be > 0" }
    if !(stiffness > 0) || !stiffness.isFinite { return "stiffness must be > 0" }
    if !(damping >= 0) || !damping.isFinite { return "damping must be ≥ 0" }
    if !initialVelocity.isFinite { return "initialVelocity must be finite" }
    return nil
  }

  private var omega0: Double { (stiffness / mass).squareRoot() }
  private var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }

  /// u(t): the fraction of the distance still to go at `t` seconds.
  public func displacement(at t: Double) -> Double {
    guard problem == nil else { return 0 }
    let w0 = omega0, z = zeta, v0 = initialVelocity
    if t <= 0 { return 1 }
    if z < 1 {
      let wd = w0 * (1 - z * z).squareRoot()
      return exp(-z * w0 * t) * (cos(wd * t) + (z * w0 - v0) / wd * sin(wd * t))
    }
    if z == 1 { return exp(-w0 * t) * (1 + (w0 - v0) * t) }
    let s = (z * z - 1).squareRoot()
    let r1 = -w0 * (z - s), r2 = -w0 * (z + s)
    let a = (-v0 - r2) / (r1 - r2)
    return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
  }

  /// The time after which the spring stays within `settlingTolerance` of rest.
  public var settlingDuration: Double {
    guard problem == nil else { return 0 }
    let w0 = omega0, z = zeta, v0 = initialVelocity, eps = Self.settlingTolerance
    if z < 1 {
      guard z > 0 else { return Self.maximumSettlingDuration }
      let wd = w0 * (1 - z * z).squareRoot()
      let amplitude = (1 + ((z * w0 - v0) / wd) * ((z * w0 - v0) / wd)).squareRoot()
      return min(max(log(amplitude / eps) / (z * w0), 0), Self.maximumSettlingDuration)
    }
    // Over- or critically damped: |u| is monotonic after its last extremum
    // (at most one zero crossing), so step out by doubling, then bisect.
    var hi = 1 / w0
    while abs(displacement(at: hi)) > eps || abs(displacement(at: hi * 2)) > eps {
      hi *= 2
      if hi >= Self.maximumSettlingDuration { return Self.maximumSettlingDuration }
    }
    // The last of 4,096 samples still outside the tolerance, then bisection
    // between it and the next (|u| may cross zero once before its tail).
    let n = 4096
    var last = 0
    for i in stride(from: n, through: 0, by: -1) where abs(displacement(at: hi * Double(i) / Double(n))) > eps {
      last = i
      break
    }
    var lo = hi * Double(last) / Double(n)
    hi = hi * Double(last + 1) / Double(n)
    for _ in 0..<100 where hi - lo > 1e-12 {
      let mid = (lo + hi) / 2
      if abs(displacement(at: mid)) > eps { lo = mid } else { hi = mid }
    }
    return hi
  }
}
