// The small value types of the layer model, with Core Animation's names.

/// Which corners `cornerRadius` rounds (`CACornerMask`).
public struct CornerMask: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The top-left corner on iOS (minimum x, minimum y).
  public static let layerMinXMinYCorner = CornerMask(rawValue: 1)
  /// The top-right corner on iOS.
  public static let layerMaxXMinYCorner = CornerMask(rawValue: 2)
  /// The bottom-left corner on iOS.
  public static let layerMinXMaxYCorner = CornerMask(rawValue: 4)
  /// The bottom-right corner on iOS.
  public static let layerMaxXMaxYCorner = CornerMask(rawValue: 8)
  public static let all: CornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ]
}

/// `CALayerCornerCurve`.
public enum CornerCurve: String, Hashable, Sendable, CaseIterable {
  case circular
  /// Apple's continuous corner (iOS 13).
  case continuous
}

/// `CALayerContentsGravity`. `top` is the top of the screen (minimum y).
public enum ContentsGravity: String, Hashable, Sendable, CaseIterable {
  case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight
  case resize, resizeAspect, resizeAspectFill
}

/// `CALayerContentsFilter`.
public enum ContentsFilter: String, Hashable, Sendable, CaseIterable {
  case nearest, linear, trilinear
}
