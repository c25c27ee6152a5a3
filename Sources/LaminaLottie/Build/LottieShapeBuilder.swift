// LottieShapeBuilder: a shape layer's items as lottie-ios's Core Animation
// engine lays them out: a layer per group (its `tr` transform and opacity
// on it, child groups below its own drawing), and within a group "render
// groups": the path items before a fill each become a shape layer with
// that fill and the strokes, trims and rounded corners that apply to them.
// Several plain paths under one fill become one combined path; a fill and a
// stroke share a layer only when the stroke is listed first (drawn on top)
// and their opacities match, else each paints its own layer. Fills and
// strokes with no path in their group are inherited by the child groups
// (a stroke's width divided by the child's x scale). Repeaters copy the
// items before them, each copy one more step of the repeater's transform.
// Gradients are a padded gradient layer masked by the path (its alpha
// stops a second gradient layer masking the first).

import Foundation
import Lamina

/// A shape item in a render group, possibly with a stroke width rescaled for a child group.
struct LottieItem {
  let item: LottieShapeItem
  /// The names of the groups above the item (lottie-ios's keypath within the layer).
  var groupPath: [String] = []
  var strokeWidth: LottieKeyframes<Double>? = nil
}

struct LottieShapeBuilder {
  let ctx: LottieBuildContext
  let timeline: LottieTimeline
  let size: CGSize

  func build(_ items: [LottieShapeItem], into layer: Layer) throws(LottieError) {
    try setupGroups(items.map { LottieItem(item: $0) }, parentGroup: false, path: [], into: layer)
  }

  /// The timeline of an item's properties: its keypath is the groups' and the item's names.
  private func at(_ i: LottieItem) -> LottieTimeline {
    var t = timeline
    for name in i.groupPath { t = t.adding(name) }
    return t.adding(i.item.name)
  }

  private func setupGroups(_ items: [LottieItem], parentGroup: Bool, path: [String], into layer: Layer)
    throws(LottieError)
  {
    guard items.contains(where: { $0.item.isRepeater }) else {
      for g in try groupLayers(items, parentGroup: parentGroup, path: path) { layer.adopt(g) }
      return
    }
    // Items up to and including each repeater, then the rest.
    var groupings: [(items: [LottieItem], repeater: LottieItem?)] = []
    for item in items {
      if groupings.isEmpty || groupings[groupings.count - 1].repeater != nil { groupings.append(([], nil)) }
      if item.item.isRepeater { groupings[groupings.count - 1].repeater = item } else {
        groupings[groupings.count - 1].items.append(item)
      }
    }
    for grouping in groupings.reversed() {
      if let r = grouping.repeater, case .repeater(let repeater) = r.item.kind {
        try setUpRepeater(repeater, r.item, grouping.items, path: path, into: layer)
      } else {
        try setupGroups(grouping.items, parentGroup: parentGroup, path: path, into: layer)
      }
    }
  }

  private func setUpRepeater(
    _ r: LottieRepeater, _ item: LottieShapeItem, _ items: [LottieItem], path: [String], into layer: Layer
  ) throws(LottieError) {
    if r.copies.isAnimated { ctx.report.note(item.node, "animated repeater copies (the first value is used)") }
    let copies = Int(max(0, min(r.copies.first, 10_000)))
    for index in 0..<copies {
      for g in try groupLayers(items, parentGroup: false, path: path) {
        let wrapper = try ctx.makeLayer(size)
        wrapper.adopt(g)
        var t = r.transform
        let k = Double(index)
        t.position = try (t.position ?? LottieKeyframes([0, 0])).map { v throws(LottieError) in v.map { $0 * k } }
        t.rotationX = try t.rotationX.map { v throws(LottieError) in v * k }
        t.rotationY = try t.rotationY.map { v throws(LottieError) in v * k }
        t.rotationZ = try t.rotationZ.map { v throws(LottieError) in v * k }
        t.skew = LottieKeyframes(0)
        try LottieTransforms.apply(t, to: wrapper, size: size, timeline: timeline)
        layer.adopt(wrapper)
      }
    }
  }

