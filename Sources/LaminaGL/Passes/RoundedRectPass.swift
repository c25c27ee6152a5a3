// RoundedRectPass: `.roundedRect` commands (fills and border rings) with rounded_rect.frag,
// and `.shadow` commands whose σ is 0 (plain coverage). Unclipped shapes
// under a translate-and-scale matrix that repeat (same geometry, scale and
// sub-pixel phase) and are at most CoverageStack.maxSide pixels a side are
// drawn from their coverage cached in the atlas (CoverageAtlas);
// others are cut into cells (RoundedRectCells): the coverage shader runs only
// near the edges, a fill's interior is solid and a ring's is skipped.
// A shape with a `blendMode` takes none of these routes: it reads a copy
// of the target's pixels under its box and rounded_rect.frag's BLEND
// variant replaces them with the blend (`drawBlended`, as CompositePass
// blends a group).
// Mirrors LaminaCPU's RoundedRectStage.

import CGLES
import Lamina

enum RoundedRectPass {
  /// Draws `d` by `route` (DrawRoute).
  static func draw(_ d: RoundedRectDraw, route: RoundedRectRoute, into target: SurfaceTarget, _ tools: SurfaceTools) throws(GLError) {
    try fill(
      matrix: d.matrix, outer: d.outer, border: d.border, color: d.color, clips: d.clips, name: d.name,
      route: route, into: target, tools)
  }

  /// Draws `d`, which has a blend mode, over its pixel box: the target's
  /// pixels there copied first (`CompositePass.copyBackdrop`), then blended
  /// by rounded_rect.frag's BLEND variant, which replaces them.
  static func drawBlended(
    _ d: RoundedRectDraw, mode: BlendMode, into target: SurfaceTarget, _ tools: SurfaceTools, _ passTools: PassTools
  ) throws(GLError) {
    guard let box = Homography(d.matrix).pixelBounds(of: d.outer.rect, width: target.width, height: target.height)
    else { return }
    try tools.batch.flush(before: target)
    let backdrop = try CompositePass.copyBackdrop(box, of: target, passTools)
    defer { passTools.pool.release(backdrop) }
    try run(
      matrix: d.matrix, outer: d.outer, border: d.border, color: d.color, clips: d.clips, quads: [box], name: d.name,
      target: target, tools, blend: (mode, backdrop, box))
  }

  static func fill(
    matrix: Transform3D, outer: RoundedRect, border: RoundedRect?, color: PremultipliedColor, clips: [Clip],
    name: String, route: RoundedRectRoute, into target: SurfaceTarget, _ tools: SurfaceTools
  ) throws(GLError) {
    guard color.a > 0 || color.r > 0 || color.g > 0 || color.b > 0 else { return }
    let cover: ShaderCover
    switch route {
    case .cached(let map, let box, let cells, let fallback):
      // From the atlas, from its first use: a shape's first frame drawn by
      // rounded_rect.frag differed from its later ones, drawn from the atlas, by a
      // level at some edge pixels, so a frame depended on the frames before
      // it (incremental frames, which keep pixels drawn earlier, found it).
      let layer = RoundedRectDraw(matrix: matrix, outer: outer, border: border, color: color, clips: [], name: name)
      let source = StackedDraw.Source.roundedRect(layer)
      let key = CoverageKey.Layers.one(StackedDraw(source).key(relativeTo: outer.rect.origin))
      if let atlas = tools.atlas,
        let (placement, fresh) = try atlas.placement(
          layers: key, bounds: outer.rect, matrix: matrix, map: map, always: true, frame: tools.frame, batch: tools.batch)
      {
        if let fresh { try StackedDraw(source).draw(into: fresh, layer: 0, alpha: 1, tools) }
        // Only the cells near the edges need the coverage: a fill's interior
        // is its colour and a ring's is empty.
        if let cells {
          tools.batch.add(cells.coverage, color: color, coverage: placement)
          if border == nil { tools.batch.addSolid(cells.interior, color: color) }
        } else {
          tools.batch.add([box], color: color, coverage: placement)
        }
        return
      }
      cover = fallback
    case .shader(let c):
      cover = c
    }
    func shade(_ quads: [PixelRect]?) throws(GLError) {
      try inDraws(quads) { (quads) throws(GLError) in
        try run(
          matrix: matrix, outer: outer, border: border, color: color, clips: clips, quads: quads, name: name,
          target: target, tools)
      }
    }
    // Cells and boxes leave out what the occlusion grid hides or has
    // painted (OcclusionGrid).
    switch cover {
    case .cells(let cells):
      try shade(tools.batch.cut(cells.coverage))
      if border == nil { tools.batch.addSolid(cells.interior, color: color) }
    case .cutBox:
      guard let box = Homography(matrix).pixelBounds(of: outer.rect, width: target.width, height: target.height)
      else { return }
      try shade(tools.batch.cut([box]))
    case .projected:
      try shade(nil)
    }
  }

