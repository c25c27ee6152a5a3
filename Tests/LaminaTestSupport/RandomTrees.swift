// Seeded random layer trees for the metamorphic tests (Relations.swift):
// small canvases (40–64 points, scale 1 or 2) holding trees over every
// property of the layer table, so each render takes a few milliseconds and
// thousands of trees fit in a test run.
//
// Design: the generator builds `Layer` trees through the public API (so it
// compiles against the model's names and types) and draws every choice from
// one SplitMix64 stream, so a tree is a pure function of (seed, options):
// a failure is reproduced by its seed alone, and the shrunk tree is written
// as a scene file. Generated images are made by the scene loader itself
// (a one-layer scene holding the image's JSON), so their pixels and their
// `source` are exactly what a written scene reads back.
//
// `TreeOptions` turns families of properties off, for relations that hold
// only on a subset (each relation says why).
//
// Rejected: generating scene JSON text directly. It would exercise the
// loader's `frame`/CSS paths too, but every relation needs `Layer`s to edit
// (wrap, hide, reorder), so the tree would be parsed anyway, and a typo in
// a key would only show up as a load error at run time.
import Lamina

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", 2014): the state advances by the golden-ratio increment
/// 0x9E3779B97F4A7C15 and each output is the state mixed by
/// `z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) *
/// 0x94D049BB133111EB; z ^ (z >> 31)`. Its whole stream is fixed by the
/// 64-bit seed on every platform, unlike the standard library's generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  /// A generator whose stream is fixed by `seed`.
  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `0..<1`, 53 bits.
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }
  /// Uniform in `lo..<hi`.
  public mutating func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
  /// True with probability `p`.
  public mutating func chance(_ p: Double) -> Bool { unit() < p }
  /// Uniform in the closed range.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
  /// One element of a non-empty array.
  public mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
  /// `v` rounded to a multiple of `step` (keeps written scenes readable).
  public mutating func stepped(_ lo: Double, _ hi: Double, step: Double = 0.5) -> Double {
    (uniform(lo, hi) / step).rounded() * step
  }

  /// The seed of tree `index` of a run started from `base`: one SplitMix64
  /// output, so neighbouring indices give unrelated trees.
  public static func treeSeed(base: UInt64, index: Int) -> UInt64 {
    var g = SplitMix64(seed: base &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
    return g.next()
  }
}

/// Which properties the generator may use. Everything is on by default.
public struct TreeOptions: Sendable {
  /// Deepest nesting below a top-level layer (0: top-level layers only).
  public var maxDepth = 3
  /// Most sublayers of one layer (and of the root).
  public var maxChildren = 4
  /// Non-affine transforms: perspective, rotateX/Y, translateZ, and
  /// perspective in `sublayerTransform`.
  public var threeD = true
  /// Any transform or sublayerTransform at all (off: translations by position only).
  public var transforms = true
  /// Shadows (closed-form, content-derived and shadowPath).
  public var shadows = true
  /// `mask` layers.
  public var masks = true
  /// `shouldRasterize`.
  public var rasterize = true
  /// `hidden` and `opacity` 0.
  public var invisible = true
  /// `doubleSided = false`.
  public var singleSided = true
  /// `transformLayer` containers.
  public var transformLayers = true
  /// Contents images.
  public var contents = true
  /// Gradient layers (`GradientLayer`), as layers and as masks.
  public var gradients = true
  /// Replicator layers (`ReplicatorLayer`) in place of plain layers.
  public var replicators = true
  /// Shape layers (`ShapeLayer`): fills and strokes of random paths.
  public var shapes = true
  /// Non-zero `zPosition`.
  public var zPositions = true
  /// A canvas background (off: always transparent).
  public var canvasBackground = true
  /// Positions and sizes on whole pixels with anchor points at 0, ½ or 1.
  public var pixelAligned = false

  public init() {}

  /// Everything on.
  public static let all = TreeOptions()
}

/// A generated scene and the seed that made it.
public struct RandomTree {
  public let seed: UInt64
  public let scene: Scene
}

