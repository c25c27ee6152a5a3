// MediaTiming: `CAMediaTiming`, the timing that layers and animations share,
// and the one function that maps a parent's time to a child's. Core
// Animation's rules, in the order they apply (docs/scene-format.md, "Time
// and animation"):
//
//   local  = (parent − beginTime) × speed + timeOffset
//   period = duration × (autoreverses ? 2 : 1)            (one cycle)
//   active = repeatDuration if > 0, else period × repeatCount if > 0,
//            else period                                   (how long it runs)
//   before 0 / at or after `active`: held by `fillMode` (backwards holds the
//            start, forwards the end), else the object is not active;
//   inside:  the time within the cycle, `local mod period`, mirrored in its
//            second half when autoreversing.
//
// A duration of 0 means "the default": 0.25 s for an animation (Core
// Animation's `CATransaction.animationDuration`) and "forever" for a layer,
// whose time then passes through unrepeated and unclamped (a `CALayer`'s
// duration is 0 and its sublayers' animations run for as long as they like).
//
// Huge numbers stay bounded: the cycle index and the time within the cycle
// come from `floor` and `truncatingRemainder`, which are exact at any
// magnitude, so t = 1e300 or repeatCount = 1e300 costs what t = 1 costs.
//
// Rejected: a frame-stepping clock (advancing a state by Δt per frame), which
// makes a frame depend on the frames before it; here every time is mapped
// from the scene time alone, so frame n is a pure function of n.

/// `CAMediaTimingFillMode`: what an object shows outside its active period.
public enum FillMode: String, CaseIterable, Sendable {
  /// Not applied outside the active period (the default).
  case removed
  /// Holds its final state after the active period.
  case forwards
  /// Holds its initial state before the active period.
  case backwards
  /// Both.
  case both

  var fillsForwards: Bool { self == .forwards || self == .both }
  var fillsBackwards: Bool { self == .backwards || self == .both }
}

/// `CAMediaTiming`: the timing properties of a layer or an animation, with
/// Core Animation's defaults.
public struct MediaTiming: Hashable, Sendable {
  /// When the object starts, in its parent's time.
  public var beginTime: Double = 0
  /// One simple cycle, in seconds; 0 means the default (see the file comment).
  public var duration: Double = 0
  /// How fast the object's time runs relative to its parent's.
  public var speed: Double = 1
  /// Added to the object's local time.
  public var timeOffset: Double = 0
  /// How many cycles run (fractions allowed); 0 means one.
  public var repeatCount: Double = 0
  /// How long the cycles run, in local seconds; overrides `repeatCount` when > 0.
  public var repeatDuration: Double = 0
  /// Each cycle plays forwards, then backwards.
  public var autoreverses = false
  /// What is shown outside the active period.
  public var fillMode: FillMode = .removed

  /// Core Animation's defaults.
  public init() {}

  /// Where an object is in its timeline at one time of its parent.
  public struct State: Equatable, Sendable {
    /// The time within the simple cycle, in 0…`duration`.
    public var time: Double
    /// The number of whole cycles completed before this one (for `cumulative`).
    public var iteration: Double
  }

  /// The object's local time at `parentTime`, before repeating:
  /// `(parentTime − beginTime) × speed + timeOffset`.
  public func localTime(_ parentTime: Double) -> Double {
    (parentTime - beginTime) * speed + timeOffset
  }

  /// Where the object is at `parentTime`, with `simpleDuration` as its
  /// duration (the caller resolves 0 to its default; `.infinity` for a
  /// layer that runs forever); `nil` when it is not active and not filled.
  public func state(at parentTime: Double, simpleDuration d: Double) -> State? {
    let local = localTime(parentTime)
    guard local.isFinite else { return nil }
    guard d.isFinite else { return State(time: local, iteration: 0) }
    guard d > 0 else { return nil }
    let period = autoreverses ? 2 * d : d
    let active: Double
    if repeatDuration > 0 {
      active = repeatDuration
    } else if repeatCount > 0 {
      active = period * repeatCount
    } else {
      active = period
    }
    if local < 0 {
      return fillMode.fillsBackwards ? State(time: 0, iteration: 0) : nil
    }
    if local >= active {
      guard fillMode.fillsForwards else { return nil }
      return end(of: active, period: period, d: d)
    }
    return within(local, period: period, d: d)
  }

  /// The state at `t` in 0..<active.
  private func within(_ t: Double, period: Double, d: Double) -> State {
    let iteration = (t / period).rounded(.down)
    var phase = t.truncatingRemainder(dividingBy: period)
    if phase < 0 { phase += period }
    if autoreverses && phase > d { phase = period - phase }
    return State(time: min(max(phase, 0), d), iteration: iteration)
  }

  /// The state held after the active period: the end of the last cycle
  /// (its start again when autoreversing), or where a fractional count stops.
  private func end(of active: Double, period: Double, d: Double) -> State {
    guard active.isFinite else { return State(time: autoreverses ? 0 : d, iteration: 0) }
    let cycles = active / period
    let whole = cycles.rounded(.down)
    if cycles == whole {
      // The last cycle ran to its end.
      return State(time: autoreverses ? 0 : d, iteration: max(whole - 1, 0))
    }
    return within(active, period: period, d: d)
  }

