// LayerProperties: every key of a layer object in the scene format
// (docs/scene-format.md), declared once, in the format's order: its JSON
// name, the `Layer` property it sets, its codec (type and rule, e.g. a
// number ≥ 0) and its default, which must be the one `Layer()` gives. The
// decoder, `SceneWriter`, `isEquivalent` and the lowering's finiteness
// check all walk these tables (through `LayerClass`), so adding a property
// is one line here plus its drawing. A table's order is the order of the
// decoder's known keys (unknown-key suggestions), of a written layer's keys
// and of the finiteness check.
//
// A layer class with keys of its own (`GradientLayer`) gets a table of its
// own, `[LayerProperty<GradientLayer>]`, whose key paths reach its own
// properties; its `LayerClass` (LayerClasses.swift) joins `Layer`'s table
// and its own into one list over `Layer` (`erased`: the closures downcast,
// and a class's list is only ever walked for layers of that class).
//
// Rejected: a Swift macro generating the five places from annotations on
// `Layer` (a macro target pulls in swift-syntax and its build time, and
// the format's rules, `frame` read last, `transform` written as
// `affineTransform`, would still need hand-written exceptions), and
// `Codable` synthesis (its errors carry no JSON path with a line and
// column, it reports one error rather than all, and it knows neither the
// value rules nor the omission of defaults).

/// One key of a layer object: how the scene loader reads it, how
/// `SceneWriter` writes it, how `isEquivalent` compares it and how the
/// lowering checks it for NaN and infinities.
struct LayerProperty<L: Layer>: Sendable {
  /// Reads one member's value (at the path given) into the layer being read.
  typealias Reader =
    @Sendable (
      inout SceneDecoder, JSONValue.Member, [JSONPathComponent], inout LayerReading<L>
    ) -> Void
  /// Appends the layer's member, or nothing when it holds the default.
  typealias Writer = @Sendable (L, inout [JSONValue.Member]) -> Void

  /// The JSON key.
  let key: String
  /// The Swift property's name, for `LoweringError.notFinite`.
  let name: String
  let read: Reader
  let write: Writer
  /// `nil` for keys that set another key's property (`frame`, `affineTransform`).
  let isEqual: (@Sendable (L, L) -> Bool)?
  /// `nil` for properties that hold no numbers.
  let isFinite: (@Sendable (L) -> Bool)?
  /// True when the layer holds the table's default; `nil` as for `isEqual`.
  let isDefault: (@Sendable (L) -> Bool)?

  /// A stored property, read with `codec` and set at once; written unless
  /// it equals `default` (`write` replaces that).
  static func stored<V>(
    _ key: String, _ keyPath: ReferenceWritableKeyPath<L, V> & Sendable, _ codec: SceneCodec<V>,
    default: V, name: String? = nil, write: Writer? = nil
  ) -> Self {
    custom(
      key, keyPath, default: `default`, name: name, isEqual: codec.isEqual,
      isFinite: codec.isFinite,
      read: { d, member, path, reading in
        if let value = codec.read(&d, member.value, path) {
          reading.layer[keyPath: keyPath] = value
        }
      },
      write: write ?? defaultWriter(key, keyPath, codec, default: `default`))
  }

