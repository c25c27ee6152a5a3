// LottieCombine: several Lottie properties into one derived property (a
// rectangle's path from its position, size and roundness; a transform from
// all of its parts), as lottie-ios's `Keyframes.combined` does: when every
// animated property has the same keyframe times and easings, keyframe by
// keyframe with those easings; otherwise the properties are evaluated
// every 0.1 frame between the first and the last keyframe and the results
// held (lottie-ios's "manual interpolation").

import Lamina

enum LottieCombine {
  /// Vector properties combined by `make`; `manual` samples even when the timings agree.
  static func combined<W>(
    _ groups: [LottieKeyframes<[Double]>], manual: Bool = false, _ make: ([[Double]]) -> W
  ) -> LottieKeyframes<W> {
    combine(
      groups.filter(\.isAnimated).map { $0.keyframes.map { $0.with(()) } }, manual: manual,
      constant: { make(groups.map(\.first)) },
      atKeyframe: { i in make(groups.map { $0.isAnimated ? $0.keyframes[i].value : $0.first }) },
      atFrame: { t in make(groups.map { $0.value(at: t) }) })
  }

  /// The shared rule, over the keyframe timings of the animated properties:
  /// one keyframe per base keyframe when all timings agree (and not
  /// `manual`), else a held sample every 0.1 frame from the first keyframe
  /// to the last (coarser past 20,000 samples).
  static func combine<W>(
    _ timings: [[LottieKeyframe<Void>]], manual: Bool, constant: () -> W, atKeyframe: (Int) -> W,
    atFrame: (Double) -> W
  ) -> LottieKeyframes<W> {
    guard let base = timings.first else { return LottieKeyframes(constant()) }
    let same = timings.allSatisfy { g in g.count == base.count && zip(g, base).allSatisfy { $0.sameTiming($1) } }
    if same, !manual {
      return LottieKeyframes(keyframes: base.indices.map { base[$0].with(atKeyframe($0)) })
    }
    let times = timings.flatMap { $0.map(\.time) }
    let lo = times.min() ?? 0, hi = times.max() ?? 0
    let step = max(0.1, (hi - lo) / 20_000)
    var keyframes: [LottieKeyframe<W>] = []
    for t in stride(from: lo, to: hi, by: step) {
      var k = LottieKeyframe(time: t, value: atFrame(t))
      k.hold = true
      keyframes.append(k)
    }
    var last = LottieKeyframe(time: hi, value: atFrame(hi))
    last.hold = true
    keyframes.append(last)
    return LottieKeyframes(keyframes: keyframes)
  }
}
