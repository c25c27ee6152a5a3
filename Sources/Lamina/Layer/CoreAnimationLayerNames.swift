// CoreAnimationLayerNames: Core Animation's names for the layer classes and
// their small types, beside Lamina's short ones, so that `CALayer` code
// ports as written (`let bar = CAGradientLayer()`). Each is a type alias:
// one type, two spellings, and the short name stays the documented one.
// The animation classes' aliases are in LayerAnimations.swift, the
// transform functions' in CoreAnimationNames.swift.
//
// Two differences a porter meets, written here once:
// - Nothing animates implicitly. Setting a property changes the model at
//   once, and no `CATransaction` exists or is needed; only animations
//   added with `add(_:forKey:)` animate.
// - There is no clock. Time is a number you pass
//   (`presentation(at:)`, a frame's time), so `CACurrentMediaTime()` has
//   no counterpart: an animation's `beginTime` is in its layer's time, and
//   `0` is the start of the scene.
//
// Rejected: subclasses named `CALayer`, … (two classes per layer kind, and
// `layer is ShapeLayer` would fail for a `CAShapeLayer`).

/// `CALayer`: Lamina's `Layer`.
public typealias CALayer = Layer
/// `CAShapeLayer`: Lamina's `ShapeLayer`.
public typealias CAShapeLayer = ShapeLayer
/// `CAGradientLayer`: Lamina's `GradientLayer`.
public typealias CAGradientLayer = GradientLayer
/// `CATextLayer`: Lamina's `TextLayer`.
public typealias CATextLayer = TextLayer
/// `CAReplicatorLayer`: Lamina's `ReplicatorLayer`.
public typealias CAReplicatorLayer = ReplicatorLayer
/// `CATransformLayer`: Lamina's `TransformLayer`.
public typealias CATransformLayer = TransformLayer

/// `CACornerMask`.
public typealias CACornerMask = CornerMask
/// `CALayerCornerCurve`.
public typealias CALayerCornerCurve = CornerCurve
/// `CALayerContentsGravity`.
public typealias CALayerContentsGravity = ContentsGravity
/// `CALayerContentsFilter`.
public typealias CALayerContentsFilter = ContentsFilter
/// `CAGradientLayerType`.
public typealias CAGradientLayerType = GradientType
/// `CAShapeLayerFillRule`.
public typealias CAShapeLayerFillRule = FillRule
/// `CAShapeLayerLineCap`.
public typealias CAShapeLayerLineCap = LineCap
/// `CAShapeLayerLineJoin`.
public typealias CAShapeLayerLineJoin = LineJoin
/// `CATextLayerTruncationMode`.
public typealias CATextLayerTruncationMode = TextTruncationMode
/// `CATextLayerAlignmentMode`.
public typealias CATextLayerAlignmentMode = TextAlignmentMode
