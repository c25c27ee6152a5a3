// LottieLayerBuilder: a composition's layers into a Lamina layer tree, in
// the shape lottie-ios's Core Animation engine gives them:
//
// - every Lottie layer is an outer layer (carrying the blend mode) filling
//   its composition, holding a contents layer with the transform, opacity,
//   visibility (`hidden` outside [ip, op)) and masks, which holds what the
//   layer draws;
// - a parent (`parent`) is a layer of its own around the child, with the
//   parent's transform only, one per child, up the chain;
// - a track matte pairs a layer with the layer above it: alpha mattes mask
//   a container of the layer with the matte; inverted ones with the matte
//   xor-ed out of a huge black layer (lottie-ios's own construction); luma
//   mattes are not drawn by that engine, so the layer is drawn unmasked and
//   the matte not at all;
// - a precomp's layers fill the precomp's size and are clipped to it
//   (`masksToBounds`), their keyframes moved onto the root timeline by the
//   precomp's start time and stretch, or sampled through its time remap.
//
// Rejected: flattening parents into one transform per layer. Parents
// animate independently of their children; composing the transforms would
// mean sampling every frame.

import Foundation
import Lamina

enum LottieLayerBuilder {
  /// Builds `layers` (a composition, topmost first) into `container`, which is `size` large.
  static func build(
    _ layers: [LottieLayerModel], size: CGSize, into container: Layer, timeline: LottieTimeline,
    _ ctx: LottieBuildContext
  ) throws(LottieError) {
    let byIndex = Dictionary(layers.compactMap { l in l.index.map { ($0, l) } }, uniquingKeysWith: { a, _ in a })
    var pending = layers  // popped from the end: the bottom layer first
    while let layer = pending.popLast() {
      var matte: LottieLayerModel?
      if layer.matte != 0, let m = pending.popLast() { matte = m }
      guard let built = try makeLayer(layer, size: size, timeline: timeline, ctx) else { continue }
      let chained = try parentChain(layer, built, byIndex, size, timeline, ctx)
      guard let matte else {
        container.adopt(chained)
        continue
      }
      guard layer.matte == 1 || layer.matte == 2, let matteLayer = try makeLayer(matte, size: size, timeline: timeline, ctx)
      else {
        container.adopt(chained)
        continue
      }
      let matteChain = try parentChain(matte, matteLayer, byIndex, size, timeline, ctx)
      let maskContainer = try ctx.makeLayer(size, name: "\(layer.name) (masked)")
      maskContainer.adopt(chained)
      let maskParent = try ctx.makeLayer(size)
      if layer.matte == 2 {
        // Inverted: black everywhere, the matte xor-ed out.
        let base = try ctx.makeLayer(size)
        let pad = 10_000_000.0
        base.bounds = CGRect(x: -pad, y: -pad, width: size.width + 2 * pad, height: size.height + 2 * pad)
        base.position = CGPoint(x: -pad, y: -pad)
        base.backgroundColor = .black
        // The base's bounds start at (−pad, −pad) where it sits, so its sublayers use the composition's coordinates.
        let inner = try ctx.makeLayer(size)
        matteChain.compositingFilter = .xor
        inner.adopt(matteChain)
        base.adopt(inner)
        maskParent.adopt(base)
      } else {
        maskParent.adopt(matteChain)
      }
      maskContainer.mask = maskParent
      container.adopt(maskContainer)
    }
  }

  /// Wraps `layer` in its parents' transforms, nearest parent innermost.
  static func parentChain(
    _ model: LottieLayerModel, _ layer: Layer, _ byIndex: [Int: LottieLayerModel], _ size: CGSize,
    _ timeline: LottieTimeline, _ ctx: LottieBuildContext
  ) throws(LottieError) -> Layer {
    var current = layer
    var next = model.parent
    var seen: Set<Int> = []
    while let p = next, let parent = byIndex[p] {
      guard seen.insert(p).inserted, seen.count <= 1000 else {
        throw model.node.error("the parent chain of \(Excerpt.quoted(model.name)) loops (layer index \(p))")
      }
      let wrapper = try composition(parent, size: size, timeline: timeline, contents: false, ctx)
      wrapper.contents.adopt(current)
      current = wrapper.outer
      next = parent.parent
    }
    return current
  }

