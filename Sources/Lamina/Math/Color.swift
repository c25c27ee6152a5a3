// Colours. `Color` is what a user writes: sRGB, straight alpha, components
// in 0…1 (as `UIColor`/`CGColor`). `PremultipliedColor` is what renderers
// blend: sRGB-encoded values multiplied by alpha. The two are distinct types
// so that a straight colour can never be blended by mistake.

/// An sRGB colour with straight (unpremultiplied) alpha, components in 0…1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  public var red: Double, green: Double, blue: Double, alpha: Double

  /// Creates a colour; components are clamped to 0…1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = min(max(red, 0), 1)
    self.green = min(max(green, 0), 1)
    self.blue = min(max(blue, 0), 1)
    self.alpha = min(max(alpha, 0), 1)
  }

  /// A grey: `UIColor(white:alpha:)`, components clamped to 0…1.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// The colour a hex literal names (`#RGB`, `#RGBA`, `#RRGGBB` or
  /// `#RRGGBBAA`), for colours written in code: `Color.hex("#FF3B30")`.
  /// A literal that is not one stops the program, naming it and the call's
  /// place, as a malformed literal is a mistake in the code; text from
  /// outside the program goes through the failable `init(hex:)`.
  public static func hex(_ literal: StaticString, file: StaticString = #fileID, line: UInt = #line) -> Color {
    let text = literal.description
    guard let color = Color(hex: text) else {
      preconditionFailure(
        "Color.hex(\"\(text)\"): expected #RGB, #RGBA, #RRGGBB or #RRGGBBAA", file: file, line: line)
    }
    return color
  }

  /// Fully transparent black, `UIColor.clear`.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  public static let black = Color(red: 0, green: 0, blue: 0)
  public static let white = Color(red: 1, green: 1, blue: 1)
  public static let red = Color(red: 1, green: 0, blue: 0)
  public static let green = Color(red: 0, green: 1, blue: 0)
  public static let blue = Color(red: 0, green: 0, blue: 1)

  /// Parses `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`; `nil` otherwise.
  public init?(hex: String) {
    guard hex.hasPrefix("#") else { return nil }
    let digits = Array(hex.dropFirst())
    guard [3, 4, 6, 8].contains(digits.count) else { return nil }
    var nibbles: [Int] = []
    for ch in digits {
      guard let v = ch.hexDigitValue else { return nil }
      nibbles.append(v)
    }
    let channels: [Double]
    if digits.count <= 4 {
      channels = nibbles.map { Double($0 * 17) / 255 }
    } else {
      channels = stride(from: 0, to: nibbles.count, by: 2).map {
        Double(nibbles[$0] * 16 + nibbles[$0 + 1]) / 255
      }
    }
    self.init(
      red: channels[0], green: channels[1], blue: channels[2],
      alpha: channels.count == 4 ? channels[3] : 1)
  }

  /// `#RRGGBBAA` when every component is a whole 8-bit value, else `nil`.
  public var hexString: String? {
    let comps = [red, green, blue, alpha]
    var out = "#"
    for c in comps {
      let v = (c * 255).rounded()
      guard abs(v - c * 255) < 1e-9 else { return nil }
      out += String(format: "%02X", Int(v))
    }
    return out
  }

  /// The colour multiplied by `alpha`, ready to blend.
  public var premultiplied: PremultipliedColor {
    PremultipliedColor(
      r: Float(red * alpha), g: Float(green * alpha), b: Float(blue * alpha), a: Float(alpha))
  }

  /// This colour with its alpha multiplied by `factor`.
  public func withAlphaMultiplied(by factor: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha * factor)
  }

  public var description: String {
    hexString ?? "Color(\(red), \(green), \(blue), \(alpha))"
  }
}

/// A premultiplied sRGB-encoded colour, components in 0…1, as blended by the
/// renderers (`r, g, b ≤ a`).
public struct PremultipliedColor: Hashable, Sendable {
  public var r: Float, g: Float, b: Float, a: Float
  public init(r: Float, g: Float, b: Float, a: Float) {
    self.r = r; self.g = g; self.b = b; self.a = a
  }
  public static let transparent = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)

  /// This colour scaled by `k` (opacity, coverage).
  public func scaled(by k: Float) -> PremultipliedColor {
    PremultipliedColor(r: r * k, g: g * k, b: b * k, a: a * k)
  }

  /// The bytes a surface filled with this colour holds (r, g, b, a): each
  /// component to 8 bits, rounded to nearest (`v · 255 + ½`, truncated,
  /// clamped to 0…255). Both backends fill a canvas with these bytes.
  public var bytes: SIMD4<UInt8> {
    @inline(__always) func byte(_ v: Float) -> UInt8 { UInt8(min(255, max(0, v * 255 + 0.5))) }
    return SIMD4(byte(r), byte(g), byte(b), byte(a))
  }

  /// Values to hand a fixed-function fill (glClearColor) so that it stores
  /// `bytes` exactly however it converts: (k + ¼) / 255 is k whether the
  /// conversion rounds to nearest or truncates. A GL clear of the float
  /// itself is not: 0.0231 · 255 = 5.88 is stored as 6 by one of
  /// llvmpipe's clear paths and as 5 by its scissored one.
  public var exactFill: SIMD4<Float> {
    let b = bytes
    return (SIMD4<Float>(Float(b.x), Float(b.y), Float(b.z), Float(b.w)) + 0.25) / 255
  }
}

extension Color {
  /// Whether red, green, blue and alpha are all finite (no array built: the
  /// lowering asks it of every colour of every layer, every frame).
  var hasFiniteComponents: Bool { red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite }
}
