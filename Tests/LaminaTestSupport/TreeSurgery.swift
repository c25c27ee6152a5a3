// Tree surgery shared by the relations (Relations.swift): containers,
// wrapping, walking, fading and compositing rendered images, the pixels a
// clip's edge crosses, and the comparison that turns a diff into an
// outcome. Rejected: each relation editing trees its own way (the same
// walks and composites were written again and again).
import Foundation
import Lamina

enum Surgery {
  /// A plain layer covering the canvas with an identity placement.
  static func container(_ canvas: Canvas, name: String = "container") -> Layer {
    let c = Layer()
    c.name = name
    c.bounds = CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    c.position = CGPoint(x: canvas.width / 2, y: canvas.height / 2)
    return c
  }

  /// Makes `c` a container placed as the identity in `p`'s bounds space
  /// (the same bounds, positioned at their centre), taking over `p`'s
  /// sublayerTransform, so sublayers moved from `p` into `c` are drawn
  /// where they were.
  static func placeAsIdentity(_ c: Layer, in p: Layer) {
    c.bounds = p.bounds
    c.position = CGPoint(x: p.bounds.midX, y: p.bounds.midY)
    c.sublayerTransform = p.sublayerTransform
    p.sublayerTransform = .identity
  }

  /// The scene with all its top-level layers moved under `c`.
  static func wrapAll(_ scene: Scene, in c: Layer) -> Scene {
    for l in scene.layers { try! c.addSublayer(l) }
    return Scene(canvas: scene.canvas, layers: [c])
  }

  /// Layers reachable through sublayers only (not masks, not inside masks), root first.
  static func drawnLayers(_ root: Layer) -> [Layer] {
    var out: [Layer] = []
    var stack = [root]
    while let l = stack.popLast() {
      out.append(l)
      for s in (l.sublayers ?? []).reversed() { stack.append(s) }
    }
    return out
  }

  static func ancestors(_ l: Layer) -> [Layer] {
    var out: [Layer] = []
    var p = l.superlayer
    while let a = p { out.append(a); p = a.superlayer }
    return out
  }

  /// A rotation, uniform scale and translation in the plane (no flip, skew or 3D).
  static func isSimilarity(_ t: Transform3D) -> Bool {
    t.isAffine && abs(t.m11 - t.m22) < 1e-12 && abs(t.m12 + t.m21) < 1e-12
  }

  /// True when the layer is a gradient layer with colours (it draws its gradient).
  static func drawsGradient(_ l: Layer) -> Bool {
    !((l as? GradientLayer)?.colors ?? []).isEmpty
  }

  /// The primitives a shape layer draws: its fill and its stroke, each when visible.
  static func shapePrimitives(_ l: Layer) -> Int {
    guard let s = l as? ShapeLayer, let path = s.path, !path.elements.isEmpty else { return 0 }
    let fill = (s.fillColor?.alpha ?? 0) > 0 ? 1 : 0
    let stroke = (s.strokeColor?.alpha ?? 0) > 0 && s.lineWidth > 0 && s.strokeEnd > s.strokeStart ? 1 : 0
    return fill + stroke
  }

  /// How many primitives the layer draws itself (background, contents, gradient, fill and stroke, border).
  static func primitives(_ l: Layer) -> Int {
    var n = 0
    if let bg = l.backgroundColor, bg.alpha > 0 { n += 1 }
    if l.contents != nil { n += 1 }
    if drawsGradient(l) { n += 1 }
    n += shapePrimitives(l)
    if l.borderWidth > 0, let c = l.borderColor, c.alpha > 0 { n += 1 }
    return n
  }

  /// `value` × `a` per premultiplied channel, rounded.
  static func faded(_ image: Image, by a: Double) -> Image {
    Image(width: image.width, height: image.height,
      premultipliedPixels: image.pixels.map { UInt8((Double($0) * a).rounded()) })
  }

  /// `top` over an opaque or translucent `background`, premultiplied source-over.
  static func over(_ top: Image, background: Color) -> Image {
    let bg = [background.red * background.alpha, background.green * background.alpha,
      background.blue * background.alpha, background.alpha].map { ($0 * 255).rounded() }
    var out = top.pixels
    for i in stride(from: 0, to: out.count, by: 4) {
      let k = 1 - Double(top.pixels[i + 3]) / 255
      for c in 0..<4 { out[i + c] = UInt8(min(255, (Double(top.pixels[i + c]) + bg[c] * k).rounded())) }
    }
    return Image(width: top.width, height: top.height, premultipliedPixels: out)
  }