  private func groupLayers(_ items: [LottieItem], parentGroup: Bool, path: [String]) throws(LottieError) -> [Layer] {
    var groups = items.filter { $0.item.isGroup && !$0.item.hidden }.map { $0.item }
    var others = items.filter { !$0.item.isGroup && !$0.item.hidden }
    var synthetic: [LottieItem]?
    if !parentGroup, others.contains(where: { $0.item.drawsPath }) {
      synthetic = items
      groups = []
      others = []
    }
    let inherited = LottieRenderGroups.make(others, hasChildGroups: synthetic != nil || !groups.isEmpty).unused
    var out: [Layer] = []
    if let synthetic {
      let all = synthetic.filter { !$0.item.hidden }.map { LottieItem(item: $0.item, groupPath: path, strokeWidth: $0.strokeWidth) }
      out.append(try groupLayer(nil, all + inherited, path: path))
    }
    for group in groups.reversed() {
      guard case .group(let children) = group.kind else { continue }
      let childPath = group.name.isEmpty ? path : path + [group.name]
      let childItems = children.filter { !$0.hidden }.map { LottieItem(item: $0, groupPath: childPath) }
      let scaled = try inherited.map { i throws(LottieError) in try scaledForChild(i, children) }
      out.append(try groupLayer(group, childItems + scaled, path: childPath))
    }
    return out
  }

  /// A stroke inherited by a child group keeps its width on screen: divided by the group's x scale.
  private func scaledForChild(_ i: LottieItem, _ children: [LottieShapeItem]) throws(LottieError) -> LottieItem {
    guard i.item.isStroke, let tr = children.first(where: { if case .transform = $0.kind { true } else { false } }),
      case .transform(let t) = tr.kind
    else { return i }
    let width = i.strokeWidth ?? strokeStyle(i.item)?.width ?? LottieKeyframes(0)
    let combined = LottieCombine.combined([width.vector, t.scale]) { v in v[0][0] * (100 / (v[1][0] != 0 ? v[1][0] : 100)) }
    return LottieItem(item: i.item, groupPath: i.groupPath, strokeWidth: combined)
  }

  private func groupLayer(_ group: LottieShapeItem?, _ items: [LottieItem], path: [String]) throws(LottieError) -> Layer {
    let layer = try ctx.makeLayer(size, name: group?.name)
    let childGroups = items.filter { $0.item.isGroup }
    // The child groups first (below), the synthetic group of a layer's loose items included.
    try setupGroups(items, parentGroup: true, path: path, into: layer)
    let renderGroups = LottieRenderGroups.make(items, hasChildGroups: !childGroups.isEmpty).valid
    for rg in renderGroups.reversed() {
      let plainPaths = rg.paths.allSatisfy { if case .path = $0.item.kind { true } else { false } }
      if rg.paths.count > 1, plainPaths, !rg.others.contains(where: { $0.item.isTrim }) {
        layer.adopt(try shapeItemLayer(rg.paths, rg.others))
      } else {
        for p in rg.paths { layer.adopt(try shapeItemLayer([p], rg.others)) }
      }
    }
    if let tr = items.first(where: { if case .transform = $0.item.kind { true } else { false } }),
      case .transform(let t) = tr.item.kind
    {
      try LottieTransforms.apply(t, to: layer, size: size, timeline: at(tr))
      try at(tr).number(t.opacity, "opacity", layer, name: "Opacity") { $0 / 100 }
    }
    return layer
  }

  // MARK: One drawn path

