// LottieKeyframes: one animatable Lottie property, as lottie-ios models it.
// A property is one keyframe (a static value) or several; keyframe k
// carries its own `o` (out) easing and hold flag, and takes its `i` (in)
// easing and `ti` spatial tangent from keyframe k − 1, where Lottie writes
// them. The legacy form (`e`, the end value, on each keyframe; a last
// keyframe with only `t`) reads into the same list.
//
// Values are evaluated here only where lottie-ios evaluates them itself
// (combining properties that animate on different keyframes, time
// remapping); everything else becomes a Core Animation keyframe animation
// (LottieTracks.swift) and Lamina interpolates it.

import Lamina

/// One keyframe of a property.
struct LottieKeyframe<V> {
  var time: Double
  var value: V
  /// Holds its value until the next keyframe.
  var hold = false
  /// The Bézier easing out of this keyframe (`o`) and into it (the previous keyframe's `i`).
  var easeOut: CGPoint?
  var easeIn: CGPoint?
  /// Position keyframes: the path's tangents, relative to the value.
  var spatialOut: CGPoint?
  var spatialIn: CGPoint?

  func with<W>(_ v: W) -> LottieKeyframe<W> {
    LottieKeyframe<W>(
      time: time, value: v, hold: hold, easeOut: easeOut, easeIn: easeIn, spatialOut: spatialOut,
      spatialIn: spatialIn)
  }

  /// Same time, hold and easing (lottie-ios combines such properties keyframe by keyframe).
  func sameTiming<W>(_ o: LottieKeyframe<W>) -> Bool {
    time == o.time && hold == o.hold && easeIn == o.easeIn && easeOut == o.easeOut
  }
}

/// A property: one keyframe or more, in time order.
struct LottieKeyframes<V> {
  var keyframes: [LottieKeyframe<V>]
  /// The property carries an After Effects expression (not evaluated).
  var hasExpression = false

  init(_ value: V) { keyframes = [LottieKeyframe(time: 0, value: value)] }
  init(keyframes: [LottieKeyframe<V>]) { self.keyframes = keyframes }

  var isAnimated: Bool { keyframes.count > 1 }
  var first: V { keyframes[0].value }

  func map<W>(_ f: (V) throws(LottieError) -> W) throws(LottieError) -> LottieKeyframes<W> {
    var out: [LottieKeyframe<W>] = []
    out.reserveCapacity(keyframes.count)
    for k in keyframes { out.append(k.with(try f(k.value))) }
    var r = LottieKeyframes<W>(keyframes: out)
    r.hasExpression = hasExpression
    return r
  }

  /// The timing function of segment i (keyframe i to i + 1), as lottie-ios builds it.
  func timingFunction(_ i: Int) -> TimingFunction {
    let o = keyframes[i].easeOut ?? CGPoint(x: 0, y: 0)
    let n = keyframes[i + 1].easeIn ?? CGPoint(x: 1, y: 1)
    return TimingFunction(controlPoints: o.x, o.y, n.x, n.y)
  }

  /// The segment at `frame` and the eased fraction within it; `nil` outside
  /// the keyframes (the caller clamps to the first or last value).
  func place(_ frame: Double) -> (index: Int, fraction: Double)? {
    let n = keyframes.count
    guard n > 1, frame > keyframes[0].time, frame < keyframes[n - 1].time else { return nil }
    var lo = 0, hi = n - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keyframes[mid].time <= frame { lo = mid } else { hi = mid }
    }
    let a = keyframes[lo], b = keyframes[lo + 1]
    if a.hold { return (lo, 0) }
    let span = b.time - a.time
    let x = span > 0 ? (frame - a.time) / span : 1
    return (lo, timingFunction(lo).progress(at: x))
  }
}

extension LottieKeyframes where V == [Double] {
  /// The value at `frame`: component-wise, or along the spatial Bézier for positions.
  func value(at frame: Double) -> [Double] {
    guard let (i, f) = place(frame) else {
      return frame <= keyframes[0].time ? keyframes[0].value : keyframes[keyframes.count - 1].value
    }
    let a = keyframes[i], b = keyframes[i + 1]
    if f == 0 { return a.value }
    if let so = a.spatialOut, let si = b.spatialIn, so != .zero || si != .zero, a.value.count >= 2,
      b.value.count >= 2
    {
      let p0 = CGPoint(x: a.value[0], y: a.value[1]), p3 = CGPoint(x: b.value[0], y: b.value[1])
      let c1 = CGPoint(x: p0.x + so.x, y: p0.y + so.y), c2 = CGPoint(x: p3.x + si.x, y: p3.y + si.y)
      let u = 1 - f
      let x = u * u * u * p0.x + 3 * u * u * f * c1.x + 3 * u * f * f * c2.x + f * f * f * p3.x
      let y = u * u * u * p0.y + 3 * u * u * f * c1.y + 3 * u * f * f * c2.y + f * f * f * p3.y
      var out = LottieKeyframes.lerp(a.value, b.value, f)
      out[0] = x
      out[1] = y
      return out
    }
    return LottieKeyframes.lerp(a.value, b.value, f)
  }

