// AnimationValueConvertible: the values an animation's `fromValue`,
// `toValue`, `byValue` and `values` accept, so Core Animation code ports as
// written: `fromValue = 0`, `toValue = 1.0`, `= CGPoint(x: 10, y: 20)`,
// `= Color.red`, `= CATransform3DMakeScale(2, 2, 1)`, `values = [0, 0.5, 1]`.
// Core Animation's properties are `Any?`; here they are
// `(any AnimationValueConvertible)?`, so a value of a type no property
// holds (a `String`) does not compile. Each conforming type says which
// `AnimationValue` it is; the animations store that and never the
// existential (AnimationValue.swift: the arithmetic stays on one enum).
//
// `AnimationValue` itself conforms, and `.number(0)`, `.point(p)`,
// `.color(c)`, … still compile where an existential is expected, through
// disfavoured static functions of the same names (disfavoured, so that
// `let v: AnimationValue = .number(0)` keeps meaning the enum case).
//
// Which values fit which property is checked when the tree is presented:
// a point for `opacity` is an error naming the layer, the animation's key
// and its key path (AnimationCheck.swift), as a scene file's is.
//
// Rejected: changing `fromValue` to `Any?` (as in Core Animation): a typo
// in the value's type would compile and fail only when drawn; and keeping
// `AnimationValue?` alone, with which `fromValue = CGPoint(...)` cannot
// compile (Swift has no user-defined implicit conversions).

/// A value an animation can take: numbers, points, sizes, rects, colours,
/// transforms, paths, booleans, images, blend modes, and arrays of numbers
/// or colours, or an `AnimationValue` itself.
public protocol AnimationValueConvertible: Sendable {
  /// The value as the animations hold it.
  var animationValue: AnimationValue { get }
}

extension AnimationValue: AnimationValueConvertible, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral
{
  public var animationValue: AnimationValue { self }
  /// `.number`: `let v: AnimationValue = 1`.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// `.number`: `let v: AnimationValue = 0.5`.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// `.bool`: `let v: AnimationValue = true`.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension Double: AnimationValueConvertible {
  public var animationValue: AnimationValue { .number(self) }
}
extension Int: AnimationValueConvertible {
  public var animationValue: AnimationValue { .number(Double(self)) }
}
extension Float: AnimationValueConvertible {
  public var animationValue: AnimationValue { .number(Double(self)) }
}
extension CGFloat: AnimationValueConvertible {
  public var animationValue: AnimationValue { .number(Double(self)) }
}
extension Bool: AnimationValueConvertible {
  public var animationValue: AnimationValue { .bool(self) }
}
extension CGPoint: AnimationValueConvertible {
  public var animationValue: AnimationValue { .point(self) }
}
extension CGSize: AnimationValueConvertible {
  public var animationValue: AnimationValue { .size(self) }
}
extension CGRect: AnimationValueConvertible {
  public var animationValue: AnimationValue { .rect(self) }
}
extension Color: AnimationValueConvertible {
  public var animationValue: AnimationValue { .color(self) }
}
extension Transform3D: AnimationValueConvertible {
  public var animationValue: AnimationValue { .transform(self) }
}
extension CGAffineTransform: AnimationValueConvertible {
  /// The 3D transform of the affine one (`CATransform3DMakeAffineTransform`).
  public var animationValue: AnimationValue { .transform(Transform3D(self)) }
}
extension Path: AnimationValueConvertible {
  public var animationValue: AnimationValue { .path(self) }
}
extension Image: AnimationValueConvertible {
  public var animationValue: AnimationValue { .image(self) }
}
extension BlendMode: AnimationValueConvertible {
  public var animationValue: AnimationValue { .blendMode(self) }
}

/// The element of an array an animation can take: numbers
/// (`locations`, `lineDashPattern`) or colours (`colors`).
public protocol AnimationValueArrayElement: Sendable {
  /// The array as the animations hold it.
  static func animationValue(of array: [Self]) -> AnimationValue
}
extension Double: AnimationValueArrayElement {
  public static func animationValue(of array: [Double]) -> AnimationValue { .numbers(array) }
}
extension Color: AnimationValueArrayElement {
  public static func animationValue(of array: [Color]) -> AnimationValue { .colors(array) }
}
extension Array: AnimationValueConvertible where Element: AnimationValueArrayElement {
  public var animationValue: AnimationValue { Element.animationValue(of: self) }
}

/// `AnimationValue`'s cases where an `any AnimationValueConvertible` is
/// expected (`animation.fromValue = .point(p)`).
extension AnimationValueConvertible where Self == AnimationValue {
  @_disfavoredOverload public static func number(_ x: Double) -> AnimationValue { AnimationValue.number(x) }
  @_disfavoredOverload public static func point(_ p: CGPoint) -> AnimationValue { AnimationValue.point(p) }
  @_disfavoredOverload public static func size(_ s: CGSize) -> AnimationValue { AnimationValue.size(s) }
  @_disfavoredOverload public static func rect(_ r: CGRect) -> AnimationValue { AnimationValue.rect(r) }
  @_disfavoredOverload public static func color(_ c: Color?) -> AnimationValue { AnimationValue.color(c) }
  @_disfavoredOverload public static func transform(_ t: Transform3D) -> AnimationValue {
    AnimationValue.transform(t)
  }
  @_disfavoredOverload public static func path(_ p: Path?) -> AnimationValue { AnimationValue.path(p) }
  @_disfavoredOverload public static func bool(_ b: Bool) -> AnimationValue { AnimationValue.bool(b) }
  @_disfavoredOverload public static func image(_ i: Image?) -> AnimationValue { AnimationValue.image(i) }
  @_disfavoredOverload public static func blendMode(_ m: BlendMode?) -> AnimationValue {
    AnimationValue.blendMode(m)
  }
  @_disfavoredOverload public static func colors(_ c: [Color]?) -> AnimationValue { AnimationValue.colors(c) }
  @_disfavoredOverload public static func numbers(_ n: [Double]?) -> AnimationValue { AnimationValue.numbers(n) }
}