  private func shapeItemLayer(_ paths: [LottieItem], _ others: [LottieItem]) throws(LottieError) -> Layer {
    let layer = try ctx.makeLayer(size)
    let gradientFill = others.first { if case .gradientFill = $0.item.kind { true } else { false } }
    let gradientStroke = others.first { if case .gradientStroke = $0.item.kind { true } else { false } }
    let stroke = others.first { if case .stroke = $0.item.kind { true } else { false } }
    let fill = others.first { if case .fill = $0.item.kind { true } else { false } }
    let rounded = others.first { if case .roundedCorners = $0.item.kind { true } else { false } }
    if let gf = gradientFill, case .gradientFill(let g) = gf.item.kind {
      let container = try ctx.makeLayer(size)
      let pathContainer = try ctx.makeLayer(size)
      let pathMask = shape()
      pathMask.fillColor = .black
      pathMask.fillRule = g.evenOdd ? .evenOdd : .nonZero
      try path(pathMask, paths, multiplier: 1, rounded)
      pathContainer.mask = pathMask
      pathContainer.adopt(try gradientLayers(g, at(gf)))
      container.adopt(pathContainer)
      let overlay = shape()
      overlay.fillColor = nil
      try path(overlay, paths, multiplier: 1, rounded)
      if let stroke { try strokeProperties(overlay, stroke) }
      container.adopt(overlay)
      layer.adopt(container)
    } else {
      let s = shape()
      layer.adopt(s)
      var multiplier = 1
      if let trim = others.first(where: { $0.item.isTrim && !isEmptyTrim($0.item) }) {
        multiplier = try self.trim(s, trim.item)
      }
      try path(s, paths, multiplier: multiplier, rounded)
      if let fill, case .fill(let color, let opacity, let evenOdd) = fill.item.kind {
        s.fillRule = evenOdd ? .evenOdd : .nonZero
        try at(fill).color(color, "fillColor", s)
        try at(fill).number(opacity, "opacity", s, name: "Opacity") { $0 / 100 }
      } else {
        s.fillColor = nil
      }
      if let stroke { try strokeProperties(s, stroke) }
    }
    if let gs = gradientStroke, case .gradientStroke(let g, _) = gs.item.kind {
      let container = try ctx.makeLayer(size)
      let pathMask = shape()
      pathMask.fillColor = nil
      pathMask.strokeColor = .black
      var multiplier = 1
      if let trim = others.first(where: { $0.item.isTrim }) { multiplier = try self.trim(pathMask, trim.item) }
      try path(pathMask, paths, multiplier: multiplier, rounded)
      try strokeProperties(pathMask, gs)
      container.mask = pathMask
      container.adopt(try gradientLayers(g, at(gs)))
      layer.adopt(container)
    }
    return layer
  }

  private func shape() -> ShapeLayer {
    let s = ShapeLayer()
    ctx.layerCount += 1
    ctx.fill(s, size)
    return s
  }

  private func isEmptyTrim(_ item: LottieShapeItem) -> Bool {
    guard case .trim(let s, let e, _) = item.kind else { return true }
    return !s.isAnimated && s.first == 0 && !e.isAnimated && e.first == 100
  }

  private func strokeStyle(_ item: LottieShapeItem) -> LottieStrokeStyle? {
    switch item.kind {
    case .stroke(_, _, let style), .gradientStroke(_, let style): return style
    default: return nil
    }
  }

  private func strokeProperties(_ s: ShapeLayer, _ item: LottieItem) throws(LottieError) {
    guard let style = strokeStyle(item.item) else { return }
    s.lineJoin = style.join == 1 ? .miter : style.join == 3 ? .bevel : .round
    s.lineCap = style.cap == 1 ? .butt : style.cap == 3 ? .square : .round
    s.miterLimit = style.miterLimit
    let t = at(item)
    if case .stroke(let color, _, _) = item.item.kind { try t.color(color, "strokeColor", s) }
    try t.number(item.strokeWidth ?? style.width, "lineWidth", s, name: "Stroke Width")
    if let o = item.item.paintOpacity { try t.number(o, "opacity", s, name: "Opacity") { $0 / 100 } }
    if !style.dashes.isEmpty {
      var pattern: [Double] = []
      var phase: LottieKeyframes<Double>?
      for d in style.dashes {
        if d.kind == "o" { phase = d.value } else {
          if d.value.isAnimated { ctx.report.note(item.item.node, "animated dash lengths (the first value is used)") }
          pattern.append(d.value.first == 0 ? 0.01 : d.value.first)
        }
      }
      if !pattern.isEmpty, pattern.contains(where: { $0 > 0.01 }) { s.lineDashPattern = pattern }
      if let phase { try timeline.number(phase, "lineDashPhase", s) }
    }
  }

