// BasicAnimation: `CABasicAnimation`, from one value to another. Which two
// values, from `fromValue`, `toValue` and `byValue` (Core Animation's
// table; "current" is the presentation value before this animation):
//
//   from, to  →  from … to            from  →  from … current
//   from, by  →  from … from + by     to    →  current … to
//   by, to    →  to − by … to         by    →  current … current + by
//   none      →  current … current
//
// `cumulative`: cycle i adds i × (end − start). `additive`: the value is
// added to the current one (AnimationValue.add).
//
// Rejected: resolving the end points once when the animation is added (as
// if the model could not change): a presentation is a function of the
// model and the time, so the end points follow the model.

/// `CABasicAnimation`: interpolates a property between two values.
public class BasicAnimation: PropertyAnimation {
  /// The value at the start: a number, point, colour, transform, … of the
  /// animated property's kind (AnimationValueConvertible.swift).
  public var fromValue: (any AnimationValueConvertible)? {
    get { from }
    set { from = newValue?.animationValue }
  }
  /// The value at the end.
  public var toValue: (any AnimationValueConvertible)? {
    get { to }
    set { to = newValue?.animationValue }
  }
  /// The change over the animation.
  public var byValue: (any AnimationValueConvertible)? {
    get { by }
    set { by = newValue?.animationValue }
  }
  /// `fromValue`, `toValue` and `byValue` as the animation holds them.
  var from, to, by: AnimationValue?

  public override init(keyPath: String?) { super.init(keyPath: keyPath) }

  required init(copying other: Animation) {
    let o = other as! BasicAnimation
    (from, to, by) = (o.from, o.to, o.by)
    super.init(copying: other)
  }

  override func mismatchedValue(_ current: AnimationValue) -> (name: String, value: AnimationValue)? {
    // Each value on its own: an array of the three (checked for every
    // animation of every presented frame) was a heap block and three copies.
    if let from, !from.sameKind(current) { return ("fromValue", from) }
    if let to, !to.sameKind(current) { return ("toValue", to) }
    if let by, !by.sameKind(current) { return ("byValue", by) }
    return nil
  }

  /// Whether `endPoints` reads `current`: fewer than two of the values given.
  var endPointsReadCurrent: Bool { (from == nil ? 0 : 1) + (to == nil ? 0 : 1) + (by == nil ? 0 : 1) < 2 }

  /// The start and end values over `current`.
  func endPoints(current: AnimationValue) -> (AnimationValue, AnimationValue) {
    switch (from, to, by) {
    case (let f?, let t?, _): return (f, t)
    case (let f?, nil, let b?): return (f, .add(f, b))
    case (nil, let t?, let b?): return (.add(t, b, times: -1), t)
    case (let f?, nil, nil): return (f, current)
    case (nil, let t?, nil): return (current, t)
    case (nil, nil, let b?): return (current, .add(current, b))
    case (nil, nil, nil): return (current, current)
    }
  }

  /// The fraction of the way from start to end at `progress`/`time`
  /// (a spring replaces this).
  func fraction(progress: Double, time: Double) -> Double { progress }

  override func apply(progress: Double, time: Double, iteration: Double, to layer: Layer) throws(AnimationError) {
    guard let (target, property) = target(in: layer) else { return }
    // The current value is read only where it is used: a transform part's
    // read decomposes the layer's matrix (S10 rotates 400 layers a frame).
    let current = isAdditive || endPointsReadCurrent ? property.get(target) : nil
    guard let known = current ?? from ?? to else { return }
    let (start, end) = endPoints(current: known)
    var value = AnimationValue.interpolate(start, end, fraction(progress: progress, time: time))
    if isCumulative, iteration > 0, let step = AnimationValue.difference(start, end) {
      value = .advance(value, by: step, times: iteration)
    }
    try write(value, current: current, to: target, property, time: time)
  }
}