/// The generator.
public enum RandomTrees {
  /// The scene of `seed` under `options`.
  public static func scene(seed: UInt64, options: TreeOptions = .all) -> Scene {
    var g = Generator(
      rng: SplitMix64(seed: seed), gradientRng: SplitMix64(seed: seed ^ 0x6AD1_E27F_00D5_7A11),
      replicatorRng: SplitMix64(seed: seed ^ 0x3E91_1CA7_0B5E_2D4F),
      shapeRng: SplitMix64(seed: seed ^ 0x5A4E_57F0_CE11_0B1D), options: options)
    return g.scene()
  }

  /// A deep copy of `scene` (through its JSON, which reads back bit for bit).
  public static func copy(_ scene: Scene) -> Scene {
    // A scene this module generated always loads; a failure here is a bug
    // of the writer or the loader, worth a crash in a test.
    try! Scene(jsonData: scene.jsonData())
  }

  /// An image made by the scene loader from its JSON (`{"checkerboard": …}`),
  /// so a written scene reproduces it exactly.
  public static func generatedImage(_ json: String) -> Image? {
    let text = #"{"canvas": {"width": 1, "height": 1}, "layers": [{"contents": "# + json + "}]}"
    return (try? Scene(jsonData: Array(text.utf8)))?.layers.first?.contents
  }
}

/// Every layer of a tree, masks included, in document order (depth first).
public func allLayers(_ root: Layer) -> [Layer] {
  var out: [Layer] = []
  var stack: [Layer] = [root]
  while let l = stack.popLast() {
    out.append(l)
    for s in (l.sublayers ?? []).reversed() { stack.append(s) }
    if let m = l.mask { stack.append(m) }
  }
  return out
}

struct Generator {
  var rng: SplitMix64
  /// Every gradient choice comes from a stream of its own, so the rest of a
  /// tree (every property the generator drew before gradient layers
  /// existed) is the same tree it was: gradients join the trees CI has
  /// always checked rather than reshuffling them.
  var gradientRng: SplitMix64
  /// Replicators the same way: whether a layer is one, and its keys, come
  /// from a third stream, and the layer draws every other choice as the
  /// plain layer it replaces did.
  var replicatorRng: SplitMix64
  /// Shape layers' choices, a stream of their own for the same reason.
  var shapeRng: SplitMix64
  let options: TreeOptions
  var canvas = Canvas(width: 64, height: 64)

  mutating func scene() -> Scene {
    let w = Double(rng.int(40...64)), h = Double(rng.int(40...64))
    let scale = rng.chance(0.4) ? 2.0 : 1.0
    var background: Color? = nil
    if options.canvasBackground && rng.chance(0.5) {
      background = color(translucent: rng.chance(0.2))
    }
    canvas = Canvas(width: w, height: h, scale: scale, background: background)
    let count = rng.int(1...max(1, options.maxChildren - 1))
    let layers = (0..<count).map { layer(path: "l\($0)", depth: 0, parentSize: (w, h)) }
    return Scene(canvas: canvas, layers: layers)
  }

  mutating func color(translucent: Bool) -> Color {
    let palette = ["FF3B30", "34C759", "007AFF", "FF9500", "AF52DE", "FFCC00", "1C1C1E", "F2F2F7", "5AC8FA", "8E8E93"]
    let alpha = translucent ? rng.int(40...220) : 255
    return Color(hex: "#" + rng.pick(palette) + String(format: "%02X", alpha))!
  }

  /// A length in points, on the pixel grid when asked.
  mutating func length(_ lo: Double, _ hi: Double) -> Double {
    options.pixelAligned ? rng.uniform(lo, hi).rounded() : rng.stepped(lo, hi, step: 0.25)
  }

