// SceneAnimationDecoder: a layer's `animations` read from and written to the
// scene format (docs/scene-format.md, "Time and animation"), with every
// error at its JSON path. The values of `fromValue`, `toValue`, `byValue`
// and `values` are read by the type of the property the key path names
// (found from a fresh layer of the class that has it), with the same
// readers the layer keys use.
//
// What can only be checked once the layer is complete (a key path through
// `sublayers.NAME`, a property of another layer class) is checked by
// `checkAnimationTargets` after the layer's last key.
//
// Limits, so that no document can make loading or a frame hang: at most
// `maximumAnimations` animations on a layer, groups nested at most
// `maximumGroupDepth` deep, at most `maximumKeyframes` values in one
// keyframe animation (a frame looks the time up by binary search, and a
// paced animation measures its segments once per frame).
//
// Rejected: reading the values as untyped JSON and converting them when a
// frame is drawn (an error would then surface only at some time t, not
// when the scene is loaded).

enum SceneAnimations {
  static let maximumAnimations = 10_000
  static let maximumGroupDepth = 32
  static let maximumKeyframes = 100_000

  static let types = ["basic", "keyframe", "spring", "group"]
  static let timingKeys = MediaTiming.keys.map(\.key)
  static let propertyKeys = ["keyPath", "additive", "cumulative"]
  static let basicKeys = ["fromValue", "toValue", "byValue"]
  static let springKeys = ["mass", "stiffness", "damping", "initialVelocity"]
  static let keyframeKeys = ["values", "keyTimes", "timingFunctions", "calculationMode", "path", "rotationMode"]

  static func keys(of type: String) -> [String] {
    let common = ["type"] + timingKeys + ["timingFunction"]
    switch type {
    case "basic": return common + propertyKeys + basicKeys
    case "spring": return common + propertyKeys + basicKeys + springKeys
    case "keyframe": return common + propertyKeys + keyframeKeys
    default: return common + ["animations"]
    }
  }

  /// The property's value kind: its value on a fresh layer of its class.
  static func sample(_ property: AnimatableProperty) -> AnimationValue? {
    property.get((LayerClasses.byType[property.owner] ?? LayerClasses.layer).make())
  }

  /// The property a key path ends in (after any `sublayers.NAME.`).
  static func property(ofKeyPath keyPath: String) -> AnimatableProperty? {
    var rest = Substring(keyPath)
    while rest.hasPrefix("sublayers.") {
      let after = rest.dropFirst("sublayers.".count)
      guard let dot = after.firstIndex(of: ".") else { return nil }
      rest = after[after.index(after: dot)...]
    }
    return AnimatableProperties.byKeyPath[String(rest)]
  }
}

extension SceneDecoder {
  /// A layer's `animations`, added to `layer` when all are valid.
  mutating func animations(_ value: JSONValue, _ path: [JSONPathComponent], into layer: Layer) {
    guard let list = animationList(value, path, depth: 0) else { return }
    for animation in list { layer.add(animation, forKey: nil) }
  }

  private mutating func animationList(_ value: JSONValue, _ path: [JSONPathComponent], depth: Int) -> [Animation]? {
    guard let elements = elements(value, path, expected: "an array of animations") else { return nil }
    guard elements.count <= SceneAnimations.maximumAnimations else {
      fail(path, at: value.location, "at most \(SceneAnimations.maximumAnimations) animations, got \(elements.count)")
      return nil
    }
    let out = elements.compactMap { animation($0.value, $0.path, depth: depth) }
    return out.count == elements.count ? out : nil
  }

  private mutating func animation(_ value: JSONValue, _ path: [JSONPathComponent], depth: Int) -> Animation? {
    guard let typed = animationTypeAndFields(value, path) else { return nil }
    let (type, fields) = typed
    let errorCount = errors.count
    // The animation and its property.
    let animation: Animation
    var property: AnimatableProperty?
    if type == "group" {
      animation = animationGroup(fields, path, depth: depth)
    } else {
      let made = propertyAnimation(type, value, fields, path)
      (animation, property) = (made.animation, made.property)
    }
    timing(of: animation, fields, path)
    // The values.
    let sample = property.flatMap(SceneAnimations.sample)
    if let basic = animation as? BasicAnimation {
      basicValues(basic, fields, path, sample: sample)
    }
    if let spring = animation as? SpringAnimation {
      springParameters(spring, fields, path)
    }
    if let keyframe = animation as? KeyframeAnimation {
      keyframes(keyframe, fields, path, sample: sample)
    }
    return errors.count == errorCount ? animation : nil
  }

