// LayerProperties: every key of a layer object in the scene format
// (docs/scene-format.md), declared once, beside the classes whose
// properties they are, in the format's order: its JSON name, the `Layer`
// property it sets (the public property: a key path through the class's
// struct of plain values, two components, reads at less than half the
// speed, and the lowering's finiteness check reads every number), its
// codec (type and rule, e.g. a number ≥ 0, whose range also bounds an
// animated value) and, when animatable, the `AnimationValue` case of its
// type (`animates:`). The decoder, `SceneWriter`, `isEquivalent`, the
// lowering's finiteness check and the animations (AnimatableProperties)
// all walk these tables (through `LayerClass`), so adding a property is
// one line here plus its field, its property and its drawing. A table's
// order is the order of the decoder's known keys (unknown-key
// suggestions), of a written layer's keys and of the finiteness check. The
// defaults are not written here: a key holds its default when its
// comparison finds the layer equal to a fresh one of its class
// (`LayerClass.fresh`), so the initial value of the property is the only
// default. The timing keys are `MediaTiming.keys`, the table animations
// use too.
//
// A layer class with keys of its own (`GradientLayer`) gets a table of its
// own, `[LayerProperty<GradientLayer>]`, whose key paths reach its own
// properties; its `LayerClass` (LayerClasses.swift) joins `Layer`'s table
// and its own into one list over `Layer` (`erased`: the closures downcast,
// and a class's list is only ever walked for layers of that class).
//
// Rejected: a Swift macro generating the tables from annotations on
// `Layer` (a macro target pulls in swift-syntax and its build time, and
// the format's rules, `frame` read last, `transform` written as
// `affineTransform`, would still need hand-written exceptions), and
// `Codable` synthesis (its errors carry no JSON path with a line and
// column, it reports one error rather than all, and it knows neither the
// value rules nor the omission of defaults). And a default beside each
// entry, as before: it had to repeat the property's initial value, and a
// test had to check that it did.

/// One key of a layer object: how the scene loader reads it, how
/// `SceneWriter` writes it, how `isEquivalent` compares it and how the
/// lowering checks it for NaN and infinities.
struct LayerProperty<L: Layer>: Sendable {
  /// Reads one member's value (at the path given) into the layer being read.
  typealias Reader =
    @Sendable (
      inout SceneDecoder, JSONValue.Member, [JSONPathComponent], inout LayerReading<L>
    ) -> Void
  /// Appends the layer's member (`SceneWriter` calls it only when `isEqual`
  /// tells the layer from a fresh one of its class; an entry without
  /// `isEqual` decides itself).
  typealias Writer = @Sendable (L, inout [JSONValue.Member]) -> Void

  /// The JSON key.
  let key: String
  /// The Swift property's name, for `LoweringError.notFinite`.
  let name: String
  let read: Reader
  let write: Writer
  /// `nil` for keys that set another key's property (`frame`,
  /// `affineTransform`) and for `type` (the class, compared first).
  let isEqual: (@Sendable (L, L) -> Bool)?
  /// `nil` for properties that hold no numbers.
  let isFinite: (@Sendable (L) -> Bool)?
  /// For an animatable property (`animates:`), its `AnimatableProperty`
  /// for the class named (AnimatableProperties.swift); `nil` otherwise.
  var animation: (@Sendable (_ owner: String) -> AnimatableProperty)? = nil

  /// A stored property, read with `codec` and set at once; written with
  /// `codec` (`write` replaces that); animatable as `animates` says, within
  /// the codec's range.
  static func stored<V>(
    _ key: String, _ keyPath: ReferenceWritableKeyPath<L, V> & Sendable, _ codec: SceneCodec<V>,
    name: String? = nil, animates: AnimationKind<V>? = nil, write: Writer? = nil
  ) -> Self {
    custom(
      key, keyPath, name: name, isEqual: codec.isEqual,
      isFinite: codec.isFinite, animates: animates, clamp: codec.clamp,
      read: { d, member, path, reading in
        if let value = codec.read(&d, member.value, path) {
          reading.layer[keyPath: keyPath] = value
        }
      },
      write: write ?? { layer, members in members.append(SceneWriter.member(key, codec.write(layer[keyPath: keyPath]))) })
  }

  /// A stored geometry property, kept until the end of the object and set
  /// by `SceneDecoder.apply` (`frame` needs the anchor point and transform
  /// of its object, whatever the key order).
  static func geometry<V>(
    _ key: String, _ keyPath: ReferenceWritableKeyPath<L, V> & Sendable, _ codec: SceneCodec<V>,
    late: WritableKeyPath<PendingGeometry, (V, JSONValue.Member)?> & Sendable, animates: AnimationKind<V>? = nil,
    write: Writer? = nil
  ) -> Self {
    let set = stored(key, keyPath, codec, animates: animates, write: write)
    return Self(
      key: key, name: key, read: input(key, codec, late: late).read, write: set.write, isEqual: set.isEqual,
      isFinite: set.isFinite, animation: set.animation)
  }