  mutating func layer(path: String, depth: Int, parentSize: (Double, Double)) -> Layer {
    let canHaveChildren = depth < options.maxDepth
    let isTransformLayer = options.transformLayers && canHaveChildren && rng.chance(0.07)
    let isGradient = !isTransformLayer && options.gradients && gradientRng.chance(0.15)
    let isReplicator =
      !isTransformLayer && !isGradient && canHaveChildren && options.replicators && replicatorRng.chance(0.1)
    // The shape stream is read whatever the replicator stream chose, so
    // turning replicators off leaves every shape choice as it was.
    let shapeRoll = !isTransformLayer && !isGradient && options.shapes && shapeRng.chance(0.15)
    let isShape = shapeRoll && !isReplicator
    let l: Layer =
      isTransformLayer
      ? TransformLayer()
      : isGradient ? GradientLayer() : isReplicator ? ReplicatorLayer() : isShape ? ShapeLayer() : Layer()
    l.name = path
    geometry(l, parentSize: parentSize)
    appearance(l)
    if let g = l as? GradientLayer { gradient(g) }
    if let r = l as? ReplicatorLayer { replicator(r) }
    if let s = l as? ShapeLayer { shape(s) }
    if canHaveChildren && (isTransformLayer || rng.chance(0.45 - 0.1 * Double(depth))) {
      let count = rng.int(1...(depth == 0 ? options.maxChildren : max(1, options.maxChildren - 1)))
      let size = (Double(l.bounds.width), Double(l.bounds.height))
      for i in 0..<count {
        try! l.addSublayer(layer(path: path + ".\(i)", depth: depth + 1, parentSize: size))
      }
    }
    if options.masks && rng.chance(0.1) { l.mask = maskLayer(path: path + ".mask", size: l.bounds.size) }
    return l
  }

  mutating func geometry(_ l: Layer, parentSize: (Double, Double)) {
    let (pw, ph) = (max(parentSize.0, 24), max(parentSize.1, 24))
    let w = length(4, pw * 0.8), h = length(4, ph * 0.8)
    if !options.pixelAligned && rng.chance(0.3) {
      l.anchorPoint = CGPoint(x: rng.pick([0, 0.5, 1, rng.stepped(-0.25, 1.25, step: 0.125)]),
        y: rng.pick([0, 0.5, 1, rng.stepped(-0.25, 1.25, step: 0.125)]))
    } else if rng.chance(0.3) {
      l.anchorPoint = CGPoint(x: rng.pick([0.0, 1.0]), y: rng.pick([0.0, 1.0]))
    }
    if options.zPositions && rng.chance(0.2) { l.zPosition = rng.stepped(-20, 20, step: 1) }
    if options.transforms && rng.chance(0.35) { l.transform = transform(size: min(w, h)) }
    if options.transforms && rng.chance(0.1) { l.sublayerTransform = sublayerTransform() }
    let x = length(-pw * 0.1, pw * 0.9 - w * 0.5), y = length(-ph * 0.1, ph * 0.9 - h * 0.5)
    if !options.pixelAligned && rng.chance(0.25) {
      // Through `frame`, which derives bounds.size through the transform.
      l.frame = CGRect(x: x, y: y, width: w, height: h)
      // A frame under an extreme affine part can give huge bounds; keep the tree small.
      if !(Double(l.bounds.width) <= 4 * pw && Double(l.bounds.height) <= 4 * ph) {
        l.bounds = CGRect(x: 0, y: 0, width: w, height: h)
      }
    } else {
      let ox = !options.pixelAligned && rng.chance(0.2) ? rng.stepped(-10, 10) : 0
      let oy = !options.pixelAligned && rng.chance(0.2) ? rng.stepped(-10, 10) : 0
      l.bounds = CGRect(x: ox, y: oy, width: w, height: h)
      // Pixel-aligned: x, y and the size are whole points, so the frame's
      // origin (not just the position) is on the pixel grid.
      l.position = CGPoint(x: x + Double(l.anchorPoint.x) * w, y: y + Double(l.anchorPoint.y) * h)
    }
  }

  mutating func angle(_ maxDegrees: Double) -> Double { rng.stepped(-maxDegrees, maxDegrees, step: 1) * .pi / 180 }