  /// The pixels that the edges of `layer`'s ancestors' `masksToBounds`
  /// clips cross (partly covered): every layer of the tree stripped of its
  /// drawing, masks, fades and rasters, and a layer far larger than the
  /// canvas put beside `layer`, show the clips' coverage alone.
  static func clipEdgePixels(above layer: Layer, in scene: Scene, render: SceneRender) throws -> [Int] {
    var probe = RandomTrees.copy(scene)
    probe.canvas.background = nil
    guard let name = layer.name,
      let twin = drawnLayers(probe.root).first(where: { $0.name == name }), let parent = twin.superlayer
    else { return [] }
    for l in drawnLayers(probe.root) {
      l.backgroundColor = nil
      l.borderWidth = 0
      l.shadowOpacity = 0
      l.contents = nil
      if let g = l as? GradientLayer { (g.colors, g.locations) = (nil, nil) }
      if let s = l as? ShapeLayer { s.path = nil }
      l.mask = nil
      l.opacity = 1
      l.isHidden = false
    }
    // Large enough to cover the canvas from anywhere in the parent, and
    // small enough for a rasterized ancestor's bitmap: the ancestors are
    // similarities, so their scales multiply.
    let ancestors = [parent] + Self.ancestors(parent)
    let scale = ancestors.reduce(1.0) { k, a in
      k * hypot(a.transform.m11, a.transform.m12) * hypot(a.sublayerTransform.m11, a.sublayerTransform.m12)
    }
    let side = 4 * (scene.canvas.width + scene.canvas.height) / max(scale, 1e-3)
    let cover = Layer()
    cover.name = "clip-probe"
    cover.bounds = CGRect(x: 0, y: 0, width: side, height: side)
    cover.position = CGPoint(x: parent.bounds.midX, y: parent.bounds.midY)
    cover.backgroundColor = Color(hex: "#FFFFFF")
    try! parent.addSublayer(cover)
    let image = try render(probe)
    let w = image.width, h = image.height
    var edge = (0..<w * h).map { image.pixels[$0 * 4 + 3] > 0 && image.pixels[$0 * 4 + 3] < 255 }
    // A rasterized ancestor's bitmap is drawn back through a bilinear read,
    // which spreads its clip's edge over one more pixel each way.
    if ancestors.contains(where: \.shouldRasterize) {
      let core = edge
      for y in 0..<h {
        for x in 0..<w where core[y * w + x] {
          for ny in max(0, y - 1)...min(h - 1, y + 1) {
            for nx in max(0, x - 1)...min(w - 1, x + 1) { edge[ny * w + nx] = true }
          }
        }
      }
    }
    return edge.indices.filter { edge[$0] }
  }