  /// One rounded_rect.frag draw over `quads` (the shape's pixel box if nil);
  /// with `blend`, its BLEND variant reading the backdrop copied from
  /// `origin`'s box.
  static func run(
    matrix: Transform3D, outer: RoundedRect, border: RoundedRect?, color: PremultipliedColor, clips: [Clip],
    quads: [PixelRect]?, name: String, target: SurfaceTarget, _ tools: SurfaceTools,
    blend: (mode: BlendMode, backdrop: SurfaceTarget, origin: PixelRect)? = nil
  ) throws(GLError) {
    let rounded = !outer.isRect || !(border?.isRect ?? true)
    let continuous = outer.curve == .continuous || border?.curve == .continuous
    let axisAligned =
      RoundedRectCells.axisAligned(matrix) != nil && clips.allSatisfy { RoundedRectCells.axisAligned($0.matrix) != nil }
    // Under perspective or a shear a pixel's coverage is the exact area of
    // the projected quadrilateral in it (coverage.glsl, PROJECTIVE).
    let projective = matrix.needsExactArea
    let p = try tools.programs.roundedRect(
      rounded: rounded, continuous: continuous, ring: border != nil, clips: !clips.isEmpty, axisAligned: axisAligned,
      projective: projective, blend: blend != nil)
    try tools.batch.flush(before: target)
    guard
      let common = try commonUniforms(
        p.common, matrix: matrix, localBounds: outer.rect, quads: quads, clips: clips, target: target.size,
        name: name)
    else { return }
    var uniforms = common.uniforms
    uniforms += [
      Uniform(p[.rect], .vec4s(outer.rect.edges)), Uniform(p[.radii], .vec4s(outer.radiiUniform)),
      .color(p[.color], color),
    ]
    if let border {
      uniforms += [Uniform(p[.innerRect], .vec4s(border.rect.edges)), Uniform(p[.innerRadii], .vec4s(border.radiiUniform))]
    }
    var textures: [TextureBinding] = []
    if let blend {
      textures.append(TextureBinding(unit: 3, texture: blend.backdrop.texture, sampler: .nearest))
      uniforms += [
        Uniform(p[.backdrop], .int(3)),
        Uniform(p[.backdropOrigin], .ivec2(GLint(blend.origin.x0), GLint(blend.origin.y0))),
        Uniform(p[.blendMode], .int(GLint(blend.mode.shaderIndex))),
      ]
    }
    tools.device.draw(
      GLDraw(
        program: p.program, target: .surface(target), blend: blend == nil ? .sourceOver : .replace, textures: textures,
        uniforms: uniforms, geometry: .quads(common.count)))
  }

  /// The largest rectangle of pixels that `command` paints with an opaque
  /// colour at full coverage (Lamina's `opaqueInterior`), so a draw just
  /// before it may skip them. Nil when there is none.
  static func opaqueInterior(_ command: DrawCommand, _ target: SurfaceTarget) -> PixelRect? {
    guard case .roundedRect = command else { return nil }
    let whole = PixelRect(x0: 0, y0: 0, x1: target.width, y1: target.height)
    return command.opaqueInterior(within: whole, imageIsOpaque: { _ in false })?.largest
  }
}