  /// An animation object's `type` (required, one of `SceneAnimations.types`)
  /// and its members, every key known for that type; `nil` after an error.
  private mutating func animationTypeAndFields(
    _ value: JSONValue, _ path: [JSONPathComponent]
  ) -> (type: String, fields: [JSONValue.Member])? {
    guard case .object(let all) = value.kind else {
      typeMismatch(value, path, expected: "an animation object")
      return nil
    }
    guard let typeMember = all.last(where: { $0.key == "type" }) else {
      fail(path + [.key("type")], at: value.location, "required (one of \"basic\", \"keyframe\", \"spring\", \"group\")")
      return nil
    }
    guard let type = string(typeMember.value, path + [.key("type")]) else { return nil }
    guard SceneAnimations.types.contains(type) else {
      fail(
        path + [.key("type")], at: typeMember.value.location,
        "expected one of \"basic\", \"keyframe\", \"spring\", \"group\", got \(Excerpt.quoted(type))")
      return nil
    }
    guard let fields = members(value, path, known: SceneAnimations.keys(of: type), expected: "an animation object")
    else { return nil }
    return (type, fields)
  }

  /// A group and its `animations`, nested at most
  /// `SceneAnimations.maximumGroupDepth` deep.
  private mutating func animationGroup(
    _ fields: [JSONValue.Member], _ path: [JSONPathComponent], depth: Int
  ) -> AnimationGroup {
    let group = AnimationGroup()
    if let m = fields.first(where: { $0.key == "animations" }) {
      let at = path + [.key("animations")]
      if depth + 1 >= SceneAnimations.maximumGroupDepth {
        fail(at, at: m.value.location, "groups may be nested at most \(SceneAnimations.maximumGroupDepth) deep")
      } else {
        group.animations = animationList(m.value, at, depth: depth + 1)
      }
    }
    return group
  }

  /// A basic, spring or keyframe animation of its `keyPath`, with
  /// `additive` and `cumulative`, and the property the key path names.
  private mutating func propertyAnimation(
    _ type: String, _ value: JSONValue, _ fields: [JSONValue.Member], _ path: [JSONPathComponent]
  ) -> (animation: PropertyAnimation, property: AnimatableProperty?) {
    func member(_ key: String) -> JSONValue.Member? { fields.first { $0.key == key } }
    func at(_ key: String) -> [JSONPathComponent] { path + [.key(key)] }
    let keyPath: String?
    var property: AnimatableProperty?
    if let m = member("keyPath") {
      keyPath = string(m.value, at("keyPath"))
      if let k = keyPath {
        property = SceneAnimations.property(ofKeyPath: k)
        if property == nil { unknownKeyPath(k, at: m, at("keyPath")) }
      }
    } else {
      fail(at("keyPath"), at: value.location, "required")
      keyPath = nil
    }
    let p: PropertyAnimation
    switch type {
    case "basic": p = BasicAnimation(keyPath: keyPath)
    case "spring": p = SpringAnimation(keyPath: keyPath)
    default: p = KeyframeAnimation(keyPath: keyPath)
    }
    if let m = member("additive"), let b = bool(m.value, at("additive")) { p.isAdditive = b }
    if let m = member("cumulative"), let b = bool(m.value, at("cumulative")) { p.isCumulative = b }
    return (p, property)
  }

  /// Says that `keyPath` names no animatable property: with the closest
  /// known key path, or the form a path through a sublayer takes.
  private mutating func unknownKeyPath(_ k: String, at m: JSONValue.Member, _ path: [JSONPathComponent]) {
    var message = "unknown key path \(Excerpt.quoted(k))"
    let known = AnimatableProperties.all.map(\.keyPath)
    if let guess = Self.closest(to: k, in: known) {
      message += "; did you mean '\(guess)'?"
    } else if k.hasPrefix("sublayers.") && k.split(separator: ".", omittingEmptySubsequences: false).count < 3 {
      message = "expected \"sublayers.NAME.PROPERTY\", got \(Excerpt.quoted(k))"
    }
    fail(path, at: m.value.location, message)
  }

  /// The timing keys every animation has, and its `timingFunction`.
  private mutating func timing(of animation: Animation, _ fields: [JSONValue.Member], _ path: [JSONPathComponent]) {
    func member(_ key: String) -> JSONValue.Member? { fields.first { $0.key == key } }
    for k in MediaTiming.keys {
      if let m = member(k.key) { k.read(&self, m.value, path + [.key(k.key)], &animation.timing) }
    }
    if let m = member("timingFunction") {
      animation.timingFunction = timingFunction(m.value, path + [.key("timingFunction")])
    }
  }

