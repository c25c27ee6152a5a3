// AnimatableProperties: the key paths an animation may name, each declared
// once: how its value is read from a layer and written to a presentation
// layer, and the range the written value is clamped to. The properties are
// Core Animation's animatable ones (marked "Animatable" in CALayer.h,
// CAGradientLayer.h, CAShapeLayer.h, CAReplicatorLayer.h and
// CATextLayer.h) that the scene format has, plus the sub-paths of
// `position`, `bounds` and `transform` (docs/scene-format.md, "Animations").
//
// Clamping: an eased curve or a spring overshoots, so a presented value
// can leave its property's range (an opacity of 1.08, a negative corner
// radius, a stroke end past 1). Core Animation clamps such values when it
// renders; here they are clamped when written into the presentation by
// the model's own setters (the properties' ranges, ValueRange.swift, are
// written there and nowhere here), so the lowering sees only values a
// scene file could hold. Two floors have no setter: a bounds size stays
// ≥ 0 and a font size ≥ 0.001 (the scene format refuses 0).
//
// Rejected: reaching the properties through `LayerProperties` (the scene
// table): its entries read and write JSON, not values, and most keys there
// (names, enums, `mask`, `sublayers`) are not animatable.

/// One animatable key path.
struct AnimatableProperty: Sendable {
  let keyPath: String
  /// The value on `layer`, or `nil` when the layer's class lacks the property.
  let get: @Sendable (Layer) -> AnimationValue?
  /// Writes the value (of the property's kind, clamped) into `layer`.
  let set: @Sendable (Layer, AnimationValue) -> Void
  /// The class that has the property, for messages ("layer" for all).
  let owner: String

  fileprivate init(
    _ keyPath: String, owner: String, get: @escaping @Sendable (Layer) -> AnimationValue?,
    set: @escaping @Sendable (Layer, AnimationValue) -> Void
  ) {
    self.keyPath = keyPath
    self.owner = owner
    self.get = get
    self.set = set
  }

  /// A number property of class `L`, clamped to `range`.
  static func number<L: Layer>(
    _ key: String, _ kp: ReferenceWritableKeyPath<L, Double> & Sendable, _ owner: String = "layer",
    _ range: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
  ) -> Self {
    Self(
      key, owner: owner, get: { ($0 as? L).map { .number($0[keyPath: kp]) } },
      set: { layer, v in
        if let l = layer as? L, case .number(let x) = v { l[keyPath: kp] = x.clamped(to: range) }
      })
  }

  /// Any other property of class `L`, with its case's extract and wrap.
  static func value<L: Layer, V>(
    _ key: String, _ kp: ReferenceWritableKeyPath<L, V> & Sendable, _ owner: String = "layer",
    wrap: @escaping @Sendable (V) -> AnimationValue, unwrap: @escaping @Sendable (AnimationValue) -> V?
  ) -> Self {
    Self(
      key, owner: owner, get: { ($0 as? L).map { wrap($0[keyPath: kp]) } },
      set: { layer, v in
        if let l = layer as? L, let x = unwrap(v) { l[keyPath: kp] = x }
      })
  }

  /// A component of a layer value: `position.x`, `bounds.size.width`.
  static func component(
    _ key: String, get: @escaping @Sendable (Layer) -> Double, set: @escaping @Sendable (Layer, Double) -> Void
  ) -> Self {
    Self(
      key, owner: "layer", get: { .number(get($0)) },
      set: { layer, v in if case .number(let x) = v { set(layer, x) } })
  }

  /// A component of `transform` through its decomposition (`transform.rotation.z`).
  static func transformPart(
    _ key: String, get: @escaping @Sendable (TransformDecomposition) -> Double,
    set: @escaping @Sendable (inout TransformDecomposition, Double) -> Void
  ) -> Self {
    Self(
      key, owner: "layer",
      get: { layer in TransformDecomposition(layer.transform).map { .number(get($0)) } ?? .number(0) },
      set: { layer, v in
        guard case .number(let x) = v else { return }
        var d = TransformDecomposition(layer.transform) ?? TransformDecomposition()
        set(&d, x)
        layer.transform = d.matrix
      })
  }
}

