// LoweringShapes: a shape layer's path, in place of contents (step 3 of the
// drawing model): the fill, then the stroke over it, each one `PathDraw`.
// Not clipped to the bounds unless `masksToBounds`.
//
// The device-space rule: curves are flattened, and round joins, caps and
// dots are cut into chords, in the layer's bounds space at a tolerance of
// `Path.rasterTolerance` target pixels divided by the largest scale of the
// layer's matrix over the stroked path's box (`Homography.maxScale`, an
// upper bound of the local → target scale; exact under perspective too,
// since the chords then map through the homography as straight lines). So
// a curve shows no facets at any zoom, and both backends draw the same
// polygons.
//
// Every colour a shape draws goes through `shapeColor`, the one place a
// per-draw colour multiplier (a replicator's instance colour) would apply.
//
// Rejected: stroking in target pixels (the stroke's width, caps and joins
// are the layer's; under a non-uniform scale or perspective a target-space
// stroke would have the wrong shape), and a fixed local tolerance (facets
// under zoom, wasted chords under minification).

extension PlanBuilder {
  /// The fill and stroke of a shape layer, faded by `alpha`.
  @inline(never)
  func emitShape(
    _ layer: ShapeLayer, _ m: Transform3D, into t: Int, clips: [Clip], alpha: Double, name: String
  ) throws(LoweringError) {
    guard let path = layer.path, !path.elements.isEmpty else { return }
    let box = path.boundingBox
    guard !box.isNull else { return }
    let reach = layer.strokes ? strokeReach(layer.strokeStyle) : 0
    let scale = Homography(m).maxScale(over: box.insetBy(dx: -reach, dy: -reach))
    let tolerance = Path.rasterTolerance / max(scale, 1e-12)
    let subpaths = path.flattenedSubpaths(tolerance: tolerance)
    if let color = shapeColor(layer.fillColor, alpha: alpha) {
      var polygons = PolygonSet()
      for s in subpaths where s.points.count > 2 {
        polygons.append(s.points.map { SIMD2(Double($0.x), Double($0.y)) })
      }
      guard polygons.edgeCount <= limits.maxShapeEdges else {
        throw .invalidShape(
          layer: place(of: layer),
          reason: "the fill's path has \(polygons.edgeCount) edges, more than \(limits.maxShapeEdges) (RenderLimits.maxShapeEdges)")
      }
      if !polygons.isEmpty {
        // Kept as long as the plan: in storage of its size (PolygonSet.trimmed).
        add(.path(PathDraw(
          matrix: m, polygons: polygons.trimmed(), rule: layer.fillRule, color: color, clips: clips, name: name)), to: t)
      }
    }
    if layer.strokes, let color = shapeColor(layer.strokeColor, alpha: alpha) {
      // Outlined with the other strokes, on every core (LoweringStrokes.swift).
      deferStroke(layer, subpaths, tolerance: tolerance, m, color: color, into: t, clips: clips, name: name)
    }
  }

  /// A shape's colour as drawn: × the inherited fade, premultiplied; `nil`
  /// when nothing would show. The one place every shape colour passes.
  func shapeColor(_ color: Color?, alpha: Double) -> PremultipliedColor? {
    guard let color, color.alpha > 0 else { return nil }
    // A replicator's copy multiplies it as every colour a layer emits.
    let multiplied = multipliedColor(color)
    guard multiplied.alpha > 0 else { return nil }
    return multiplied.withAlphaMultiplied(by: alpha).premultiplied
  }
}

/// How far a stroke can reach beyond its path, in path units: half the
/// width, times √2 for square caps, times the miter limit for miters.
func strokeReach(_ style: StrokeStyle) -> Double {
  let hw = style.lineWidth / 2
  var k = style.lineCap == .square ? 2.0.squareRoot() : 1
  if style.lineJoin == .miter { k = max(k, style.miterLimit) }
  return hw * k
}

extension ShapeLayer {
  /// What the shape draws, in its bounds space (a conservative box): the
  /// path's box grown by the stroke's reach; `nil` when it draws nothing.
  var shapeExtent: CGRect? {
    guard drawsShape, let box = path?.boundingBox, !box.isNull else { return nil }
    let r = strokes ? strokeReach(strokeStyle) : 0
    return box.insetBy(dx: -r, dy: -r)
  }
}
