// BlendMode: `compositingFilter`'s values and the one definition of what
// each does to a pixel, which LaminaCPU calls and Shaders/blend.glsl
// repeats line for line (docs/scene-format.md, "Compositing filters").
//
// The formulas are W3C Compositing and Blending Level 1's (the PDF blend
// modes, which Core Image's `CI…BlendMode` filters name): a separable mode
// is a function B(Cb, Cs) of one channel of un-premultiplied colour; the
// four non-separable modes work on the whole colour through `Lum`, `Sat`,
// `SetLum`, `SetSat` and `ClipColor`. The blended colour is composited
// source-over as the spec's general formula says, written here on
// premultiplied values:
//
//   co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)
//   αo = αs + αb − αs·αb
//
// `xor` is Porter-Duff XOR (co = cs·(1 − αb) + cb·(1 − αs)), which
// lottie-ios sets on the layer inside a mask to cut an inverted matte.
//
// Arithmetic is Float, as the shader's is, so both backends round the same
// values. Rejected: Double here and Float in GLSL (the two would disagree
// in the last bit at the dodge and burn divisions and round apart).
//
// `composite` and `blended` are `@_transparent`: LaminaCPU's blend loop
// (CompositeStage.blendAligned, specialized per mode) must inline them
// with the mode a constant. As `@inlinable @inline(__always)`, and as
// `@_alwaysEmitIntoClient`, the optimizer still called them out of line
// from the other module: S8's blended cards took 125 ms a frame against
// 80 with them inlined (release, this 2-core host).

/// How a layer meets what is already drawn under it: Core Animation's
/// `compositingFilter`, by the names lottie-ios and Core Image use
/// (`"multiplyBlendMode"`, …). `nil` on a layer, and `.normal`, composite
/// source-over.
public enum BlendMode: String, Hashable, Sendable, CaseIterable {
  /// Source-over: the same as no filter.
  case normal = "normalBlendMode"
  case multiply = "multiplyBlendMode"
  case screen = "screenBlendMode"
  case overlay = "overlayBlendMode"
  case darken = "darkenBlendMode"
  case lighten = "lightenBlendMode"
  case colorDodge = "colorDodgeBlendMode"
  case colorBurn = "colorBurnBlendMode"
  case hardLight = "hardLightBlendMode"
  case softLight = "softLightBlendMode"
  case difference = "differenceBlendMode"
  case exclusion = "exclusionBlendMode"
  case hue = "hueBlendMode"
  case saturation = "saturationBlendMode"
  case color = "colorBlendMode"
  case luminosity = "luminosityBlendMode"
  /// Porter-Duff XOR: an operator, not a blend mode. Each of source and
  /// backdrop shows where the other is absent.
  case xor = "xor"

  /// The number Shaders/blend.glsl switches on (`uBlendMode`).
  public var shaderIndex: Int32 { Int32(Self.allCases.firstIndex(of: self)!) }

  /// The mode a layer's filter gives, or `nil` for plain source-over.
  public static func effective(_ filter: BlendMode?) -> BlendMode? {
    guard let filter, filter != .normal else { return nil }
    return filter
  }
}

extension BlendMode {
  /// B(Cb, Cs) on un-premultiplied RGB (each in 0…1) for any mode: a
  /// separable mode channel by channel, a non-separable one on the colour;
  /// `normal` and `xor`: Cs. One switch a pixel (a switch per channel and
  /// the calls around it were most of a blended frame on the CPU).
  @_transparent
  public func blended(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>) -> SIMD3<Float> {
    switch self {
    case .multiply: return cb * cs
    case .screen: return cb + cs - cb * cs
    // Overlay(Cb, Cs) = HardLight(Cs, Cb).
    case .overlay: return Self.each(cs, cb, Self.hardLight)
    case .darken: return SIMD3(min(cb.x, cs.x), min(cb.y, cs.y), min(cb.z, cs.z))
    case .lighten: return SIMD3(max(cb.x, cs.x), max(cb.y, cs.y), max(cb.z, cs.z))
    case .colorDodge: return Self.each(cb, cs, Self.colorDodge)
    case .colorBurn: return Self.each(cb, cs, Self.colorBurn)
    case .hardLight: return Self.each(cb, cs, Self.hardLight)
    case .softLight: return Self.each(cb, cs, Self.softLight)
    case .difference: return SIMD3(abs(cb.x - cs.x), abs(cb.y - cs.y), abs(cb.z - cs.z))
    case .exclusion: return cb + cs - 2 * cb * cs
    case .hue: return Self.setLum(Self.setSat(cs, Self.sat(cb)), Self.lum(cb))
    case .saturation: return Self.setLum(Self.setSat(cb, Self.sat(cs)), Self.lum(cb))
    case .color: return Self.setLum(cs, Self.lum(cb))
    case .luminosity: return Self.setLum(cb, Self.lum(cs))
    case .normal, .xor: return cs
    }
  }

