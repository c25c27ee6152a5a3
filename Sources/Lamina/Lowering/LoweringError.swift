// Errors of the lowering: trees a renderer must refuse rather than crash on.

/// Why a layer tree cannot be drawn.
public enum LoweringError: Error, Equatable, CustomStringConvertible {
  /// A layer is its own ancestor through `sublayers` or `mask`. Every
  /// `layer` here names the layer by its place in the tree, as a scene
  /// file's JSON path, and its name: `layers[0].sublayers[2] ('title')`
  /// (LayerPlace.swift).
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
  /// multiply), holds more layers than `maximumReplicatedLayers`; `layer`
  /// is the one whose subtree passes the limit (the replicator whose
  /// copies do), `nil` when only the whole tree does.
  case tooManyCopies(layer: String?, layers: Int, limit: Int)
  /// A shape layer's stroke cannot be drawn: a value out of its range (set
  /// through the Swift API), or a path or dash pattern beyond the limits of
  /// `ShapeLimits` (scene files can hold those).
  case invalidShape(layer: String, reason: String)
  /// A text layer's text cannot be drawn: its layout failed (a font file
  /// that cannot be used, text or sizes beyond `TextLimits`), a glyph
  /// could not be loaded, or the visible outlines exceed
  /// `RenderLimits.maxShapeEdges`.
  case invalidText(layer: String, reason: String)

  public var description: String {
    switch self {
    case .cycle(let l): return "\(l): the layer contains itself (through sublayers or mask)"
    case .layerUsedTwice(let l): return "\(l): the layer is used twice in the tree; a layer has one place"
    case .tooDeep(let limit): return "the layer tree is nested more than \(limit) levels deep"
    case .tooLarge(let what, let reason): return "\(what): \(reason)"
    case .invalidCanvas(let why): return "invalid canvas: \(why)"
    case .notFinite(let l, let p): return "\(l): \(p) must be finite (it holds a NaN or an infinity)"
    case .invalidGradient(let l, let why): return "\(l): \(why)"
    case .tooManyCopies(let l, let n, let limit):
      let count = n > limit ? "more than \(limit)" : "\(n)"
      return (l.map { "\($0): " } ?? "")
        + "the replicators' copies make \(count) layers; the limit is \(limit) (instanceCount × sublayers, nested replicators multiplying)"
    case .invalidShape(let l, let why): return "\(l): \(why)"
    case .invalidText(let l, let why): return "\(l): \(why)"
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
      if onPath.contains(id) { throw .cycle(layer: layerPlace(layer, under: root)) }
      guard seen.insert(id).inserted else { throw .layerUsedTwice(layer: layerPlace(layer, under: root)) }
      if let property = layer.firstNonFiniteProperty() {
        throw .notFinite(layer: layerPlace(layer, under: root), property: property)
      }
      if let problem = layer.gradientProblem {
        throw .invalidGradient(layer: layerPlace(layer, under: root), reason: problem)
      }
      if layer.gradientStopCount > limits.maxGradientStops {
        throw .invalidGradient(
          layer: layerPlace(layer, under: root),
          reason: "colors: \(layer.gradientStopCount) stops, more than \(limits.maxGradientStops) (RenderLimits.maxGradientStops)")
      }
      if layer.asReplicator != nil { replicates = true }
      if let problem = layer.shapeProblem { throw .invalidShape(layer: layerPlace(layer, under: root), reason: problem) }
      onPath.insert(id)
      stack.append((layer, depth, true))
      if let mask = layer.mask { stack.append((mask, depth + 1, false)) }
      for child in (layer.sublayers ?? []).reversed() { stack.append((child, depth + 1, false)) }
    }
    if replicates {
      let (n, over) = expandedCount(root, limit: maximumReplicatedLayers)
      if n > maximumReplicatedLayers {
        let place = over.flatMap { $0 === root ? nil : layerPlace($0, under: root) }
        throw .tooManyCopies(layer: place, layers: n, limit: maximumReplicatedLayers)
      }
    }
  }

  /// The layers of `layer`'s subtree with every replicator's copies
  /// expanded, or `limit + 1` as soon as that is exceeded, with the layer
  /// whose subtree first exceeded it (the replicator whose copies did, or
  /// the layer whose sublayers together did). Recursive: the tree was
  /// checked to be at most `maximumLayerDepth` deep, without cycles.
  static func expandedCount(_ layer: Layer, limit: Int) -> (count: Int, over: Layer?) {
    var n = 1
    if let mask = layer.mask {
      let (m, over) = expandedCount(mask, limit: limit)
      if m > limit { return (limit + 1, over) }
      n += m
    }
    var children = 0
    for child in layer.sublayers ?? [] {
      let (c, over) = expandedCount(child, limit: limit)
      if c > limit { return (limit + 1, over) }
      children += c
      if children > limit { return (limit + 1, layer) }
    }
    let copies = layer.asReplicator.map { max(0, $0.instanceCount) } ?? 1
    let (product, overflow) = copies.multipliedReportingOverflow(by: children)
    if overflow || product > limit || n + product > limit { return (limit + 1, layer) }
    return (n + product, nil)
  }
}
