// The document, the canvas and the layers. Each layer's keys are read in
// any order into the layer, except the geometry: `anchorPoint`, then
// `transform` (or `affineTransform`), then `bounds`/`position` or `frame`.
// So `frame` always uses the anchor point and transform written in the same
// object, whatever the key order, as if the properties had been set on a
// `CALayer` in that order. Each key's reader is its entry in
// `LayerProperties`; the geometry keys keep their values in a
// `PendingGeometry` until `apply` sets them.

extension SceneDecoder {
  static let documentKeys = ["format", "version", "canvas", "layers"]
  static let canvasKeys = ["width", "height", "scale", "background", "duration", "frameRate"]
  /// The keys a layer object of any class may have, in the format's order
  /// (`LayerClasses`); each class accepts its own.
  static let layerKeys = LayerClasses.allKeys

  /// The canvas and the root layer, or `nil` when the canvas is unusable
  /// (the errors say why; the layers are still validated).
  mutating func document(_ value: JSONValue) -> (Canvas, Layer)? {
    guard let fields = members(value, [], known: Self.documentKeys, expected: "a scene object")
    else { return nil }
    var canvas: Canvas?
    if let member = fields.first(where: { $0.key == "canvas" }) {
      canvas = self.canvas(member.value, [.key("canvas")])
    } else {
      fail([.key("canvas")], at: value.location, "required")
    }
    let root = Scene.makeRoot(for: canvas ?? Canvas(width: 0, height: 0))
    for member in fields {
      let path: [JSONPathComponent] = [.key(member.key)]
      switch member.key {
      case "format":
        if let s = string(member.value, path), s != "lamina-scene" {
          fail(
            path, at: member.value.location,
            "expected \"lamina-scene\", got \(Excerpt.quoted(s))")
        }
      case "version":
        if let v = number(member.value, path), v != 1, v != 2, v != 3 {
          let message =
            v > 3 && v == v.rounded()
            ? "version \(JSONWriter.number(v)) is newer than this Lamina reads (3)"
            : "expected 1, 2 or 3, got \(JSONWriter.number(v))"
          fail(path, at: member.value.location, message)
        }
      case "layers":
        for layer in sublayers(member.value, path) { attach(layer, to: root) }
      default:
        break
      }
    }
    return canvas.map { ($0, root) }
  }

  private mutating func canvas(_ value: JSONValue, _ path: [JSONPathComponent]) -> Canvas? {
    guard let fields = members(value, path, known: Self.canvasKeys) else { return nil }
    var width: Double?
    var height: Double?
    var scale = 1.0
    var background: Color?
    var duration = 0.0
    var frameRate = 60.0
    var ok = true
    for field in fields {
      let p = path + [.key(field.key)]
      switch field.key {
      case "width": width = number(field.value, p, .positive)
      case "height": height = number(field.value, p, .positive)
      case "scale":
        if let v = number(field.value, p, .positive) { scale = v } else { ok = false }
      case "duration":
        if let v = number(field.value, p, .nonNegative) { duration = v } else { ok = false }
      case "frameRate":
        if let v = number(field.value, p, .positive) {
          if v > Canvas.maximumFrameRate {
            fail(p, at: field.value.location, "must be ≤ \(JSONWriter.number(Canvas.maximumFrameRate)), got \(JSONWriter.number(v))")
            ok = false
          } else {
            frameRate = v
          }
        } else {
          ok = false
        }
      default:
        if case .some(let c) = color(field.value, p) { background = c } else { ok = false }
      }
    }
    for key in ["width", "height"] where !fields.contains(where: { $0.key == key }) {
      fail(path + [.key(key)], at: value.location, "required")
    }
    if ok { canvasScale = scale }
    guard ok, let width, let height else { return nil }
    let pw = Canvas.pixels(width * scale)
    let ph = Canvas.pixels(height * scale)
    if let pw, let ph, pw >= 1, ph >= 1 {
      if let problem = limits.violation(width: pw, height: ph) {
        fail(path, at: value.location, "\(problem)")
        return nil
      }
    } else if let pw, let ph {
      fail(
        path, at: value.location, "\(pw)×\(ph) pixels: the canvas needs at least one pixel each way"
      )
      return nil
    } else {
      fail(
        path, at: value.location,
        "the canvas is too large: \(JSONWriter.number(width))×\(JSONWriter.number(height)) points at scale \(JSONWriter.number(scale))"
      )
      return nil
    }
    var canvas = Canvas(width: width, height: height, scale: scale, background: background)
    canvas.duration = duration
    canvas.frameRate = frameRate
    return canvas
  }

  mutating func sublayers(_ value: JSONValue, _ path: [JSONPathComponent]) -> [Layer] {
    guard case .array(let elements) = value.kind else {
      typeMismatch(value, path, expected: "an array of layers")
      return []
    }
    return elements.enumerated().compactMap { layer($0.element, path + [.index($0.offset)]) }
  }

  mutating func attach(_ layer: Layer, to parent: Layer) {
    do {
      try parent.addSublayer(layer)
    } catch {
      // Unreachable: every layer is new and has no sublayers yet.
      fail([], at: SourceLocation(line: 0, column: 0), "internal error: \(error)")
    }
  }