  /// strokeStart and strokeEnd from a trim; returns how many times the path is repeated.
  private func trim(_ s: ShapeLayer, _ item: LottieShapeItem) throws(LottieError) -> Int {
    guard case .trim(let start, let end, let offset) = item.kind else { return 1 }
    let times = Set(start.keyframes.map(\.time) + end.keyframes.map(\.time))
    let pairs = times.map { (start.scalarValue(at: $0), end.scalarValue(at: $0)) }
    var a: LottieKeyframes<Double>, b: LottieKeyframes<Double>
    if pairs.allSatisfy({ $0.0 <= $0.1 }) {
      (a, b) = (start, end)
    } else if pairs.allSatisfy({ $0.0 >= $0.1 }) {
      (a, b) = (end, start)
    } else {
      a = LottieCombine.combined([start.vector, end.vector]) { min($0[0][0], $0[1][0]) }
      b = LottieCombine.combined([start.vector, end.vector]) { max($0[0][0], $0[1][0]) }
    }
    var multiplier = 1
    if offset.keyframes.contains(where: { $0.value != 0 }) {
      let shifted = LottieCombine.combined([a.vector, b.vector, offset.vector]) { v in
        [v[0][0] + v[2][0] / 360 * 100, v[1][0] + v[2][0] / 360 * 100]
      }
      var sa = try shifted.map { v throws(LottieError) in v[0] }
      var sb = try shifted.map { v throws(LottieError) in v[1] }
      let lo = floor((sa.keyframes.map(\.value).min() ?? 0) / 100)
      let hi = ceil((sb.keyframes.map(\.value).max() ?? 100) / 100)
      if lo < 0 {
        sa = try sa.map { v throws(LottieError) in v + abs(lo) * 100 }
        sb = try sb.map { v throws(LottieError) in v + abs(lo) * 100 }
      }
      (a, b) = (sa, sb)
      multiplier = max(1, min(Int(abs(hi) + abs(lo)), 100))
    }
    let m = Double(multiplier)
    try timeline.number(a, "strokeStart", s) { $0 / m / 100 }
    try timeline.number(b, "strokeEnd", s) { $0 / m / 100 }
    return multiplier
  }

  /// The path of one shape item (or several plain paths, combined) onto `s.path`.
  private func path(_ s: ShapeLayer, _ items: [LottieItem], multiplier: Int, _ rounded: LottieItem?) throws(LottieError) {
    let repeatPath = { (p: Path) -> Path in
      guard multiplier > 1 else { return p }
      return Path(elements: Array(repeating: p.elements, count: multiplier).flatMap { $0 })
    }
    if items.count > 1 {
      let all: [LottieKeyframes<LottieBezier>] = items.compactMap { if case .path(let k) = $0.item.kind { k } else { nil } }
      let combined = LottieCombineShapes.combined(all)
      try LottieTracks.apply(
        combined, keyPath: "path", to: s, timeline: timeline,
        value: { .path(repeatPath(Path(elements: $0.flatMap(\.path.elements)))) },
        evaluate: { f in all.map { $0.value(at: f) } })
      return
    }
    let item = items[0].item
    switch item.kind {
    case .path(let k):
      guard let rounded, case .roundedCorners(let r) = rounded.item.kind, r.isAnimated || r.first > 0 else {
        try timeline.path(k, "path", s) { repeatPath($0.path) }
        return
      }
      // The path and the radius combined as lottie-ios combines keyframes.
      let combined = LottieCombineShapes.combined([k], radius: r)
      try LottieTracks.apply(
        combined, keyPath: "path", to: s, timeline: timeline, value: { .path(repeatPath($0[0].path)) },
        evaluate: { f in [k.value(at: f).roundingCorners(r.scalarValue(at: f))] })
    case .rectangle(let p, let sz, let r):
      var radius = r
      if let rounded, case .roundedCorners(let rr) = rounded.item.kind { radius = rr }
      let reversed = item.reversed
      let groups = [p, sz, radius.vector]
      let make = { (v: [[Double]]) -> LottieBezier in
        LottieShapePaths.rectangle(
          position: point(v[0]), size: CGSize(width: v[1][0], height: v[1].count > 1 ? v[1][1] : v[1][0]),
          radius: v[2][0], reversed: reversed)
      }
      try shapePath(s, groups, make, repeatPath)
    case .ellipse(let p, let sz):
      let reversed = item.reversed
      try shapePath(s, [p, sz], { v in
        LottieShapePaths.ellipse(center: point(v[0]), size: CGSize(width: v[1][0], height: v[1].count > 1 ? v[1][1] : v[1][0]), reversed: reversed)
      }, repeatPath)
    case .star(let st):
      let reversed = item.reversed
      let groups = [st.position, st.outerRadius.vector, st.innerRadius.vector, st.outerRoundness.vector,
                    st.innerRoundness.vector, st.rotation.vector, st.points.vector]
      let polygon = st.isPolygon
      try shapePath(s, groups, { v in
        polygon
          ? LottieShapePaths.polygon(position: point(v[0]), points: v[6][0], outerRadius: v[1][0], outerRoundness: v[3][0], rotation: v[5][0], reversed: reversed)
          : LottieShapePaths.star(position: point(v[0]), outerRadius: v[1][0], innerRadius: v[2][0], outerRoundness: v[3][0], innerRoundness: v[4][0], points: v[6][0], rotation: v[5][0], reversed: reversed)
      }, repeatPath)
    default:
      break
    }
  }