  mutating func transform(size: Double) -> Transform3D {
    var t = Transform3D.identity
    for _ in 0..<rng.int(1...2) {
      let step: Transform3D
      switch rng.int(0...(options.threeD ? 7 : 4)) {
      case 0: step = Transform3D(rotationAngle: angle(180), x: 0, y: 0, z: 1)
      case 1: step = Transform3D(scaleX: rng.stepped(0.5, 1.5, step: 0.125), y: rng.stepped(0.5, 1.5, step: 0.125))
      case 2: step = Transform3D(translationX: rng.stepped(-8, 8), y: rng.stepped(-8, 8))
      case 3:  // skew
        var s = Transform3D.identity
        s.m21 = tan(angle(30))
        s.m12 = rng.chance(0.5) ? tan(angle(20)) : 0
        step = s
      case 4: step = Transform3D(scaleX: rng.pick([-1, 1]), y: rng.pick([-1, 1]))  // flips
      case 5: step = Transform3D(rotationAngle: angle(80), x: 0, y: 1, z: 0)
      case 6: step = Transform3D(rotationAngle: angle(80), x: 1, y: 0, z: 0)
      default: step = Transform3D(translationX: 0, y: 0, z: rng.stepped(-20, 20, step: 1))
      }
      t = step.concatenating(t)
    }
    if options.threeD && rng.chance(0.4) {
      // The perspective acts last: `perspective(d) rotateY(a)`.
      t = t.concatenating(Transform3D(perspective: rng.stepped(80, 600, step: 10)))
    }
    return t
  }

  /// A replicator's keys, all from `replicatorRng`: 0–4 copies moved by
  /// whole points, turned about the centre or (3D) stepped in depth and
  /// turned about y; sometimes a colour, offsets and preserved depth.
  mutating func replicator(_ r: ReplicatorLayer) {
    var g = replicatorRng
    defer { replicatorRng = g }
    r.instanceCount = g.pick([0, 1, 2, 2, 3, 3, 4])
    switch g.int(0...(options.threeD ? 3 : 1)) {
    case 0: r.instanceTransform = Transform3D(translationX: Double(g.int(-12...12)), y: Double(g.int(-12...12)))
    case 1: r.instanceTransform = Transform3D(rotationAngle: Double(g.int(-6...6)) * 15 * .pi / 180, x: 0, y: 0, z: 1)
    case 2: r.instanceTransform = Transform3D(translationX: Double(g.int(-8...8)), y: 0, z: Double(g.int(-12...12)))
    default: r.instanceTransform = Transform3D(rotationAngle: Double(g.int(-4...4)) * 10 * .pi / 180, x: 0, y: 1, z: 0)
    }
    if options.transforms == false { r.instanceTransform = Transform3D(translationX: Double(g.int(-12...12)), y: 0) }
    if g.chance(0.5) {
      let palette = ["FFFFFF", "FF9500", "5AC8FA", "AF52DE", "FFCC00", "F2F2F7"]
      r.instanceColor = Color(hex: "#" + g.pick(palette) + (g.chance(0.3) ? "B0" : "FF"))
    }
    func offset() -> Double { g.chance(0.5) ? Double(g.int(-4...4)) * 0.125 : 0 }
    (r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset) = (offset(), offset(), offset())
    if g.chance(0.4) { r.instanceAlphaOffset = -Double(g.int(1...3)) * 0.125 }
    if options.threeD && options.transformLayers && g.chance(0.25) { r.preservesDepth = true }
  }

  mutating func sublayerTransform() -> Transform3D {
    if options.threeD && rng.chance(0.6) {
      return Transform3D(perspective: rng.stepped(100, 800, step: 10))
    }
    return Transform3D(rotationAngle: angle(45), x: 0, y: 0, z: 1)
      .concatenating(Transform3D(scaleX: rng.stepped(0.75, 1.25, step: 0.125), y: 1))
  }

