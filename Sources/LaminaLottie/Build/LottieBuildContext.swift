// LottieBuildContext: what building one layer needs to know: the timeline
// it sits on, the document (assets, fonts), where files beside the document
// are, and the limits. Helpers here put the common properties on layers.

import Lamina

final class LottieBuildContext {
  let document: LottieDocument
  let baseDirectory: String?
  let limits: LottieLimits
  let budget: LottieBudget
  var layerCount = 0
  var precompDepth = 0
  var warnings: [String] = []

  let overrides: LottieOverrides

  let archive: LottieArchive?

  init(
    document: LottieDocument, baseDirectory: String?, limits: LottieLimits, archive: LottieArchive? = nil,
    overrides: [LottieOverride] = []
  ) {
    self.archive = archive
    self.overrides = LottieOverrides(list: overrides)
    self.document = document
    self.baseDirectory = baseDirectory
    self.limits = limits
    self.budget = LottieBudget(limits.maxKeyframes)
  }

  var report: LottieReport { document.report }

  func rootTimeline() -> LottieTimeline {
    var t = LottieTimeline(
      frameRate: document.frameRate, startFrame: document.inFrame, endFrame: document.outFrame, budget: budget)
    t.overrides = overrides
    return t
  }

  /// A new plain layer filling `size` from the origin, as lottie-ios's layers fill their superlayer.
  func makeLayer(_ size: CGSize, name: String? = nil) throws(LottieError) -> Layer {
    layerCount += 1
    if layerCount > limits.maxLayers {
      throw LottieError(path: "", message: "the animation builds more than \(limits.maxLayers) layers")
    }
    let l = Layer()
    fill(l, size)
    l.name = name
    return l
  }

  func fill(_ l: Layer, _ size: CGSize) {
    l.anchorPoint = .zero
    l.position = .zero
    l.bounds = CGRect(origin: .zero, size: size)
  }
}

extension Layer {
  /// Adds a sublayer the builder made (never already in a tree).
  func adopt(_ child: Layer) {
    try? addSublayer(child)
  }
}

// Property helpers: a Lottie property onto a layer's key path; `name` is the
// property's name for value providers (Color, Opacity, …).
extension LottieTimeline {
  func number(
    _ p0: LottieKeyframes<Double>, _ keyPath: String, _ layer: Layer, name: String? = nil,
    _ f: @escaping (Double) -> Double = { $0 }
  ) throws(LottieError) {
    let p = override(name)?.numbers ?? p0
    try LottieTracks.apply(
      p, keyPath: keyPath, to: layer, timeline: self, value: { .number(f($0)) },
      evaluate: { frame in p.scalarValue(at: frame) })
  }

  func vector(
    _ p0: LottieKeyframes<[Double]>, _ keyPath: String, _ layer: Layer, name: String? = nil,
    _ f: @escaping ([Double]) -> AnimationValue
  ) throws(LottieError) {
    let p = override(name)?.points ?? p0
    try LottieTracks.apply(p, keyPath: keyPath, to: layer, timeline: self, value: f, evaluate: { p.value(at: $0) })
  }

  func color(_ p0: LottieKeyframes<[Double]>, _ keyPath: String, _ layer: Layer, name: String? = "Color") throws(LottieError) {
    let o = override(name)
    let p = o?.colors ?? p0
    let alpha = o?.colors != nil
    try LottieTracks.apply(
      p, keyPath: keyPath, to: layer, timeline: self,
      value: { .color(Color(red: $0[0], green: $0[1], blue: $0[2], alpha: alpha && $0.count > 3 ? $0[3] : 1)) },
      evaluate: { p.value(at: $0) })
  }

  func path(_ p: LottieKeyframes<LottieBezier>, _ keyPath: String, _ layer: Layer, _ f: @escaping (LottieBezier) -> Path)
    throws(LottieError)
  {
    try LottieTracks.apply(
      p, keyPath: keyPath, to: layer, timeline: self, value: { .path(f($0)) }, evaluate: { p.value(at: $0) })
  }
}

extension LottieKeyframes where V == Double {
  func scalarValue(at frame: Double) -> Double {
    guard let (i, f) = place(frame) else {
      return frame <= keyframes[0].time ? keyframes[0].value : keyframes[keyframes.count - 1].value
    }
    return keyframes[i].value + (keyframes[i + 1].value - keyframes[i].value) * f
  }
  var vector: LottieKeyframes<[Double]> { (try? map { [$0] }) ?? LottieKeyframes<[Double]>([first]) }
}

func point(_ v: [Double]) -> CGPoint { CGPoint(x: v[0], y: v.count > 1 ? v[1] : 0) }