  /// A basic (or spring) animation's `fromValue`, `toValue` and `byValue`,
  /// at most two of them, read like `sample` (nothing is read without one).
  private mutating func basicValues(
    _ basic: BasicAnimation, _ fields: [JSONValue.Member], _ path: [JSONPathComponent], sample: AnimationValue?
  ) {
    func member(_ key: String) -> JSONValue.Member? { fields.first { $0.key == key } }
    func at(_ key: String) -> [JSONPathComponent] { path + [.key(key)] }
    let given = SceneAnimations.basicKeys.filter { member($0) != nil }
    if given.count == 3, let m = member("byValue") {
      fail(at("byValue"), at: m.keyLocation, "at most two of fromValue, toValue and byValue")
    }
    if let sample {
      if let m = member("fromValue") { basic.fromValue = animationValue(m.value, at("fromValue"), like: sample) }
      if let m = member("toValue") { basic.toValue = animationValue(m.value, at("toValue"), like: sample) }
      if let m = member("byValue") { basic.byValue = animationValue(m.value, at("byValue"), like: sample) }
    }
  }

  /// A spring's mass, stiffness, damping and initial velocity.
  private mutating func springParameters(
    _ spring: SpringAnimation, _ fields: [JSONValue.Member], _ path: [JSONPathComponent]
  ) {
    func member(_ key: String) -> JSONValue.Member? { fields.first { $0.key == key } }
    func at(_ key: String) -> [JSONPathComponent] { path + [.key(key)] }
    if let m = member("mass"), let v = number(m.value, at("mass"), .positive) { spring.mass = v }
    if let m = member("stiffness"), let v = number(m.value, at("stiffness"), .positive) { spring.stiffness = v }
    if let m = member("damping"), let v = number(m.value, at("damping"), .nonNegative) { spring.damping = v }
    if let m = member("initialVelocity"), let v = number(m.value, at("initialVelocity")) { spring.initialVelocity = v }
  }

  private mutating func keyframes(
    _ k: KeyframeAnimation, _ fields: [JSONValue.Member], _ path: [JSONPathComponent], sample: AnimationValue?
  ) {
    func member(_ key: String) -> JSONValue.Member? { fields.first { $0.key == key } }
    func at(_ key: String) -> [JSONPathComponent] { path + [.key(key)] }
    if let m = member("calculationMode"), let v = name(m.value, at("calculationMode"), KeyframeAnimation.CalculationMode.self, caPrefix: "kCAAnimation") {
      k.calculationMode = v
    }
    if let m = member("rotationMode"), let v = name(m.value, at("rotationMode"), KeyframeAnimation.RotationMode.self, caPrefix: "kCAAnimationRotate") {
      k.rotationMode = v
    }
    if let m = member("path") {
      k.path = self.path(m.value, at("path"))
      if let sample, case .point = sample {} else if sample != nil {
        fail(at("path"), at: m.keyLocation, "a path animates a point property (such as position); \(k.keyPath ?? "") is not one")
      }
    }
    var count: Int?
    if let m = member("values") {
      if case .array(let all) = m.value.kind, all.count > SceneAnimations.maximumKeyframes {
        // Counted before any value is read.
        fail(at("values"), at: m.value.location, "at most \(SceneAnimations.maximumKeyframes) values, got \(all.count)")
        count = all.count
      } else if let elements = elements(m.value, at("values"), expected: "an array of values") {
        if let sample {
          let values = elements.compactMap { animationValue($0.value, $0.path, like: sample) }
          if values.count == elements.count { k.values = values }
        }
        count = elements.count
      }
    } else if k.path == nil && member("path") == nil {
      fail(at("values"), at: fields.first?.keyLocation ?? SourceLocation(line: 0, column: 0), "a keyframe animation needs values or a path")
    }
    // With a path, the keyframes are its points.
    if let p = k.path { count = PathSegments(p).points.count }
    if let m = member("keyTimes"), let elements = elements(m.value, at("keyTimes"), expected: "an array of numbers in 0…1") {
      var times: [Double] = []
      for e in elements {
        guard let t = number(e.value, e.path, .unit) else { continue }
        if let before = times.last, t < before {
          fail(e.path, at: e.value.location, "key times must not decrease: \(JSONWriter.number(t)) follows \(JSONWriter.number(before))")
        }
        times.append(t)
      }
      if let n = count {
        let ok = elements.count == n || (k.calculationMode == .discrete && elements.count == n + 1)
        if !ok, k.calculationMode != .paced, k.calculationMode != .cubicPaced {
          fail(at("keyTimes"), at: m.value.location, "expected \(n) key time\(n == 1 ? "" : "s"), one per value, got \(elements.count)")
        }
      }
      if times.count == elements.count { k.keyTimes = times }
    }
    if let m = member("timingFunctions"), let elements = elements(m.value, at("timingFunctions"), expected: "an array of timing functions") {
      let functions = elements.compactMap { timingFunction($0.value, $0.path) }
      if let n = count, elements.count != max(n - 1, 0) {
        fail(at("timingFunctions"), at: m.value.location, "expected \(max(n - 1, 0)), one per segment between values, got \(elements.count)")
      }
      if functions.count == elements.count { k.timingFunctions = functions }
    }
  }

