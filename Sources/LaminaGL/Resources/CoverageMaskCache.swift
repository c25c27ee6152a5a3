// CoverageMaskCache: the coverage of a shadow or a shape (what shadow.frag
// or shape.frag computes before multiplying by the colour) for one
// geometry, scale and sub-pixel phase, rendered once into a 32-bit float
// texture and reused by every draw that matches, offset by whole pixels:
// a thousand cards with one shape cost one evaluation each of their
// shadow, fill and border, then one textured quad per draw. Exact: the
// cached float is what the shader computes, and mask.frag multiplies it by
// the colour as the shader does. Shapes are cached from their second use
// (a one-off shape is cheaper drawn directly); masks not used in a frame
// are dropped after it.
//
// Rejected: caching the coloured result in 8 bits (blending a pre-rounded
// source differs from blending the shader's float by up to a level), and a
// mask atlas (packing is not worth it for the counts seen in scenes).

import CGLES
import Lamina

final class CoverageMaskCache {
  struct Key: Hashable {
    /// "shadow", "fill" or "ring", and the geometry relative to the origin
    /// of the shape's rectangle (sizes, radii, curve, σ, extents, insets).
    var kind: String
    var geometry: [Double]
    var curve: CornerCurve
    var scale: [Double]    // sx, sy
    var phase: [Double]    // sub-pixel position of the shape's origin
  }
  struct Mask {
    let target: SurfaceTarget
    /// The target pixel of texel (0, 0).
    let originX: Int, originY: Int
  }
  private var entries: [Key: (target: SurfaceTarget, frame: Int)] = [:]
  private var seen: [Key: Int] = [:]
  private let ledger: GLObjectLedger

  init(ledger: GLObjectLedger) { self.ledger = ledger }

  /// The mask of a draw whose shape rectangle has its origin at local
  /// `origin`, covering the local `bounds`, under the axis-aligned `map`;
  /// rendered by `draw` (given the matrix moved to the mask, and the mask
  /// target, bound) if new. `always` caches on first use (else from the second).
  /// Leaves the mask's framebuffer bound when it renders: rebind the
  /// target after. Nil when the draw should be drawn directly.
  func mask(
    kind: String, geometry: [Double], curve: CornerCurve, origin: CGPoint, bounds: CGRect, matrix: Transform3D,
    map: (sx: Double, sy: Double, tx: Double, ty: Double), always: Bool, frame: Int,
    draw: (Transform3D, SurfaceTarget) throws(GLError) -> Void
  ) throws(GLError) -> Mask? {
    let lx = Double(origin.x), ly = Double(origin.y)
    let px = lx * map.sx + map.tx, py = ly * map.sy + map.ty
    guard px.isFinite, py.isFinite, abs(px) < 1e7, abs(py) < 1e7 else { return nil }
    let ix = px.rounded(.down), iy = py.rounded(.down)
    let key = Key(
      kind: kind, geometry: geometry + [Double(bounds.minX) - lx, Double(bounds.minY) - ly, Double(bounds.width),
      Double(bounds.height)], curve: curve, scale: [map.sx, map.sy], phase: [px - ix, py - iy])
    let kx = (key.phase[0] + key.geometry[key.geometry.count - 4] * map.sx).rounded(.down) - 2
    let ky = (key.phase[1] + key.geometry[key.geometry.count - 3] * map.sy).rounded(.down) - 2
    let originX = Int(ix + kx), originY = Int(iy + ky)
    if let entry = entries[key] {
      entries[key] = (entry.target, frame)
      return Mask(target: entry.target, originX: originX, originY: originY)
    }
    if !always {
      let first = seen[key] == nil
      seen[key] = frame
      if first { return nil }
    }
    let width = Int((Double(bounds.width) * map.sx).rounded(.up)) + 5
    let height = Int((Double(bounds.height) * map.sy).rounded(.up)) + 5
    guard width > 0, height > 0, width <= 2048, height <= 2048 else { return nil }
    let target = try SurfaceTarget(width: width, height: height, format: .coverage, ledger: ledger)
    entries[key] = (target, frame)
    var moved = matrix
    moved.m41 -= Double(originX)
    moved.m42 -= Double(originY)
    target.bind()
    glDisable(GLenum(GL_BLEND))
    defer { glEnable(GLenum(GL_BLEND)) }
    try draw(moved, target)
    return Mask(target: target, originX: originX, originY: originY)
  }

  /// Draws `mask` × `color` over `quads` (at most 8) of the bound target.
  static func drawMask(
    _ mask: Mask, color: PremultipliedColor, quads: [PixelRect], target: SurfaceTarget, _ r: GLResources
  ) throws(GLError) {
    guard !quads.isEmpty else { return }
    let p = try r.programs.mask()
    r.use(p.program)
    setQuads(p.quads, quads)
    glUniform2f(p.targetSize, Float(target.width), Float(target.height))
    glActiveTexture(GLenum(GL_TEXTURE0))
    glBindTexture(GLenum(GL_TEXTURE_2D), mask.target.texture)
    glUniform1i(p.mask, 0)
    glUniform2i(p.maskOrigin, GLint(mask.originX), GLint(mask.originY))
    setColor(p.color, color)
    drawQuads(quads.count)
  }

  func evict(olderThan frame: Int) {
    for (key, entry) in entries where entry.frame < frame {
      entry.target.delete()
      entries[key] = nil
    }
    for (key, last) in seen where last < frame { seen[key] = nil }
  }

  var count: Int { entries.count }

  func deleteAll() {
    evict(olderThan: Int.max)
    seen.removeAll()
  }
}
