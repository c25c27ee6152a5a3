// Path: vector outlines for `shadowPath` (rect, ellipse, rounded rect, SVG
// path data), filled with the non-zero winding rule.
// STUB: the Path helper fills this in.

/// A vector outline in a layer's bounds space.
public struct Path: Hashable, Sendable {
  /// One drawing command, in absolute coordinates.
  public enum Element: Hashable, Sendable {
    case move(CGPoint)
    case line(CGPoint)
    case quad(control: CGPoint, to: CGPoint)
    case cubic(control1: CGPoint, control2: CGPoint, to: CGPoint)
    case close
  }

  /// How the path was described, so a scene can be written back.
  public enum Shape: Hashable, Sendable {
    case rect(CGRect)
    case ellipse(CGRect)
    case roundedRect(CGRect, cornerRadius: Double)
    case svg(String)
  }

  public var elements: [Element]
  public var shape: Shape?

  public init(elements: [Element], shape: Shape? = nil) {
    self.elements = elements
    self.shape = shape
  }
}

/// Why SVG path data could not be parsed.
public struct PathParseError: Error, Equatable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// The character offset in the path data where it was found.
  public var offset: Int
  public init(message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }
  public var description: String { "at character \(offset): \(message)" }
}

extension Path {
  /// A rectangle (`CGPath(rect:)`).
  public init(rect: CGRect) { fatalError("stub") }
  /// An ellipse inscribed in `rect` (`CGPath(ellipseIn:)`).
  public init(ellipseIn rect: CGRect) { fatalError("stub") }
  /// A rounded rectangle with circular arcs, radius clamped to half the shorter side.
  public init(roundedRect rect: CGRect, cornerRadius: Double) { fatalError("stub") }
  /// SVG path data with the commands M L H V C S Q T A Z (either case).
  public init(svg: String) throws(PathParseError) { fatalError("stub") }
}
