// Running a relation over many random trees, and shrinking a tree it fails
// on to a small one that still fails, written as a scene file with the
// `expected | diff | actual` strip under .build/relations/.
//
// Design: the shrinker edits copies of the scene through the `Layer` API:
// remove a layer (subtree or mask), reset one property to its default, round
// geometry to whole points, drop the canvas background or scale. It keeps an
// edit when the relation still fails (any failure: a smaller tree that fails
// for another reason is still a finding) and stops when a whole pass keeps
// nothing or the budget of checks is spent. Layers are addressed by their
// index in document order, which a copy preserves.
//
// Rejected: shrinking the scene's JSON text (drop keys, drop array
// elements). It is property-agnostic, but half its edits give documents the
// loader refuses, and a JSON library round trip blurs booleans and numbers.
import Lamina

/// Shrinks failing trees.
public enum TreeShrinker {
  /// One way to simplify a tree: applies itself to a copy, or returns false
  /// when it does not apply (the property is already at its default).
  struct Edit {
    let label: String
    let apply: (Scene) -> Bool
  }

  /// A property reset: whether it differs from the default, and the reset.
  static let resets: [(String, @Sendable (Layer) -> Bool, @Sendable (Layer) -> Void)] = [
    ("transform", { !$0.transform.isIdentity }, { $0.transform = .identity }),
    ("sublayerTransform", { !$0.sublayerTransform.isIdentity }, { $0.sublayerTransform = .identity }),
    ("zPosition", { $0.zPosition != 0 }, { $0.zPosition = 0 }),
    ("anchorPoint", { $0.anchorPoint != CGPoint(x: 0.5, y: 0.5) }, { $0.anchorPoint = CGPoint(x: 0.5, y: 0.5) }),
    ("bounds.origin", { $0.bounds.origin != .zero }, { $0.bounds.origin = .zero }),
    ("hidden", { $0.isHidden }, { $0.isHidden = false }),
    ("opacity", { $0.opacity != 1 }, { $0.opacity = 1 }),
    ("allowsGroupOpacity", { !$0.allowsGroupOpacity }, { $0.allowsGroupOpacity = true }),
    ("doubleSided", { !$0.isDoubleSided }, { $0.isDoubleSided = true }),
    ("backgroundColor", { $0.backgroundColor != nil }, { $0.backgroundColor = nil }),
    ("cornerRadius", { $0.cornerRadius != 0 }, { $0.cornerRadius = 0 }),
    ("maskedCorners", { $0.maskedCorners != .all }, { $0.maskedCorners = .all }),
    ("cornerCurve", { $0.cornerCurve != .circular }, { $0.cornerCurve = .circular }),
    ("masksToBounds", { $0.masksToBounds }, { $0.masksToBounds = false }),
    ("borderWidth", { $0.borderWidth != 0 }, { $0.borderWidth = 0 }),
    ("borderColor", { $0.borderColor != .black }, { $0.borderColor = .black }),
    ("shadowOpacity", { $0.shadowOpacity != 0 }, { $0.shadowOpacity = 0 }),
    ("shadowPath", { $0.shadowPath != nil }, { $0.shadowPath = nil }),
    ("shadowColor", { $0.shadowColor != .black }, { $0.shadowColor = .black }),
    ("shadowOffset", { $0.shadowOffset != CGSize(width: 0, height: -3) }, { $0.shadowOffset = CGSize(width: 0, height: -3) }),
    ("shadowRadius", { $0.shadowRadius != 3 }, { $0.shadowRadius = 3 }),
    ("contents", { $0.contents != nil }, { $0.contents = nil }),
    ("contentsRect", { $0.contentsRect != CGRect(x: 0, y: 0, width: 1, height: 1) }, { $0.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) }),
    ("contentsGravity", { $0.contentsGravity != .resize }, { $0.contentsGravity = .resize }),
    ("contentsScale", { $0.contentsScale != 1 }, { $0.contentsScale = 1 }),
    ("contentsCenter", { $0.contentsCenter != CGRect(x: 0, y: 0, width: 1, height: 1) }, { $0.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) }),
    ("minificationFilter", { $0.minificationFilter != .linear }, { $0.minificationFilter = .linear }),
    ("magnificationFilter", { $0.magnificationFilter != .linear }, { $0.magnificationFilter = .linear }),
    ("minificationFilterBias", { $0.minificationFilterBias != 0 }, { $0.minificationFilterBias = 0 }),
    ("shouldRasterize", { $0.shouldRasterize }, { $0.shouldRasterize = false }),
    ("rasterizationScale", { $0.rasterizationScale != 1 }, { $0.rasterizationScale = 1 }),
    ("mask", { $0.mask != nil }, { $0.mask = nil }),
    // A gradient layer's own keys (colours and locations go together: one location per colour).
    ("colors", { ($0 as? GradientLayer)?.colors != nil }, { ($0 as! GradientLayer).colors = nil; ($0 as! GradientLayer).locations = nil }),
    ("locations", { ($0 as? GradientLayer)?.locations != nil }, { ($0 as! GradientLayer).locations = nil }),
    ("gradientType", { ($0 as? GradientLayer).map { $0.type != .axial } ?? false }, { ($0 as! GradientLayer).type = .axial }),
    ("startPoint", { ($0 as? GradientLayer).map { $0.startPoint != CGPoint(x: 0.5, y: 0) } ?? false }, { ($0 as! GradientLayer).startPoint = CGPoint(x: 0.5, y: 0) }),
    ("endPoint", { ($0 as? GradientLayer).map { $0.endPoint != CGPoint(x: 0.5, y: 1) } ?? false }, { ($0 as! GradientLayer).endPoint = CGPoint(x: 0.5, y: 1) }),
    // A shape layer's own keys.
    ("path", { ($0 as? ShapeLayer)?.path != nil }, { ($0 as! ShapeLayer).path = nil }),
    ("strokeColor", { ($0 as? ShapeLayer)?.strokeColor != nil }, { ($0 as! ShapeLayer).strokeColor = nil }),
    ("fillColor", { ($0 as? ShapeLayer).map { $0.fillColor != .black } ?? false }, { ($0 as! ShapeLayer).fillColor = .black }),
    ("lineDashPattern", { ($0 as? ShapeLayer)?.lineDashPattern != nil }, { ($0 as! ShapeLayer).lineDashPattern = nil }),
    ("strokeStart", { ($0 as? ShapeLayer).map { $0.strokeStart != 0 || $0.strokeEnd != 1 } ?? false }, { ($0 as! ShapeLayer).strokeStart = 0; ($0 as! ShapeLayer).strokeEnd = 1 }),
    ("fillRule", { ($0 as? ShapeLayer).map { $0.fillRule != .nonZero } ?? false }, { ($0 as! ShapeLayer).fillRule = .nonZero }),
  ]

  /// The edits that apply to `scene`, biggest first: removing layers, then
  /// resetting properties, then rounding numbers, then the canvas.
  static func edits(for scene: Scene) -> [Edit] {
    let layers = allLayers(scene.root)
    var out: [Edit] = []
    func at(_ s: Scene, _ i: Int) -> Layer? {
      let all = allLayers(s.root)
      return i < all.count ? all[i] : nil
    }
    for i in 1..<max(1, layers.count) {
      out.append(Edit(label: "remove \(layers[i].debugName)") { s in
        guard let l = at(s, i) else { return false }
        if l.superlayer != nil {
          l.removeFromSuperlayer()
          return true
        }
        guard let owner = allLayers(s.root).first(where: { $0.mask === l }) else { return false }
        owner.mask = nil
        return true
      })
    }
    for i in 1..<max(1, layers.count) where (layers[i].sublayers?.count ?? 0) > 0 && layers[i].superlayer != nil {
      // Replace a layer by its sublayers (keeps a deep failure, drops a level).
      out.append(Edit(label: "hoist the sublayers of \(layers[i].debugName)") { s in
        guard let l = at(s, i), let parent = l.superlayer, let subs = l.sublayers else { return false }
        var index = parent.sublayers!.firstIndex { $0 === l }!
        l.removeFromSuperlayer()
        for c in subs {
          try? parent.insertSublayer(c, at: index)
          index += 1
        }
        return true
      })
    }
    for i in 1..<max(1, layers.count) {
      for (name, isSet, reset) in resets where isSet(layers[i]) {
        out.append(Edit(label: "reset \(name) of \(layers[i].debugName)") { s in
          guard let l = at(s, i), isSet(l) else { return false }
          reset(l)
          return true
        })
      }
      out.append(Edit(label: "round the geometry of \(layers[i].debugName)") { s in
        guard let l = at(s, i) else { return false }
        let b = l.bounds, p = l.position
        let rb = CGRect(x: b.minX.rounded(), y: b.minY.rounded(), width: b.width.rounded(), height: b.height.rounded())
        let rp = CGPoint(x: p.x.rounded(), y: p.y.rounded())
        guard rb != b || rp != p else { return false }
        l.bounds = rb
        l.position = rp
        return true
      })
    }
    return out
  }

  /// The smallest tree found that still fails `fails`, within `budget` checks.
  public static func shrink(_ scene: Scene, budget: Int = 150, fails: (Scene) -> Bool) -> (Scene, checks: Int) {
    var current = RandomTrees.copy(scene)
    var checks = 0
    var progress = true
    while progress && checks < budget {
      progress = false
      var k = 0
      while checks < budget {
        let list = edits(for: current)
        guard k < list.count else { break }
        let candidate = RandomTrees.copy(current)
        if list[k].apply(candidate) {
          checks += 1
          if fails(candidate) {
            current = candidate
            progress = true
            continue  // the same index now names the next edit
          }
        }
        k += 1
      }
      // The canvas: a transparent background and scale 1 when they keep the failure.
      for change in [0, 1] where checks < budget {
        var candidate = RandomTrees.copy(current)
        if change == 0 {
          guard candidate.canvas.background != nil else { continue }
          candidate.canvas.background = nil
        } else {
          guard candidate.canvas.scale != 1 else { continue }
          candidate.canvas.scale = 1
        }
        checks += 1
        if fails(candidate) {
          current = candidate
          progress = true
        }
      }
    }
    return (current, checks)
  }
}

