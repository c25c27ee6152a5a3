// ImagePass: `.image` commands (contents, nine-slice) with image.frag. The
// slices of one command are drawn as one mesh when they form a grid of up
// to 3×3 (every nine-slice does): one piecewise-linear texel map per axis,
// so bilinear reads cross slice edges and only the union's edges are
// anti-aliased. Slices that form no grid are drawn one by one. A single
// slice under a scale and translation, unclipped (most images), is split:
// the whole pixels inside it take the INTERIOR variant (one texture read,
// unblended when the image is opaque), the one-pixel rim around them the
// full shader; both leave out what the occlusion grid hides or has
// painted, and an opaque one hides what is under its interior
// (OcclusionGrid). Mirrors LaminaCPU's ImageStage.

import CGLES
import Lamina

enum ImagePass {
  /// Draws `d` by `route` (DrawRoute).
  static func draw(_ d: ImageDraw, route: ImageRoute, into target: SurfaceTarget, _ tools: SurfaceTools) throws(GLError) {
    switch route {
    case .none: return
    case .split(let split):
      try drawSplit(d, split, into: target, tools)
    case .cutMesh(let x, let y, let box):
      // Not what the occlusion grid hides or has painted (OcclusionGrid).
      try inDraws(tools.batch.cut([box])) { (quads) throws(GLError) in
        try drawMesh(d, x: x, y: y, bounds: ImageSlice.union(d.slices), quads: quads, into: target, tools)
      }
    case .mesh(let x, let y):
      try drawMesh(d, x: x, y: y, bounds: ImageSlice.union(d.slices), into: target, tools)
    case .slices:
      for slice in d.slices {
        guard let (x, y) = ImageMesh.grid([slice]) else { continue }
        try drawMesh(d, x: x, y: y, bounds: slice.destination, into: target, tools)
      }
    }
  }

  /// Draws a one-slice, unclipped draw under a scale and translation, by
  /// its `split`, as its interior (INTERIOR) and rim (full shader), each
  /// without what the occlusion grid hides or has painted.
  static func drawSplit(_ d: ImageDraw, _ split: ImageMesh.Split, into target: SurfaceTarget, _ tools: SurfaceTools) throws(GLError) {
    let (slice, map, corners, inner) = (split.slice, split.map, split.corners, split.interior)
    // A split has whole pixels on the target, so its box is there too.
    guard let (x, y) = ImageMesh.grid([slice]),
      let box = Homography(d.matrix).pixelBounds(of: slice.destination, width: target.width, height: target.height)
    else { return }
    let dest = slice.destination, source = slice.source
    let (x0, y0) = (corners.x0, corners.y0)
    // Texels per target pixel, and the texel at the interior's corner.
    let kx = Double(source.width) / Double(dest.width) / map.sx
    let ky = Double(source.height) / Double(dest.height) / map.sy
    let px = Double(inner.x0), py = Double(inner.y0)
    let rho = max(abs(kx), abs(ky))
    let lod = log2(max(rho, 1e-20)) + Double(d.sampling.bias)
    // A centre on a texel edge reads the texel after it (Sampling.nearestTie).
    let nudge = d.sampling.nearestNudge
    let tie = lod <= 0 ? nudge.magnification : nudge.minification
    let texelX = Double(source.minX) + (px - x0) * kx + tie
    let texelY = Double(source.minY) + (py - y0) * ky + tie

    var rim = box.subtracting(inner)
    rim = tools.batch.cut(rim)
    try inDraws(rim.isEmpty ? [] : rim) { (quads) throws(GLError) in
      try drawMesh(d, x: x, y: y, bounds: dest, quads: quads, into: target, tools)
    }
    let pieces = tools.batch.cut([inner])
    guard !pieces.isEmpty else { return }
    // Magnified and linear: the exact bilinear read (image.frag's BILINEAR).
    let bilinear = lod <= 0 && d.sampling.magnification == .linear
    let p = try tools.programs.image(clips: false, interior: true, tint: !d.tint.isIdentity, bilinear: bilinear)
    let texture = try tools.textures.texture(d.image, mipmapped: d.sampling.minification == .trilinear, frame: tools.frame)
    let w = Double(d.image.width), h = Double(d.image.height)
    let uniforms = [
      Uniform(p.common.targetSize, .vec2(Float(target.width), Float(target.height))),
      Uniform(p[.image], .int(0)),
      Uniform(p[.imageSize], .vec2(Float(w), Float(h))),
      Uniform(p[.pixelOrigin], .vec2(Float(px), Float(py))),
      Uniform(p[.uvOrigin], .vec2(Float(texelX / w), Float(texelY / h))),
      Uniform(p[.uvScale], .vec2(Float(kx / w), Float(ky / h))),
      Uniform(p[.lod], .float(Float(lod))),
      Uniform(p[.opacity], .float(d.opacity)),
    ] + tintUniforms(p, d)
    // Opaque texels at full coverage replace what is below: blending would
    // compute the same bytes, slower.
    let replace = texture.opaque && d.opacity >= 1
    try inDraws(pieces) { (quads) throws(GLError) in
      let quads = quads ?? [inner]
      tools.device.draw(
        GLDraw(
          program: p.program, target: .surface(target), blend: replace ? .replace : .sourceOver,
          textures: [TextureBinding(unit: 0, texture: texture.id, sampler: SamplerState(d.sampling))],
          uniforms: uniforms + [quadsUniform(p.common.quads, quads)], geometry: .quads(quads.count)))
    }
  }

