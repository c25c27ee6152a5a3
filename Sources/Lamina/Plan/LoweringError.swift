// Errors of the lowering: trees a renderer must refuse rather than crash on.

/// Why a layer tree cannot be drawn.
public enum LoweringError: Error, Equatable, CustomStringConvertible {
  /// A layer is its own ancestor through `sublayers` or `mask`.
  case cycle(layer: String)
  /// A layer appears twice in the tree (as a sublayer and a mask, say).
  case layerUsedTwice(layer: String)
  /// The tree is nested deeper than the renderer's limit.
  case tooDeep(limit: Int)
  /// The canvas or an offscreen surface exceeds `RenderLimits`.
  case tooLarge(what: String, reason: String)
  /// The canvas size or scale is not a positive finite number.
  case invalidCanvas(String)
  /// A layer property holds a NaN or an infinity (set through the Swift
  /// API; scene files cannot hold them). `property` is its Swift name.
  case notFinite(layer: String, property: String)
  /// A gradient layer's stops cannot be drawn (set through the Swift API or
  /// an animation of `colors`; scene files cannot hold them): a count of
  /// locations other than the colours', a location outside 0…1 or below
  /// the one before, or more stops than `RenderLimits.maxGradientStops`.
  case invalidGradient(layer: String, reason: String)
  /// The tree, with every replicator's copies expanded (nested replicators
  /// multiply), holds more layers than `maximumReplicatedLayers`.
  case tooManyCopies(layers: Int, limit: Int)
  /// A shape layer's stroke cannot be drawn: a value out of its range (set
  /// through the Swift API), or a path or dash pattern beyond the limits of
  /// `ShapeLimits` (scene files can hold those).
  case invalidShape(layer: String, reason: String)
  /// A text layer's text cannot be drawn: its layout failed (a font file
  /// that cannot be used, text or sizes beyond `TextLimits`), a glyph
  /// could not be loaded, or the visible outlines exceed
  /// `RenderLimits.maxShapeEdges`. `layer` names the layer and where it
  /// sits in the tree (`'title' at layers[0].sublayers[2]`).
  case invalidText(layer: String, reason: String)

  public var description: String {
    switch self {
    case .cycle(let l): return "layer \(l) contains itself (through sublayers or mask)"
    case .layerUsedTwice(let l): return "layer \(l) is used twice in the tree; a layer has one place"
    case .tooDeep(let limit): return "the layer tree is nested more than \(limit) levels deep"
    case .tooLarge(let what, let reason): return "\(what): \(reason)"
    case .invalidCanvas(let why): return "invalid canvas: \(why)"
    case .notFinite(let l, let p): return "layer \(l): \(p) must be finite (it holds a NaN or an infinity)"
    case .invalidGradient(let l, let why): return "layer \(l): \(why)"
    case .tooManyCopies(let n, let limit):
      let count = n > limit ? "more than \(limit)" : "\(n)"
      return "the replicators' copies make \(count) layers; the limit is \(limit) (instanceCount × sublayers, nested replicators multiplying)"
    case .invalidShape(let l, let why): return "layer \(l): \(why)"
    case .invalidText(let l, let why): return "text layer \(l): \(why)"
    }
  }
}

/// The deepest layer nesting the lowering accepts (masks count as a level).
public let maximumLayerDepth = 256

/// The most layers a tree may hold once every replicator's copies are
/// expanded (each copy of a subtree counts its layers; nested replicators
/// multiply). A scene's `instanceCount` is at most
/// `ReplicatorLayer.maximumInstanceCount`, but three nested replicators of
/// 10,000 copies would still ask for 10¹² layers: the lowering refuses
/// such a tree at once, before drawing anything.
public let maximumReplicatedLayers = 200_000

enum TreeCheck {
  /// Refuses cycles, layers used twice, trees deeper than the limit,
  /// non-finite numbers and gradient stops that cannot be drawn (or are more
  /// than the limits' `maxGradientStops`), without recursion (a 100,000-level chain must not overflow the stack).
  static func validate(_ root: Layer, limits: RenderLimits = .default) throws(LoweringError) {
    var seen = Set<ObjectIdentifier>()
    var onPath = Set<ObjectIdentifier>()
    // (layer, depth, exiting): an explicit stack for an iterative DFS.
    var stack: [(Layer, Int, Bool)] = [(root, 0, false)]
    var replicates = false
    while let (layer, depth, exiting) = stack.popLast() {
      let id = ObjectIdentifier(layer)
      if exiting {
        onPath.remove(id)
        continue
      }
      guard depth <= maximumLayerDepth else { throw .tooDeep(limit: maximumLayerDepth) }
      if onPath.contains(id) { throw .cycle(layer: layer.debugName) }
      guard seen.insert(id).inserted else { throw .layerUsedTwice(layer: layer.debugName) }
      if let property = layer.firstNonFiniteProperty() {
        throw .notFinite(layer: layer.debugName, property: property)
      }
      if let problem = layer.gradientProblem { throw .invalidGradient(layer: layer.debugName, reason: problem) }
      if layer.gradientStopCount > limits.maxGradientStops {
        throw .invalidGradient(
          layer: layer.debugName,
          reason: "colors: \(layer.gradientStopCount) stops, more than \(limits.maxGradientStops) (RenderLimits.maxGradientStops)")
      }
      if layer.asReplicator != nil { replicates = true }
      if let problem = layer.shapeProblem { throw .invalidShape(layer: layer.debugName, reason: problem) }
      onPath.insert(id)
      stack.append((layer, depth, true))
      if let mask = layer.mask { stack.append((mask, depth + 1, false)) }
      for child in (layer.sublayers ?? []).reversed() { stack.append((child, depth + 1, false)) }
    }
    if replicates {
      let n = expandedCount(root, limit: maximumReplicatedLayers)
      if n > maximumReplicatedLayers { throw .tooManyCopies(layers: n, limit: maximumReplicatedLayers) }
    }
  }

  /// The layers of `layer`'s subtree with every replicator's copies
  /// expanded, or `limit + 1` as soon as that is exceeded. Recursive: the
  /// tree was checked to be at most `maximumLayerDepth` deep, without cycles.
  static func expandedCount(_ layer: Layer, limit: Int) -> Int {
    var n = 1
    if let mask = layer.mask { n += expandedCount(mask, limit: limit) }
    var children = 0
    for child in layer.sublayers ?? [] {
      children += expandedCount(child, limit: limit)
      if children > limit { return limit + 1 }
    }
    let copies = layer.asReplicator.map { max(0, $0.instanceCount) } ?? 1
    let (product, overflow) = copies.multipliedReportingOverflow(by: children)
    if overflow || product > limit { return limit + 1 }
    return min(n + product, limit + 1)
  }
}
