// Animation: `CAAnimation` and `CAPropertyAnimation`, the base of every
// animation, and how one animation writes its value into a presentation
// layer at one time of its layer.
//
// An animation is evaluated, never stepped: at a layer time t it maps t
// through its `MediaTiming` (MediaTiming.swift) to a time within its
// cycle, eases that by its `timingFunction`, and writes the value at that
// progress over what the presentation holds so far: the model value, or
// what earlier animations in the list wrote (the later one wins unless
// additive). `fromValue`/`toValue` left out use that current value, as
// Core Animation uses the presentation layer's.
//
// Classes, as in Core Animation (a group holds animations of any kind;
// `CASpringAnimation` is a `CABasicAnimation`); `Layer.add(_:forKey:)`
// stores a copy, so changing an animation after adding it changes nothing.
//
// Rejected: an enum of animation kinds (a group of them, `SpringAnimation`
// reusing `BasicAnimation`'s from/to rules and user code that reads like
// Core Animation's all want classes).

/// Why an animation cannot be applied at a time.
public struct AnimationError: Error, Equatable, CustomStringConvertible {
  /// What went wrong, naming the layer (its JSON path and name, as the
  /// lowering's errors do), the key path and the time.
  public var message: String
  public var description: String { message }
}

/// `CAAnimation`: timing shared by every animation.
public class Animation {
  /// `CAMediaTiming`; a duration of 0 is 0.25 s (Core Animation's default).
  public var timing = MediaTiming()
  /// Eases the progress of each cycle; `nil` is linear.
  public var timingFunction: TimingFunction?
  /// `CAAnimation.isRemovedOnCompletion`, kept for code that sets it; it
  /// has no effect. Nothing is ever removed: a frame is computed from the
  /// model and the time alone, so an animation shows after its end exactly
  /// when its `fillMode` holds it (`.forwards` or `.both`), as on iOS with
  /// `isRemovedOnCompletion = false`, the setting that code using
  /// `fillMode = .forwards` pairs it with.
  public var isRemovedOnCompletion = true

  /// An animation with Core Animation's defaults.
  public init() {}


  /// The default duration when `duration` is 0.
  var defaultDuration: Double { 0.25 }
  /// The simple duration used for timing.
  var resolvedDuration: Double { timing.duration > 0 ? timing.duration : defaultDuration }

  /// A copy, of the same class.
  public func copy() -> Animation { type(of: self).init(copying: self) }

  /// A copy of `other`, an animation of this class: each class copies its
  /// own properties and hands `other` to its superclass.
  required init(copying other: Animation) {
    timing = other.timing
    timingFunction = other.timingFunction
    isRemovedOnCompletion = other.isRemovedOnCompletion
  }

  /// Applies the animation at `layerTime` (its layer's local time) to the
  /// presentation layer `layer`.
  func apply(at layerTime: Double, to layer: Layer) throws(AnimationError) {
    let d = resolvedDuration
    guard let state = timing.state(at: layerTime, simpleDuration: d) else { return }
    let linear = d > 0 ? state.time / d : 1
    let progress = timingFunction?.progress(at: linear) ?? linear
    try apply(progress: progress, time: state.time, iteration: state.iteration, to: layer)
  }

  /// Applies the value at `progress` (eased, 0…1 but may overshoot),
  /// `time` seconds into the cycle, after `iteration` whole cycles.
  func apply(progress: Double, time: Double, iteration: Double, to layer: Layer) throws(AnimationError) {}

  /// True when the animation (or one inside it) animates something.
  var animatesAnything: Bool { false }

  /// Why the animation cannot animate `layer` (AnimationCheck.swift), or `nil`.
  func problem(on layer: Layer) -> String? { nil }
}

/// `CAPropertyAnimation`: an animation of one key path.
public class PropertyAnimation: Animation {
  /// The animated property (docs/scene-format.md, "Animations").
  public var keyPath: String?
  /// Adds the animation's value to the current one instead of replacing it.
  public var isAdditive = false
  /// Each repeat continues from where the last ended.
  public var isCumulative = false

  /// An animation of `keyPath`.
  public init(keyPath: String?) {
    self.keyPath = keyPath
    super.init()
  }

  required init(copying other: Animation) {
    let o = other as! PropertyAnimation
    (keyPath, isAdditive, isCumulative) = (o.keyPath, o.isAdditive, o.isCumulative)
    super.init(copying: other)
  }

  override var animatesAnything: Bool { keyPath != nil }

  override func problem(on layer: Layer) -> String? { targetProblem(on: layer) }

  /// The first value the animation was given that is not of `current`'s
  /// kind, with its name (`toValue`, `values[2]`); nil when all are. Run
  /// for every animation of every presented frame, so it names only the
  /// value it returns (building every keyframe's name took half of a
  /// Lottie frame with sampled tracks).
  func mismatchedValue(_ current: AnimationValue) -> (name: String, value: AnimationValue)? { nil }

  /// The layer and property `keyPath` names from `layer` (`sublayers.NAME.`
  /// prefixes walk down by name), or `nil` when there is none.
  func target(in layer: Layer) -> (Layer, AnimatableProperty)? {
    guard let keyPath else { return nil }
    return AnimatableProperties.resolve(keyPath, in: layer)
  }

  /// Writes `value` with `additive` applied over `current`, the property's
  /// value before the animation (read here when nil; only an additive
  /// animation needs it).
  func write(
    _ value: AnimationValue, current: AnimationValue?, to target: Layer, _ property: AnimatableProperty,
    time: Double
  ) throws(AnimationError) {
    let base = isAdditive ? current ?? property.get(target) : nil
    let result = base.map { AnimationValue.add($0, value) } ?? value
    guard result.isFinite else {
      throw AnimationError(
        message: "the animation of \(keyPath ?? "") gives a value that is not finite at \(time) s")
    }
    property.set(target, result)
  }
}

extension AnimatableProperties {
  /// The layer and property `keyPath` names, starting at `layer`.
  static func resolve(_ keyPath: String, in layer: Layer) -> (Layer, AnimatableProperty)? {
    if !keyPath.hasPrefix("sublayers.") {
      // The key as it is: a Substring made a String again allocated one
      // for every key past 15 bytes (`transform.rotation.z`), every frame.
      guard let property = byKeyPath[keyPath], property.owner == "layer" || property.owner == layer.sceneClass.type
      else { return nil }
      return (layer, property)
    }
    var target = layer
    var rest = Substring(keyPath)
    while rest.hasPrefix("sublayers.") {
      let afterPrefix = rest.dropFirst("sublayers.".count)
      guard let dot = afterPrefix.firstIndex(of: ".") else { return nil }
      let name = afterPrefix[..<dot]
      guard let next = target.sublayers?.first(where: { $0.name.map { $0[...] == name } ?? false }) else {
        return nil
      }
      target = next
      rest = afterPrefix[afterPrefix.index(after: dot)...]
    }
    // The class check by name: a `get` would read the value through a key path.
    guard let property = byKeyPath[String(rest)], property.owner == "layer" || property.owner == target.sceneClass.type
    else { return nil }
    return (target, property)
  }
}