  static func drawMesh(
    _ d: ImageDraw, x: ImageMesh.Axis, y: ImageMesh.Axis, bounds: CGRect, quads: [PixelRect]? = nil, into target: SurfaceTarget,
    _ tools: SurfaceTools
  ) throws(GLError) {
    // Magnified reads with a linear filter: the exact bilinear (BILINEAR).
    let p = try tools.programs.image(
      clips: !d.clips.isEmpty, tint: !d.tint.isIdentity, bilinear: d.sampling.magnification == .linear)
    guard
      let common = try commonUniforms(
        p.common, matrix: d.matrix, localBounds: bounds, quads: quads, clips: d.clips, target: target.size,
        name: d.name)
    else { return }
    let texture = try tools.textures.texture(d.image, mipmapped: d.sampling.minification == .trilinear, frame: tools.frame)
    let nudge = d.sampling.nearestNudge
    let uniforms =
      common.uniforms + [
        Uniform(p[.image], .int(0)),
        Uniform(p[.imageSize], .vec2(Float(d.image.width), Float(d.image.height))),
        Uniform(p[.destX], .vec4s(x.dest)), Uniform(p[.sourceStartX], .vec3s(x.start)),
        Uniform(p[.sourceEndX], .vec3s(x.end)),
        Uniform(p[.destY], .vec4s(y.dest)), Uniform(p[.sourceStartY], .vec3s(y.start)),
        Uniform(p[.sourceEndY], .vec3s(y.end)),
        Uniform(p[.bounds], .vec4s(bounds.edges)), Uniform(p[.bias], .float(Float(d.sampling.bias))),
        Uniform(p[.nearestTie], .vec2(Float(nudge.magnification), Float(nudge.minification))),
        Uniform(p[.edgeTie], .float(Float(ImageSlice.edgeTie))),
        Uniform(p[.opacity], .float(d.opacity)),
      ] + tintUniforms(p, d)
    tools.device.draw(
      GLDraw(
        program: p.program, target: .surface(target),
        textures: [TextureBinding(unit: 0, texture: texture.id, sampler: SamplerState(d.sampling))],
        uniforms: uniforms, geometry: .quads(common.count)))
  }

  /// A replicator copy's tint (the TINT variant), or nothing for white.
  static func tintUniforms(_ p: ImageProgram, _ d: ImageDraw) -> [Uniform] {
    let t = d.tint
    guard !t.isIdentity else { return [] }
    return [Uniform(p[.tint], .vec3s([Float(t.red), Float(t.green), Float(t.blue)]))]
  }
}