  /// Why the values cannot be used (a negative or non-finite number), or `nil`.
  public var problem: String? {
    for k in Self.keys { if let number = k.number, !number(self).isFinite { return "\(k.key) must be finite" } }
    for k in Self.keys where k.nonNegative {
      if let number = k.number, number(self) < 0 { return "\(k.key) must be ≥ 0" }
    }
    return nil
  }

  /// The eight keys, in the scene format's order, each declared once: a
  /// layer's keys (`LayerProperties`) and every animation's
  /// (SceneAnimationDecoder.swift) are read, written and compared by
  /// walking this table; defaults are a fresh `MediaTiming()`'s.
  static let keys: [TimingKey] = [
    .number("beginTime", \.beginTime),
    .number("duration", \.duration, .nonNegative),
    .number("speed", \.speed),
    .number("timeOffset", \.timeOffset),
    .number("repeatCount", \.repeatCount, .nonNegative),
    .number("repeatDuration", \.repeatDuration, .nonNegative),
    TimingKey("autoreverses", \.autoreverses, .bool),
    TimingKey("fillMode", \.fillMode, .name(caPrefix: "kCAFillMode")),
  ]
}

/// One key of `MediaTiming` (`MediaTiming.keys`): its name (the JSON key
/// and the Swift property), its rule, how it is read, written and compared.
struct TimingKey: Sendable {
  let key: String
  /// Reads the member into `timing` (or records an error at the path).
  let read: @Sendable (inout SceneDecoder, JSONValue, [JSONPathComponent], inout MediaTiming) -> Void
  /// Appends the member, or nothing when `timing` holds the default.
  let write: @Sendable (MediaTiming, inout [JSONValue.Member]) -> Void
  let isEqual: @Sendable (MediaTiming, MediaTiming) -> Bool
  /// The value, for the keys that hold a number (`MediaTiming.problem`).
  private(set) var number: (@Sendable (MediaTiming) -> Double)?
  /// True for the numbers that must be ≥ 0.
  private(set) var nonNegative = false

  init<V>(_ key: String, _ keyPath: WritableKeyPath<MediaTiming, V> & Sendable, _ codec: SceneCodec<V>) {
    nonisolated(unsafe) let defaultValue = MediaTiming()[keyPath: keyPath]  // a constant value
    self.key = key
    read = { d, value, path, timing in
      if let v = codec.read(&d, value, path) { timing[keyPath: keyPath] = v }
    }
    write = { timing, members in
      let v = timing[keyPath: keyPath]
      if !codec.isEqual(v, defaultValue) { members.append(SceneWriter.member(key, codec.write(v))) }
    }
    isEqual = { codec.isEqual($0[keyPath: keyPath], $1[keyPath: keyPath]) }
  }

  /// A number obeying `rule` (not among the numbers the lowering checks
  /// for NaN: a time that is not finite makes the object inactive).
  static func number(
    _ key: String, _ keyPath: WritableKeyPath<MediaTiming, Double> & Sendable, _ rule: NumberRule = .any
  ) -> Self {
    var k = Self(key, keyPath, .timing(rule))
    k.number = { $0[keyPath: keyPath] }
    k.nonNegative = rule == .nonNegative
    return k
  }
}

/// A layer or an animation: `CAMediaTiming`'s properties, each read from
/// and written to its `timing`. Declared once for both (Rejected: the eight
/// forwarding properties written on `Layer` and on `Animation` alike). The
/// scene format reaches the same values through `MediaTiming.keys`.
public protocol MediaTimingCarrier: AnyObject {
  /// The timing of the layer's or the animation's own time.
  var timing: MediaTiming { get set }
}

extension MediaTimingCarrier {
  /// `beginTime`: when the object's time starts, in its parent's time (the
  /// superlayer's for a layer, its layer's for an animation).
  public var beginTime: Double { get { timing.beginTime } set { timing.beginTime = newValue } }
  /// `duration` of one cycle (0: forever for a layer, 0.25 s for an animation).
  public var duration: Double { get { timing.duration } set { timing.duration = newValue } }
  /// `speed` of the object's time relative to its parent's.
  public var speed: Double { get { timing.speed } set { timing.speed = newValue } }
  /// `timeOffset`, added to the object's time.
  public var timeOffset: Double { get { timing.timeOffset } set { timing.timeOffset = newValue } }
  /// `repeatCount`: how many cycles (fractions allowed).
  public var repeatCount: Double { get { timing.repeatCount } set { timing.repeatCount = newValue } }
  /// `repeatDuration`: how long the cycles repeat, in seconds.
  public var repeatDuration: Double { get { timing.repeatDuration } set { timing.repeatDuration = newValue } }
  /// `autoreverses`: each cycle plays forwards, then backwards.
  public var autoreverses: Bool { get { timing.autoreverses } set { timing.autoreverses = newValue } }
  /// `fillMode`: what the object shows outside its active time.
  public var fillMode: FillMode { get { timing.fillMode } set { timing.fillMode = newValue } }
}

extension Layer: MediaTimingCarrier {}
extension Animation: MediaTimingCarrier {}

