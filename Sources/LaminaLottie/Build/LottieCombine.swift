// LottieCombine: several Lottie properties into one derived property (a
// rectangle's path from its position, size and roundness; a transform from
// all of its parts), as lottie-ios's `Keyframes.combined` does: when every
// animated property has the same keyframe times and easings, keyframe by
// keyframe with those easings; otherwise the properties are evaluated
// every 0.1 frame between the first and the last keyframe and the results
// held (lottie-ios's "manual interpolation").

import Lamina

enum LottieCombine {
  static func combined<W>(
    _ groups: [LottieKeyframes<[Double]>], _ make: ([[Double]]) -> W
  ) -> LottieKeyframes<W> {
    let animated = groups.filter(\.isAnimated)
    guard let base = animated.first else { return LottieKeyframes(make(groups.map(\.first))) }
    let sameTiming = animated.allSatisfy { g in
      g.keyframes.count == base.keyframes.count && zip(g.keyframes, base.keyframes).allSatisfy { $0.sameTiming($1) }
    }
    if sameTiming {
      let keyframes = base.keyframes.indices.map { i in
        base.keyframes[i].with(make(groups.map { $0.isAnimated ? $0.keyframes[i].value : $0.first }))
      }
      return LottieKeyframes(keyframes: keyframes)
    }
    let times = animated.flatMap { $0.keyframes.map(\.time) }
    let lo = times.min() ?? 0, hi = times.max() ?? 0
    let step = max(0.1, (hi - lo) / 20_000)
    var keyframes: [LottieKeyframe<W>] = []
    for t in stride(from: lo, to: hi, by: step) {
      var k = LottieKeyframe(time: t, value: make(groups.map { $0.value(at: t) }))
      k.hold = true
      keyframes.append(k)
    }
    var last = LottieKeyframe(time: hi, value: make(groups.map { $0.value(at: hi) }))
    last.hold = true
    keyframes.append(last)
    return LottieKeyframes(keyframes: keyframes)
  }
}