extension AnimatableProperty {
  /// `transform.translation`: the x and y of the translation, as a size
  /// (Core Animation's `CGSize` value for this key path).
  static var transformTranslation: Self {
    Self(
      "transform.translation", owner: "layer",
      get: { layer in
        let d = TransformDecomposition(layer.transform) ?? TransformDecomposition()
        return .size(CGSize(width: d.translation[0], height: d.translation[1]))
      },
      set: { layer, v in
        guard case .size(let s) = v else { return }
        var d = TransformDecomposition(layer.transform) ?? TransformDecomposition()
        d.translation[0] = Double(s.width)
        d.translation[1] = Double(s.height)
        layer.transform = d.matrix
      })
  }
}

enum AnimatableProperties {
  private static func color<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Color?> & Sendable, _ owner: String = "layer") -> AnimatableProperty {
    .value(key, kp, owner, wrap: { .color($0) }, unwrap: { if case .color(let c) = $0 { return c } else { return nil } })
  }
  private static func point<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, CGPoint> & Sendable, _ owner: String = "layer") -> AnimatableProperty {
    .value(key, kp, owner, wrap: { .point($0) }, unwrap: { if case .point(let p) = $0 { return p } else { return nil } })
  }
  private static func rect(_ key: String, _ kp: ReferenceWritableKeyPath<Layer, CGRect> & Sendable, nonNegativeSize: Bool = false) -> AnimatableProperty {
    .value(key, kp, wrap: { .rect($0) }, unwrap: {
      guard case .rect(let r) = $0 else { return nil }
      guard nonNegativeSize else { return r }
      return CGRect(x: r.origin.x, y: r.origin.y, width: max(r.size.width, 0), height: max(r.size.height, 0))
    })
  }
  private static func transform<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Transform3D> & Sendable, _ owner: String = "layer") -> AnimatableProperty {
    .value(key, kp, owner, wrap: { .transform($0) }, unwrap: { if case .transform(let t) = $0 { return t } else { return nil } })
  }
  private static func bool(_ key: String, _ kp: ReferenceWritableKeyPath<Layer, Bool> & Sendable) -> AnimatableProperty {
    .value(key, kp, wrap: { .bool($0) }, unwrap: { if case .bool(let b) = $0 { return b } else { return nil } })
  }
  private static func path<L: Layer>(_ key: String, _ kp: ReferenceWritableKeyPath<L, Path?> & Sendable, _ owner: String = "layer") -> AnimatableProperty {
    .value(key, kp, owner, wrap: { .path($0) }, unwrap: { if case .path(let p) = $0 { return p } else { return nil } })
  }

  /// Every animatable key path, in the order of the layer tables.
  static let all: [AnimatableProperty] = [
    rect("bounds", \.bounds, nonNegativeSize: true),
    .component("bounds.size.width", get: { $0.bounds.size.width }, set: { $0.bounds.size.width = max($1, 0) }),
    .component("bounds.size.height", get: { $0.bounds.size.height }, set: { $0.bounds.size.height = max($1, 0) }),
    point("position", \.position),
    .component("position.x", get: { $0.position.x }, set: { $0.position.x = $1 }),
    .component("position.y", get: { $0.position.y }, set: { $0.position.y = $1 }),
    point("anchorPoint", \.anchorPoint),
    .number("zPosition", \.zPosition),
    transform("transform", \.transform),
    .transformPart("transform.rotation", get: { $0.eulerAngles[2] }, set: { d, x in var e = d.eulerAngles; e[2] = x; d.setEulerAngles(e) }),
    .transformPart("transform.rotation.x", get: { $0.eulerAngles[0] }, set: { d, x in var e = d.eulerAngles; e[0] = x; d.setEulerAngles(e) }),
    .transformPart("transform.rotation.y", get: { $0.eulerAngles[1] }, set: { d, x in var e = d.eulerAngles; e[1] = x; d.setEulerAngles(e) }),
    .transformPart("transform.rotation.z", get: { $0.eulerAngles[2] }, set: { d, x in var e = d.eulerAngles; e[2] = x; d.setEulerAngles(e) }),
    // `transform.scale` is the mean of x and y when read, both when written.
    .transformPart("transform.scale", get: { ($0.scale[0] + $0.scale[1]) / 2 }, set: { d, x in d.scale[0] = x; d.scale[1] = x }),
    .transformPart("transform.scale.x", get: { $0.scale[0] }, set: { $0.scale[0] = $1 }),
    .transformPart("transform.scale.y", get: { $0.scale[1] }, set: { $0.scale[1] = $1 }),
    .transformPart("transform.scale.z", get: { $0.scale[2] }, set: { $0.scale[2] = $1 }),
    .transformPart("transform.translation.x", get: { $0.translation[0] }, set: { $0.translation[0] = $1 }),
    .transformPart("transform.translation.y", get: { $0.translation[1] }, set: { $0.translation[1] = $1 }),
    .transformPart("transform.translation.z", get: { $0.translation[2] }, set: { $0.translation[2] = $1 }),
    .transformTranslation,
    transform("sublayerTransform", \.sublayerTransform),
    bool("hidden", \.isHidden),
    .number("opacity", \.opacity),
    color("backgroundColor", \.backgroundColor),
    .number("cornerRadius", \.cornerRadius),
    bool("masksToBounds", \.masksToBounds),
    .number("borderWidth", \.borderWidth),
    color("borderColor", \.borderColor),
    .number("shadowOpacity", \.shadowOpacity),
    color("shadowColor", \.shadowColor),
    .value("shadowOffset", \Layer.shadowOffset, wrap: { .size($0) }, unwrap: { if case .size(let s) = $0 { return s } else { return nil } }),
    .number("shadowRadius", \.shadowRadius),
    path("shadowPath", \.shadowPath),
    .value("contents", \Layer.contents, wrap: { .image($0) }, unwrap: { if case .image(let i) = $0 { return i } else { return nil } }),
    rect("contentsRect", \.contentsRect),
    rect("contentsCenter", \.contentsCenter),
    bool("doubleSided", \.isDoubleSided),
    .value("compositingFilter", \Layer.compositingFilter, wrap: { .blendMode($0) }, unwrap: {
      if case .blendMode(let m) = $0 { return m } else { return nil }
    }),
    // gradientLayer
    .value("colors", \GradientLayer.colors, "gradientLayer", wrap: { .colors($0) }, unwrap: { if case .colors(let c) = $0 { return c } else { return nil } }),
    .value("locations", \GradientLayer.locations, "gradientLayer", wrap: { .numbers($0) }, unwrap: {
      if case .numbers(let n) = $0 { return n } else { return nil }
    }),
    point("startPoint", \GradientLayer.startPoint, "gradientLayer"),
    point("endPoint", \GradientLayer.endPoint, "gradientLayer"),
    // shapeLayer
    path("path", \ShapeLayer.path, "shapeLayer"),
    color("fillColor", \ShapeLayer.fillColor, "shapeLayer"),
    color("strokeColor", \ShapeLayer.strokeColor, "shapeLayer"),
    .number("lineWidth", \ShapeLayer.lineWidth, "shapeLayer"),
    .number("miterLimit", \ShapeLayer.miterLimit, "shapeLayer"),
    .value("lineDashPattern", \ShapeLayer.lineDashPattern, "shapeLayer", wrap: { .numbers($0) }, unwrap: {
      if case .numbers(let n) = $0 { return n } else { return nil }
    }),
    .number("lineDashPhase", \ShapeLayer.lineDashPhase, "shapeLayer"),
    .number("strokeStart", \ShapeLayer.strokeStart, "shapeLayer"),
    .number("strokeEnd", \ShapeLayer.strokeEnd, "shapeLayer"),
    // replicatorLayer
    transform("instanceTransform", \ReplicatorLayer.instanceTransform, "replicatorLayer"),
    color("instanceColor", \ReplicatorLayer.instanceColor, "replicatorLayer"),
    .number("instanceRedOffset", \ReplicatorLayer.instanceRedOffset, "replicatorLayer"),
    .number("instanceGreenOffset", \ReplicatorLayer.instanceGreenOffset, "replicatorLayer"),
    .number("instanceBlueOffset", \ReplicatorLayer.instanceBlueOffset, "replicatorLayer"),
    .number("instanceAlphaOffset", \ReplicatorLayer.instanceAlphaOffset, "replicatorLayer"),
    .number("instanceDelay", \ReplicatorLayer.instanceDelay, "replicatorLayer"),
    // textLayer
    .number("fontSize", \TextLayer.fontSize, "textLayer", 1e-3...TextLimits.maxFontSize),
    color("foregroundColor", \TextLayer.foregroundColor, "textLayer"),
  ]

  static let byKeyPath = Dictionary(uniqueKeysWithValues: all.map { ($0.keyPath, $0) })
}
