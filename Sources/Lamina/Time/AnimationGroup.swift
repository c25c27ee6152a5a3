// AnimationGroup: `CAAnimationGroup`. Its animations run in the group's
// time: the group maps its layer's time through its own timing (and eases
// it by its timing function), and each child maps that in turn, so the
// group's duration cuts its children off and its repeats repeat them all.
//
// Rejected: flattening a group into its children with shifted begin times
// (a group's speed, repeat and autoreverse act on all of them at once).

/// `CAAnimationGroup`: animations timed together.
public final class AnimationGroup: Animation {
  /// The animations, applied in order in the group's time.
  public var animations: [Animation]?

  public override init() { super.init() }

  required init(copying other: Animation) {
    animations = (other as! AnimationGroup).animations?.map { $0.copy() }
    super.init(copying: other)
  }

  override func apply(progress: Double, time: Double, iteration: Double, to layer: Layer) throws(AnimationError) {
    let groupTime = progress * resolvedDuration
    for animation in animations ?? [] { try animation.apply(at: groupTime, to: layer) }
  }

  override func problem(on layer: Layer) -> String? {
    for (i, animation) in (animations ?? []).enumerated() {
      if let problem = animation.problem(on: layer) { return "animations[\(i)]: \(problem)" }
    }
    return nil
  }

  override var animatesAnything: Bool { animations?.contains { $0.animatesAnything } ?? false }
}
