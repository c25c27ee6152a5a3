// AnimationCheck: why an animation cannot animate its layer, so that a
// mistake made in Swift is an error as the same mistake in a scene file is
// (issue: `layer.add(anim, forKey:)` with a typo did nothing, silently).
// Three mistakes, in this order:
//
// - a key path that names no animatable property (`"opactiy"`: with the
//   nearest name, as the scene reader suggests it);
// - one that names a property of another class (`strokeEnd` on a plain
//   layer) or a `sublayers.NAME.` that names no sublayer;
// - a value of another kind than the property's (a point for `opacity`).
//
// `Layer.add(_:forKey:)` keeps `CALayer`'s signature and cannot throw;
// `Layer.presentation(at:)` (and so every frame drawn) throws the first
// problem, naming the layer, the animation's key and its key path, whether
// or not the animation is active at that time. The scene reader reports
// the same problems with their JSON paths when it reads the file.
//
// Rejected: a throwing `add` beside `CALayer`'s (two spellings of one call,
// and a name-based sublayer path can only be resolved once the tree is
// built, which `add` usually precedes); and checking only while an
// animation is active (a mistake in an animation that starts late would
// surface only in a late frame).

extension AnimatableProperties {
  /// Why `keyPath` names no animatable property of `layer` (following
  /// `sublayers.NAME.` down by name), or `nil` when it names one.
  static func problem(_ keyPath: String, in layer: Layer) -> String? {
    if resolve(keyPath, in: layer) != nil { return nil }
    var rest = Substring(keyPath)
    var target = layer
    while rest.hasPrefix("sublayers.") {
      let after = rest.dropFirst("sublayers.".count)
      guard let dot = after.firstIndex(of: ".") else {
        return "expected \"sublayers.NAME.PROPERTY\", got \(Excerpt.quoted(keyPath))"
      }
      let name = String(after[..<dot])
      guard let next = target.sublayers?.first(where: { $0.name == name }) else {
        return "\(target.debugName) has no sublayer named \(Excerpt.quoted(name))"
      }
      target = next
      rest = after[after.index(after: dot)...]
    }
    guard let property = byKeyPath[String(rest)] else {
      var message = "unknown key path \(Excerpt.quoted(keyPath))"
      if let guess = SceneDecoder.closest(to: String(rest), in: all.map(\.keyPath)) {
        message += "; did you mean '\(guess)'?"
      }
      return message
    }
    return "\(property.keyPath) is a property of \(property.owner); \(target.debugName) is a \(target.sceneClass.type)"
  }
}

extension PropertyAnimation {
  /// Why this animation cannot animate `layer`: its key path or one of its
  /// `values` (named, such as `toValue`), or `nil`.
  func targetProblem(on layer: Layer) -> String? {
    guard let keyPath else { return nil }
    guard let (_, property) = AnimatableProperties.resolve(keyPath, in: layer) else {
      return AnimatableProperties.problem(keyPath, in: layer)
    }
    // Checked every frame: against the property's kind, without reading it.
    let current = property.kind
    guard let (name, value) = mismatchedValue(current) else { return nil }
    return "\(name) is \(value.kindName), but \(property.keyPath) takes \(current.kindName)"
  }
}

extension AnimationValue {
  /// The kind, with its article, for messages: "a number", "a point".
  var kindName: String {
    switch self {
    case .number: return "a number"
    case .point: return "a point"
    case .size: return "a size"
    case .rect: return "a rect"
    case .color: return "a colour"
    case .transform: return "a transform"
    case .path: return "a path"
    case .bool: return "a boolean"
    case .image: return "an image"
    case .blendMode: return "a blend mode"
    case .colors: return "an array of colours"
    case .numbers: return "an array of numbers"
    }
  }
}
