// Presentation: the layer tree as it looks at one time, `CALayer`'s
// presentation layer for a whole tree at once. The result is a new tree of
// plain layers (no animations, default timing) holding the animated
// values, which the lowering draws as it draws any tree: time adds no code
// to the renderers, and a frame is a pure function of the model and t.
//
// The walk: each layer is copied (`presentationCopy`, LayerCopy.swift) in
// pre-order, its local time found from its
// parent's (`Layer.localTime`; a mask is timed by its layer); then, in
// reverse pre-order (every layer after all of its descendants), each
// layer's animations are applied to its copy at its local time. A layer
// whose time is not active applies none, and neither do its descendants.
// Applying a parent after its sublayers lets a `sublayers.NAME.PROPERTY`
// animation of the parent override the sublayer's own animations of the
// same property (a choice: Core Animation does not document the order).
//
// Replicators: with `instanceDelay` ≠ 0, copy k of the sublayers is the
// sublayers presented at the replicator's time − k × delay. Copies 1… are
// kept on the presented replicator (`ReplicatorLayer.delayedCopies`), not in
// the tree, and the lowering reads copy k's sublayers from there
// (LoweringSublayers.swift). The replicator's own `sublayers.NAME…`
// animations act on every copy at the replicator's time, undelayed: in
// Core Animation every copy draws the one sublayer those animations change,
// and only the sublayers' own timelines are shifted by the delay.
//
// The walk is iterative (a chain of 100,000 layers must not overflow the
// stack), refuses a layer met twice (a cycle through masks, or one layer in
// two places) and the same total of replicated copies the lowering refuses.
//
// Rejected: writing the animated values into the model and restoring them
// after drawing (a tree could not be drawn at two times at once, and an
// error half-way would leave the model changed); and per-layer copy on
// write (every ancestor of an animated layer must be copied anyway to
// reach it, and copying a layer costs far less than drawing it).

extension Layer {
  /// The layer and its subtree at `time` (the time of this layer's
  /// superlayer, which for a scene's root is the scene time): a new tree
  /// with every animation applied and none attached.
  ///
  /// - Throws: an animation gives a value that is not finite, or the tree
  ///   holds a layer twice.
  public func presentation(at time: Double) throws(AnimationError) -> Layer {
    var presenter = Presenter()
    return try presenter.present(self, parentTime: time)
  }

  /// True when this layer or one in its subtree (masks included) has an
  /// animation or a layer timing other than the default.
  public var hasAnimationsInSubtree: Bool {
    var stack: [Layer] = [self]
    var seen = Set<ObjectIdentifier>()
    while let l = stack.popLast() {
      guard seen.insert(ObjectIdentifier(l)).inserted else { continue }
      if !l.animationEntries.isEmpty || l.timing != MediaTiming() { return true }
      if let mask = l.mask { stack.append(mask) }
      stack += l.sublayers ?? []
    }
    return false
  }
}

/// One presentation walk.
private struct Presenter {
  /// Layers presented so far across delayed copies (each counts).
  var presented = 0
  /// The model tree's root, for naming a layer's place in errors (LayerPlace.swift).
  var root: Layer?
  /// The replicator whose delayed copies are being presented, if any.
  var expanding: ReplicatorLayer?

  func place(_ layer: Layer) -> String { layerPlace(layer, under: root) }