  /// A timing function: a name, or `[c1x, c1y, c2x, c2y]` with x's in 0…1.
  mutating func timingFunction(_ value: JSONValue, _ path: [JSONPathComponent]) -> TimingFunction? {
    let names = TimingFunction.named.map { "\"\($0.name)\"" }.joined(separator: ", ")
    switch value.kind {
    case .string(let s):
      if let f = TimingFunction.named.first(where: { $0.name == s }) { return f.function }
      fail(path, at: value.location, "expected one of \(names) or [c1x, c1y, c2x, c2y], got \(Excerpt.quoted(s))")
      return nil
    case .array:
      guard let v = numbers(value, path, count: 4, shape: "[c1x, c1y, c2x, c2y]") else { return nil }
      for i in [0, 2] where !(0...1).contains(v[i]) {
        fail(path + [.index(i)], at: value.location, "a control point's x must be in 0…1, got \(JSONWriter.number(v[i]))")
        return nil
      }
      return TimingFunction(controlPoints: v[0], v[1], v[2], v[3])
    default:
      typeMismatch(value, path, expected: "a timing function (\(names) or [c1x, c1y, c2x, c2y])")
      return nil
    }
  }

  /// A value of the same kind as `sample`.
  mutating func animationValue(_ value: JSONValue, _ path: [JSONPathComponent], like sample: AnimationValue) -> AnimationValue? {
    switch sample {
    case .number: return number(value, path).map { .number($0) }
    case .point: return point(value, path).map { .point($0) }
    case .size: return size(value, path).map { .size($0) }
    case .rect: return rect(value, path).map { .rect($0) }
    case .color: return color(value, path, nullable: true).map { .color($0) }
    case .transform: return transform(value, path).map { .transform($0) }
    case .bool: return bool(value, path).map { .bool($0) }
    case .path:
      if case .null = value.kind { return .path(nil) }
      return self.path(value, path).map { .path($0) }
    case .colors: return SceneCodec.colors.read(&self, value, path).map { .colors($0) }
    case .numbers:
      return array(value, path, expected: "an array of numbers") { d, v, p in d.number(v, p) }.map { .numbers($0) }
    case .image:
      if case .null = value.kind { return .image(nil) }
      return animationImage(value, path).map { .image($0) }
    case .blendMode:
      return SceneCodec<BlendMode?>.nullable(.name(caPrefix: "CI")).read(&self, value, path).map { .blendMode($0) }
    }
  }

  /// After a layer's last key: every key path of its animations names a
  /// property its target layer has (`sublayers.NAME` walks its sublayers).
  mutating func checkAnimationTargets(_ layer: Layer, _ fields: [JSONValue.Member], _ path: [JSONPathComponent]) {
    guard let member = fields.first(where: { $0.key == "animations" }), case .array(let elements) = member.value.kind,
      layer.animationEntries.count == elements.count
    else { return }
    for (i, (animation, element)) in zip(layer.animationEntries.map(\.animation), elements).enumerated() {
      checkTarget(animation, element, path + [.key("animations"), .index(i)], layer)
    }
  }

  private mutating func checkTarget(_ a: Animation, _ value: JSONValue, _ path: [JSONPathComponent], _ layer: Layer) {
    guard case .object(let fields) = value.kind else { return }
    if let group = a as? AnimationGroup, let m = fields.first(where: { $0.key == "animations" }),
      case .array(let elements) = m.value.kind, let children = group.animations, children.count == elements.count
    {
      for (i, (child, element)) in zip(children, elements).enumerated() {
        checkTarget(child, element, path + [.key("animations"), .index(i)], layer)
      }
    }
    guard let p = a as? PropertyAnimation, let keyPath = p.keyPath,
      SceneAnimations.property(ofKeyPath: keyPath) != nil,
      let m = fields.first(where: { $0.key == "keyPath" })
    else { return }
    if let problem = AnimatableProperties.problem(keyPath, in: layer) {
      fail(path + [.key("keyPath")], at: m.value.location, problem)
    }
  }
}