  mutating func appearance(_ l: Layer) {
    let w = Double(l.bounds.width), h = Double(l.bounds.height)
    if options.invisible && rng.chance(0.04) { l.isHidden = true }
    if rng.chance(0.25) {
      l.opacity = options.invisible && rng.chance(0.08) ? 0 : rng.stepped(0.2, 0.95, step: 0.05)
    }
    if rng.chance(0.15) { l.allowsGroupOpacity = false }
    if options.singleSided && rng.chance(0.08) { l.isDoubleSided = false }
    if rng.chance(0.7) { l.backgroundColor = color(translucent: rng.chance(0.35)) }
    if rng.chance(0.35) { l.cornerRadius = rng.stepped(0, min(w, h) / 2 + 4) }
    if rng.chance(0.15) { l.maskedCorners = CornerMask(rawValue: rng.int(0...15)) }
    if rng.chance(0.2) { l.cornerCurve = .continuous }
    if rng.chance(0.2) { l.masksToBounds = true }
    if rng.chance(0.25) {
      l.borderWidth = rng.stepped(0.5, 6)
      l.borderColor = rng.chance(0.05) ? nil : color(translucent: rng.chance(0.4))
    }
    if options.shadows && rng.chance(0.15) { shadow(l, w, h) }
    if options.contents && rng.chance(0.25) { contents(l) }
    if options.rasterize && rng.chance(0.06) {
      l.shouldRasterize = true
      l.rasterizationScale = rng.pick([1, 2, canvas.scale, 0.5])
    }
  }

  mutating func shadow(_ l: Layer, _ w: Double, _ h: Double) {
    l.shadowOpacity = rng.stepped(0.2, 1, step: 0.05)
    if rng.chance(0.5) { l.shadowColor = color(translucent: rng.chance(0.3)) }
    if rng.chance(0.7) { l.shadowOffset = CGSize(width: rng.stepped(-6, 6), height: rng.stepped(-6, 6)) }
    if rng.chance(0.7) { l.shadowRadius = rng.stepped(0, 3) }
    guard rng.chance(0.35) else { return }
    let inset = rng.stepped(-4, min(w, h) / 4)
    let r = CGRect(x: inset, y: inset, width: max(0, w - 2 * inset), height: max(0, h - 2 * inset))
    var p: Path
    switch rng.int(0...3) {
    case 0:
      p = Path(rect: r)
      p.shape = .rect(r)
    case 1:
      let radius = rng.stepped(0, min(w, h) / 2)
      p = Path(roundedRect: r, cornerRadius: radius)
      p.shape = .roundedRect(r, cornerRadius: radius)
    case 2:
      p = Path(ellipseIn: r)
      p.shape = .ellipse(r)
    default:
      let svg = "M 0 0 L \(w) \(h * 0.2) Q \(w * 0.5) \(h * 1.2) 0 \(h) Z"
      p = try! Path(svg: svg)
      p.shape = .svg(svg)
    }
    l.shadowPath = p
  }

  mutating func imageJSON() -> String {
    func hex(_ c: Color) -> String { "\"" + (c.hexString ?? "#000000") + "\"" }
    let w = rng.int(2...40), h = rng.int(2...40)
    switch rng.int(0...2) {
    case 0:
      return #"{"checkerboard": {"size": [\#(w), \#(h)], "cell": \#(rng.int(1...8)), "colors": [\#(hex(color(translucent: rng.chance(0.3)))), \#(hex(color(translucent: false)))]}}"#
    case 1:
      return #"{"linearGradient": {"size": [\#(w), \#(h)], "colors": [\#(hex(color(translucent: false))), \#(hex(color(translucent: true))), \#(hex(color(translucent: false)))], "start": [0, 0], "end": [1, \#(rng.stepped(0, 1, step: 0.25))]}}"#
    default:
      return #"{"radialGradient": {"size": [\#(w), \#(h)], "colors": [\#(hex(color(translucent: false))), \#(hex(color(translucent: true)))], "radius": \#(rng.stepped(0.25, 1, step: 0.25))}}"#
    }
  }

