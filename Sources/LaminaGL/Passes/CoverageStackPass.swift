// CoverageStackPass: draws a run of commands that stack (CoverageStack,
// found by DrawRoute) as one quad from one cached atlas region, drawing
// the region's layers with the shape and shadow passes' shaders on first
// use.
//
// Rejected: drawing from Batching/, where the run is found (the stack then
// called the passes and the passes the batching: two folders each needing
// the other).

import Lamina

extension StackedDraw {
  /// Draws the layer's coverage into `fresh` as layer `index` of its stack,
  /// weighing the layers below by `alpha` (CoverageAtlas.layerColor).
  func draw(into fresh: CoverageAtlas.FreshRegion, layer index: Int, alpha: Float, _ tools: SurfaceTools)
    throws(GLError)
  {
    let moved = fresh.matrix, quad = fresh.quad, atlas = fresh.atlas
    let color = CoverageAtlas.layerColor(index, alpha: alpha)
    switch source {
    case .roundedRect(let d):
      try RoundedRectPass.run(
        matrix: moved, outer: d.outer, border: d.border, color: color, clips: [], quads: [quad], name: d.name,
        target: atlas, tools)
    case .shadow(var d):
      d.matrix = moved
      try ShadowPass.run(
        d, rounded: !d.shape.isRect, near: ShadowPass.nearCorners(d), quads: [quad], color: color, atlas, tools)
    }
  }
}

enum CoverageStackPass {
  /// Draws `run` (the commands from `start`) as one stack; false when the
  /// atlas cannot hold it (or the position is out of range): then they are
  /// drawn one by one.
  static func draw(_ run: CoverageStack.Run, from start: Int, _ tools: SurfaceTools) throws(GLError) -> Bool {
    guard let atlas = tools.atlas else { return false }
    // The key: each layer's geometry, and the alphas of those above the
    // bottom one (they weigh the layers below).
    let origin = run.bounds.origin
    let l = run.layers
    let keys: CoverageKey.Layers =
      l.count == 3
      ? .three(
        l[0].key(relativeTo: origin), l[1].color.a, l[1].key(relativeTo: origin), l[2].color.a,
        l[2].key(relativeTo: origin))
      : .two(l[0].key(relativeTo: origin), l[1].color.a, l[1].key(relativeTo: origin))
    guard
      let (placement, fresh) = try atlas.placement(
        layers: keys, bounds: run.bounds, matrix: l[0].matrix, map: run.map, always: true, frame: tools.frame,
        batch: tools.batch)
    else { return false }
    if let fresh {
      for (index, layer) in l.enumerated() {
        try layer.draw(into: fresh, layer: index, alpha: index == 0 ? 1 : layer.color.a, tools)
      }
    }
    tools.batch.command = start + run.count - 1
    tools.batch.add(
      run.quad, colors: (l[0].color, l[1].color, l.count == 3 ? l[2].color : .transparent), coverage: placement)
    return true
  }
}
