// Frame sequences for the incremental-frame tests (CPU and GL): random
// trees (RandomTrees) changed a little from frame to frame, as animations
// change them: no change, one layer changed, or several, in position,
// transform, opacity, shadow, background colour, corner radius or
// visibility. Each frame is lowered from the changed model, so the plans
// differ exactly as consecutive frames of an animation do (the animation
// machinery itself is tested in AnimationTests; what matters here is that
// the renderers redraw the damage between any two plans correctly).
// Lowered at scale 2, so a tree's 40–64 points are 80–128 pixels: four
// of LaminaCPU's 64-pixel tiles, some of them kept from frame to frame.
import Lamina

public enum IncrementalSequences {
  /// What changed between two frames, for messages.
  public enum Change: String, Sendable { case none, one, several }

  /// `frames` plans of the tree of `seed`, the first the tree as made,
  /// each later one after a change; and what each change was.
  public static func plans(seed: UInt64, frames: Int, scale: Double = 2) throws -> [(RenderPlan, Change)] {
    let scene = RandomTrees.scene(seed: seed)
    var rng = SplitMix64(seed: seed ^ 0x1AC4_E3E7_A1F4_A3E5)
    let layers = scene.layers.flatMap(allLayers)
    var out: [(RenderPlan, Change)] = [(try scene.renderPlan(scale: scale), .none)]
    for _ in 1..<frames {
      let roll = rng.unit()
      let change: Change = roll < 0.2 ? .none : roll < 0.7 ? .one : .several
      let count = change == .none ? 0 : change == .one ? 1 : rng.int(2...4)
      for _ in 0..<count where !layers.isEmpty { mutate(rng.pick(layers), &rng) }
      out.append((try scene.renderPlan(scale: scale), change))
    }
    return out
  }

  /// Changes one animatable property of `layer` as a frame of an animation would.
  static func mutate(_ layer: Layer, _ rng: inout SplitMix64) {
    switch rng.int(0...8) {
    case 0:
      layer.position = CGPoint(
        x: Double(layer.position.x) + rng.uniform(-6, 6), y: Double(layer.position.y) + rng.uniform(-6, 6))
    case 1:
      layer.transform = Transform3D(rotationAngle: rng.uniform(-0.6, 0.6), x: 0, y: 0, z: 1)
    case 2:
      layer.opacity = rng.pick([1, 0.8, 0.5, 0.2, 0])
    case 3:
      layer.shadowOpacity = rng.pick([0, 0.4, 0.8])
      layer.shadowOffset = CGSize(width: rng.uniform(-6, 6), height: rng.uniform(-6, 6))
    case 4:
      layer.shadowRadius = rng.uniform(0, 8)
      if layer.shadowOpacity == 0 { layer.shadowOpacity = 0.6 }
    case 5:
      layer.backgroundColor = Color(
        red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: rng.pick([1, 0.6]))
    case 6:
      layer.cornerRadius = rng.uniform(0, 10)
    case 7:
      // A blend reads what lies under it: a change below a blended layer
      // must redraw it (the damage is the backdrop's footprint).
      layer.compositingFilter = rng.pick([nil, .multiply, .screen, .difference, .colorDodge, .hue, .xor])
    default:
      layer.isHidden.toggle()
    }
  }
}

extension IncrementalSequences {
  /// What `replay` found over the 16 random trees.
  public struct Replay {
    /// One line per frame whose incremental image is not the full render's.
    public var failures: [String] = []
    /// Frames after the first, and those of them drawn in part (damage
    /// neither empty nor everything).
    public var frames = 0, partial = 0
  }

  /// The 16 random trees' sequences of `frames` plans, each drawn as the
  /// next frame by a fresh incremental renderer of the tree and whole by a
  /// fresh full one: `make()` gives the pair (`incremental` draws a frame
  /// and says its damage, `full` draws a plan alone).
  public static func replay(
    frames count: Int,
    _ make: () throws -> (incremental: (RenderPlan) throws -> (Image, PlanDamage?), full: (RenderPlan) throws -> Image)
  ) throws -> Replay {
    var out = Replay()
    for index in 0..<16 {
      let seed = SplitMix64.treeSeed(base: 0x18_1AC, index: index)
      let (incremental, full) = try make()
      for (n, (plan, change)) in try plans(seed: seed, frames: count).enumerated() {
        let (image, damage) = try incremental(plan)
        if let difference = difference(image, try full(plan)) {
          out.failures.append(
            "tree \(seed), frame \(n) after \(change) change: \(difference); damage \(String(describing: damage?.rects))")
        }
        if n > 0, let d = damage, !d.isEverything, !d.isEmpty { out.partial += 1 }
        out.frames += 1
      }
    }
    return out
  }

  /// nil when the two images are byte for byte the same; else how many
  /// pixels differ, by how much at most, and the box holding them.
  public static func difference(_ a: Image, _ b: Image) -> String? {
    guard a.width == b.width, a.height == b.height else {
      return "\(a.width)×\(a.height) against \(b.width)×\(b.height)"
    }
    if a.pixels == b.pixels { return nil }
    let differing = differingPixels(a, b)
    var box = (x0: Int.max, y0: Int.max, x1: -1, y1: -1)
    for (x, y, _) in differing { box = (min(box.x0, x), min(box.y0, y), max(box.x1, x + 1), max(box.y1, y + 1)) }
    let most = differing.map(\.levels).max() ?? 0
    return "\(differing.count) pixels differ, by up to \(most) levels, within [\(box.x0), \(box.x1)) × [\(box.y0), \(box.y1))"
  }

  /// The largest channel difference between two images of one size, and
  /// whether every differing pixel lies inside one of `boxes`.
  public static func levels(_ a: Image, _ b: Image, inside boxes: [PixelRect]) -> (most: Int, inside: Bool) {
    let differing = differingPixels(a, b)
    let inside = differing.allSatisfy { p in
      boxes.contains { $0.x0 <= p.x && p.x < $0.x1 && $0.y0 <= p.y && p.y < $0.y1 }
    }
    return (differing.map(\.levels).max() ?? 0, inside)
  }

  /// The pixels that differ and by how many levels at most (ImageDiff's
  /// per-pixel largest channel difference); none for images of two sizes.
  static func differingPixels(_ a: Image, _ b: Image) -> [(x: Int, y: Int, levels: Int)] {
    guard let diff = try? ImageDiff(a, b) else { return [] }
    return diff.pixelDifferences.indices.compactMap { p in
      let d = Int(diff.pixelDifferences[p])
      return d > 0 ? (p % a.width, p / a.width, d) : nil
    }
  }
}
