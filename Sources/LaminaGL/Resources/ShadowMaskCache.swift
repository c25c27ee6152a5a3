// ShadowMaskCache: the coverage of a shadow (shadow.frag's value × extent
// coverage, before colour) for one shape, σ, scale and sub-pixel phase,
// rendered once into a 32-bit float texture and reused by every shadow that
// matches, offset by whole pixels (a thousand cards with one shadow shape
// cost one evaluation). Exact: the cached float is what shadow.frag
// computes, and mask.frag multiplies it by the colour as shadow.frag does.
// Masks not used in a frame are dropped after it.
//
// Rejected: caching the coloured result in 8 bits (blending a pre-rounded
// source differs from blending the shader's float by up to a level), and a
// shadow atlas (packing is not worth it for the counts seen in scenes).

import CGLES
import Lamina

final class ShadowMaskCache {
  struct Key: Hashable {
    var size: [Double]     // shape width, height
    var radii: [Double]
    var curve: CornerCurve
    var sigma: Double
    var extent: [Double]   // relative to the shape's origin
    var scale: [Double]    // sx, sy
    var phase: [Double]    // sub-pixel position of the shape's origin
  }
  struct Mask {
    let target: SurfaceTarget
    /// The target pixel of texel (0, 0).
    let originX: Int, originY: Int
  }
  private var entries: [Key: (target: SurfaceTarget, frame: Int)] = [:]
  private let ledger: GLObjectLedger

  init(ledger: GLObjectLedger) { self.ledger = ledger }

  /// The mask for `d` under the axis-aligned `map`, rendered if new. Leaves
  /// the mask's framebuffer bound when it renders: rebind the target after.
  func mask(
    _ d: ShadowDraw, map: (sx: Double, sy: Double, tx: Double, ty: Double), frame: Int, _ r: GLResources
  ) throws(GLError) -> Mask? {
    let s = d.shape.rect, e = d.extent
    let lx = Double(s.minX), ly = Double(s.minY)
    let px = lx * map.sx + map.tx, py = ly * map.sy + map.ty
    guard px.isFinite, py.isFinite, abs(px) < 1e7, abs(py) < 1e7 else { return nil }
    let ix = px.rounded(.down), iy = py.rounded(.down)
    let fx = px - ix, fy = py - iy
    let key = Key(
      size: [Double(s.width), Double(s.height)], radii: d.shape.radii, curve: d.shape.curve, sigma: d.sigma,
      extent: [Double(e.minX) - lx, Double(e.minY) - ly, Double(e.maxX) - lx, Double(e.maxY) - ly],
      scale: [map.sx, map.sy], phase: [fx, fy])
    let kx = (fx + key.extent[0] * map.sx).rounded(.down) - 2
    let ky = (fy + key.extent[1] * map.sy).rounded(.down) - 2
    let originX = Int(ix + kx), originY = Int(iy + ky)
    if let entry = entries[key] {
      entries[key] = (entry.target, frame)
      return Mask(target: entry.target, originX: originX, originY: originY)
    }
    let width = Int((Double(e.width) * map.sx).rounded(.up)) + 5
    let height = Int((Double(e.height) * map.sy).rounded(.up)) + 5
    guard width > 0, height > 0, width <= 4096, height <= 4096 else { return nil }
    let target = try SurfaceTarget(width: width, height: height, format: .coverage, ledger: ledger)
    entries[key] = (target, frame)
    // Draw the shadow into the mask with the matrix moved by the origin.
    var matrix = d.matrix
    matrix.m41 -= Double(originX)
    matrix.m42 -= Double(originY)
    target.bind()
    glDisable(GLenum(GL_BLEND))
    defer { glEnable(GLenum(GL_BLEND)) }
    let p = try r.programs.shadow(
      rounded: !d.shape.isRect, nearCorners: ShadowPass.nearCorners(d), continuous: d.shape.curve == .continuous,
      clips: false)
    r.use(p.program)
    let count = try setCommon(
      p.common, matrix: matrix, localBounds: e, quads: [(0, 0, Float(width), Float(height))], clips: [],
      target: target, name: d.name)
    guard count > 0 else { return nil }
    glUniform4fv(p.rect, 1, s.edges)
    glUniform4fv(p.radii, 1, d.shape.radiiUniform)
    glUniform4fv(p.extent, 1, e.edges)
    glUniform1f(p.sigma, Float(d.sigma))
    glUniform4f(p.color, 1, 0, 0, 0)
    drawQuads(count)
    return Mask(target: target, originX: originX, originY: originY)
  }

  func evict(olderThan frame: Int) {
    for (key, entry) in entries where entry.frame < frame {
      entry.target.delete()
      entries[key] = nil
    }
  }

  var count: Int { entries.count }

  func deleteAll() { evict(olderThan: Int.max) }
}
