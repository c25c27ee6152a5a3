// CoverageMaskCache: the coverage of a shadow or a shape (what shadow.frag
// or shape.frag computes before multiplying by the colour) for one
// geometry, scale and sub-pixel phase, rendered once into a region of one
// 32-bit float atlas and reused by every draw that matches, offset by
// whole pixels: a thousand cards with one shape cost one evaluation each
// of their shadow, fill and border, then instances of one QuadBatch draw.
// Exact: the cached float is what the shader computes, and batch.frag
// multiplies it by the colour as the shader does. Shapes are cached from
// their second use (a one-off shape is cheaper drawn directly); entries not
// used in a frame are forgotten after it, and the atlas is repacked from
// empty when it fills up or is mostly forgotten. Texel (0, 0) holds 1: the
// coverage of solid cells, so they join the same batch.
//
// Rejected: one texture per mask (each draw would bind its own texture, so
// a card's shadow, fill and border could not share one draw), and caching
// the coloured result in 8 bits (blending a pre-rounded source differs
// from blending the shader's float by up to a level).

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
  /// A rectangle of atlas texels.
  struct Region: Equatable {
    var x, y, width, height: Int
  }
  struct Mask {
    let region: Region
    /// The target pixel of the region's first texel.
    let originX: Int, originY: Int
  }
  /// The atlas's side in texels: it starts small and doubles when full, up
  /// to 2048 (16 MiB of floats).
  static let firstSide = 512, maxSide = 2048
  private(set) var side = firstSide
  /// The region of the texel of coverage 1.
  static let unit = Region(x: 0, y: 0, width: 1, height: 1)

  private var entries: [Key: (region: Region, frame: Int)] = [:]
  private var seen: [Key: Int] = [:]
  private var packer = ShelfPacker(width: firstSide, height: firstSide)
  private let ledger: GLObjectLedger
  private var atlasTarget: SurfaceTarget?

  init(ledger: GLObjectLedger) { self.ledger = ledger }

  /// The atlas, made on first use with its unit texel.
  func atlas() throws(GLError) -> SurfaceTarget {
    if let atlasTarget { return atlasTarget }
    let target = try SurfaceTarget(width: side, height: side, format: .coverage, ledger: ledger)
    atlasTarget = target
    reset()
    return target
  }

  /// Forgets every entry and writes the unit texel (texel (0, 0) = 1).
  private func reset() {
    entries.removeAll()
    packer = ShelfPacker(width: side, height: side)
    _ = packer.allocate(width: 1, height: 1)
    guard let atlasTarget else { return }
    atlasTarget.bind()
    glEnable(GLenum(GL_SCISSOR_TEST))
    glScissor(0, 0, 1, 1)
    glClearColor(1, 0, 0, 0)
    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    glDisable(GLenum(GL_SCISSOR_TEST))
  }

  /// The mask of a draw whose shape rectangle has its origin at local
  /// `origin`, covering the local `bounds`, under the axis-aligned `map`;
  /// rendered by `draw` (given the matrix moved to the atlas, the region's
  /// quad in atlas pixels and the atlas, bound, blending off) if new.
  /// `always` caches on first use (else from the second). Leaves the atlas
  /// bound when it renders: rebind the target after. Nil when the draw
  /// should be drawn directly. Repacking the atlas flushes `batch` first.
  func mask(
    kind: String, geometry: [Double], curve: CornerCurve, origin: CGPoint, bounds: CGRect, matrix: Transform3D,
    map: (sx: Double, sy: Double, tx: Double, ty: Double), always: Bool, frame: Int, batch: QuadBatch,
    _ r: GLResources, draw: (Transform3D, PixelRect, SurfaceTarget) throws(GLError) -> Void
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
      entries[key] = (entry.region, frame)
      return Mask(region: entry.region, originX: originX, originY: originY)
    }
    if !always {
      let first = seen[key] == nil
      seen[key] = frame
      if first { return nil }
    }
    let width = Int((Double(bounds.width) * map.sx).rounded(.up)) + 5
    let height = Int((Double(bounds.height) * map.sy).rounded(.up)) + 5
    guard width > 0, height > 0, width <= Self.maxSide / 2, height <= Self.maxSide / 2 else { return nil }
    var atlas = try atlas()
    var place = packer.allocate(width: width, height: height)
    if place == nil {
      // Full: draw what refers to the old regions, then start again, in a
      // larger atlas while it may grow.
      try batch.flush(r)
      if side < Self.maxSide {
        side *= 2
        atlasTarget?.delete()
        atlasTarget = nil
        atlas = try self.atlas()
      } else {
        reset()
      }
      place = packer.allocate(width: width, height: height)
    }
    guard let place else { return nil }
    let region = Region(x: place.x, y: place.y, width: width, height: height)
    entries[key] = (region, frame)
    var moved = matrix
    moved.m41 += Double(region.x - originX)
    moved.m42 += Double(region.y - originY)
    atlas.bind()
    glDisable(GLenum(GL_BLEND))
    defer { glEnable(GLenum(GL_BLEND)) }
    try draw(moved, (Float(region.x), Float(region.y), Float(region.x + width), Float(region.y + height)), atlas)
    return Mask(region: region, originX: originX, originY: originY)
  }

  /// Adds `mask` × `color` over `quads` of the batch's target.
  static func drawMask(_ mask: Mask, color: PremultipliedColor, quads: [PixelRect], _ r: GLResources) {
    for quad in quads { r.batch.add(quad, color: color, mask: mask) }
  }

  /// Forgets entries not used since `frame`; repacks a mostly forgotten atlas.
  func evict(olderThan frame: Int) {
    for (key, entry) in entries where entry.frame < frame { entries[key] = nil }
    for (key, last) in seen where last < frame { seen[key] = nil }
    let live = entries.values.reduce(0) { $0 + $1.region.width * $1.region.height }
    if packer.used > side * side / 2 && live < packer.used / 2 { reset() }
  }

  var count: Int { entries.count }

  func deleteAll() {
    entries.removeAll()
    seen.removeAll()
    atlasTarget?.delete()
    atlasTarget = nil
    side = Self.firstSide
  }
}

/// Packs rectangles into rows ("shelves") of a fixed area, top to bottom;
/// nothing is freed but everything at once (the atlas is small and rebuilt
/// quickly). Rejected: skyline or guillotine packing (tighter, but masks of
/// a scene come in few sizes, and a shelf per height fits them well).
struct ShelfPacker {
  private struct Shelf { var y, height, used: Int }
  let width, height: Int
  private var shelves: [Shelf] = []
  private var top = 0
  /// Texels handed out (for repacking decisions).
  private(set) var used = 0

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// A free place for a `w`×`h` rectangle, or nil when full.
  mutating func allocate(width w: Int, height h: Int) -> (x: Int, y: Int)? {
    guard w > 0, h > 0, w <= width, h <= height else { return nil }
    // The lowest shelf tall enough that wastes at most a quarter of it.
    var best: Int?
    for (i, shelf) in shelves.enumerated()
    where shelf.height >= h && shelf.height * 3 <= h * 4 && width - shelf.used >= w {
      if best == nil || shelf.height < shelves[best!].height { best = i }
    }
    if let i = best {
      let x = shelves[i].used
      shelves[i].used += w
      used += w * h
      return (x, shelves[i].y)
    }
    guard top + h <= height else { return nil }
    shelves.append(Shelf(y: top, height: h, used: w))
    top += h
    used += w * h
    return (0, shelves.last!.y)
  }
}