  /// A stored geometry property, kept until the end of the object and set
  /// by `SceneDecoder.apply` (`frame` needs the anchor point and transform
  /// of its object, whatever the key order).
  static func geometry<V>(
    _ key: String, _ keyPath: ReferenceWritableKeyPath<L, V> & Sendable, _ codec: SceneCodec<V>,
    default: V, late: WritableKeyPath<PendingGeometry, (V, JSONValue.Member)?> & Sendable,
    write: Writer? = nil
  ) -> Self {
    let input = input(key, codec, late: late)
    return custom(
      key, keyPath, default: `default`, isEqual: codec.isEqual, isFinite: codec.isFinite,
      read: input.read, write: write ?? defaultWriter(key, keyPath, codec, default: `default`))
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
      write: { _, _ in }, isEqual: nil, isFinite: nil, isDefault: nil)
  }

  /// Writes `key` unless the value equals `default`.
  private static func defaultWriter<V>(
    _ key: String, _ keyPath: KeyPath<L, V> & Sendable, _ codec: SceneCodec<V>, default: V
  ) -> Writer {
    // The defaults are constants; the only non-Sendable ones are `nil` layers.
    nonisolated(unsafe) let defaultValue = `default`
    return { layer, members in
      let value = layer[keyPath: keyPath]
      if !codec.isEqual(value, defaultValue) {
        members.append(SceneWriter.member(key, codec.write(value)))
      }
    }
  }

  /// A property with its own reader and writer.
  static func custom<V>(
    _ key: String, _ keyPath: KeyPath<L, V> & Sendable, default: V, name: String? = nil,
    isEqual: @escaping @Sendable (V, V) -> Bool, isFinite: (@Sendable (V) -> Bool)? = nil,
    read: @escaping Reader, write: @escaping Writer
  ) -> Self {
    nonisolated(unsafe) let defaultValue = `default`  // as in `defaultWriter`
    var finiteCheck: (@Sendable (L) -> Bool)?
    if let isFinite { finiteCheck = { isFinite($0[keyPath: keyPath]) } }
    return Self(
      key: key, name: name ?? key, read: read, write: write,
      isEqual: { isEqual($0[keyPath: keyPath], $1[keyPath: keyPath]) }, isFinite: finiteCheck,
      isDefault: { isEqual($0[keyPath: keyPath], defaultValue) })
  }
}