  static func lerp(_ a: [Double], _ b: [Double], _ f: Double) -> [Double] {
    guard a.count == b.count else { return f < 1 ? a : b }
    return (0..<a.count).map { a[$0] + (b[$0] - a[$0]) * f }
  }
}

extension LottieKeyframes where V == LottieBezier {
  func value(at frame: Double) -> LottieBezier {
    guard let (i, f) = place(frame) else {
      return frame <= keyframes[0].time ? keyframes[0].value : keyframes[keyframes.count - 1].value
    }
    return keyframes[i].value.interpolated(to: keyframes[i + 1].value, f)
  }
}

extension LottieNode {
  /// A property `{"a": …, "k": …, "x": …}` whose values `read` parses.
  func keyframes<V>(
    _ report: LottieReport, _ read: (LottieNode) throws(LottieError) -> V
  ) throws(LottieError) -> LottieKeyframes<V> {
    guard isObject else { throw error("must be an animatable property (an object with \"k\"), got \(value.kindDescription)") }
    let k = try require("k")
    var out: LottieKeyframes<V>
    if isKeyframeList(k) {
      var list: [LottieKeyframe<V>] = []
      var previous: LottieNode?
      var previousValue: V?
      for node in try k.elements() {
        guard node.isObject else { throw node.error("must be a keyframe object") }
        let time = try node.require("t").number()
        if let last = list.last, time < last.time {
          throw node["t"]!.error("keyframe times must not decrease: \(time) after \(last.time)")
        }
        var value: V
        if let s = node["s"] {
          value = try read(s)
        } else if let e = previous?["e"] {
          value = try read(e)
        } else if let v = previousValue, node["s"] == nil, previous != nil {
          value = v
        } else {
          throw node.error("a keyframe needs a value (\"s\")")
        }
        var kf = LottieKeyframe(time: time, value: value)
        kf.hold = try node["h"]?.bool() ?? false
        kf.easeOut = try node["o"].map { n throws(LottieError) in try n.easing() }
        kf.easeIn = try previous?["i"].map { n throws(LottieError) in try n.easing() }
        kf.spatialOut = try node["to"].map { n throws(LottieError) in try n.point() }
        kf.spatialIn = try previous?["ti"].map { n throws(LottieError) in try n.point() }
        list.append(kf)
        previous = node
        previousValue = value
      }
      guard !list.isEmpty else { throw k.error("must hold at least one keyframe") }
      out = LottieKeyframes(keyframes: list)
    } else {
      out = LottieKeyframes(try read(k))
    }
    if let x = self["x"], case .string(let s) = x.value.kind, !s.isEmpty {
      out.hasExpression = true
      report.note(x, "expression (not evaluated, as lottie-ios)")
    }
    return out
  }

  private func isKeyframeList(_ k: LottieNode) -> Bool {
    guard case .array(let items) = k.value.kind, let first = items.first, case .object(let members) = first.kind
    else { return false }
    return members.contains { $0.key == "t" }
  }

  /// An easing handle `{"x": …, "y": …}`; multi-dimensional handles use their first component, as lottie-ios does.
  func easing() throws(LottieError) -> CGPoint {
    CGPoint(x: try require("x").number(), y: try require("y").number())
  }

  func point() throws(LottieError) -> CGPoint {
    let v = try numbers()
    guard v.count >= 2 else { throw error("must be a point [x, y]") }
    return CGPoint(x: v[0], y: v[1])
  }

  // Common property readers.
  func scalar(_ key: String, _ report: LottieReport, default fallback: Double) throws(LottieError) -> LottieKeyframes<Double> {
    guard let n = self[key] else { return LottieKeyframes(fallback) }
    return try n.keyframes(report) { v throws(LottieError) in try v.number() }
  }

  func vector(_ key: String, _ report: LottieReport, default fallback: [Double]) throws(LottieError) -> LottieKeyframes<[Double]> {
    guard let n = self[key] else { return LottieKeyframes(fallback) }
    return try n.keyframes(report) { v throws(LottieError) in
      // lottie-ios reads missing components of an array as 0 ([9.7] is (9.7, 0));
      // a bare number stands for every component.
      if case .number = v.value.kind { return Array(repeating: try v.number(), count: fallback.count) }
      var x = try v.numbers()
      while x.count < fallback.count { x.append(0) }
      return x
    }
  }

  /// A colour `[r, g, b]` or `[r, g, b, a]`, as lottie-ios reads it: in
  /// 0…1, or 0…255 when all three components exceed 1; the alpha is
  /// always 1 (lottie-ios ignores a fourth component, for consistency with
  /// Lottie on other platforms).
  func color(_ key: String, _ report: LottieReport, default fallback: [Double]) throws(LottieError) -> LottieKeyframes<[Double]> {
    guard let n = self[key] else { return LottieKeyframes(fallback) }
    return try n.keyframes(report) { v throws(LottieError) in try v.colorValue() }
  }

  func colorValue() throws(LottieError) -> [Double] {
    let c = try numbers()
    var rgb = (0..<3).map { $0 < c.count ? c[$0] : 0 }
    if rgb.allSatisfy({ $0 > 1 }) { rgb = rgb.map { $0 / 255 } }
    return rgb + [1]
  }
}