  private func shapePath(
    _ s: ShapeLayer, _ groups: [LottieKeyframes<[Double]>], _ make: @escaping ([[Double]]) -> LottieBezier,
    _ repeatPath: @escaping (Path) -> Path
  ) throws(LottieError) {
    let combined = LottieCombine.combined(groups, make)
    try LottieTracks.apply(
      combined, keyPath: "path", to: s, timeline: timeline, value: { .path(repeatPath($0.path)) },
      evaluate: { f in make(groups.map { $0.value(at: f) }) })
  }

  // MARK: Gradients

  /// The padded gradient layer (its alpha stops, if any, as its mask).
  private func gradientLayers(_ g0: LottieGradient, _ timeline: LottieTimeline) throws(LottieError) -> Layer {
    var g = g0
    var provided = false
    if case .gradient(let colors, let locations)? = timeline.override("Colors") {
      // A value provider's colours and locations. lottie-ios gives both
      // gradient layers the provider's colours with their alpha (its
      // `colors` property), so a translucent provider colour is faded in
      // the colour layer and again by the alpha mask; the mask exists only
      // when the document's gradient has alpha stops (`hasAlphaComponent`
      // reads the document, not the provider).
      g.colorCount = colors.count
      var stops: [Double] = []
      for (c, l) in zip(colors, locations) { stops += [l, c[0], c[1], c[2]] }
      for (c, l) in zip(colors, locations) { stops += [l, c.count > 3 ? c[3] : 1] }
      g.stops = LottieKeyframes(stops)
      provided = true
    }
    let rgb = try gradientLayer(g, alpha: false, colorsKeepAlpha: provided, timeline)
    if provided ? g0.hasAlpha : g.hasAlpha {
      // lottie-ios lays the mask out against its superlayer, which for a mask
      // is the layer it masks: same size, so no offset (the padding's
      // translation applies to the colour layer only).
      let mask = try gradientLayer(g, alpha: true, timeline)
      mask.transform = .identity
      rgb.mask = mask
    }
    return rgb
  }

  private func gradientLayer(
    _ g: LottieGradient, alpha: Bool, colorsKeepAlpha: Bool = false, _ timeline: LottieTimeline
  ) throws(LottieError) -> GradientLayer {
    let pad = 10_000.0
    let layer = GradientLayer()
    ctx.layerCount += 1
    layer.anchorPoint = .zero
    layer.bounds = CGRect(x: 0, y: 0, width: size.width + 2 * pad, height: size.height + 2 * pad)
    layer.position = .zero
    layer.transform = Transform3D(translationX: -pad, y: -pad)
    let bw = layer.bounds.width, bh = layer.bounds.height
    let relative = { (p: CGPoint) in CGPoint(x: (p.x + pad) / bw, y: (p.y + pad) / bh) }
    let n = g.colorCount
    let colors = { (v: [Double]) -> [Color] in
      if alpha {
        return stride(from: n * 4, to: v.count - 1, by: 2).map { Color(red: 0, green: 0, blue: 0, alpha: v[$0 + 1]) }
      }
      return (0..<n).map { i in
        let a = colorsKeepAlpha && v.count >= n * 6 ? v[n * 4 + 2 * i + 1] : 1
        return Color(red: v[i * 4 + 1], green: v[i * 4 + 2], blue: v[i * 4 + 3], alpha: a)
      }
    }
    // Stops out of order (a location below the one before it) are raised to it, as Skia does; Lamina's
    // gradient layers require ascending locations.
    let locations = { (v: [Double]) -> [Double] in
      let raw = alpha ? stride(from: n * 4, to: v.count - 1, by: 2).map { v[$0] } : (0..<n).map { v[$0 * 4] }
      var out: [Double] = []
      for l in raw { out.append(max(min(max(l, 0), 1), out.last ?? 0)) }
      return out
    }
    try timeline.vector(g.stops, "colors", layer) { .colors(colors($0)) }
    try timeline.vector(g.stops, "locations", layer) { .numbers(locations($0)) }
    try timeline.number(g.opacity, "opacity", layer) { $0 / 100 }
    if g.type == 2 {
      layer.type = .radial
      let both = [g.start, g.end]
      let start = LottieCombine.combined(both) { v in [v[0][0], v[0].count > 1 ? v[0][1] : 0] }
      let end = LottieCombine.combined(both) { v -> [Double] in
        let a = point(v[0]), b = point(v[1])
        let r = hypot(b.x - a.x, b.y - a.y)
        return [a.x + r, a.y + r]
      }
      try timeline.vector(start, "startPoint", layer) { .point(relative(point($0))) }
      try timeline.vector(end, "endPoint", layer) { .point(relative(point($0))) }
    } else {
      layer.type = .axial
      try timeline.vector(g.start, "startPoint", layer) { .point(relative(point($0))) }
      try timeline.vector(g.end, "endPoint", layer) { .point(relative(point($0))) }
    }
    return layer
  }
}

