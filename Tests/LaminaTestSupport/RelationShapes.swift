// The shape-layer relations (docs/relations.md): a stroke split in two is
// the union of its halves, and a path that does not cross itself fills the
// same under both rules. Each puts a new shape layer of its own on a random
// drawn layer, made by `shapeMaker` from values drawn once, so both sides of
// the relation get the same shape.
import Lamina

extension Relations {
  /// A shape layer with a random path (a rect, an ellipse, a rounded rect,
  /// a polyline or a cubic over and past `size`), made the same way for
  /// both sides of a relation: the values are drawn once from `rng`.
  static func shapeMaker(_ rng: inout SplitMix64, size: CGSize, simple: Bool) -> @Sendable () -> ShapeLayer {
    let w = max(4, Double(size.width)), h = max(4, Double(size.height))
    var r = rng
    defer { rng = r }
    func x() -> Double { r.stepped(-0.1 * w, 1.1 * w, step: 0.25) + 0.0137 }
    func y() -> Double { r.stepped(-0.1 * h, 1.1 * h, step: 0.25) + 0.0291 }
    let box = CGRect(x: x(), y: y(), width: r.stepped(2, w, step: 0.25), height: r.stepped(2, h, step: 0.25))
    let kind = r.int(0...(simple ? 2 : 4))
    let points = (0..<8).map { _ in "\(x()) \(y())" }
    let radius = r.stepped(0, 10, step: 0.5)
    let width = r.stepped(1, 6, step: 0.5)
    let join = r.pick([LineJoin.miter, .round, .bevel])
    let color = Color(hex: r.pick(["#FF3B30", "#34C759", "#007AFF", "#1C1C1E"]))
    return {
      let s = ShapeLayer()
      s.name = "relation-shape"
      s.bounds = CGRect(x: 0, y: 0, width: w, height: h)
      s.position = CGPoint(x: w / 2, y: h / 2)
      switch kind {
      case 0: s.path = Path(rect: box)
      case 1: s.path = Path(ellipseIn: box)
      case 2: s.path = Path(roundedRect: box, cornerRadius: radius)
      case 3: s.path = try? Path(svg: "M \(points[0]) L \(points[1]) L \(points[2]) L \(points[3]) L \(points[4])")
      default: s.path = try? Path(svg: "M \(points[0]) C \(points[1]) \(points[2]) \(points[3]) S \(points[4]) \(points[5])")
      }
      s.fillColor = color
      s.lineWidth = width
      s.lineJoin = join
      return s
    }
  }

  /// The layers a relation may put a new shape on: the drawn layers that
  /// are not transform layers, in tree order (the same in every copy).
  static func shapeHosts(_ root: Layer) -> [Layer] {
    Surgery.drawnLayers(root).filter { !$0.isTransformLayer }
  }

  /// For half the trees (CI's time: each tree gets a shape of its own to
  /// check), a host chosen by `rng` and a maker of the shape to put on it.
  static func shapeSite(_ scene: Scene, _ rng: inout SplitMix64, simple: Bool)
    -> (index: Int, host: Layer, make: @Sendable () -> ShapeLayer)?
  {
    guard rng.chance(0.5) else { return nil }
    let hosts = shapeHosts(scene.root)
    guard !hosts.isEmpty else { return nil }
    let index = rng.int(0...hosts.count - 1)
    return (index, hosts[index], shapeMaker(&rng, size: hosts[index].bounds.size, simple: simple))
  }