  /// The canvas pixels an internal edge of the scene's plan passes within
  /// half a pixel of: the lines along which the 3D sort cuts a layer (not
  /// anti-aliased, by the contract: a pixel belongs to the fragment holding
  /// its centre), the seams between nine slices (each slice reads its own
  /// level of detail, as the quads of one GPU mesh do), and where a
  /// gradient's colour changes by more than `gradientStep` levels within
  /// half a pixel (its hard stops, a conic seam or centre, a steep ramp: a
  /// gradient is sampled at the pixel centre, not averaged over the pixel).
  /// A transform that moves such an edge across a pixel centre flips that
  /// pixel by design.
  static func seamPixels(_ scene: Scene) throws -> Set<Int> {
    let plan = try scene.renderPlan()
    var marked = Set<Int>()
    // Each line comes with the half-planes bounding the part of it that
    // exists (the fragment's other cuts, or the slices' extent).
    // Only pixels within a pixel of the command's own box (in its surface)
    // can show its edges.
    func mark(
      _ lines: [HalfPlane], bounds: [HalfPlane], through toCanvas: Homography, box: CGRect?,
      surfaceToCanvas: Homography
    ) {
      guard let inverse = toCanvas.inverse, let box, let toSurface = surfaceToCanvas.inverse else { return }
      for py in 0..<plan.height {
        for px in 0..<plan.width {
          let q = toSurface.apply(Double(px) + 0.5, Double(py) + 0.5)
          guard q.z > 0, box.insetBy(dx: -1.5, dy: -1.5).contains(CGPoint(x: q.x / q.z, y: q.y / q.z))
          else { continue }
          var corners: [(Double, Double)] = []
          for (dx, dy) in [(-0.5, -0.5), (1.5, -0.5), (-0.5, 1.5), (1.5, 1.5)] {
            let p = inverse.apply(Double(px) + dx, Double(py) + dy)
            guard p.z > 0 else { break }
            corners.append((p.x / p.z, p.y / p.z))
          }
          guard corners.count == 4 else { continue }
          func values(_ l: HalfPlane) -> [Double] { corners.map { l.a * $0.0 + l.b * $0.1 + l.c } }
          guard bounds.allSatisfy({ values($0).max()! >= 0 }) else { continue }
          if lines.contains(where: { let v = values($0); return v.min()! <= 0 && v.max()! >= 0 }) {
            marked.insert(py * plan.width + px)
          }
        }
      }
    }
    // A gradient's colour at points ±1 pixel about the centre.
    func markGradient(_ d: GradientDraw, through toCanvas: Homography, box: CGRect?, surfaceToCanvas: Homography) {
      guard let e = Gradient.Evaluator(d.gradient), let inverse = toCanvas.inverse, let box,
        let toSurface = surfaceToCanvas.inverse
      else { return }
      let offsets = [-0.5, 0.5, 1.5]
      for py in 0..<plan.height {
        for px in 0..<plan.width {
          let q = toSurface.apply(Double(px) + 0.5, Double(py) + 0.5)
          guard q.z > 0, box.insetBy(dx: -1.5, dy: -1.5).contains(CGPoint(x: q.x / q.z, y: q.y / q.z))
          else { continue }
          var lo = SIMD4<Float>(repeating: .infinity), hi = SIMD4<Float>(repeating: -.infinity)
          for dy in offsets {
            for dx in offsets {
              let p = inverse.apply(Double(px) + dx, Double(py) + dy)
              guard p.z > 0 else { continue }
              let c = e.premultipliedColor(at: e.t(p.x / p.z, p.y / p.z)) * 255
              lo = pointwiseMin(lo, c)
              hi = pointwiseMax(hi, c)
            }
          }
          if (hi - lo).max() > gradientStep { marked.insert(py * plan.width + px) }
        }
      }
    }
    func visit(_ surface: Int, _ toCanvas: Homography) {
      for command in plan.surfaces[surface].commands {
        let box = command.deviceBounds(surfaces: plan.surfaces)
        for clip in command.clips {
          guard case .convex(let planes) = clip.shape else { continue }
          let h = Homography(clip.matrix).followed(by: toCanvas)
          for (i, line) in planes.enumerated() {
            mark([line], bounds: planes.enumerated().filter { $0.offset != i }.map(\.element), through: h,
              box: box, surfaceToCanvas: toCanvas)
          }
        }
        switch command {
        case .image(let d) where d.slices.count > 1:
          let all = d.slices.dropFirst().reduce(d.slices[0].destination) { $0.union($1.destination) }
          let xs = Set(d.slices.flatMap { [$0.destination.minX, $0.destination.maxX] })
            .subtracting([all.minX, all.maxX])
          let ys = Set(d.slices.flatMap { [$0.destination.minY, $0.destination.maxY] })
            .subtracting([all.minY, all.maxY])
          let extent = [HalfPlane(a: 1, b: 0, c: -all.minX), HalfPlane(a: -1, b: 0, c: all.maxX),
            HalfPlane(a: 0, b: 1, c: -all.minY), HalfPlane(a: 0, b: -1, c: all.maxY)]
          let seams = xs.map { HalfPlane(a: 1, b: 0, c: -$0) } + ys.map { HalfPlane(a: 0, b: 1, c: -$0) }
          if !seams.isEmpty {
            mark(seams, bounds: extent, through: Homography(d.matrix).followed(by: toCanvas),
              box: box, surfaceToCanvas: toCanvas)
          }
        case .gradient(let d):
          markGradient(
            d, through: Homography(d.matrix).followed(by: toCanvas), box: box, surfaceToCanvas: toCanvas)
        case .composite(let c):
          let h = Homography(c.matrix).followed(by: toCanvas)
          visit(c.surface, h)
          if let m = c.mask { visit(m, h) }
        default: break
        }
      }
    }
    visit(0, Homography((1, 0, 0, 0, 1, 0, 0, 0, 1)))
    return marked
  }

  /// A copy of the scene whose gradient layers paint one colour (their
  /// first), or `nil` when no layer draws a gradient.
  static func gradientsAsSolids(_ scene: Scene) -> Scene? {
    let copy = RandomTrees.copy(scene)
    var changed = false
    for l in allLayers(copy.root) {
      guard let g = l as? GradientLayer, let first = g.colors?.first else { continue }
      (g.colors, g.locations) = ([first], nil)
      changed = true
    }
    return changed ? copy : nil
  }

  /// How much a gradient's colour may change within half a pixel (levels,
  /// premultiplied) before `seamPixels` leaves the pixel out: a move of a
  /// tenth of a pixel then changes an unmarked pixel by at most about 3
  /// levels, well inside `epsilonStep`.
  static let gradientStep: Float = 32

  /// `image` with the listed pixels taken from `source`.
  static func replacing(_ pixels: [Int], of image: Image, from source: Image) -> Image {
    guard !pixels.isEmpty else { return image }
    var out = image.pixels
    for p in pixels { for c in 0..<4 { out[p * 4 + c] = source.pixels[p * 4 + c] } }
    return Image(width: image.width, height: image.height, premultipliedPixels: out)
  }