  /// The layer for one Lottie layer, or `nil` for kinds not drawn.
  static func makeLayer(_ m: LottieLayerModel, size: CGSize, timeline: LottieTimeline, _ ctx: LottieBuildContext)
    throws(LottieError) -> Layer?
  {
    if m.hidden { return try composition(m, size: size, timeline: timeline, contents: false, ctx).outer }
    switch m.kind {
    case .precomp?:
      let own = CGSize(width: m.size.width > 0 ? m.size.width : size.width, height: m.size.height > 0 ? m.size.height : size.height)
      let c = try composition(m, size: own, timeline: timeline, contents: true, ctx)
      c.contents.masksToBounds = true
      guard let id = m.referenceID, case .precomp(let layers, _)? = ctx.document.assets[id] else {
        ctx.report.note(m.node, "precomp \(Excerpt.quoted(m.referenceID ?? "")) has no asset (drawn empty)")
        return c.outer
      }
      ctx.precompDepth += 1
      defer { ctx.precompDepth -= 1 }
      guard ctx.precompDepth <= ctx.limits.maxPrecompDepth else {
        throw m.node.error("precomps nest deeper than \(ctx.limits.maxPrecompDepth) (a precomp that contains itself?)")
      }
      try build(
        layers, size: own, into: c.contents, timeline: childTimeline(m, timeline.adding(m.name)), ctx)
      return c.outer
    case .solid?:
      let c = try composition(m, size: size, timeline: timeline, contents: true, ctx)
      let shape = ShapeLayer()
      ctx.fill(shape, size)
      shape.path = Path(rect: CGRect(origin: .zero, size: m.size))
      // The colour as an animated property, as lottie-ios builds it, so a
      // value provider for "LAYER.Color" (or "**.Color") reaches it.
      let solid = Color(hex: m.solidColor) ?? .black
      try timeline.adding(m.name).color(LottieKeyframes([solid.red, solid.green, solid.blue]), "fillColor", shape)
      c.contents.adopt(shape)
      return c.outer
    case .shape?:
      let c = try composition(m, size: size, timeline: timeline, contents: true, ctx)
      try LottieShapeBuilder(ctx: ctx, timeline: timeline.adding(m.name), size: size).build(m.shapes, into: c.contents)
      return c.outer
    case .image?:
      var imageSize = size
      var image: Image?
      if let id = m.referenceID, case .image(let asset)? = ctx.document.assets[id] {
        image = LottieImages.load(asset, ctx)
        if asset.size.width > 0, asset.size.height > 0 { imageSize = asset.size }
      } else {
        ctx.report.note(m.node, "image \(Excerpt.quoted(m.referenceID ?? "")) has no asset")
      }
      let c = try composition(m, size: imageSize, timeline: timeline, contents: true, ctx)
      c.contents.contents = image
      c.contents.contentsGravity = .resize
      return c.outer
    case .null?:
      return try composition(m, size: size, timeline: timeline, contents: false, ctx).outer
    case .text?:
      let c = try composition(m, size: size, timeline: timeline, contents: true, ctx)
      if let t = m.text { try LottieTextBuilder.build(t, m, into: c.contents, ctx) }
      return c.outer
    case nil:
      return nil
    }
  }