  /// A key that is only read, kept for the end of the object: another
  /// key writes, compares and checks the property it sets.
  static func input<V>(
    _ key: String, _ codec: SceneCodec<V>,
    late: WritableKeyPath<PendingGeometry, (V, JSONValue.Member)?> & Sendable
  ) -> Self {
    Self(
      key: key, name: key,
      read: { d, member, path, reading in
        if let value = codec.read(&d, member.value, path) {
          reading.geometry[keyPath: late] = (value, member)
        }
      },
      write: { _, _ in }, isEqual: nil, isFinite: nil)
  }

  /// One of `MediaTiming.keys`, reached through the layer's `timing`.
  static func timing(_ k: TimingKey) -> Self {
    Self(
      key: k.key, name: k.key,
      read: { d, member, path, reading in k.read(&d, member.value, path, &reading.layer.timing) },
      write: { layer, members in k.write(layer.timing, &members) },
      isEqual: { k.isEqual($0.timing, $1.timing) }, isFinite: nil)
  }

  /// A property with its own reader and writer.
  static func custom<V>(
    _ key: String, _ keyPath: KeyPath<L, V> & Sendable, name: String? = nil,
    isEqual: @escaping @Sendable (V, V) -> Bool, isFinite: (@Sendable (V) -> Bool)? = nil,
    animates: AnimationKind<V>? = nil, clamp: (@Sendable (V) -> V)? = nil,
    read: @escaping Reader, write: @escaping Writer
  ) -> Self {
    var finiteCheck: (@Sendable (L) -> Bool)?
    if let isFinite { finiteCheck = { isFinite($0[keyPath: keyPath]) } }
    var animation: (@Sendable (String) -> AnimatableProperty)?
    // An animatable property is settable (a key path literal is Sendable).
    if let animates, let writable = keyPath as? ReferenceWritableKeyPath<L, V> {
      nonisolated(unsafe) let writable = writable
      animation = { owner in .entry(key, writable, animates, clamp: clamp, owner: owner) }
    }
    return Self(
      key: key, name: name ?? key, read: read, write: write,
      isEqual: { isEqual($0[keyPath: keyPath], $1[keyPath: keyPath]) }, isFinite: finiteCheck,
      animation: animation)
  }
}