  mutating func contents(_ l: Layer) {
    l.contents = RandomTrees.generatedImage(imageJSON())
    if rng.chance(0.5) { l.contentsGravity = rng.pick(ContentsGravity.allCases) }
    if rng.chance(0.2) {
      l.contentsRect = CGRect(x: rng.stepped(-0.25, 0.5, step: 0.125), y: rng.stepped(-0.25, 0.5, step: 0.125),
        width: rng.stepped(0.25, 1, step: 0.125), height: rng.stepped(0.25, 1, step: 0.125))
    }
    if rng.chance(0.15) {
      l.contentsCenter = CGRect(x: rng.stepped(0.1, 0.4, step: 0.05), y: rng.stepped(0.1, 0.4, step: 0.05),
        width: rng.stepped(0.1, 0.5, step: 0.05), height: rng.stepped(0.1, 0.5, step: 0.05))
    }
    if rng.chance(0.15) { l.contentsScale = rng.pick([0.5, 2, 3]) }
    if rng.chance(0.3) { l.minificationFilter = rng.pick(ContentsFilter.allCases) }
    if rng.chance(0.3) { l.magnificationFilter = rng.pick(ContentsFilter.allCases) }
    if rng.chance(0.1) { l.minificationFilterBias = rng.stepped(-1, 1) }
  }

  /// Stops and geometry of a gradient layer. Locations are tenths moved by
  /// 0.0123 (and points by odd thousandths), so that no hard stop, conic
  /// seam or isoline lies exactly on pixel centres on a whole-pixel grid
  /// (where rounding in the last bit would decide a pixel's colour
  /// differently in two renders that the relations compare); hard stops
  /// (a location drawn twice) are common, gaps of less than a tenth never
  /// (a steeper ramp than the sweep's ε-steps allow).
  mutating func gradient(_ g: GradientLayer, translucent: Double = 0.3) {
    var r = gradientRng
    defer { gradientRng = r }
    g.type = r.pick([.axial, .axial, .radial, .conic])
    if r.chance(0.05) { return }  // no colours: draws nothing
    let n = r.int(1...5)
    let palette = ["FF3B30", "34C759", "007AFF", "FF9500", "AF52DE", "FFCC00", "1C1C1E", "F2F2F7", "5AC8FA", "8E8E93"]
    g.colors = (0..<n).map { _ in
      let alpha = r.chance(translucent) ? r.int(0...220) : 255
      return Color(hex: "#" + r.pick(palette) + String(format: "%02X", alpha))!
    }
    if n > 1 && r.chance(0.6) {
      g.locations = (0..<n).map { _ -> Double in
        let v = r.stepped(0, 1, step: 0.1)
        return v > 0 && v < 1 ? v + 0.0123 : v
      }.sorted()
    }
    func point(_ lo: Double, _ hi: Double, _ odd: Double) -> CGPoint {
      CGPoint(x: r.stepped(lo, hi, step: 0.125) + odd, y: r.stepped(lo, hi, step: 0.125) + odd * 1.7)
    }
    g.startPoint = g.type == .axial ? point(-0.25, 1.25, 0.0071) : point(0, 1, 0.0071)
    g.endPoint = r.chance(0.05) ? g.startPoint : point(-0.25, 1.25, 0.0173)
  }