/// lottie-ios's render groups of one group's items.
enum LottieRenderGroups {
  struct Group {
    var paths: [LottieItem] = []
    var others: [LottieItem] = []
  }

  static func make(_ items: [LottieItem], hasChildGroups: Bool) -> (valid: [Group], unused: [LottieItem]) {
    var groups = [Group()]
    for item in items {
      let last = groups.count - 1
      if item.item.drawsPath {
        if groups[last].others.contains(where: { $0.item.isTrim }) { groups.append(Group()) }
        groups[groups.count - 1].paths.append(item)
      } else if item.item.isFill {
        groups[last].others.append(item)
        if groups[last].paths.isEmpty, !hasChildGroups, last != 0 { groups[last].paths = groups[last - 1].paths }
        groups.append(Group())
      } else {
        for i in groups.indices { groups[i].others.append(item) }
      }
    }
    groups = groups.flatMap { g -> [Group] in
      let paints = g.others.filter { $0.item.isFill || $0.item.isStroke }
      let rest = g.others.filter { !($0.item.isFill || $0.item.isStroke) }
      let strokes = paints.filter { $0.item.isStroke }, fills = paints.filter { $0.item.isFill }
      var strokeOnTop = false
      if let si = paints.firstIndex(where: { $0.item.isStroke }), let fi = paints.firstIndex(where: { $0.item.isFill }) {
        strokeOnTop = si < fi
      }
      let sameOpacity = paints.allSatisfy { sameKeyframes($0.item.paintOpacity, paints.first?.item.paintOpacity) }
      if fills.count <= 1, strokes.count <= 1, strokeOnTop, sameOpacity { return [g] }
      return paints.map { Group(paths: g.paths, others: [$0] + rest) }
    }
    groups = groups.filter { !$0.paths.isEmpty }
    let used = Set(groups.flatMap { $0.paths + $0.others }.map { ObjectIdentifier($0.item) })
    return (groups, items.filter { !used.contains(ObjectIdentifier($0.item)) })
  }

  private static func sameKeyframes(_ a: LottieKeyframes<Double>?, _ b: LottieKeyframes<Double>?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return a.keyframes.count == b.keyframes.count
      && zip(a.keyframes, b.keyframes).allSatisfy { $0.time == $1.time && $0.value == $1.value && $0.sameTiming($1) }
  }
}

/// Several path properties as one list of shapes per keyframe.
enum LottieCombineShapes {
  /// The paths, each with its sharp corners rounded by `radius` when given.
  static func combined(
    _ paths: [LottieKeyframes<LottieBezier>], radius: LottieKeyframes<Double>? = nil
  ) -> LottieKeyframes<[LottieBezier]> {
    func shape(_ b: LottieBezier, _ r: Double?) -> LottieBezier { r.map { b.roundingCorners($0) } ?? b }
    var timings: [[LottieKeyframe<Void>]] = paths.filter(\.isAnimated).map { $0.keyframes.map { $0.with(()) } }
    if let radius, radius.isAnimated { timings.append(radius.keyframes.map { $0.with(()) }) }
    return LottieCombine.combine(
      timings, manual: false, constant: { paths.map { shape($0.first, radius?.first) } },
      atKeyframe: { i in
        let r = radius.map { $0.isAnimated ? $0.keyframes[i].value : $0.first }
        return paths.map { shape($0.isAnimated ? $0.keyframes[i].value : $0.first, r) }
      },
      atFrame: { t in paths.map { shape($0.value(at: t), radius?.scalarValue(at: t)) } })
  }
}