enum LayerProperties {
  /// The keys of `Layer` and `TransformLayer`.
  static let layer: [LayerProperty<Layer>] = [
    .stored("name", \.name, .optional(.string)),
    // The layer's class: read first (it chooses the class), written unless
    // plain; `isEquivalent` compares classes before any key.
    LayerProperty(
      key: "type", name: "type", read: { _, _, _, _ in },
      write: { layer, members in
        let type = layer.sceneClass.type
        if type != "layer" { members.append(SceneWriter.member("type", JSONValue(.string(type)))) }
      }, isEqual: nil, isFinite: nil),
    .input("frame", .rect(nonNegativeSize: true), late: \.frame),
    .geometry("bounds", \.bounds, .rect(nonNegativeSize: true), late: \.bounds, animates: .rect),
    .geometry("position", \.position, .point, late: \.position, animates: .point),
    .stored("anchorPoint", \.anchorPoint, .point, animates: .point),
    .stored("zPosition", \.zPosition, .number(), animates: .number),
    // Written as `affineTransform` when affine, so it reads back bit for bit.
    .geometry(
      "transform", \.transform, .transform, late: \.transform, animates: .transform,
      write: { layer, members in
        let t = layer.transform
        guard !t.isIdentity else { return }
        members.append(
          t.isAffine
            ? SceneWriter.member("affineTransform", SceneCodec.affineTransform.write(t))
            : SceneWriter.member("transform", SceneCodec.transform.write(t)))
      }),
    .input("affineTransform", .affineTransform, late: \.affine),
    .stored("sublayerTransform", \.sublayerTransform, .transform, animates: .transform),
    .stored("hidden", \.isHidden, .bool, name: "isHidden", animates: .bool),
    .stored("opacity", \.opacity, .number(.unit), animates: .number),
    .stored("allowsGroupOpacity", \.allowsGroupOpacity, .bool),
    .stored("backgroundColor", \.backgroundColor, .color, animates: .color),
    .stored("cornerRadius", \.cornerRadius, .number(.nonNegative), animates: .number),
    .stored("maskedCorners", \.maskedCorners, .cornerMask),
    .stored("cornerCurve", \.cornerCurve, .name(caPrefix: "kCACornerCurve")),
    .stored("masksToBounds", \.masksToBounds, .bool, animates: .bool),
    .stored("borderWidth", \.borderWidth, .number(.nonNegative), animates: .number),
    .stored("borderColor", \.borderColor, .color, animates: .color),
    .stored("shadowOpacity", \.shadowOpacity, .number(.unit), animates: .number),
    .stored("shadowColor", \.shadowColor, .color, animates: .color),
    .stored("shadowOffset", \.shadowOffset, .size, animates: .size),
    .stored("shadowRadius", \.shadowRadius, .number(.nonNegative), animates: .number),
    .stored("shadowPath", \.shadowPath, .optional(.path), animates: .path),
    // A generated image is rendered once the document is valid, so it is
    // queued with its layer; an image without a source is a comment.
    .custom(
      "contents", \.contents, isEqual: Layer.sameImage, animates: .image,
      read: { d, member, path, reading in d.contents(member.value, path, into: reading.layer) },
      write: { layer, members in
        guard let image = layer.contents else { return }
        members.append(
          SceneWriter.imageJSON(image).map { SceneWriter.member("contents", $0) }
            ?? SceneWriter.member(
              "_contents",
              JSONValue(
                .string(
                  "an image without a source (\(image.width)×\(image.height) pixels) cannot be written"
                ))))
      }),
    .stored("contentsRect", \.contentsRect, .rect(), animates: .rect),
    .stored("contentsGravity", \.contentsGravity, .name(caPrefix: "kCAGravity")),
    .stored("contentsScale", \.contentsScale, .number(.positive)),
    .stored("contentsCenter", \.contentsCenter, .rect(), animates: .rect),
    .stored(
      "minificationFilter", \.minificationFilter, .name(caPrefix: "kCAFilter")),
    .stored(
      "magnificationFilter", \.magnificationFilter, .name(caPrefix: "kCAFilter")),
    .stored("minificationFilterBias", \.minificationFilterBias, .number()),
    .stored("shouldRasterize", \.shouldRasterize, .bool),
    .stored("rasterizationScale", \.rasterizationScale, .number(.positive)),
    .stored("doubleSided", \.isDoubleSided, .bool, name: "isDoubleSided", animates: .bool),
    // Core Image's names ("multiplyBlendMode"; "CIMultiplyBlendMode" read too), or null.
    .stored("compositingFilter", \.compositingFilter, .nullable(.name(caPrefix: "CI")), animates: .blendMode),
  ]
  // Time (Time/, SceneAnimationDecoder.swift): the layer's own timing, then its animations.
  + MediaTiming.keys.map(LayerProperty<Layer>.timing) + [
    .custom(
      "animations", \.animations,
      isEqual: { a, b in
        JSONWriter.compact(SceneWriter.animations(a)) == JSONWriter.compact(SceneWriter.animations(b))
      },
      read: { d, member, path, reading in d.animations(member.value, path, into: reading.layer) },
      write: { layer, members in
        guard !layer.animationEntries.isEmpty else { return }
        members.append(SceneWriter.member("animations", SceneWriter.animations(layer.animations)))
      }),
    .stored("mask", \.mask, .layer),
    // Attached one by one (the setter is private); `nil` and empty are equal.
    .custom(
      "sublayers", \.sublayers, isEqual: Layer.sameLayers,
      read: { d, member, path, reading in
        for sublayer in d.sublayers(member.value, path) { d.attach(sublayer, to: reading.layer) }
      },
      write: { layer, members in
        guard let sublayers = layer.sublayers else { return }
        members.append(
          SceneWriter.member("sublayers", JSONValue(.array(sublayers.map(SceneWriter.layer)))))
      }),
  ]

  /// The entries of `layer` that hold numbers, by Swift name: the lowering
  /// runs these on every layer, so they are kept apart from the rest.
  static let finiteChecks = ContiguousArray(
    layer.compactMap { p in p.isFinite.map { (name: p.name, isFinite: $0) } })

  /// The keys of `GradientLayer` (`CAGradientLayer`), after `Layer`'s.
  static let gradient: [LayerProperty<GradientLayer>] = [
    .stored("colors", \.colors, .optional(.colors), animates: .colors),
    .stored("locations", \.locations, .optional(.locations), animates: .numbers),
    .stored("startPoint", \.startPoint, .point, animates: .point),
    .stored("endPoint", \.endPoint, .point, animates: .point),
    .stored("gradientType", \.type, .name(caPrefix: "kCAGradientLayer"), name: "type"),
  ]