  /// A path over (and past) the bounds, filled and stroked at random. The
  /// points sit on odd hundredths, so that no edge lies exactly on pixel
  /// centres or edges on a whole-pixel grid (where the last bit of rounding
  /// would decide a pixel in two renders that the relations compare).
  mutating func shape(_ s: ShapeLayer) {
    var r = shapeRng
    defer { shapeRng = r }
    // A shape's shadow is a content shadow (blurred offscreen), where the
    // plain layer it replaces had mostly a closed-form one: kept on a
    // quarter of them, so the relations' time stays near what it was.
    if s.shadowOpacity > 0 && !r.chance(0.25) { s.shadowOpacity = 0 }
    let w = Double(s.bounds.width), h = Double(s.bounds.height)
    func x() -> Double { r.stepped(-0.2 * w, 1.2 * w, step: 0.25) + 0.0137 }
    func y() -> Double { r.stepped(-0.2 * h, 1.2 * h, step: 0.25) + 0.0291 }
    func p() -> String { "\(x()) \(y())" }
    switch r.int(0...5) {
    case 0: s.path = Path(rect: CGRect(x: x(), y: y(), width: r.stepped(1, w, step: 0.25), height: r.stepped(1, h, step: 0.25)))
    case 1: s.path = Path(ellipseIn: CGRect(x: x(), y: y(), width: r.stepped(1, w, step: 0.25), height: r.stepped(1, h, step: 0.25)))
    case 2:
      s.path = Path(
        roundedRect: CGRect(x: x(), y: y(), width: r.stepped(2, w, step: 0.25), height: r.stepped(2, h, step: 0.25)),
        cornerRadius: r.stepped(0, 8, step: 0.5))
    case 3: s.path = try? Path(svg: "M \(p()) L \(p()) L \(p())" + (r.chance(0.5) ? " Z" : " L \(p())"))
    case 4: s.path = try? Path(svg: "M \(p()) C \(p()) \(p()) \(p())" + (r.chance(0.3) ? " Q \(p()) \(p())" : ""))
    default: s.path = try? Path(svg: "M \(p()) L \(p()) L \(p()) Z M \(p()) L \(p()) L \(p()) Z")
    }
    let palette = ["FF3B30", "34C759", "007AFF", "FF9500", "AF52DE", "FFCC00", "1C1C1E", "5AC8FA"]
    func paint() -> Color { Color(hex: "#" + r.pick(palette) + String(format: "%02X", r.chance(0.3) ? r.int(60...220) : 255))! }
    s.fillColor = r.chance(0.3) ? nil : paint()
    s.fillRule = r.chance(0.3) ? .evenOdd : .nonZero
    if r.chance(0.6) {
      s.strokeColor = paint()
      s.lineWidth = r.stepped(0.5, 6, step: 0.5)
      s.lineCap = r.pick([.butt, .round, .square])
      s.lineJoin = r.pick([.miter, .round, .bevel])
      if r.chance(0.2) { s.miterLimit = r.stepped(0, 4, step: 0.5) }
      if r.chance(0.2) {
        var pattern = (0..<r.int(1...4)).map { _ in r.stepped(0, 8, step: 0.5) + 0.0113 }
        // A period of a hundredth of a point makes thousands of dashes whose
        // caps all overlap, and the exact sweep's cost grows with the
        // overlap: minutes for one tree (found at 10,000 trees; an open
        // performance limit of FillSweep, docs/relations.md). At least a
        // point per period keeps dots and short dashes.
        if pattern.reduce(0, +) < 1 { pattern[pattern.count - 1] += 1 }
        s.lineDashPattern = pattern
        s.lineDashPhase = r.stepped(-5, 5, step: 0.5)
      }
      if r.chance(0.2) {
        s.strokeStart = r.stepped(0, 0.5, step: 0.05)
        s.strokeEnd = r.stepped(0.4, 1, step: 0.05)
      }
    }
  }

  mutating func maskLayer(path: String, size: CGSize) -> Layer {
    let gradientMask = options.gradients && gradientRng.chance(0.25)
    let m: Layer = gradientMask ? GradientLayer() : Layer()
    m.name = path
    let w = Double(size.width), h = Double(size.height)
    let mw = length(2, max(3, w * 1.1)), mh = length(2, max(3, h * 1.1))
    m.bounds = CGRect(x: 0, y: 0, width: mw, height: mh)
    m.position = CGPoint(x: length(0, max(1, w)), y: length(0, max(1, h)))
    if rng.chance(0.6) { m.backgroundColor = color(translucent: rng.chance(0.4)) }
    if rng.chance(0.4) { m.cornerRadius = rng.stepped(0, min(mw, mh) / 2) }
    if options.contents && rng.chance(0.3) { contents(m) }
    if let g = m as? GradientLayer { gradient(g, translucent: 0.7) }
    if options.transforms && rng.chance(0.2) {
      m.transform = Transform3D(rotationAngle: angle(45), x: 0, y: 0, z: 1)
    }
    if rng.chance(0.2) {
      let c = Layer()
      c.name = path + ".0"
      c.bounds = CGRect(x: 0, y: 0, width: length(2, mw), height: length(2, mh))
      c.position = CGPoint(x: length(0, mw), y: length(0, mh))
      c.backgroundColor = color(translucent: rng.chance(0.5))
      try! m.addSublayer(c)
    }
    return m
  }
}