  /// One layer and its subtree; returned even when it has errors, so that
  /// the caller keeps validating (the tree is dropped at the end).
  mutating func layer(_ value: JSONValue, _ path: [JSONPathComponent]) -> Layer? {
    // The class first: it decides which keys are known.
    var layerClass = LayerClasses.layer
    if case .object(let members) = value.kind, let member = members.last(where: { $0.key == "type" }) {
      let type = SceneCodec.layerType.read(&self, member.value, path + [.key("type")])
      layerClass = type.flatMap { LayerClasses.byType[$0] } ?? layerClass
    }
    guard let fields = members(value, path, known: layerClass.keys, expected: "a layer object")
    else { return nil }
    var reading = LayerReading(layer: layerClass.make())
    for field in fields {
      // `members` kept only the class's keys.
      layerClass.byKey[field.key]?.read(&self, field, path + [.key(field.key)], &reading)
    }
    apply(reading.geometry, fields: fields, to: reading.layer, path)
    layerClass.check?(&self, reading.layer, fields, path)
    checkAnimationTargets(reading.layer, fields, path)
    return reading.layer
  }

  /// Reports conflicting keys (whether or not their values are valid), then
  /// sets the transform, then `bounds`/`position` or `frame` (the anchor
  /// point is already set).
  private mutating func apply(
    _ g: PendingGeometry, fields: [JSONValue.Member], to layer: Layer, _ path: [JSONPathComponent]
  ) {
    func member(_ key: String) -> JSONValue.Member? { fields.first { $0.key == key } }
    if let affine = member("affineTransform"), member("transform") != nil {
      fail(
        path + [.key("affineTransform")], at: affine.keyLocation,
        "not allowed together with transform")
    }
    if let frame = member("frame") {
      for key in ["bounds", "position"] where member(key) != nil {
        fail(path + [.key("frame")], at: frame.keyLocation, "not allowed together with \(key)")
      }
    }
    if let (t, _) = g.transform ?? g.affine { layer.transform = t }
    if let (b, _) = g.bounds { layer.bounds = b }
    if let (p, _) = g.position { layer.position = p }
    if let (f, _) = g.frame { layer.frame = f }
    // Bounds of any finite size are accepted: what a layer costs is what
    // reaches the canvas, and the lowering sizes every offscreen by that. A
    // `frame` set under a nearly edge-on transform gives enormous bounds by
    // CALayer's own rule, and such a layer draws the sliver that shows.
    let size = layer.bounds.size
    if !(Double(size.width) * canvasScale).isFinite || !(Double(size.height) * canvasScale).isFinite {
      let key = g.frame?.1 ?? g.bounds?.1
      fail(
        path + [.key(key?.key ?? "bounds")],
        at: key?.value.location ?? SourceLocation(line: 0, column: 0),
        "the size \(size.width)×\(size.height) is not finite at the canvas scale")
    }
  }

  mutating func cornerMask(_ value: JSONValue, _ path: [JSONPathComponent]) -> CornerMask? {
    guard case .array(let elements) = value.kind else {
      typeMismatch(value, path, expected: "an array of corner names")
      return nil
    }
    let corners: [(String, CornerMask)] = [
      ("minXMinY", .layerMinXMinYCorner), ("maxXMinY", .layerMaxXMinYCorner),
      ("minXMaxY", .layerMinXMaxYCorner), ("maxXMaxY", .layerMaxXMaxYCorner),
    ]
    var mask: CornerMask = []
    var ok = true
    for (i, element) in elements.enumerated() {
      guard let s = string(element, path + [.index(i)]) else {
        ok = false
        continue
      }
      let match = corners.first {
        s == $0.0 || s == "layer\($0.0.prefix(1).uppercased() + $0.0.dropFirst())Corner"
          || s == "kCALayer\($0.0.prefix(1).uppercased() + $0.0.dropFirst())Corner"
      }
      guard let (_, corner) = match else {
        fail(
          path + [.index(i)], at: element.location,
          "expected one of \"minXMinY\", \"maxXMinY\", \"minXMaxY\", \"maxXMaxY\", got \(Excerpt.quoted(s))"
        )
        ok = false
        continue
      }
      if mask.contains(corner) {
        fail(path + [.index(i)], at: element.location, "\(Excerpt.quoted(s)) is listed twice")
        ok = false
      }
      mask.insert(corner)
    }
    return ok ? mask : nil
  }

  /// A transform: CSS functions as a string, or 16 numbers.
  mutating func transform(_ value: JSONValue, _ path: [JSONPathComponent]) -> Transform3D? {
    switch value.kind {
    case .string(let s):
      do {
        return try CSSTransform.parse(s)
      } catch {
        var at = value.location
        if value.isVerbatim { at.column += error.offset }
        fail(path, at: at, "at character \(error.offset): \(error.message)")
        return nil
      }
    case .array:
      return numbers(value, path, count: 16, shape: "16 numbers [m11, m12, …, m44]").flatMap {
        Transform3D($0)
      }
    default:
      typeMismatch(
        value, path,
        expected: "a transform (CSS functions such as \"rotate(45deg)\", or 16 numbers)")
      return nil
    }
  }
}

/// One layer object being read: the layer, and its geometry keys until the
/// object's last key.
struct LayerReading<L: Layer> {
  let layer: L
  var geometry = PendingGeometry()
}

/// The geometry keys of one layer object, applied together at the end.
struct PendingGeometry {
  var frame: (CGRect, JSONValue.Member)?
  var bounds: (CGRect, JSONValue.Member)?
  var position: (CGPoint, JSONValue.Member)?
  var transform: (Transform3D, JSONValue.Member)?
  var affine: (Transform3D, JSONValue.Member)?
}