/// What one relation found over a run of trees.
public struct RelationReport: CustomStringConvertible {
  public let relation: String
  public let trees: Int
  public let applied: Int
  /// One message per failing tree (shrunk ones first name their files).
  public let failures: [String]
  public let seconds: Double

  public var description: String {
    "\(relation): \(trees) trees, applied to \(applied), \(failures.count) failed, "
      + String(format: "%.1f s", seconds)
  }
}

public enum RelationRunner {
  /// Where failing trees are written.
  public static let folder = Corpus.root + "/.build/relations"

  /// Trees per relation: `LAMINA_RELATION_TREES` when set, else `default`.
  public static func treeCount(default count: Int) -> Int {
    ProcessInfo.processInfo.environment["LAMINA_RELATION_TREES"].flatMap { Int($0) } ?? count
  }

  /// The base seed: `LAMINA_RELATION_SEED` when set, else 1.
  public static var baseSeed: UInt64 {
    ProcessInfo.processInfo.environment["LAMINA_RELATION_SEED"].flatMap { UInt64($0) } ?? 1
  }

  /// Whether `relation` runs: every relation, or only those named by
  /// `LAMINA_RELATION_NAMES` (comma separated), to rerun a few at 10,000 trees.
  public static func selected(_ relation: String) -> Bool {
    guard let list = ProcessInfo.processInfo.environment["LAMINA_RELATION_NAMES"] else { return true }
    return list.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == relation }
  }

  /// The trees' own seeds named by `LAMINA_RELATION_TREE_SEEDS` (hex, comma
  /// separated, as a failure message prints them), to replay those trees
  /// alone; nil when unset.
  public static var treeSeeds: [UInt64]? {
    guard let list = ProcessInfo.processInfo.environment["LAMINA_RELATION_TREE_SEEDS"] else { return nil }
    return list.split(separator: ",").compactMap { item in
      let hex = item.trimmingCharacters(in: .whitespaces)
      return UInt64(hex.hasPrefix("0x") ? String(hex.dropFirst(2)) : hex, radix: 16)
    }
  }

  /// Checks `relation` on `trees` trees; the first `shrinkLimit` failures
  /// are shrunk and written to `folder` (`backend` names the files). With
  /// `LAMINA_RELATION_TREE_SEEDS` set, checks those trees instead, shrinking
  /// every failure.
  public static func run(
    _ relation: Relation, trees: Int, baseSeed: UInt64 = RelationRunner.baseSeed, backend: String,
    shrinkLimit: Int = 2, render: SceneRender
  ) -> RelationReport {
    let start = Date()
    var applied = 0
    var failures: [String] = []
    let named = treeSeeds
    let seeds = named ?? (0..<trees).map { SplitMix64.treeSeed(base: baseSeed, index: $0) }
    let shrinkLimit = named == nil ? shrinkLimit : Int.max
    for seed in seeds {
      let scene = RandomTrees.scene(seed: seed, options: relation.options)
      let outcome = relation.check(scene, seed: seed, render: render)
      switch outcome {
      case .pass: applied += 1
      case .notApplicable: break
      case .fail(let why, _, _):
        applied += 1
        let hex = String(seed, radix: 16)
        if failures.count < shrinkLimit {
          failures.append(report(relation, scene: scene, seed: seed, backend: backend, why: why, render: render))
        } else {
          failures.append("\(relation.name) fails on tree 0x\(hex) (not shrunk): \(why)")
        }
      }
    }
    return RelationReport(relation: relation.name, trees: seeds.count, applied: applied, failures: failures,
      seconds: Date().timeIntervalSince(start))
  }

  /// Small strips magnified ×4 (nearest), so a 50-pixel canvas can be read.
  public static func magnified(_ s: StraightImage) -> StraightImage {
    let k = s.width < 400 ? 4 : 1
    guard k > 1 else { return s }
    var out = [UInt8](repeating: 0, count: s.width * k * s.height * k * 4)
    for y in 0..<s.height * k {
      for x in 0..<s.width * k {
        let from = ((y / k) * s.width + x / k) * 4, to = (y * s.width * k + x) * 4
        for c in 0..<4 { out[to + c] = s.pixels[from + c] }
      }
    }
    return StraightImage(width: s.width * k, height: s.height * k, pixels: out)
  }

  /// Shrinks the failing tree, writes the original and shrunk scenes and the
  /// strip, and returns the failure message.
  static func report(
    _ relation: Relation, scene: Scene, seed: UInt64, backend: String, why: String, render: SceneRender
  ) -> String {
    let (small, checks) = TreeShrinker.shrink(scene) { relation.check($0, seed: seed, render: render).failed }
    let base = folder + "/\(backend)-\(relation.name)-\(String(seed, radix: 16))"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: base + "-original.json", contents: Data(scene.jsonData()))
    _ = FileManager.default.createFile(atPath: base + ".json", contents: Data(small.jsonData()))
    var smallWhy = why
    var strip = "(no images)"
    // Every scene the relation renders for the shrunk tree (its two sides,
    // after the relation's own changes), written as scene files too.
    var rendered: [Scene] = []
    let recording: SceneRender = { scene in
      rendered.append(RandomTrees.copy(scene))
      return try render(scene)
    }
    if case .fail(let w, let e, let a) = relation.check(small, seed: seed, render: recording) {
      smallWhy = w
      if let e, let a, let png = try? magnified(ImageDiff.sideBySide(expected: e, actual: a)).pngData() {
        _ = FileManager.default.createFile(atPath: base + ".png", contents: Data(png))
        strip = base + ".png"
      }
    }
    for (i, scene) in rendered.enumerated() {
      _ = FileManager.default.createFile(atPath: base + "-rendered-\(i).json", contents: Data(scene.jsonData()))
    }
    let before = allLayers(scene.root).count - 1, after = allLayers(small.root).count - 1
    return """
      \(relation.name) fails on tree seed 0x\(String(seed, radix: 16)) (\(backend)): \(why)
        shrunk (\(checks) checks, \(before) → \(after) layers): \(base).json — \(smallWhy)
        expected | diff | actual: \(strip)
        the scenes compared, as rendered: \(base)-rendered-0.json … -\(max(rendered.count - 1, 0)).json
        original tree: \(base)-original.json
      """
  }
}
