// Path: vector outlines for `shadowPath` (rect, ellipse, rounded rect, SVG
// path data), filled with the non-zero winding rule.
//
// Design: a path is a flat list of absolute elements (move, line, quad,
// cubic, close) as `CGPath` holds them; every constructor lowers to these
// five, so flattening, bounds and rasterization have one input form. The
// original description is kept in `shape` so a scene can be written back.
// Arcs (ellipses, rounded corners, SVG `A`) become cubic Béziers: the
// alternative, an arc element, would make every consumer handle conics.

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
  /// The cubic-Bézier handle length of a quarter circle of radius 1:
  /// 4/3·(√2 − 1), the constant Core Graphics uses.
  static let quarterArcHandle = 0.5522847498

  /// A rectangle (`CGPath(rect:)`): from the minimum corner along +x, then +y.
  public init(rect: CGRect) {
    let r = rect.standardized
    self.init(
      elements: [
        .move(CGPoint(x: r.minX, y: r.minY)), .line(CGPoint(x: r.maxX, y: r.minY)),
        .line(CGPoint(x: r.maxX, y: r.maxY)), .line(CGPoint(x: r.minX, y: r.maxY)), .close,
      ], shape: .rect(rect))
  }

  /// An ellipse inscribed in `rect` (`CGPath(ellipseIn:)`): four cubic
  /// quarter arcs starting at the middle of the right edge, turning towards +y.
  public init(ellipseIn rect: CGRect) {
    let r = rect.standardized
    let rx = Double(r.width) / 2
    let ry = Double(r.height) / 2
    let cx = Double(r.midX)
    let cy = Double(r.midY)
    let kx = rx * Path.quarterArcHandle
    let ky = ry * Path.quarterArcHandle
    func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
    self.init(
      elements: [
        .move(pt(cx + rx, cy)),
        .cubic(control1: pt(cx + rx, cy + ky), control2: pt(cx + kx, cy + ry), to: pt(cx, cy + ry)),
        .cubic(control1: pt(cx - kx, cy + ry), control2: pt(cx - rx, cy + ky), to: pt(cx - rx, cy)),
        .cubic(control1: pt(cx - rx, cy - ky), control2: pt(cx - kx, cy - ry), to: pt(cx, cy - ry)),
        .cubic(control1: pt(cx + kx, cy - ry), control2: pt(cx + rx, cy - ky), to: pt(cx + rx, cy)),
        .close,
      ], shape: .ellipse(rect))
  }

  /// A rounded rectangle with circular arcs (`CGPath(roundedRect:…)`), the
  /// radius clamped to 0…half the shorter side. `shape` keeps the radius given.
  public init(roundedRect rect: CGRect, cornerRadius: Double) {
    let b = rect.standardized
    let limit = Double(min(b.width, b.height)) / 2
    let r = cornerRadius.isFinite ? min(max(cornerRadius, 0), limit) : 0
    let (x0, y0, x1, y1) = (Double(b.minX), Double(b.minY), Double(b.maxX), Double(b.maxY))
    let k = r * (1 - Path.quarterArcHandle)
    func pt(_ x: Double, _ y: Double) -> CGPoint { CGPoint(x: x, y: y) }
    var e: [Element] = [.move(pt(x0 + r, y0)), .line(pt(x1 - r, y0))]
    if r > 0 {
      e.append(.cubic(control1: pt(x1 - k, y0), control2: pt(x1, y0 + k), to: pt(x1, y0 + r)))
    }
    e.append(.line(pt(x1, y1 - r)))
    if r > 0 {
      e.append(.cubic(control1: pt(x1, y1 - k), control2: pt(x1 - k, y1), to: pt(x1 - r, y1)))
    }
    e.append(.line(pt(x0 + r, y1)))
    if r > 0 {
      e.append(.cubic(control1: pt(x0 + k, y1), control2: pt(x0, y1 - k), to: pt(x0, y1 - r)))
    }
    e.append(.line(pt(x0, y0 + r)))
    if r > 0 {
      e.append(.cubic(control1: pt(x0, y0 + k), control2: pt(x0 + k, y0), to: pt(x0 + r, y0)))
    }
    e.append(.close)
    self.init(elements: e, shape: .roundedRect(rect, cornerRadius: cornerRadius))
  }

  /// SVG path data with the commands M L H V C S Q T A Z (either case), as
  /// SVG 1.1 defines them: implicit repeated commands, packed numbers
  /// (`1.5.5`, `-1-2`, exponents), packed arc flags (`01`). Arcs become
  /// cubics (SVG 1.1 F.6). At most `Path.maximumSVGCommands` commands.
  /// Empty (or all white space) data gives an empty path.
  public init(svg: String) throws(PathParseError) {
    var parser = SVGPathParser(svg)
    let elements = try parser.parse()
    self.init(elements: elements, shape: .svg(svg))
  }
}
