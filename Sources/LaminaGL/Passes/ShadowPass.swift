// ShadowPass: `.shadow` commands, the closed-form Gaussian of a rounded
// rectangle (shadow.frag), by the route chosen for them (DrawRoute). σ = 0
// is plain coverage, drawn by RoundedRectPass. Unclipped shadows under a
// translate-and-scale matrix are cut into cells
// (RoundedRectCells): the interior more than 4σ inside every edge is solid, and
// the rest is copied from a coverage cached per shape, σ, scale and
// sub-pixel phase (CoverageAtlas), so equal shadows are evaluated once.
// Mirrors LaminaCPU's ShadowStage.

import CGLES
import Lamina

enum ShadowPass {
  /// Draws `d` by `route` (DrawRoute); pixels inside `hole` may be left
  /// out (the next command paints them opaque).
  static func draw(
    _ d: ShadowDraw, route: ShadowRoute, into target: SurfaceTarget, hole: PixelRect? = nil, _ tools: SurfaceTools
  ) throws(GLError) {
    guard d.sigma.isFinite, d.sigma >= 0 else {
      throw .unsupported(reason: "\(d.name): shadow sigma \(d.sigma) is not a finite number ≥ 0")
    }
    let cover: ShaderCover
    switch route {
    case .plain:
      // Plain coverage of the shape, limited to the extent.
      let clip = Clip(matrix: d.matrix, shape: .roundedRect(RoundedRect(rect: d.extent)))
      try RoundedRectPass.fill(
        matrix: d.matrix, outer: d.shape, border: nil, color: d.color, clips: d.clips + [clip], name: d.name,
        route: .shader(.projected), into: target, tools)
      return
    case .cached(let map, let box, let fallback):
      if let atlas = tools.atlas,
        let (placement, fresh) = try atlas.placement(
          layers: key(d), bounds: d.extent, matrix: d.matrix, map: map, always: true, frame: tools.frame,
          batch: tools.batch)
      {
        if let fresh { try StackedDraw(.shadow(d)).draw(into: fresh, layer: 0, alpha: 1, tools) }
        // The cached coverage, offset by whole pixels, over the whole extent
        // in one quad: a texel fetch costs less than splitting into cells.
        tools.batch.add(box.subtracting(hole), color: d.color, coverage: placement)
        return
      }
      cover = fallback
    case .shader(let c):
      cover = c
    }
    let rounded = !d.shape.isRect
    // Each corner's deficit reaches r + 3σ inwards and 3σ outwards; if no two
    // corners' reaches overlap, a pixel needs only its quadrant's corner.
    let near = nearCorners(d)
    // Cells and boxes leave out what the occlusion grid hides or has
    // painted (OcclusionGrid).
    switch cover {
    case .cells(let cells):
      if rounded {
        // Corners with the rounded program, edge strips with the rectangle's.
        try inDraws(tools.batch.cut(cells.corners)) { (q) throws(GLError) in
          try run(d, rounded: true, near: near, quads: q, target, tools)
        }
        try inDraws(tools.batch.cut(cells.edges)) { (q) throws(GLError) in
          try run(d, rounded: false, near: false, quads: q, target, tools)
        }
      } else {
        try inDraws(tools.batch.cut(cells.coverage)) { (q) throws(GLError) in
          try run(d, rounded: false, near: near, quads: q, target, tools)
        }
      }
      tools.batch.addSolid(cells.interior, color: d.color)
    case .cutBox:
      let box = Homography(d.matrix).pixelBounds(of: d.extent, width: target.width, height: target.height)
      try inDraws(box.map { tools.batch.cut([$0]) } ?? []) { (q) throws(GLError) in
        try run(d, rounded: rounded, near: near, quads: q, target, tools)
      }
    case .projected:
      try run(d, rounded: rounded, near: near, quads: nil, target, tools)
    }
  }

  /// The CoverageAtlas key of `d` alone.
  private static func key(_ d: ShadowDraw) -> CoverageKey.Layers {
    .one(StackedDraw(.shadow(d)).key(relativeTo: d.extent.origin))
  }

  /// One shadow.frag draw, in `d`'s colour unless `color` is given.
  static func run(
    _ d: ShadowDraw, rounded: Bool, near: Bool, quads: [PixelRect]?, color: PremultipliedColor? = nil,
    _ target: SurfaceTarget, _ tools: SurfaceTools
  ) throws(GLError) {
    if let quads, quads.isEmpty { return }
    let p = try tools.programs.shadow(
      rounded: rounded, nearCorners: near, continuous: d.shape.curve == .continuous, clips: !d.clips.isEmpty)
    try tools.batch.flush(before: target)
    guard
      let common = try commonUniforms(
        p.common, matrix: d.matrix, localBounds: d.extent, quads: quads, clips: d.clips, target: target.size,
        name: d.name)
    else { return }
    let uniforms =
      common.uniforms + [
        Uniform(p[.rect], .vec4s(d.shape.rect.edges)), Uniform(p[.radii], .vec4s(d.shape.radiiUniform)),
        Uniform(p[.extent], .vec4s(d.extent.edges)), Uniform(p[.sigma], .float(Float(d.sigma))),
        .color(p[.color], color ?? d.color),
      ]
    tools.device.draw(GLDraw(program: p.program, target: .surface(target), uniforms: uniforms, geometry: .quads(common.count)))
  }

  /// True when two corners' deficits can reach one pixel (each reaches its
  /// corner's extent + 3σ inwards and 3σ outwards).
  static func nearCorners(_ d: ShadowDraw) -> Bool {
    let reach = 2 * RoundedRectCells.cornerReach(d.shape) + 6 * d.sigma
    return Double(min(d.shape.rect.width, d.shape.rect.height)) < reach
  }
}
