// The replicator relation (docs/relations.md): a replicator draws as its
// copies written out by hand. It holds on every tree, whatever the tree's
// own replicators do (nested ones multiply into the copies).
import Lamina

extension Relations {
  /// The sublayers of a layer moved into a replicator of n copies under a
  /// whole-point translation draw as n transform layers holding copies of
  /// them, each translated k times, faded by copy k's instance alpha and
  /// with every colour multiplied by copy k's.
  public static let replicatorIsExplicitCopies = Relation(
    name: "replicatorIsExplicitCopies",
    statement: "the sublayers of a layer moved into a replicator of 2–4 copies (a whole-point instanceTransform translation, an instance colour and offsets) draw as that many transform layers, copy k translated k times, of opacity copy k's instance alpha, holding copies of the sublayers whose colours are multiplied by copy k's instance colour",
    tolerance: .sameDrawing, options: .all,
    restriction: "none; the copies' red, green and blue stay white where the sublayers hold contents (an image cannot be multiplied by hand; tinted contents are checked against closed forms in ReplicatorChecks); transform layers are not chosen as the parent (the replicator, a plain layer, would flatten their 3D space). Tolerance sameDrawing, not exact: a colour under two replicators is c·(a·b) in the lowering and (c·a)·b by hand"
  ) { scene, rng, render in
    func parents(_ root: Layer) -> [Layer] {
      Surgery.drawnLayers(root).filter { !$0.isTransformLayer && $0.sublayers != nil }
    }
    let candidates = parents(scene.root)
    guard !candidates.isEmpty else { return .notApplicable }
    let index = rng.int(0...candidates.count - 1)
    let n = rng.int(2...4)
    var (dx, dy) = (0, 0)
    while dx == 0 && dy == 0 { (dx, dy) = (rng.int(-12...12), rng.int(-12...12)) }
    let holdsContents = (candidates[index].sublayers ?? []).flatMap(allLayers).contains { $0.contents != nil }
    func component() -> Double { rng.stepped(0.25, 1, step: 0.125) }
    func offset() -> Double { rng.stepped(-0.5, 0.5, step: 0.125) }
    var base = Color(red: component(), green: component(), blue: component(), alpha: rng.pick([1, 1, 0.75]))
    var (ro, go, bo) = (offset(), offset(), offset())
    let ao = rng.pick([0, 0, -0.125, -0.25])
    if holdsContents { (base.red, base.green, base.blue, ro, go, bo) = (1, 1, 1, 0, 0, 0) }

    // The replicator.
    let a = RandomTrees.copy(scene)
    let pa = parents(a.root)[index]
    let r = ReplicatorLayer()
    r.name = "replicator"
    Surgery.placeAsIdentity(r, in: pa)
    r.instanceCount = n
    r.instanceTransform = Transform3D(translationX: Double(dx), y: Double(dy))
    r.instanceColor = base
    (r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset) = (ro, go, bo, ao)
    for s in pa.sublayers ?? [] { try! r.addSublayer(s) }
    try! pa.addSublayer(r)

    // The copies written out.
    let b = RandomTrees.copy(scene)
    let pb = parents(b.root)[index]
    let e = Layer()
    e.name = "copies"
    Surgery.placeAsIdentity(e, in: pb)
    for k in 0..<n {
      // The format's definition, by hand: instanceColor + k × offsets, clamped.
      func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
      let kk = Double(k)
      let m = (
        clamp(base.red + kk * ro), clamp(base.green + kk * go), clamp(base.blue + kk * bo),
        clamp(base.alpha + kk * ao)
      )
      let t = TransformLayer()
      t.name = "copy \(k)"
      t.bounds = pb.bounds
      t.position = e.position  // the identity in e's bounds space
      t.transform = Transform3D(translationX: Double(k * dx), y: Double(k * dy))
      t.opacity = m.3
      let source = k == 0 ? pb : parents(RandomTrees.copy(scene).root)[index]
      for s in source.sublayers ?? [] {
        for l in allLayers(s) {
          func times(_ c: Color?) -> Color? {
            c.map { Color(red: $0.red * m.0, green: $0.green * m.1, blue: $0.blue * m.2, alpha: $0.alpha) }
          }
          l.backgroundColor = times(l.backgroundColor)
          l.borderColor = times(l.borderColor)
          l.shadowColor = times(l.shadowColor)
          if let g = l as? GradientLayer { g.colors = g.colors?.map { times($0)! } }
          if let shape = l as? ShapeLayer {
            shape.fillColor = times(shape.fillColor)
            shape.strokeColor = times(shape.strokeColor)
          }
        }
        try! t.addSublayer(s)
      }
      try! e.addSublayer(t)
    }
    try! pb.addSublayer(e)
    return Surgery.compare(
      try render(b), try render(a), .sameDrawing,
      "\(n) copies of the sublayers of \(pb.debugName) moved by (\(dx), \(dy)), colour \(base), offsets \(ro), \(go), \(bo), \(ao)")
  }
}
