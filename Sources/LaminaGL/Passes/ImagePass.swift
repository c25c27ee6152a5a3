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
  /// One axis of a slice grid: piece edges in local units and the texel
  /// range each piece maps to.
  struct Axis: Equatable {
    var dest: [Float]     // 4 edges
    var start: [Float]    // 3 texel starts
    var end: [Float]      // 3 texel ends
  }

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
        guard let (x, y) = grid([slice]) else { continue }
        try drawMesh(d, x: x, y: y, bounds: slice.destination, into: target, tools)
      }
    }
  }

  /// The slices as a grid of at most 3×3 pieces, or nil.
  static func grid(_ slices: [ImageSlice]) -> (Axis, Axis)? {
    let visible = slices.filter { $0.destination.width > 0 && $0.destination.height > 0 }
    guard !visible.isEmpty else { return nil }
    func axis(_ key: (ImageSlice) -> (Double, Double, Double, Double)) -> Axis? {
      var pieces: [(Double, Double, Double, Double)] = []
      for slice in visible {
        let piece = key(slice)
        if let existing = pieces.first(where: { $0.0 == piece.0 }) {
          guard existing == piece else { return nil }
        } else {
          pieces.append(piece)
        }
      }
      pieces.sort { $0.0 < $1.0 }
      guard pieces.count <= 3 else { return nil }
      // Neighbours meet where one ends: a slice is an origin and a size, so
      // its end (origin + size) may differ from the next origin in the last
      // bits (0.45 × 48 + 36.8 ≠ 58.4), which had broken every nine-slice
      // with fractional margins into nine quads, each anti-aliased along
      // the seams (found by the bench scene nine-slice: 57 levels).
      for i in 1..<pieces.count
      where abs(pieces[i].0 - pieces[i - 1].1) > 1e-9 * max(1, abs(pieces[i].0)) { return nil }
      var dest = pieces.map { Float($0.0) } + [Float(pieces.last!.1)]
      var start = pieces.map { Float($0.2) }
      var end = pieces.map { Float($0.3) }
      while dest.count < 4 { dest.append(dest.last!) }
      while start.count < 3 { start.append(start.last!); end.append(end.last!) }
      return Axis(dest: dest, start: start, end: end)
    }
    guard
      let x = axis({ ($0.destination.minX, $0.destination.maxX, $0.source.minX, $0.source.maxX) }),
      let y = axis({ ($0.destination.minY, $0.destination.maxY, $0.source.minY, $0.source.maxY) })
    else { return nil }
    let columns = Set(visible.map { $0.destination.minX }).count
    let rows = Set(visible.map { $0.destination.minY }).count
    guard columns * rows == visible.count else { return nil }
    return (x, y)
  }

  /// Whether `d` is one slice, unclipped, under a scale and translation:
  /// drawn as pixel rectangles that the occlusion grid may cut.
  static func isCut(_ d: ImageDraw) -> Bool {
    d.clips.isEmpty && ShapeCells.axisAligned(d.matrix) != nil
      && d.slices.lazy.filter { $0.destination.width > 0 && $0.destination.height > 0 }.count == 1
  }

  /// The parts of a draw that `isCut`: its slice, the scale and
  /// translation, its destination's corners in target pixels and the whole
  /// target pixels inside them.
  struct Split {
    let slice: ImageSlice
    let map: AxisMap
    let corners: (x0: Double, y0: Double, x1: Double, y1: Double)
    let interior: PixelRect
  }

  /// The split of `d` on a `width`×`height` target; nil for draws that are
  /// not `isCut` or have no whole pixel inside.
  static func split(_ d: ImageDraw, width: Int, height: Int) -> Split? {
    guard isCut(d), let map = ShapeCells.axisAligned(d.matrix),
      let slice = d.slices.first(where: { $0.destination.width > 0 && $0.destination.height > 0 })
    else { return nil }
    let dest = slice.destination
    let x0 = Double(dest.minX) * map.sx + map.tx, x1 = Double(dest.maxX) * map.sx + map.tx
    let y0 = Double(dest.minY) * map.sy + map.ty, y1 = Double(dest.maxY) * map.sy + map.ty
    guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite else { return nil }
    // Clamped to the target before they become integers.
    let inner = PixelRect(
      x0: Int(min(Double(width), max(0, x0.rounded(.up)))), y0: Int(min(Double(height), max(0, y0.rounded(.up)))),
      x1: Int(max(0, min(Double(width), x1.rounded(.down)))), y1: Int(max(0, min(Double(height), y1.rounded(.down)))))
    guard !inner.isEmpty else { return nil }
    return Split(slice: slice, map: map, corners: (x0, y0, x1, y1), interior: inner)
  }

  /// Draws a one-slice, unclipped draw under a scale and translation, by
  /// its `split`, as its interior (INTERIOR) and rim (full shader), each
  /// without what the occlusion grid hides or has painted.
  static func drawSplit(_ d: ImageDraw, _ split: Split, into target: SurfaceTarget, _ tools: SurfaceTools) throws(GLError) {
    let (slice, map, corners, inner) = (split.slice, split.map, split.corners, split.interior)
    // A split has whole pixels on the target, so its box is there too.
    guard let (x, y) = grid([slice]),
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

    var rim = ShadowPass.subtract(inner, from: box)
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
    _ d: ImageDraw, x: Axis, y: Axis, bounds: CGRect, quads: [PixelRect]? = nil, into target: SurfaceTarget,
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
