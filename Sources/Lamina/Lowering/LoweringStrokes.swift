// LoweringStrokes: the stroke of a shape layer (its outline: joins, caps,
// dashes, OutlineBuilder) is made after the walk meets it, with every other
// stroke met until something reads the surfaces' commands, on every core:
// S10's 400 changing strokes were outlined one by one on the walking
// thread, 28 % of its frame's lowering. The walk appends the stroke's
// `PathDraw` with no polygons and notes it (`PendingStroke`);
// `resolvePendingDraws` (PendingDraws.swift) outlines the noted strokes
// together and puts each outline in its draw (a stroke with an empty
// outline, such as a dash pattern that leaves nothing, is taken out, as it
// was never added).
//
// Errors: a stroke that cannot be outlined (too many dashes or edges) is
// reported with its layer's place as before.
//
// Rejected: outlining in the backends (the plan's draws are polygons both
// backends and the plan's digests read), and a pre-pass over each
// sublayer list guessing the matrices the walk will use (it would repeat
// the walk's transforms and sorting).

import Foundation

/// A stroke whose draw waits for its outline.
struct PendingStroke {
  /// The walk's count of pending draws when it met the stroke (the order
  /// errors are reported in).
  let order: Int
  /// Where its draw is: surface, index in the surface's commands.
  let surface: Int, index: Int
  let subpaths: [FlatSubpath]
  let style: StrokeStyle
  let tolerance: Double
  let layer: ShapeLayer
}

extension PlanBuilder {
  /// Adds the stroke of `subpaths` to surface `t` as a draw whose outline
  /// `resolvePendingDraws` makes.
  func deferStroke(
    _ layer: ShapeLayer, _ subpaths: [FlatSubpath], tolerance: Double, _ m: Transform3D, color: PremultipliedColor,
    into t: Int, clips: [Clip], name: String
  ) {
    pendingStrokes.append(PendingStroke(
      order: nextPendingOrder(), surface: t, index: surfaces[t].commands.count, subpaths: subpaths, style: layer.strokeStyle,
      tolerance: tolerance, layer: layer))
    add(.path(PathDraw(matrix: m, polygons: PolygonSet(), rule: .nonZero, color: color, clips: clips, name: name)), to: t)
  }

  /// The pending strokes' outlines, made on every core, in their order:
  /// each outline trimmed, or why it could not be made.
  func outlines(of strokes: [PendingStroke]) -> [Result<PolygonSet, StrokeError>] {
    let (maxDashes, maxEdges) = (limits.maxStrokeDashes, limits.maxShapeEdges)
    let work = strokes.map { (subpaths: $0.subpaths, style: $0.style, tolerance: $0.tolerance) }
    return concurrentMap(work.count, threads: Self.workerThreads) { i -> Result<PolygonSet, StrokeError> in
      let (subpaths, style, tolerance) = work[i]
      do throws(StrokeError) {
        return .success(
          try style.outline(of: subpaths, tolerance: tolerance, maxDashes: maxDashes, maxEdges: maxEdges).trimmed())
      } catch {
        return .failure(error)
      }
    }
  }

}