  mutating func present(_ root: Layer, parentTime: Double?) throws(AnimationError) -> Layer {
    struct Pending {
      let model: Layer
      let parent: Layer?
      let time: Double?
      let isMask: Bool
    }
    if self.root == nil { self.root = root }
    var order: [(model: Layer, copy: Layer, time: Double?)] = []
    var seen = Set<ObjectIdentifier>()
    var stack = [Pending(model: root, parent: nil, time: parentTime, isMask: false)]
    var result: Layer?
    while let p = stack.popLast() {
      guard seen.insert(ObjectIdentifier(p.model)).inserted else {
        throw AnimationError(message: "\(place(p.model)): the layer appears twice in the tree (or in a cycle through masks)")
      }
      presented += 1
      guard presented <= maximumReplicatedLayers else {
        throw AnimationError(
          message: (expanding.map { "\(place($0)): " } ?? "")
            + "the presentation makes more than \(maximumReplicatedLayers) layers (replicator copies with instanceDelay included)")
      }
      let copy = p.model.presentationCopy()
      let local = p.time.flatMap { p.model.localTime($0) }
      if let parent = p.parent {
        if p.isMask { parent.mask = copy } else { try? parent.addSublayer(copy) }
      } else {
        result = copy
      }
      order.append((p.model, copy, local))
      if let mask = p.model.mask { stack.append(Pending(model: mask, parent: copy, time: local, isMask: true)) }
      for child in (p.model.sublayers ?? []).reversed() {
        stack.append(Pending(model: child, parent: copy, time: local, isMask: false))
      }
    }
    for (model, copy, time) in order.reversed() {
      for entry in model.animationEntries {
        if let problem = entry.animation.problem(on: model) {
          let key = entry.key.map { "the animation \(Excerpt.quoted($0))" } ?? "an animation"
          throw AnimationError(message: "\(place(model)): \(key): \(problem)")
        }
      }
      guard let time else { continue }
      do {
        for entry in model.animationEntries { try entry.animation.apply(at: time, to: copy) }
      } catch {
        throw AnimationError(message: "\(place(model)): \(error.message)")
      }
      if let replicator = model.asReplicator, let presented = copy.asReplicator {
        try presentDelayedCopies(of: replicator, into: presented, at: time)
      }
    }
    return result!
  }

  /// Copies 1…n−1 of a replicator's sublayers, each at its delayed time.
  mutating func presentDelayedCopies(
    of model: ReplicatorLayer, into copy: ReplicatorLayer, at time: Double
  ) throws(AnimationError) {
    // The presented delay is the animated one, if animated.
    let delay = copy.instanceDelay
    let count = max(0, model.instanceCount)
    guard delay != 0, count > 1, let sublayers = model.sublayers,
      sublayers.contains(where: { $0.hasAnimationsInSubtree })
    else { return }
    let outer = expanding
    expanding = model
    defer { expanding = outer }
    var copies: [[Layer]] = [[]]
    for k in 1..<count {
      var list: [Layer] = []
      for sublayer in sublayers {
        let presented = try present(sublayer, parentTime: time - Double(k) * delay)
        // These copies are not in the tree the lowering validates.
        var check: [Layer] = [presented]
        while let l = check.popLast() {
          if let problem = l.gradientProblem ?? l.shapeProblem {
            throw AnimationError(message: "\(place(model)): copy \(k) of \(l.debugName): \(problem)")
          }
          check += l.sublayers ?? []
          if let mask = l.mask { check.append(mask) }
        }
        list.append(presented)
      }
      // The replicator's own animations of `sublayers.NAME…`, undelayed, on
      // a holder standing in for it (what they write to the holder itself
      // is dropped: the presented replicator has it already).
      let holder = model.presentationCopy()
      for l in list { try? holder.addSublayer(l) }
      do {
        for entry in model.animationEntries { try entry.animation.apply(at: time, to: holder) }
      } catch {
        throw AnimationError(message: "\(place(model)): \(error.message)")
      }
      for l in list { l.removeFromSuperlayer() }
      copies.append(list)
    }
    copy.delayedCopies = copies
  }
}

extension Scene {
  /// The scene at `time` seconds: its tree's presentation (the same scene
  /// when nothing in it is animated or timed).
  public func presentation(at time: Double) throws(AnimationError) -> Scene {
    guard root.hasAnimationsInSubtree else { return self }
    return Scene(canvas: canvas, root: try root.presentation(at: time))
  }
}
