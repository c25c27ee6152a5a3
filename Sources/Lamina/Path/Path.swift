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