  /// The outer layer and its contents layer, with the layer's transform
  /// (and, when `contents`, its opacity, visibility and masks).
  static func composition(
    _ m: LottieLayerModel, size: CGSize, timeline: LottieTimeline, contents: Bool, _ ctx: LottieBuildContext
  ) throws(LottieError) -> (outer: Layer, contents: Layer) {
    let outer = try ctx.makeLayer(size, name: m.name)
    outer.compositingFilter = blendMode(m.blendMode, m, ctx)
    let inner = try ctx.makeLayer(size, name: "\(m.name) (Content)")
    outer.adopt(inner)
    let named = timeline.adding(m.name)
    try LottieTransforms.apply(m.transform, to: inner, size: size, timeline: named.adding("Transform"))
    if contents {
      try named.adding("Transform").number(m.transform.opacity, "opacity", inner, name: "Opacity") { $0 / 100 }
      try visibility(inner, m, timeline)
      if let shadow = m.shadow { try dropShadow(shadow, on: inner, named) }
      if let mask = try LottieMasks.layer(m, size: size, timeline: timeline, ctx) { inner.mask = mask }
    }
    return (outer, inner)
  }

  /// A drop shadow on the contents layer: CALayer's shadow of its content.
  static func dropShadow(_ d: LottieShadow, on layer: Layer, _ timeline: LottieTimeline) throws(LottieError) {
    if let o = d.opacity { try timeline.number(o, "shadowOpacity", layer) { $0 / 100 } }
    if let c = d.color { try timeline.color(c, "shadowColor", layer, name: nil) }
    if let r = d.radius { try timeline.number(r, "shadowRadius", layer) }
    if let a = d.angle, let dist = d.distance {
      let offset = LottieCombine.combined([a.vector, dist.vector]) { v -> [Double] in
        let angle = v[0][0] * .pi / 180
        return [v[1][0] * cos(angle), v[1][0] * sin(angle)]
      }
      try timeline.vector(offset, "shadowOffset", layer) { .size(CGSize(width: $0[0], height: $0[1])) }
    }
  }

  /// `hidden` before the layer's in point and from its out point on.
  static func visibility(_ layer: Layer, _ m: LottieLayerModel, _ timeline: LottieTimeline) throws(LottieError) {
    if timeline.isRemapped {
      let frames = timeline.sampleFrames
      try timeline.budget.spend(frames.count)
      let values = frames.map { f -> AnimationValue in
        let local = timeline.fromRoot(f)
        return .bool(!(local >= m.timing.inFrame && local < m.timing.outFrame))
      }
      layer.add(LottieTracks.discrete("hidden", frames.map(timeline.time(ofRootFrame:)), values), forKey: "hidden")
      return
    }
    let a = timeline.toRoot(m.timing.inFrame), b0 = timeline.toRoot(m.timing.outFrame)
    let end = timeline.endFrame + 1
    let b = b0 == timeline.endFrame ? end : b0
    let lo = max(a, timeline.startFrame), hi = min(b, end)
    guard hi > lo else {
      layer.isHidden = true
      return
    }
    if lo <= timeline.startFrame, hi >= end { return }
    let times = [timeline.startFrame, lo, hi, end].map(timeline.time(ofRootFrame:))
    let anim = LottieTracks.discrete("hidden", times, [.bool(lo > timeline.startFrame), .bool(false), .bool(true)])
    layer.add(anim, forKey: "hidden")
  }

  /// The timeline of a precomp's layers.
  static func childTimeline(_ m: LottieLayerModel, _ parent: LottieTimeline) -> LottieTimeline {
    var t = parent
    let st = m.timing.startTime, sr = m.timing.timeStretch != 0 ? m.timing.timeStretch : 1
    let up = parent.toRoot, down = parent.fromRoot
    t.toRoot = { up($0 * sr + st) }
    if let remap = m.timing.timeRemap {
      let fr = parent.frameRate
      t.fromRoot = { remap.scalarValue(at: down($0)) * fr }
      t.isRemapped = true
    } else {
      t.fromRoot = { (down($0) - st) / sr }
    }
    return t
  }

  static func blendMode(_ bm: Int, _ m: LottieLayerModel, _ ctx: LottieBuildContext) -> BlendMode? {
    let modes: [BlendMode?] = [
      nil, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight, .softLight,
      .difference, .exclusion, .hue, .saturation, .color, .luminosity,
    ]
    guard bm >= 0, bm < modes.count else {
      ctx.report.note(m.node, "blend mode \(bm) (drawn as normal)")
      return nil
    }
    return modes[bm]
  }
}