  /// A stroke from a to b is the union of the strokes from a to m and from
  /// m to b: two layers, butt caps, no dashes, one opaque colour.
  public static let strokeSplitIsUnion = Relation(
    name: "strokeSplitIsUnion",
    statement: "a shape layer stroked from strokeStart a to strokeEnd b draws what two copies stroked from a to m and from m to b draw",
    tolerance: .strokeSeam, options: .all,
    restriction: "half the trees (CI time); a new shape layer on a random drawn layer, whose ancestors fade as groups, transform layers not at all (faded one by one, overlapping halves would darken), replicators' copies opaque (their instance alpha fades layer by layer); pixels both halves touch left out (conflation of two layers' edges, by the drawing model); butt caps and no dashes, so the halves meet on one line; opaque stroke and no fill; not the whole path (0…1), whose closed subpaths join at their start where the halves would end"
  ) { scene, rng, render in
    let a = rng.stepped(0, 0.4, step: 0.05), drawnB = rng.stepped(0.6, 1, step: 0.05)
    // The whole of a closed subpath (0…1) joins its end to its start, where
    // the halves end in butt caps: not a union by design (found at 10,000
    // trees: a missing miter of 175 levels). So the range stops short of 1
    // when it starts at 0.
    let b = a == 0 && drawnB == 1 ? 0.95 : drawnB
    let m = a + (b - a) * rng.stepped(0.3, 0.7, step: 0.1) + 0.0013
    guard let (index, _, make) = shapeSite(scene, &rng, simple: false) else { return .notApplicable }
    func stroke(_ s: ShapeLayer, _ from: Double, _ to: Double) {
      s.fillColor = nil
      s.strokeColor = .black
      s.lineCap = .butt
      s.strokeStart = from
      s.strokeEnd = to
    }
    let whole = RandomTrees.copy(scene), split = RandomTrees.copy(scene)
    let h1 = shapeHosts(whole.root)[index], h2 = shapeHosts(split.root)[index]
    let one = make(), first = make(), second = make()
    stroke(one, a, b)
    stroke(first, a, m)
    stroke(second, m, b)
    for l in [one, first, second] { l.position = CGPoint(x: h1.bounds.midX, y: h1.bounds.midY) }
    // Faded one by one (allowsGroupOpacity false above), the halves would
    // darken where they overlap: the host and its ancestors fade as groups.
    // A transform layer's opacity fades each sublayer on its own: set to 1.
    // A replicator's instance alpha multiplies each copy's colours layer by
    // layer (the contract), so translucent halves would darken the same way
    // (found at 10,000 trees: 13–55 levels where the polyline crosses
    // itself): its copies keep their tint and lose their alpha.
    for l in [h1, h2] + Surgery.ancestors(h1) + Surgery.ancestors(h2) {
      l.allowsGroupOpacity = true
      if l.isTransformLayer { l.opacity = 1 }
      if let r = l as? ReplicatorLayer {
        r.instanceColor?.alpha = 1
        r.instanceAlphaOffset = 0
      }
    }
    try! h1.addSublayer(one)
    try! h2.addSublayer(first)
    try! h2.addSublayer(second)
    // Where both halves touch a pixel (their seam, or a path that retraces
    // or crosses itself), two layers' anti-aliased edges composite as
    // a + b − ab where one outline covers the exact union: conflation, by
    // the drawing model (found at 10,000 trees: 19–44 levels on a retraced
    // polyline and on a slanted seam). Those pixels are left out, found by
    // drawing each half alone.
    let drawn = try render(split)
    func rendered(first showFirst: Bool, second showSecond: Bool) throws -> Image {
      (first.isHidden, second.isHidden) = (!showFirst, !showSecond)
      defer { (first.isHidden, second.isHidden) = (false, false) }
      return try render(RandomTrees.copy(split))
    }
    let neither = try rendered(first: false, second: false)
    let onlyFirst = try rendered(first: true, second: false), onlySecond = try rendered(first: false, second: true)
    func touches(_ image: Image, _ p: Int) -> Bool { (0..<4).contains { image.pixels[p * 4 + $0] != neither.pixels[p * 4 + $0] } }
    let shared = (0..<drawn.width * drawn.height).filter { touches(onlyFirst, $0) && touches(onlySecond, $0) }
    return Surgery.compare(
      Surgery.replacing(shared, of: try render(whole), from: drawn), drawn, .strokeSeam,
      "\(a)…\(b) split at \(m) on \(h1.debugName) (\(shared.count) pixels both halves touch left out)")
  }

  /// A path that does not cross itself fills the same under both rules.
  public static let simpleEvenOddIsNonZero = Relation(
    name: "simpleEvenOddIsNonZero",
    statement: "a shape layer whose path is a rect, an ellipse or a rounded rect draws the same filled even-odd and non-zero",
    tolerance: .sameDrawing, options: .all,
    restriction: "half the trees (CI time); a new shape layer (fill only) on a random drawn layer; the CPU draws the same bytes, GL may round once more where its atlas has cached other shapes since the first render (sameDrawing)"
  ) { scene, rng, render in
    guard let (index, chosen, make) = shapeSite(scene, &rng, simple: true) else { return .notApplicable }
    var images: [Image] = []
    for rule in [FillRule.nonZero, .evenOdd] {
      let copy = RandomTrees.copy(scene)
      let host = shapeHosts(copy.root)[index]
      let s = make()
      s.position = CGPoint(x: host.bounds.midX, y: host.bounds.midY)
      s.fillRule = rule
      try! host.addSublayer(s)
      images.append(try render(copy))
    }
    return Surgery.compare(images[0], images[1], .sameDrawing, "even-odd against non-zero on \(chosen.debugName)")
  }
}
