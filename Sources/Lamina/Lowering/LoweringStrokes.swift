// LoweringStrokes: the stroke of a shape layer (its outline: joins, caps,
// dashes, OutlineBuilder) is made after the walk meets it, with every other
// stroke met until something reads the surfaces' commands, on every core:
// S10's 400 changing strokes were outlined one by one on the walking
// thread, 28 % of its frame's lowering. The walk appends the stroke's
// `PathDraw` with no polygons and notes it (`PendingStroke`);
// `resolveStrokes` outlines the noted strokes together and puts each
// outline in its draw (a stroke with an empty outline, such as a dash
// pattern that leaves nothing, is taken out, as it was never added). It
// runs before anything reads the commands (a group's drawn bounds, a
// raster's content hash) and at the end of the lowering, so every plan
// holds what the one-by-one walk made, draw for draw.
//
// Errors: a stroke that cannot be outlined (too many dashes or edges) is
// reported with its layer's place as before; when several are, the first in
// the walk's order among those pending. A stroke's error may now come
// after an error of a later layer met before the strokes were resolved.
//
// Rejected: outlining in the backends (the plan's draws are polygons both
// backends and the plan's digests read), and a pre-pass over each
// sublayer list guessing the matrices the walk will use (it would repeat
// the walk's transforms and sorting).

import Foundation

/// A stroke whose draw waits for its outline.
struct PendingStroke {
  /// Where its draw is: surface, index in the surface's commands.
  let surface: Int, index: Int
  let subpaths: [FlatSubpath]
  let style: StrokeStyle
  let tolerance: Double
  let layer: ShapeLayer
}

extension PlanBuilder {
  /// Adds the stroke of `subpaths` to surface `t` as a draw whose outline
  /// `resolveStrokes` makes.
  func deferStroke(
    _ layer: ShapeLayer, _ subpaths: [FlatSubpath], tolerance: Double, _ m: Transform3D, color: PremultipliedColor,
    into t: Int, clips: [Clip], name: String
  ) {
    pendingStrokes.append(PendingStroke(
      surface: t, index: surfaces[t].commands.count, subpaths: subpaths, style: layer.strokeStyle,
      tolerance: tolerance, layer: layer))
    add(.path(PathDraw(matrix: m, polygons: PolygonSet(), rule: .nonZero, color: color, clips: clips, name: name)), to: t)
  }

  /// Outlines the pending strokes (on every core) and puts each outline in
  /// its draw, taking out the draws of empty outlines.
  func resolveStrokes() throws(LoweringError) {
    guard !pendingStrokes.isEmpty else { return }
    let jobs = pendingStrokes
    pendingStrokes = []
    let (maxDashes, maxEdges) = (limits.maxStrokeDashes, limits.maxShapeEdges)
    let work = jobs.map { (subpaths: $0.subpaths, style: $0.style, tolerance: $0.tolerance) }
    let outlines = concurrentMap(work.count, threads: Self.strokeThreads) { i -> Result<PolygonSet, StrokeError> in
      let (subpaths, style, tolerance) = work[i]
      do throws(StrokeError) {
        return .success(
          try style.outline(of: subpaths, tolerance: tolerance, maxDashes: maxDashes, maxEdges: maxEdges).trimmed())
      } catch {
        return .failure(error)
      }
    }
    for (job, outline) in zip(jobs, outlines) {
      if case .failure(let error) = outline { throw .invalidShape(layer: place(of: job.layer), reason: error.description) }
    }
    // Last first, so that taking a draw out moves none still to be filled.
    for (job, outline) in zip(jobs, outlines).reversed() {
      guard case .success(let polygons) = outline, case .path(let d) = surfaces[job.surface].commands[job.index] else {
        preconditionFailure("a pending stroke's draw moved")
      }
      if polygons.isEmpty {
        surfaces[job.surface].commands.remove(at: job.index)
      } else {
        // The draw as it is now (its matrix and clips as moved since, if they were).
        surfaces[job.surface].commands[job.index] = .path(PathDraw(
          matrix: d.matrix, polygons: polygons, rule: d.rule, color: d.color, clips: d.clips, name: d.name))
      }
    }
  }

  /// Forgets the pending strokes of surfaces from `s` on (dropped).
  func dropPendingStrokes(from s: Int) {
    pendingStrokes.removeAll { $0.surface >= s }
  }

  /// The workers strokes are outlined with: the machine's cores.
  static let strokeThreads = ProcessInfo.processInfo.activeProcessorCount
}
