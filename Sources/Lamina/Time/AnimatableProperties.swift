// AnimatableProperties: the key paths an animation may name. A property is
// animatable where the layer tables declare it (LayerProperties.swift, an
// entry with `animates:`, which says which `AnimationValue` case holds its
// type): the table gives the key, the key path and the range (its codec's
// rule), and `all` walks the tables of every class. The properties are
// Core Animation's animatable ones (marked "Animatable" in CALayer.h,
// CAGradientLayer.h, CAShapeLayer.h, CAReplicatorLayer.h and
// CATextLayer.h) that the scene format has; only the sub-paths of
// `position`, `bounds` and `transform` (docs/scene-format.md,
// "Animations") are written here, after the key they belong to.
//
// Clamping: an eased curve or a spring overshoots, so a presented value
// can leave its property's range (an opacity of 1.08, a negative corner
// radius, a stroke end past 1). Core Animation clamps such values when it
// renders; here they are clamped when written into the presentation, to
// the range of the entry's rule (`NumberRule.range`: the ranges the
// model's own setters clamp to, ValueRange.swift), so the lowering sees
// only values a scene file could hold.
//
// Rejected: a second list of the animatable properties with their key
// paths and ranges, as before (each property had a home here too).

/// One animatable key path.
struct AnimatableProperty: Sendable {
  let keyPath: String
  /// The value on `layer`, or `nil` when the layer's class lacks the property.
  let get: @Sendable (Layer) -> AnimationValue?
  /// Writes the value (of the property's kind, clamped) into `layer`.
  let set: @Sendable (Layer, AnimationValue) -> Void
  /// The class that has the property, for messages ("layer" for all).
  let owner: String
  /// A value of the property's kind (every property's is fixed): an
  /// animation's values are checked against it without a read, which for
  /// a transform part decomposes the matrix and for a table entry goes
  /// through a key path (S10 checks 1,200 animations a frame).
  let kind: AnimationValue

  fileprivate init(
    _ keyPath: String, owner: String, kind: AnimationValue, get: @escaping @Sendable (Layer) -> AnimationValue?,
    set: @escaping @Sendable (Layer, AnimationValue) -> Void
  ) {
    self.keyPath = keyPath
    self.owner = owner
    self.kind = kind
    self.get = get
    self.set = set
  }

  /// A component of a layer value: `position.x`, `bounds.size.width`.
  static func component(
    _ key: String, get: @escaping @Sendable (Layer) -> Double, set: @escaping @Sendable (Layer, Double) -> Void
  ) -> Self {
    Self(
      key, owner: "layer", kind: .number(0), get: { .number(get($0)) },
      set: { layer, v in if case .number(let x) = v { set(layer, x) } })
  }

