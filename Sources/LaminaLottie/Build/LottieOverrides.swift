// LottieOverrides: lottie-ios's value providers. A keypath
// ("**.Fill 1.Color", "H2.Transform.Scale") names properties by the names
// of the layers, groups and items above them and the property's own name
// (Color, Opacity, Scale, Position, Rotation, Stroke Width, Colors); `*`
// stands for one name and `**` for any number, matched as lottie-ios
// matches them (a regular expression over the dotted path). A matching
// override replaces the property's keyframes; the last given wins.

import Foundation
import Lamina

/// A value given for every property a keypath matches.
public struct LottieOverride: Sendable {
  /// What the property becomes: one value or keyframes at frames.
  public enum Value: Sendable {
    /// RGBA colours in 0…1, at frames (one entry: a constant).
    case color([(frame: Double, rgba: [Double])])
    /// Numbers in Lottie's units (percent for opacity and scale, degrees for rotation).
    case number([(frame: Double, value: Double)])
    /// Points (positions; scale as x and y percent).
    case point([(frame: Double, x: Double, y: Double)])
    /// A gradient's colours (with alpha) and their locations.
    case gradient(colors: [[Double]], locations: [Double])
  }

  /// The keypath, its components split at dots.
  public var keypath: [String]
  public var value: Value

  /// An override of the properties `keypath` ("**.Fill 1.Color") names.
  public init(keypath: String, value: Value) {
    self.keypath = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    self.value = value
  }

  /// lottie-ios's match: `**.` is any text, `*` one component, the rest literal regex text.
  func matches(_ path: [String]) -> Bool {
    var regex = "^" + keypath.joined(separator: "\\.") + "$"
    let double = "\u{1}", single = "\u{2}"
    regex = regex.replacingOccurrences(of: "**", with: double).replacingOccurrences(of: "*", with: single)
    regex = regex.replacingOccurrences(of: double + "\\.", with: ".*").replacingOccurrences(of: double, with: ".*")
    regex = regex.replacingOccurrences(of: single, with: "[^.]+")
    return path.joined(separator: ".").range(of: regex, options: .regularExpression) != nil
  }
}

/// The overrides of one build.
struct LottieOverrides {
  var list: [LottieOverride] = []

  func find(_ path: [String]) -> LottieOverride.Value? {
    list.last { $0.matches(path) }?.value
  }
}

extension LottieOverride.Value {
  var numbers: LottieKeyframes<Double>? {
    guard case .number(let v) = self, !v.isEmpty else { return nil }
    return LottieKeyframes(keyframes: v.map { LottieKeyframe(time: $0.frame, value: $0.value) })
  }
  var colors: LottieKeyframes<[Double]>? {
    guard case .color(let v) = self, !v.isEmpty else { return nil }
    return LottieKeyframes(keyframes: v.map { LottieKeyframe(time: $0.frame, value: $0.rgba) })
  }
  var points: LottieKeyframes<[Double]>? {
    guard case .point(let v) = self, !v.isEmpty else { return nil }
    return LottieKeyframes(keyframes: v.map { LottieKeyframe(time: $0.frame, value: [$0.x, $0.y]) })
  }
}