  /// How many blends may stack over each canvas pixel of `plan` (row-major):
  /// a canvas draw counts 1 over its device bounds, a composite 1 plus
  /// every draw of the surface it shows (and of theirs): an upper bound.
  static func stackDepths(_ plan: RenderPlan) -> [Int] {
    var memo: [Int: Int] = [:]
    func draws(inSurface index: Int) -> Int {
      if let known = memo[index] { return known }
      let n = plan.surfaces[index].commands.reduce(0) { n, c in
        if case .composite(let d) = c, d.surface > index, d.surface < plan.surfaces.count {
          return n + 1 + draws(inSurface: d.surface)
        }
        return n + 1
      }
      memo[index] = n
      return n
    }
    var depths = [Int](repeating: 0, count: max(0, plan.width * plan.height))
    guard let canvas = plan.surfaces.first else { return depths }
    for command in canvas.commands {
      guard let b = command.deviceBounds(surfaces: plan.surfaces) else { continue }
      let box = CGRect(x: b.minX.rounded(.down), y: b.minY.rounded(.down),
        width: b.maxX.rounded(.up) - b.minX.rounded(.down), height: b.maxY.rounded(.up) - b.minY.rounded(.down))
      var weight = 1
      if case .composite(let d) = command, d.surface > 0, d.surface < plan.surfaces.count {
        weight += draws(inSurface: d.surface)
      }
      let x0 = max(0, Int(box.minX)), x1 = min(plan.width, Int(box.maxX))
      let y0 = max(0, Int(box.minY)), y1 = min(plan.height, Int(box.maxY))
      guard x0 < x1, y0 < y1 else { continue }
      for y in y0..<y1 { for x in x0..<x1 { depths[y * plan.width + x] += weight } }
    }
    return depths
  }

  /// The pixels where `expected` and `actual` differ by more than
  /// `tolerance`'s large bound, yet by no more than the blends stacked there
  /// (`depths`) plus one: each blend rounds to 8 bits, by at most half a
  /// level, in each of the two renders, and an error carried through later
  /// blends only shrinks, so n blends part by at most n levels (and the
  /// composite over a colour rounds once more). Where every blend adds less
  /// than a level (a faint edge where many layers' edges meet), the
  /// roundings do not average out but add up: found by backgroundComposites
  /// at 10,000 trees (9 draws of replicator copies over one edge pixel,
  /// 7 levels). A shifted, blank or tinted image still differs by more, on
  /// more pixels, than such rounding can explain.
  static func faintStackPixels(
    _ expected: Image, _ actual: Image, depths: [Int], beyond tolerance: ImageTolerance
  ) -> [Int] {
    guard let diff = try? ImageDiff(expected, actual), depths.count == diff.pixelDifferences.count else { return [] }
    return diff.pixelDifferences.indices.filter { p in
      let d = Int(diff.pixelDifferences[p])
      return d > tolerance.largeLevels && d <= depths[p] + 1
    }
  }

  /// More translucent draws than this in a plan may stack deeper than
  /// `regroup` allows for (`ImageTolerance.regroupDeep`): the tree that
  /// showed it passes `regroup` with 3 copies (15 such draws, 0.68 % of
  /// pixels beyond 2 levels) and fails it with 4 (20 draws, 1.07 %). A
  /// tenth of the random trees have more (35 of seeds 1's first 300).
  static let deepStack = 16

  /// The draws of `plan` that blend rather than cover: translucent colours,
  /// shadows, faded or tinted images, gradients (whose stops may be
  /// translucent) and faded composites. An upper bound on how many stack
  /// over one pixel.
  static func translucentDraws(_ plan: RenderPlan) -> Int {
    plan.surfaces.reduce(0) { n, surface in
      n + surface.commands.filter { c in
        switch c {
        case .roundedRect(let d): d.color.a < 1
        case .path(let d): d.color.a < 1
        case .shadow: true
        case .image(let d): d.opacity < 1 || !d.tint.isIdentity
        case .gradient: true
        case .composite(let d): d.opacity < 1
        }
      }.count
    }
  }

  /// `regroup`, or `regroupDeep` when `scene`'s plan has more than
  /// `deepStack` translucent draws.
  static func regroupTolerance(for scene: Scene) -> ImageTolerance {
    guard let plan = try? scene.renderPlan() else { return .regroup }
    return translucentDraws(plan) > deepStack ? .regroupDeep : .regroup
  }

  static func compare(_ expected: Image, _ actual: Image, _ t: ImageTolerance, _ note: String)
    -> RelationOutcome
  {
    do {
      let d = try ImageDiff(expected, actual)
      let v = t.violations(of: d)
      return v.isEmpty ? .pass
        : .fail("\(note): \(v.joined(separator: "; ")) [\(d)]", expected: expected, actual: actual)
    } catch {
      return .fail("\(note): \(error)", expected: expected, actual: actual)
    }
  }
}
