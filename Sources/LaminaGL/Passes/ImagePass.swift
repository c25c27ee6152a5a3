// ImagePass: `.image` commands (contents, nine-slice) with image.frag. The
// slices of one command are drawn as one mesh when they form a grid of up
// to 3×3 (every nine-slice does): one piecewise-linear texel map per axis,
// so bilinear reads cross slice edges and only the union's edges are
// anti-aliased. Slices that form no grid are drawn one by one. Mirrors
// LaminaCPU's ImageStage.

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

  static func draw(_ d: ImageDraw, into target: SurfaceTarget, _ r: GLResources) throws(GLError) {
    guard d.image.width > 0, d.image.height > 0, d.opacity > 0 else { return }
    if let (x, y) = grid(d.slices) {
      try drawMesh(d, x: x, y: y, bounds: union(d.slices), into: target, r)
    } else {
      for slice in d.slices {
        guard let (x, y) = grid([slice]) else { continue }
        try drawMesh(d, x: x, y: y, bounds: slice.destination, into: target, r)
      }
    }
  }

  static func union(_ slices: [ImageSlice]) -> CGRect {
    slices.dropFirst().reduce(slices.first?.destination ?? .zero) { $0.union($1.destination) }
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
      for i in 1..<pieces.count where pieces[i].0 != pieces[i - 1].1 { return nil }
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

  static func drawMesh(
    _ d: ImageDraw, x: Axis, y: Axis, bounds: CGRect, into target: SurfaceTarget, _ r: GLResources
  ) throws(GLError) {
    let p = try r.programs.image(clips: !d.clips.isEmpty)
    r.use(p.program)
    let count = try setCommon(
      p.common, matrix: d.matrix, localBounds: bounds, clips: d.clips, target: target, name: d.name)
    guard count > 0 else { return }
    glActiveTexture(GLenum(GL_TEXTURE0))
    try r.textures.bind(d.image, mipmapped: d.sampling.minification == .trilinear, frame: r.frame)
    setFilters(d.sampling)
    glUniform1i(p.image, 0)
    glUniform2f(p.imageSize, Float(d.image.width), Float(d.image.height))
    glUniform4fv(p.destX, 1, x.dest)
    glUniform3fv(p.sourceStartX, 1, x.start)
    glUniform3fv(p.sourceEndX, 1, x.end)
    glUniform4fv(p.destY, 1, y.dest)
    glUniform3fv(p.sourceStartY, 1, y.start)
    glUniform3fv(p.sourceEndY, 1, y.end)
    glUniform4fv(p.bounds, 1, bounds.edges)
    glUniform1f(p.bias, Float(d.sampling.bias))
    glUniform1f(p.opacity, d.opacity)
    drawQuads(count)
  }
}
