// LottieTracks: a Lottie property onto a Lamina layer, as lottie-ios's Core
// Animation engine puts it onto a CALayer.
//
// - One keyframe: the value is written into the layer; no animation.
// - Several: one `KeyframeAnimation` on the root timeline (a scene time t
//   is root frame ip + t·fr). Its key times are the keyframes' times, its
//   timing functions their Bézier easings (`o` of one keyframe with `i` of
//   the next), its fill mode `both`, so before the first keyframe and after
//   the last the end values hold. lottie-ios spans the animation over the
//   whole composition and gives each keyframe its share of it; spanning
//   only the keyframes, as here, is the same curve and keeps keyframes
//   outside the composition's frames exact.
// - Hold keyframes keep their value until the next keyframe: the hold is a
//   segment from the value to itself, then a jump at the next key time (two
//   equal key times; Lamina takes the later value from that time on).
//   lottie-ios splits such runs into `discrete` animations in a group: the
//   same values.
// - Positions follow a path through the keyframes, each segment the cubic
//   of its spatial tangents (`to`, `ti`) or a line, as lottie-ios draws the
//   `CAKeyframeAnimation.path`.
// - Under time remapping (a precomp's `tm`), lottie-ios evaluates every
//   property itself every 0.1 frame and hands Core Animation the values as
//   holds; so does this, through `evaluate`.
//
// Rejected: evaluating Lottie values directly at each rendered frame. It
// would draw single frames, but the tree would not be a Core Animation
// tree: `lamina frames`, incremental frames and the Swift API see layers
// and animations, as a CALayer client would.

import Lamina

/// Where a layer's own frames sit on the root composition's timeline.
struct LottieTimeline {
  let frameRate: Double
  /// The root composition's `ip` and `op`.
  let startFrame: Double
  let endFrame: Double
  /// A local frame of this layer's composition as a root frame (precomps' `st` and `sr`).
  var toRoot: (Double) -> Double = { $0 }
  /// A root frame as a local frame (the inverse of `toRoot`, or time remapping's curve).
  var fromRoot: (Double) -> Double = { $0 }
  /// Time remapping is in force: properties are sampled through `fromRoot`.
  var isRemapped = false
  /// Keyframe count budget (shared by the whole build).
  let budget: LottieBudget
  /// The names above the properties being built (lottie-ios's keypath) and the value providers.
  var keypath: [String] = []
  var overrides = LottieOverrides()

  /// The same timeline one name deeper (an empty name adds nothing, as in lottie-ios).
  func adding(_ name: String) -> LottieTimeline {
    guard !name.isEmpty else { return self }
    var t = self
    t.keypath.append(name)
    return t
  }

  /// The override of property `name` here, if any.
  func override(_ name: String?) -> LottieOverride.Value? {
    guard let name, !overrides.list.isEmpty else { return nil }
    return overrides.find(keypath + [name])
  }

  func time(ofRootFrame f: Double) -> Double { (f - startFrame) / frameRate }

  /// The root frames at which a remapped property is sampled: every 0.1 frame
  /// as lottie-ios, coarser when that would exceed 20,000 samples.
  var sampleFrames: [Double] {
    let span = endFrame - startFrame
    let step = max(0.1, span / 20_000)
    return Array(stride(from: startFrame, through: endFrame, by: step))
  }
}

/// Counts keyframes made, so a hostile document cannot build millions of animations.
final class LottieBudget: @unchecked Sendable {
  var remaining: Int
  init(_ n: Int) { remaining = n }
  func spend(_ n: Int) throws(LottieError) {
    remaining -= n
    if remaining < 0 {
      throw LottieError(path: "", message: "the animation needs more keyframes than the limit allows (\(LottieLimits.default.maxKeyframes))")
    }
  }
}

enum LottieTracks {
  /// Puts `property` onto `layer` at `keyPath`: `value` maps a keyframe to
  /// the layer's value, `evaluate` gives the Lottie value at a local frame
  /// (for time remapping).
  static func apply<V>(
    _ property: LottieKeyframes<V>, keyPath: String, to layer: Layer, timeline: LottieTimeline,
    value: (V) -> AnimationValue, evaluate: (Double) -> V
  ) throws(LottieError) {
    try timeline.budget.spend(property.keyframes.count)
    let model = layer.value(forKeyPath: keyPath)
    try write(value(property.first), keyPath, layer)
    guard property.isAnimated else { return }
    if timeline.isRemapped {
      let frames = timeline.sampleFrames
      try timeline.budget.spend(frames.count)
      let values = frames.map { value(evaluate(timeline.fromRoot($0))) }
      layer.add(discrete(keyPath, frames.map(timeline.time(ofRootFrame:)), values), forKey: keyPath)
      return
    }
    let keyframes = property.keyframes
    let times = keyframes.map { timeline.time(ofRootFrame: timeline.toRoot($0.time)) }
    let functions = (0..<(keyframes.count - 1)).map { property.timingFunction($0) }
    let holds = keyframes.map(\.hold)
    let ignored = loneHolds(holds)
    if keyPath == "position", let points = keyframes.map({ $0.value }) as? [[Double]] {
      let anim = positionPath(
        points: points, keyframes: keyframes, times: times, functions: functions, holds: holds,
        model: model.flatMap { if case .point(let p) = $0 { [p.x, p.y] } else { nil } }, ignored: ignored)
      layer.add(anim, forKey: keyPath)
      return
    }
    let values = keyframes.map { value($0.value) }
    layer.add(
      keyframed(keyPath, times: times, values: values, functions: functions, holds: holds, model: model, ignored: ignored),
      forKey: keyPath)
  }