enum LayerProperties {
  /// The keys of `Layer` and `TransformLayer`.
  static let layer: [LayerProperty<Layer>] = [
    .stored("name", \.name, .optional(.string), default: nil),
    // The layer's class: read first (it chooses the class), written unless plain.
    .custom(
      "type", \.sceneClass.type, default: "layer", name: "type", isEqual: (==),
      read: { _, _, _, _ in },
      write: { layer, members in
        let type = layer.sceneClass.type
        if type != "layer" { members.append(SceneWriter.member("type", JSONValue(.string(type)))) }
      }),
    .input("frame", .rect(nonNegativeSize: true), late: \.frame),
    .geometry(
      "bounds", \.bounds, .rect(nonNegativeSize: true), default: .zero, late: \.bounds),
    .geometry("position", \.position, .point, default: .zero, late: \.position),
    .stored("anchorPoint", \.anchorPoint, .point, default: CGPoint(x: 0.5, y: 0.5)),
    .stored("zPosition", \.zPosition, .number(), default: 0),
    // Written as `affineTransform` when affine, so it reads back bit for bit.
    .geometry(
      "transform", \.transform, .transform, default: .identity, late: \.transform,
      write: { layer, members in
        let t = layer.transform
        guard !t.isIdentity else { return }
        members.append(
          t.isAffine
            ? SceneWriter.member("affineTransform", SceneCodec.affineTransform.write(t))
            : SceneWriter.member("transform", SceneCodec.transform.write(t)))
      }),
    .input("affineTransform", .affineTransform, late: \.affine),
    .stored("sublayerTransform", \.sublayerTransform, .transform, default: .identity),
    .stored("hidden", \.isHidden, .bool, default: false, name: "isHidden"),
    .stored("opacity", \.opacity, .number(.unit), default: 1),
    .stored("allowsGroupOpacity", \.allowsGroupOpacity, .bool, default: true),
    .stored("backgroundColor", \.backgroundColor, .color, default: nil),
    .stored("cornerRadius", \.cornerRadius, .number(.nonNegative), default: 0),
    .stored("maskedCorners", \.maskedCorners, .cornerMask, default: .all),
    .stored("cornerCurve", \.cornerCurve, .name(caPrefix: "kCACornerCurve"), default: .circular),
    .stored("masksToBounds", \.masksToBounds, .bool, default: false),
    .stored("borderWidth", \.borderWidth, .number(.nonNegative), default: 0),
    .stored("borderColor", \.borderColor, .color, default: .black),
    .stored("shadowOpacity", \.shadowOpacity, .number(.unit), default: 0),
    .stored("shadowColor", \.shadowColor, .color, default: .black),
    .stored("shadowOffset", \.shadowOffset, .size, default: CGSize(width: 0, height: -3)),
    .stored("shadowRadius", \.shadowRadius, .number(.nonNegative), default: 3),
    .stored("shadowPath", \.shadowPath, .optional(.path), default: nil),
    // A generated image is rendered once the document is valid, so it is
    // queued with its layer; an image without a source is a comment.
    .custom(
      "contents", \.contents, default: nil, isEqual: Layer.sameImage,
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
    .stored("contentsRect", \.contentsRect, .rect(), default: unitRect),
    .stored("contentsGravity", \.contentsGravity, .name(caPrefix: "kCAGravity"), default: .resize),
    .stored("contentsScale", \.contentsScale, .number(.positive), default: 1),
    .stored("contentsCenter", \.contentsCenter, .rect(), default: unitRect),
    .stored(
      "minificationFilter", \.minificationFilter, .name(caPrefix: "kCAFilter"), default: .linear),
    .stored(
      "magnificationFilter", \.magnificationFilter, .name(caPrefix: "kCAFilter"), default: .linear),
    .stored("minificationFilterBias", \.minificationFilterBias, .number(), default: 0),
    .stored("shouldRasterize", \.shouldRasterize, .bool, default: false),
    .stored("rasterizationScale", \.rasterizationScale, .number(.positive), default: 1),
    .stored("doubleSided", \.isDoubleSided, .bool, default: true, name: "isDoubleSided"),
    // Core Image's names ("multiplyBlendMode"; "CIMultiplyBlendMode" read too), or null.
    .stored("compositingFilter", \.compositingFilter, .nullable(.name(caPrefix: "CI")), default: nil),
    // Time (Time/, SceneAnimationDecoder.swift): the layer's own timing, then its animations.
    .stored("beginTime", \.timing.beginTime, .timing(), default: 0),
    .stored("duration", \.timing.duration, .timing(.nonNegative), default: 0),
    .stored("speed", \.timing.speed, .timing(), default: 1),
    .stored("timeOffset", \.timing.timeOffset, .timing(), default: 0),
    .stored("repeatCount", \.timing.repeatCount, .timing(.nonNegative), default: 0),
    .stored("repeatDuration", \.timing.repeatDuration, .timing(.nonNegative), default: 0),
    .stored("autoreverses", \.timing.autoreverses, .bool, default: false),
    .stored("fillMode", \.timing.fillMode, .name(caPrefix: "kCAFillMode"), default: .removed),
    .custom(
      "animations", \.animations, default: [],
      isEqual: { a, b in
        JSONWriter.compact(SceneWriter.animations(a)) == JSONWriter.compact(SceneWriter.animations(b))
      },
      read: { d, member, path, reading in d.animations(member.value, path, into: reading.layer) },
      write: { layer, members in
        guard !layer.animationEntries.isEmpty else { return }
        members.append(SceneWriter.member("animations", SceneWriter.animations(layer.animations)))
      }),
    .stored("mask", \.mask, .layer, default: nil),
    // Attached one by one (the setter is private); `nil` and empty are equal.
    .custom(
      "sublayers", \.sublayers, default: nil, isEqual: Layer.sameLayers,
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
    .stored("colors", \.colors, .optional(.colors), default: nil),
    .stored("locations", \.locations, .optional(.locations), default: nil),
    .stored("startPoint", \.startPoint, .point, default: CGPoint(x: 0.5, y: 0)),
    .stored("endPoint", \.endPoint, .point, default: CGPoint(x: 0.5, y: 1)),
    .stored("gradientType", \.type, .name(caPrefix: "kCAGradientLayer"), default: .axial, name: "type"),
  ]

  /// The keys of `ReplicatorLayer` (`CAReplicatorLayer`), after `Layer`'s.
  static let replicator: [LayerProperty<ReplicatorLayer>] = [
    .stored(
      "instanceCount", \.instanceCount, .count(maximum: ReplicatorLayer.maximumInstanceCount), default: 1),
    .stored("instanceTransform", \.instanceTransform, .transform, default: .identity),
    .stored("instanceColor", \.instanceColor, .color, default: .white),
    .stored("instanceRedOffset", \.instanceRedOffset, .number(), default: 0),
    .stored("instanceGreenOffset", \.instanceGreenOffset, .number(), default: 0),
    .stored("instanceBlueOffset", \.instanceBlueOffset, .number(), default: 0),
    .stored("instanceAlphaOffset", \.instanceAlphaOffset, .number(), default: 0),
    .stored("instanceDelay", \.instanceDelay, .number(), default: 0),
    .stored("preservesDepth", \.preservesDepth, .bool, default: false),
  ]

  /// The keys of `ShapeLayer` (`CAShapeLayer`), after `Layer`'s.
  static let shape: [LayerProperty<ShapeLayer>] = [
    .stored("path", \.path, .optional(.path), default: nil),
    .stored("fillColor", \.fillColor, .color, default: .black),
    .stored("fillRule", \.fillRule, .name(caPrefix: "kCAFillRule"), default: .nonZero),
    .stored("strokeColor", \.strokeColor, .color, default: nil),
    .stored("lineWidth", \.lineWidth, .number(.nonNegative), default: 1),
    .stored("lineCap", \.lineCap, .name(caPrefix: "kCALineCap"), default: .butt),
    .stored("lineJoin", \.lineJoin, .name(caPrefix: "kCALineJoin"), default: .miter),
    .stored("miterLimit", \.miterLimit, .number(.nonNegative), default: 10),
    .stored("lineDashPattern", \.lineDashPattern, .optional(.lengths), default: nil),
    .stored("lineDashPhase", \.lineDashPhase, .number(), default: 0),
    .stored("strokeStart", \.strokeStart, .number(.unit), default: 0),
    .stored("strokeEnd", \.strokeEnd, .number(.unit), default: 1),
  ]

  /// The keys of `TextLayer` (`CATextLayer`), after `Layer`'s.
  static let text: [LayerProperty<TextLayer>] = [
    .stored("string", \.textContent, .textContent, default: nil),
    // A font file path is relative to the scene's folder: the folder is
    // kept with the layer (not a key), the name is written as given.
    .custom(
      "font", \.font, default: "Helvetica", isEqual: (==),
      read: { d, member, path, reading in
        if let s = d.font(member.value, path) {
          reading.layer.font = s
          reading.layer.fontBaseDirectory = d.baseDirectory
        }
      },
      write: { layer, members in
        if layer.font != "Helvetica" { members.append(SceneWriter.member("font", JSONValue(.string(layer.font)))) }
      }),
    .stored("fontSize", \.fontSize, .number(.fontSize), default: 36),
    .stored("foregroundColor", \.foregroundColor, .color, default: .white),
    .stored("isWrapped", \.isWrapped, .bool, default: false),
    .stored("truncationMode", \.truncationMode, .name(caPrefix: "kCATruncation"), default: .none),
    .stored("alignmentMode", \.alignmentMode, .name(caPrefix: "kCAAlignment"), default: .natural),
  ]

  private static let unitRect = CGRect(x: 0, y: 0, width: 1, height: 1)
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
    return LayerProperty<Layer>(
      key: key, name: name, read: read2, write: write2, isEqual: isEqual2,
      isFinite: Self.downcasting(isFinite), isDefault: Self.downcasting(isDefault))
  }

  private static func downcasting(_ f: (@Sendable (L) -> Bool)?) -> (@Sendable (Layer) -> Bool)? {
    guard let f else { return nil }
    return { f(unsafeDowncast($0, to: L.self)) }
  }
}
