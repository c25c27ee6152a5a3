// LayerAnimations: `CALayer`'s animation API (`add(_:forKey:)`,
// `animation(forKey:)`, `removeAnimation(forKey:)`, `animationKeys()`) and
// its `CAMediaTiming` properties, over the two stored properties Layer.swift
// declares (`timing`, `animationEntries`). As in Core Animation, `add`
// stores a copy, a key already present is replaced (in place, keeping its
// order) and a `nil` key adds an animation that no key names.
//
// Rejected: a dictionary by key (Core Animation applies animations in the
// order they were added, and unkeyed ones have no key to file them under).

extension Layer {
  /// Adds a copy of `animation`; one already under `key` is replaced.
  public func add(_ animation: Animation, forKey key: String?) {
    let copy = animation.copy()
    if let key, let i = animationEntries.firstIndex(where: { $0.key == key }) {
      animationEntries[i].animation = copy
    } else {
      animationEntries.append((key, copy))
    }
  }

  /// The animation under `key` (a copy: changing it changes nothing).
  public func animation(forKey key: String) -> Animation? {
    animationEntries.first { $0.key == key }?.animation.copy()
  }

  /// Removes the animation under `key`.
  public func removeAnimation(forKey key: String) {
    animationEntries.removeAll { $0.key == key }
  }

  /// Removes every animation.
  public func removeAllAnimations() { animationEntries.removeAll() }

  /// The keys of the animations, in the order added (`nil` keys are left out).
  public func animationKeys() -> [String]? {
    let keys = animationEntries.compactMap(\.key)
    return keys.isEmpty ? nil : keys
  }

  /// Every animation, in the order applied (the scene format's
  /// `animations`): copies, as `animation(forKey:)` gives.
  public var animations: [Animation] { animationEntries.map { $0.animation.copy() } }


  /// The layer's local time at `parentTime`, or `nil` when the layer's own
  /// timing is not active then (its animations and its sublayers' do not run).
  func localTime(_ parentTime: Double) -> Double? {
    timing.state(at: parentTime, simpleDuration: timing.duration > 0 ? timing.duration : .infinity)?.time
  }
}

/// `CAAnimation`'s Core Animation names.
public typealias CAAnimation = Animation
public typealias CAPropertyAnimation = PropertyAnimation
public typealias CABasicAnimation = BasicAnimation
public typealias CAKeyframeAnimation = KeyframeAnimation
public typealias CASpringAnimation = SpringAnimation
public typealias CAAnimationGroup = AnimationGroup
public typealias CAMediaTimingFunction = TimingFunction
public typealias CAMediaTimingFillMode = FillMode
public typealias CAMediaTimingFunctionName = TimingFunction.Name

extension Layer {
  /// Writes an animatable property by key path, as key-value coding does on
  /// a `CALayer` (`setValue(_:forKeyPath:)`): `"position"`,
  /// `"transform.rotation.z"`, `"fillColor"`, … with the clamping an
  /// animation's written value gets. Throws when the key path is not an
  /// animatable property of this layer's class or the value is of another kind.
  public func setValue(_ value: AnimationValue, forKeyPath keyPath: String) throws(AnimationError) {
    guard let (target, property) = AnimatableProperties.resolve(keyPath, in: self) else {
      throw AnimationError(message: "\(keyPath) is not an animatable property of this layer")
    }
    guard let current = property.get(target), current.sameKind(value) else {
      throw AnimationError(message: "\(keyPath) does not take this kind of value")
    }
    property.set(target, value)
  }
}

extension Layer {
  /// Reads an animatable property by key path (key-value coding's
  /// `value(forKeyPath:)` on a `CALayer`); `nil` when the key path is not an
  /// animatable property of this layer's class.
  public func value(forKeyPath keyPath: String) -> AnimationValue? {
    guard let (target, property) = AnimatableProperties.resolve(keyPath, in: self) else { return nil }
    return property.get(target)
  }
}