  /// The hold keyframes Core Animation does not draw. lottie-ios splits the
  /// keyframes into runs of equal `isHold` (each run ending with the next
  /// run's first keyframe) and makes each hold run a `discrete` animation
  /// with one value fewer than its keyframes. A run of one hold keyframe
  /// leaves one value, and Apple's renders show that Core Animation then
  /// draws the layer's own (model) value until the next keyframe
  /// (lottie-ios's snapshots of pr_1632_1 and pr_1632_2: opacity 1 where the
  /// hold says 0). Those keyframes are marked here; their value is the model's.
  static func loneHolds(_ holds: [Bool]) -> [Bool] {
    var out = [Bool](repeating: false, count: holds.count)
    guard holds.count > 1 else { return out }
    var i = 0
    while i < holds.count - 1 {
      guard holds[i] else {
        i += 1
        continue
      }
      // A run of holds i..<j (the keyframe j ends it, or the list does).
      var j = i
      while j < holds.count - 1, holds[j] { j += 1 }
      if j == holds.count - 1, holds[j] { j += 1 }
      let values = min(j, holds.count - 1) - i
      if values == 1 { out[i] = true }
      i = max(j, i + 1)
    }
    return out
  }

  /// A property that keeps one value: written into the layer.
  static func write(_ v: AnimationValue, _ keyPath: String, _ layer: Layer) throws(LottieError) {
    do {
      try layer.setValue(v, forKeyPath: keyPath)
    } catch {
      throw LottieError(path: "", message: "cannot set \(keyPath): \(error)")
    }
  }

  /// Values at times (seconds), eased by `functions`, with holds.
  static func keyframed(
    _ keyPath: String, times: [Double], values: [AnimationValue], functions: [TimingFunction], holds: [Bool],
    model: AnimationValue? = nil, ignored: [Bool] = []
  ) -> KeyframeAnimation {
    var t: [Double] = [], v: [AnimationValue] = [], f: [TimingFunction] = []
    for k in 0..<values.count {
      let dropped = k + 1 < values.count && holds[k] && k < ignored.count && ignored[k] && model != nil
      if dropped, let model {
        // The model's value from this key time to the next (see loneHolds);
        // the segment before still ends on the keyframe's own value.
        if k > 0 {
          t.append(times[k])
          v.append(values[k])
          f.append(.linear)
        }
        t += [times[k], times[k + 1]]
        v += [model, model]
        f += [.linear, .linear]
        continue
      }
      t.append(times[k])
      v.append(values[k])
      guard k + 1 < values.count else { break }
      if holds[k] {
        t.append(times[k + 1])
        v.append(values[k])
        f.append(.linear)
        f.append(.linear)  // the jump, zero long
      } else {
        f.append(functions[k])
      }
    }
    let a = KeyframeAnimation(keyPath: keyPath)
    a.values = v
    place(a, times: t)
    a.timingFunctions = f
    return a
  }

  /// Discrete values from each time to the next.
  static func discrete(_ keyPath: String, _ times: [Double], _ values: [AnimationValue]) -> KeyframeAnimation {
    let a = KeyframeAnimation(keyPath: keyPath)
    a.calculationMode = .discrete
    a.values = values
    place(a, times: times)
    return a
  }

  /// Sets begin time and duration to span `times`, and the key times within.
  private static func place(_ a: KeyframeAnimation, times: [Double]) {
    let t0 = times.first ?? 0, t1 = times.last ?? 0
    let span = t1 - t0
    a.timing.beginTime = t0
    a.timing.duration = span > 0 ? span : 1e-9
    a.timing.fillMode = .both
    a.keyTimes = times.map { span > 0 ? min(max(($0 - t0) / span, 0), 1) : 1 }
  }

  /// `position` along the path of its keyframes.
  static func positionPath<V>(
    points: [[Double]], keyframes: [LottieKeyframe<V>], times: [Double], functions: [TimingFunction], holds: [Bool],
    model: [Double]? = nil, ignored: [Bool] = []
  ) -> KeyframeAnimation {
    func p(_ k: Int) -> CGPoint { CGPoint(x: points[k][0], y: points[k].count > 1 ? points[k][1] : 0) }
    var elements: [Path.Element] = [.move(p(0))]
    var t: [Double] = [times[0]], f: [TimingFunction] = []
    for k in 0..<(points.count - 1) {
      let a = p(k), b = p(k + 1)
      if holds[k], k < ignored.count, ignored[k], let model {
        let m = CGPoint(x: model[0], y: model.count > 1 ? model[1] : 0)
        elements += [.line(m), .line(m), .line(b)]
        t += [times[k], times[k + 1], times[k + 1]]
        f += [.linear, .linear, .linear]
        continue
      }
      if holds[k] {
        elements.append(.line(a))
        t.append(times[k + 1])
        f.append(.linear)
        elements.append(.line(b))
        t.append(times[k + 1])
        f.append(.linear)
        continue
      }
      if let so = keyframes[k].spatialOut, let si = keyframes[k + 1].spatialIn, so != .zero || si != .zero {
        elements.append(
          .cubic(
            control1: CGPoint(x: a.x + so.x, y: a.y + so.y), control2: CGPoint(x: b.x + si.x, y: b.y + si.y), to: b))
      } else {
        elements.append(.line(b))
      }
      t.append(times[k + 1])
      f.append(functions[k])
    }
    let anim = KeyframeAnimation(keyPath: "position")
    anim.path = Path(elements: elements)
    place(anim, times: t)
    anim.timingFunctions = f
    return anim
  }
}