  /// The keys of `ReplicatorLayer` (`CAReplicatorLayer`), after `Layer`'s.
  static let replicator: [LayerProperty<ReplicatorLayer>] = [
    .stored(
      "instanceCount", \.instanceCount, .count(maximum: ReplicatorLayer.maximumInstanceCount)),
    .stored("instanceTransform", \.instanceTransform, .transform, animates: .transform),
    .stored("instanceColor", \.instanceColor, .color, animates: .color),
    .stored("instanceRedOffset", \.instanceRedOffset, .number(), animates: .number),
    .stored("instanceGreenOffset", \.instanceGreenOffset, .number(), animates: .number),
    .stored("instanceBlueOffset", \.instanceBlueOffset, .number(), animates: .number),
    .stored("instanceAlphaOffset", \.instanceAlphaOffset, .number(), animates: .number),
    .stored("instanceDelay", \.instanceDelay, .number(), animates: .number),
    .stored("preservesDepth", \.preservesDepth, .bool),
  ]

  /// The keys of `ShapeLayer` (`CAShapeLayer`), after `Layer`'s.
  static let shape: [LayerProperty<ShapeLayer>] = [
    .stored("path", \.path, .optional(.path), animates: .path),
    .stored("fillColor", \.fillColor, .color, animates: .color),
    .stored("fillRule", \.fillRule, .name(caPrefix: "kCAFillRule")),
    .stored("strokeColor", \.strokeColor, .color, animates: .color),
    .stored("lineWidth", \.lineWidth, .number(.nonNegative), animates: .number),
    .stored("lineCap", \.lineCap, .name(caPrefix: "kCALineCap")),
    .stored("lineJoin", \.lineJoin, .name(caPrefix: "kCALineJoin")),
    .stored("miterLimit", \.miterLimit, .number(.nonNegative), animates: .number),
    .stored("lineDashPattern", \.lineDashPattern, .optional(.lengths), animates: .numbers),
    .stored("lineDashPhase", \.lineDashPhase, .number(), animates: .number),
    .stored("strokeStart", \.strokeStart, .number(.unit), animates: .number),
    .stored("strokeEnd", \.strokeEnd, .number(.unit), animates: .number),
  ]

  /// The keys of `TextLayer` (`CATextLayer`), after `Layer`'s.
  static let text: [LayerProperty<TextLayer>] = [
    .stored("string", \.textContent, .textContent),
    // A font file path is relative to the scene's folder: the folder is
    // kept with the layer (not a key), the name is written as given.
    .custom(
      "font", \.font, isEqual: (==),
      read: { d, member, path, reading in
        if let s = d.font(member.value, path) {
          reading.layer.font = s
          reading.layer.fontBaseDirectory = d.baseDirectory
        }
      },
      write: { layer, members in
        members.append(SceneWriter.member("font", JSONValue(.string(layer.font))))
      }),
    .stored("fontSize", \.fontSize, .number(.fontSize), animates: .number),
    .stored("foregroundColor", \.foregroundColor, .color, animates: .color),
    .stored("isWrapped", \.isWrapped, .bool),
    .stored("truncationMode", \.truncationMode, .name(caPrefix: "kCATruncation")),
    .stored("alignmentMode", \.alignmentMode, .name(caPrefix: "kCAAlignment")),
  ]
}

extension LayerProperty {
  /// This entry over any `Layer`: its closures downcast to `L`. Only a
  /// `LayerClass` of `L` holds the result, and it is walked only for
  /// layers whose `sceneClass` it is, so the downcast always holds.
  var erased: LayerProperty<Layer> {
    let read = self.read, write = self.write
    let read2: LayerProperty<Layer>.Reader = { d, member, path, reading in
      var own = LayerReading(layer: unsafeDowncast(reading.layer, to: L.self))
      own.geometry = reading.geometry
      read(&d, member, path, &own)
      reading.geometry = own.geometry
    }
    let write2: LayerProperty<Layer>.Writer = { layer, members in write(unsafeDowncast(layer, to: L.self), &members) }
    var isEqual2: (@Sendable (Layer, Layer) -> Bool)?
    if let f = isEqual { isEqual2 = { a, b in f(unsafeDowncast(a, to: L.self), unsafeDowncast(b, to: L.self)) } }
    var isFinite2: (@Sendable (Layer) -> Bool)?
    if let f = isFinite { isFinite2 = { f(unsafeDowncast($0, to: L.self)) } }
    return LayerProperty<Layer>(
      key: key, name: name, read: read2, write: write2, isEqual: isEqual2, isFinite: isFinite2,
      animation: animation)
  }
}
