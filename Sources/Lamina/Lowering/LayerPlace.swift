// LayerPlace: how an error from the lowering or a presentation names a
// layer: by its place in the tree as a scene file's JSON path, then its
// name, `layers[0].sublayers[2] ('title')` (`layers[1]` for an unnamed
// layer, `.mask` for a mask), the form of the loader's errors (`path:
// message`), so every error from a scene says where (issue 31: the
// stroke-outline, dash and replicator limits said "unnamed layer"). The
// path is searched only when an error is made; the name alone where the
// layer is not found below the root (the root itself).
//
// Rejected: carrying each layer's path down the lowering's walk (a string
// built per layer per frame, for errors that almost never happen).

/// The JSON path of `target` below `root` (whose sublayers are the scene's
/// `layers`), depth first over sublayers and masks; `nil` when absent (or
/// past `maximumReplicatedLayers` steps, as in a cycle).
func treePath(of target: Layer, under root: Layer) -> String? {
  var stack: [(Layer, String)] = []
  for (i, child) in (root.sublayers ?? []).enumerated().reversed() { stack.append((child, "layers[\(i)]")) }
  if let mask = root.mask { stack.append((mask, "mask")) }
  var steps = 0
  while let (layer, path) = stack.popLast() {
    if layer === target { return path }
    steps += 1
    if steps > maximumReplicatedLayers { return nil }
    if let mask = layer.mask { stack.append((mask, path + ".mask")) }
    for (i, child) in (layer.sublayers ?? []).enumerated().reversed() {
      stack.append((child, path + ".sublayers[\(i)]"))
    }
  }
  return nil
}

/// `layer`'s JSON path below `root` and its name, `layers[0].sublayers[2]
/// ('title')`, or its path alone when unnamed; its name (`'title'`,
/// `unnamed layer`) when it is not below `root`.
func layerPlace(_ layer: Layer, under root: Layer?) -> String {
  guard let root, root !== layer, let path = treePath(of: layer, under: root) else { return layer.debugName }
  return layer.name == nil ? path : "\(path) (\(layer.debugName))"
}

extension PlanBuilder {
  /// `layer`'s place in the tree being lowered, for errors (`layerPlace`).
  func place(of layer: Layer) -> String { layerPlace(layer, under: root) }
}