  @inlinable @inline(__always)
  static func each(_ b: SIMD3<Float>, _ s: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
    SIMD3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z))
  }

  @inlinable @inline(__always)
  static func hardLight(_ cb: Float, _ cs: Float) -> Float {
    if cs <= 0.5 { return cb * (2 * cs) }
    let s = 2 * cs - 1
    return cb + s - cb * s
  }

  @inlinable @inline(__always)
  static func colorDodge(_ cb: Float, _ cs: Float) -> Float {
    if cb == 0 { return 0 }
    if cs >= 1 { return 1 }
    return min(1, cb / (1 - cs))
  }

  @inlinable @inline(__always)
  static func colorBurn(_ cb: Float, _ cs: Float) -> Float {
    if cb >= 1 { return 1 }
    if cs <= 0 { return 0 }
    return 1 - min(1, (1 - cb) / cs)
  }

  @inlinable @inline(__always)
  static func softLight(_ cb: Float, _ cs: Float) -> Float {
    if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
    let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
    return cb + (2 * cs - 1) * (d - cb)
  }

  /// The composite of a premultiplied source `s` over a premultiplied
  /// backdrop `b` (both RGBA in 0…1) under this mode: the spec's general
  /// formula (or XOR). A source of alpha 0 leaves the backdrop as it is.
  @_transparent
  public func composite(_ s: SIMD4<Float>, over b: SIMD4<Float>) -> SIMD4<Float> {
    let αs = s.w, αb = b.w
    if αs <= 0 { return b }
    let sRGB = SIMD3(s.x, s.y, s.z), bRGB = SIMD3(b.x, b.y, b.z)
    if self == .xor {
      let rgb = sRGB * (1 - αb) + bRGB * (1 - αs)
      return SIMD4(rgb, αs * (1 - αb) + αb * (1 - αs))
    }
    let α = αs + αb - αs * αb
    if αb <= 0 { return SIMD4(sRGB, α) }
    // Un-premultiplied, held to 0…1: a resampled or rounded premultiplied
    // colour can carry a channel a hair above its alpha, and dodge and burn
    // divide by 1 − Cs and Cs.
    // x / 1 is x: opaque colours (most backdrops) skip the division.
    let cb = Self.unit(αb == 1 ? bRGB : bRGB / αb), cs = Self.unit(αs == 1 ? sRGB : sRGB / αs)
    let mixed = blended(cb, cs)
    let rgb = sRGB * (1 - αb) + bRGB * (1 - αs) + (αs * αb) * mixed
    return SIMD4(rgb, α)
  }

  /// Each component held to 0…1 (written out: the generic `clamped` was
  /// not inlined, 4 % of a blended frame).
  @inlinable @inline(__always)
  static func unit(_ c: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(min(max(c.x, 0), 1), min(max(c.y, 0), 1), min(max(c.z, 0), 1))
  }

  // MARK: The non-separable modes' helpers (W3C Compositing 1, §10.2)

  @inlinable @inline(__always)
  static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

  @inlinable @inline(__always)
  static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
    let l = lum(c)
    let n = min(c.x, min(c.y, c.z)), x = max(c.x, max(c.y, c.z))
    var c = c
    if n < 0 { c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * (l / (l - n)) }
    if x > 1 { c = SIMD3(repeating: l) + (c - SIMD3(repeating: l)) * ((1 - l) / (x - l)) }
    return c
  }

  @inlinable @inline(__always)
  static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
    clipColor(c + SIMD3(repeating: l - lum(c)))
  }

  @inlinable @inline(__always)
  static func sat(_ c: SIMD3<Float>) -> Float { max(c.x, max(c.y, c.z)) - min(c.x, min(c.y, c.z)) }

  /// SetSat: the largest channel becomes `s`, the smallest 0, the middle
  /// one keeps its place between them; a grey stays 0. Written without
  /// sorting, as the shader writes it: each channel from its distance to
  /// the minimum over the spread.
  @inlinable @inline(__always)
  static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
    let n = min(c.x, min(c.y, c.z)), x = max(c.x, max(c.y, c.z))
    guard x > n else { return .zero }
    return (c - SIMD3(repeating: n)) * (s / (x - n))
  }
}