extension SceneCodec where Value == Double {
  /// A layer's timing number: read as `number`, but not among the numbers
  /// the lowering checks for NaN (timing does not reach the drawing: a
  /// time that is not finite makes the layer inactive, MediaTiming.swift).
  static func timing(_ rule: NumberRule = .any) -> Self {
    Self(read: { d, v, p in d.number(v, p, rule) }, write: { JSONValue(.number($0)) }, isFinite: nil)
  }
}

extension SceneWriter {
  /// A layer's animations as scene JSON.
  static func animations(_ list: [Animation]) -> JSONValue {
    JSONValue(.array(list.map(animation)))
  }

  static func animation(_ a: Animation) -> JSONValue {
    var m: [JSONValue.Member] = []
    func number(_ key: String, _ v: Double, default d: Double) { if v != d { m.append(member(key, JSONValue(.number(v)))) } }
    switch a {
    case is SpringAnimation: m.append(member("type", JSONValue(.string("spring"))))
    case is BasicAnimation: m.append(member("type", JSONValue(.string("basic"))))
    case is KeyframeAnimation: m.append(member("type", JSONValue(.string("keyframe"))))
    case is AnimationGroup: m.append(member("type", JSONValue(.string("group"))))
    default: m.append(member("type", JSONValue(.string("basic"))))
    }
    if let p = a as? PropertyAnimation, let keyPath = p.keyPath { m.append(member("keyPath", JSONValue(.string(keyPath)))) }
    for k in MediaTiming.keys { k.write(a.timing, &m) }
    if let f = a.timingFunction { m.append(member("timingFunction", timingFunctionJSON(f))) }
    if let p = a as? PropertyAnimation {
      if p.isAdditive { m.append(member("additive", JSONValue(.bool(true)))) }
      if p.isCumulative { m.append(member("cumulative", JSONValue(.bool(true)))) }
    }
    if let b = a as? BasicAnimation {
      if let v = b.from { m.append(member("fromValue", valueJSON(v))) }
      if let v = b.to { m.append(member("toValue", valueJSON(v))) }
      if let v = b.by { m.append(member("byValue", valueJSON(v))) }
    }
    if let s = a as? SpringAnimation {
      number("mass", s.mass, default: 1)
      number("stiffness", s.stiffness, default: 100)
      number("damping", s.damping, default: 10)
      number("initialVelocity", s.initialVelocity, default: 0)
    }
    if let k = a as? KeyframeAnimation {
      if let v = k.keyframes { m.append(member("values", JSONValue(.array(v.map(valueJSON))))) }
      if let v = k.keyTimes { m.append(member("keyTimes", numbers(v))) }
      if let v = k.timingFunctions { m.append(member("timingFunctions", JSONValue(.array(v.map(timingFunctionJSON))))) }
      if k.calculationMode != .linear { m.append(member("calculationMode", JSONValue(.string(k.calculationMode.rawValue)))) }
      if let p = k.path { m.append(member("path", path(p))) }
      if let r = k.rotationMode { m.append(member("rotationMode", JSONValue(.string(r.rawValue)))) }
    }
    if let g = a as? AnimationGroup, let list = g.animations { m.append(member("animations", animations(list))) }
    return JSONValue(.object(m))
  }

  static func timingFunctionJSON(_ f: TimingFunction) -> JSONValue {
    f.name.map { JSONValue(.string($0)) } ?? numbers([f.c1x, f.c1y, f.c2x, f.c2y])
  }

  static func valueJSON(_ v: AnimationValue) -> JSONValue {
    switch v {
    case .number(let x): return JSONValue(.number(x))
    case .point(let p): return numbers([p.x, p.y])
    case .size(let s): return numbers([s.width, s.height])
    case .rect(let r): return rectJSON(r)
    case .color(let c): return c.map(colorJSON) ?? JSONValue(.null)
    case .transform(let t): return numbers(t.values)
    case .path(let p): return p.map(path) ?? JSONValue(.null)
    case .bool(let b): return JSONValue(.bool(b))
    case .image(let image): return image.flatMap(SceneWriter.imageJSON) ?? JSONValue(.null)
    case .blendMode(let mode): return mode.map { JSONValue(.string($0.rawValue)) } ?? JSONValue(.null)
    case .colors(let c): return JSONValue(.array((c ?? []).map(colorJSON)))
    case .numbers(let n): return numbers(n ?? [])
    }
  }
}
