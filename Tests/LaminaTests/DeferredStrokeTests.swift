// Strokes outlined together after the walk (LoweringStrokes.swift): every
// stroke's draw holds the outline its style makes of its path, one by one
// (StrokeStyle.outline), in the place the walk gave it; a stroke whose
// outline is empty leaves no draw and moves none of the others; strokes
// inside a shadowed group and a rasterized layer are outlined before the
// group is sized and the raster keyed; a stroke that cannot be outlined
// names its layer.
import Foundation
import Testing

@testable import Lamina

@Suite struct DeferredStrokeTests {
  static func shape(_ svg: String, x: Double, stroke: Bool = true, fill: Bool = false, dashes: [Double]? = nil)
    throws -> ShapeLayer
  {
    let layer = ShapeLayer()
    layer.frame = CGRect(x: x, y: 10, width: 60, height: 60)
    layer.path = try Path(svg: svg)
    layer.fillColor = fill ? Color(red: 0, green: 0.5, blue: 1) : nil
    layer.strokeColor = stroke ? Color(red: 1, green: 0, blue: 0) : nil
    layer.lineWidth = 3
    layer.lineJoin = .round
    if let dashes { layer.lineDashPattern = dashes }
    return layer
  }

  /// The outline one stroke makes alone under `m`, as the walk made it
  /// before (LoweringShapes: the tolerance from the matrix's scale).
  static func outline(_ layer: ShapeLayer, _ m: Transform3D = .identity) throws -> PolygonSet {
    let box = layer.path!.boundingBox, reach = strokeReach(layer.strokeStyle)
    let tolerance = Path.rasterTolerance / Homography(m).maxScale(over: box.insetBy(dx: -reach, dy: -reach))
    return try layer.strokeStyle.outline(
      of: layer.path!.flattenedSubpaths(tolerance: tolerance), tolerance: tolerance,
      maxDashes: RenderLimits.default.maxStrokeDashes, maxEdges: RenderLimits.default.maxShapeEdges
    ).trimmed()
  }

  static func paths(_ commands: [DrawCommand]) -> [PathDraw] {
    commands.compactMap { if case .path(let d) = $0 { d } else { nil } }
  }

  @Test func everyStrokeHoldsItsOwnOutlineInItsPlace() throws {
    let root = Layer()
    root.frame = CGRect(x: 0, y: 0, width: 400, height: 100)
    let first = try Self.shape("M 5 5 C 20 60 40 -20 55 50", x: 0)
    // Dashes of no length with butt caps: an empty outline, so no draw.
    let empty = try Self.shape("M 5 30 L 55 30", x: 70, dashes: [0, 8])
    let filled = try Self.shape("M 5 5 L 55 5 L 30 55 Z", x: 140, fill: true)
    let dashed = try Self.shape("M 5 5 Q 60 30 5 55", x: 210, dashes: [6, 3])
    for layer in [first, empty, filled, dashed] { try root.addSublayer(layer) }
    let plan = try RenderPlan(root: root, size: CGSize(width: 400, height: 100))
    let draws = Self.paths(plan.surfaces[0].commands)
    // first's stroke, filled's fill and stroke, dashed's stroke: in the walk's order.
    #expect(draws.count == 4)
    #expect(try Self.outline(empty).isEmpty)
    #expect(draws.allSatisfy { !$0.polygons.isEmpty })
    let strokes = [draws[0], draws[2], draws[3]]
    for (draw, layer) in zip(strokes, [first, filled, dashed]) {
      #expect(draw.polygons == (try Self.outline(layer, draw.matrix)), "\(layer.frame)")
      #expect(draw.rule == .nonZero)
    }
    #expect(draws[1].rule == filled.fillRule && draws[1].polygons != draws[2].polygons)
    // The same tree lowered again gives the same plan.
    #expect(try RenderPlan(root: root, size: CGSize(width: 400, height: 100)).surfaces == plan.surfaces)
  }

  /// A stroke alone in a shadowed layer (its shadow is the content's: a
  /// group sized by what it draws) and in a rasterized one (keyed by a hash
  /// of what it draws): both see the outline.
  @Test func groupsAndRastersSeeTheOutline() throws {
    let root = Layer()
    root.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
    let shadowed = try Self.shape("M 5 5 L 55 55", x: 10)
    shadowed.shadowOpacity = 0.5
    shadowed.shadowRadius = 2
    let rasterized = try Self.shape("M 5 55 L 55 5", x: 120)
    rasterized.shouldRasterize = true
    let twin = try Self.shape("M 5 55 L 55 5", x: 200)
    twin.shouldRasterize = true
    twin.lineWidth = 5
    for layer in [shadowed, rasterized, twin] { try root.addSublayer(layer) }
    let plan = try RenderPlan(root: root, size: CGSize(width: 300, height: 100))
    #expect(plan.surfaces.count >= 4)
    for surface in plan.surfaces.dropFirst() {
      #expect(surface.width > 0 && surface.height > 0, "\(surface.label)")
      #expect(Self.paths(surface.commands).allSatisfy { !$0.polygons.isEmpty }, "\(surface.label)")
    }
    // The two rasters differ in their strokes only: their keys differ.
    let keys = plan.surfaces.compactMap(\.rasterKey)
    #expect(keys.count == 2 && keys[0] != keys[1])
  }

  @Test func aStrokeThatCannotBeOutlinedNamesItsLayer() throws {
    let root = Layer()
    root.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
    try root.addSublayer(try Self.shape("M 5 5 L 55 55", x: 0))
    let long = try Self.shape("M 0 0 L 100000 0", x: 100, dashes: [0.1, 0.1])
    long.name = "long"
    try root.addSublayer(long)
    #expect {
      _ = try RenderPlan(root: root, size: CGSize(width: 300, height: 100))
    } throws: { error in
      "\(error)".contains("long") && "\(error)".contains("RenderLimits.maxStrokeDashes")
    }
  }
}