  /// A component of `transform` through its decomposition (`transform.rotation.z`).
  static func transformPart(
    _ key: String, get: @escaping @Sendable (TransformDecomposition) -> Double,
    set: @escaping @Sendable (inout TransformDecomposition, Double) -> Void
  ) -> Self {
    Self(
      key, owner: "layer", kind: .number(0),
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
      "transform.translation", owner: "layer", kind: .size(.zero),
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

/// How a property's Swift type is an `AnimationValue`: the case that holds
/// it (`LayerProperty`'s `animates:`).
struct AnimationKind<V>: Sendable {
  let wrap: @Sendable (V) -> AnimationValue
  let unwrap: @Sendable (AnimationValue) -> V?
  /// A value of the case (what `AnimationValue.sameKind` compares).
  let sample: AnimationValue
}

/// `.number`.
extension AnimationKind where V == Double { static var number: Self { Self(wrap: { .number($0) }, unwrap: { if case .number(let x) = $0 { x } else { nil } }, sample: .number(0)) } }
/// `.point`.
extension AnimationKind where V == CGPoint { static var point: Self { Self(wrap: { .point($0) }, unwrap: { if case .point(let p) = $0 { p } else { nil } }, sample: .point(.zero)) } }
/// `.size`.
extension AnimationKind where V == CGSize { static var size: Self { Self(wrap: { .size($0) }, unwrap: { if case .size(let s) = $0 { s } else { nil } }, sample: .size(.zero)) } }
/// `.rect`.
extension AnimationKind where V == CGRect { static var rect: Self { Self(wrap: { .rect($0) }, unwrap: { if case .rect(let r) = $0 { r } else { nil } }, sample: .rect(.zero)) } }
/// `.color`.
extension AnimationKind where V == Color? { static var color: Self { Self(wrap: { .color($0) }, unwrap: { if case .color(let c) = $0 { c } else { nil } }, sample: .color(nil)) } }
/// `.transform`.
extension AnimationKind where V == Transform3D { static var transform: Self { Self(wrap: { .transform($0) }, unwrap: { if case .transform(let t) = $0 { t } else { nil } }, sample: .transform(.identity)) } }
/// `.path`.
extension AnimationKind where V == Path? { static var path: Self { Self(wrap: { .path($0) }, unwrap: { if case .path(let p) = $0 { p } else { nil } }, sample: .path(nil)) } }
/// `.bool`.
extension AnimationKind where V == Bool { static var bool: Self { Self(wrap: { .bool($0) }, unwrap: { if case .bool(let b) = $0 { b } else { nil } }, sample: .bool(false)) } }
/// `.image`.
extension AnimationKind where V == Image? { static var image: Self { Self(wrap: { .image($0) }, unwrap: { if case .image(let i) = $0 { i } else { nil } }, sample: .image(nil)) } }
/// `.blendMode`.
extension AnimationKind where V == BlendMode? { static var blendMode: Self { Self(wrap: { .blendMode($0) }, unwrap: { if case .blendMode(let m) = $0 { m } else { nil } }, sample: .blendMode(nil)) } }
/// `.colors`.
extension AnimationKind where V == [Color]? { static var colors: Self { Self(wrap: { .colors($0) }, unwrap: { if case .colors(let c) = $0 { c } else { nil } }, sample: .colors(nil)) } }
/// `.numbers`.
extension AnimationKind where V == [Double]? { static var numbers: Self { Self(wrap: { .numbers($0) }, unwrap: { if case .numbers(let n) = $0 { n } else { nil } }, sample: .numbers(nil)) } }

extension AnimatableProperty {
  /// A table entry's property (LayerProperties.swift): `key` of class `L`,
  /// read and written at `keyPath`, clamped by `clamp`.
  static func entry<L: Layer, V>(
    _ key: String, _ keyPath: ReferenceWritableKeyPath<L, V>, _ kind: AnimationKind<V>,
    clamp: (@Sendable (V) -> V)?, owner: String
  ) -> Self {
    nonisolated(unsafe) let keyPath = keyPath  // immutable, as every key path
    return Self(
      key, owner: owner, kind: kind.sample, get: { ($0 as? L).map { kind.wrap($0[keyPath: keyPath]) } },
      set: { layer, v in
        if let l = layer as? L, let x = kind.unwrap(v) { l[keyPath: keyPath] = clamp?(x) ?? x }
      })
  }
}

enum AnimatableProperties {
  /// The sub-paths of a key, listed after it.
  private static let parts: [String: [AnimatableProperty]] = [
    "bounds": [
      .component("bounds.size.width", get: { $0.bounds.size.width }, set: { $0.bounds.size.width = max($1, 0) }),
      .component("bounds.size.height", get: { $0.bounds.size.height }, set: { $0.bounds.size.height = max($1, 0) }),
    ],
    "position": [
      .component("position.x", get: { $0.position.x }, set: { $0.position.x = $1 }),
      .component("position.y", get: { $0.position.y }, set: { $0.position.y = $1 }),
    ],
    "transform": [
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
    ],
  ]

  /// Every animatable key path, in the order of the layer tables (each
  /// class's own keys after `Layer`'s), each key's sub-paths after it.
  static let all: [AnimatableProperty] = LayerClasses.all.flatMap { c in
    (c === LayerClasses.layer ? LayerProperties.layer : c.ownProperties).compactMap { p in
      p.animation.map { (key: p.key, property: $0(c.type)) }
    }
  }.flatMap { [$0.property] + (parts[$0.key] ?? []) }

  static let byKeyPath = Dictionary(uniqueKeysWithValues: all.map { ($0.keyPath, $0) })
}
