// CoverageAtlas: the coverage of a shadow or a shape (what shadow.frag
// or rounded_rect.frag computes before multiplying by the colour) for one
// geometry, scale and sub-pixel phase, rendered once into a region of one
// float atlas and reused by every draw that matches, offset by whole
// pixels: a thousand cards with one shape cost one evaluation each of
// their shadow, fill and border, then instances of one QuadBatch draw.
//
// A region holds a stack of up to 3 coverages, bottom to top, in the red,
// green and blue channels (CoverageStack: a card's shadow, fill and border
// as one quad). Each channel holds the layer's weight once the layers above
// it are blended over it, w_k = c_k · Π_{j>k} (1 − a_j c_j), built by
// drawing the layers in order with the usual premultiplied source-over
// blending and the colour (e_k, a_k); alpha ends as 1 − Π (1 − a_k c_k).
// batch.frag's Σ colour_k · w_k is then exactly the layers drawn one over
// the other (source-over is associative), rounded to 8 bits once instead
// of once per layer. A single shape or shadow is a stack of one.
//
// Exact: the floats are what the shaders compute (32-bit float storage and
// blending, GL_EXT_float_blend). Shapes are cached from their first use, as
// shadows and stacks are (caching from the second use, a one-off shape
// drawn directly by rounded_rect.frag, made a shape's first frame differ from its
// later ones by a level at some edge pixels, so frames depended on the
// frames before them); entries not used in a frame are
// forgotten after it, and the atlas is repacked from empty when it fills up
// or is mostly forgotten, or grows (to twice its side, its regions copied
// where they were) when the frame being drawn uses half of what it holds;
// at its largest side, a frame that fills it by itself is declined the
// rest (drawn directly: DrawRoute's fallbacks) and keeps what it cached
// for the next frame.
// Texel (0, 0) holds (1, 0, 0, 1): the coverage of solid cells, so they
// join the same batch.
//
// A path's coverage is not drawn by a shader but computed by
// Lamina on the CPU and uploaded into a region of its own, in the red
// channel (a stack of one), keyed by the draw's polygons, rule and matrix.
//
// A glyph's coverage (GlyphCoverage: Lamina's coverage of one glyph piece of text
// under a similarity) is uploaded the same way, keyed by GlyphCoverageKey
// (face, glyph, size, scale, exact sub-pixel phase), and read by every
// occurrence of that glyph at that phase, one instance each.
//
// The atlas stores and looks up; it draws no coverage. A region allocated
// now comes back as a FreshRegion (the region cleared),
// and the caller, a pass, draws the layers into it (StackedDraw's
// `draw`).
//
// Rejected: a `draw` closure passed to the lookup and called by the atlas
// (it was: the cache called back into the passes, and the passes into the
// cache), one texture per coverage (each draw would bind its own
// texture, so a card's shadow, fill and border could not share one draw),
// caching the coloured result in 8 bits (blending a pre-rounded source
// differs from blending the shader's float by up to a level), one channel
// per region with a stack fetching 3 regions (3 texel fetches a pixel),
// and the old name CoverageMaskCache ("mask" is the model's word for
// `Layer.mask`, `masksToBounds` and `maskedCorners`).

import CGLES
import Lamina

final class CoverageAtlas {
  /// A rectangle of atlas texels.
  struct Region: Equatable {
    var x, y, width, height: Int
  }
  /// Where a cached coverage lies: its region, and where on the target it goes.
  struct Placement {
    let region: Region
    /// The target pixel of the region's first texel.
    let originX: Int, originY: Int
  }
  /// A region allocated now, which its caller draws before anything reads
  /// it: the atlas, with the region cleared to 0.
  struct FreshRegion {
    /// The draw's matrix moved to the atlas.
    let matrix: Transform3D
    /// The region's quad in atlas pixels.
    let quad: PixelRect
    let atlas: SurfaceTarget
  }
  /// The atlas's side in texels: it starts small and doubles when full, up
  /// to 2048 (64 MiB of 4 floats a texel).
  static let firstSide = 512, maxSide = 2048
  private(set) var side = firstSide
  /// The region of the texel of coverage 1.
  static let unit = Region(x: 0, y: 0, width: 1, height: 1)
  /// The most layers a region stacks (its red, green and blue channels).
  static let maxLayers = 3

  private var entries: [CoverageKey: (region: Region, frame: Int)] = [:]
  /// Paths' coverages, computed by Lamina and uploaded.
  private var paths: [PathDraw.CoverageKey: (region: Region, frame: Int)] = [:]
  /// Glyph coverages, uploaded: the region and the coverage's pixels
  /// relative to the glyph's whole-pixel origin (empty: a coverage of no pixel).
  private var glyphs: [GlyphCoverageKey: (region: Region, rect: PixelRect, frame: Int)] = [:]
  /// Glyph coverages uploaded since the atlas was made (for tests and measurements).
  private(set) var glyphUploads = 0
  /// The coverages' floats, kept on the CPU for the frames that build a text
  /// draw's own region from them.
  let glyphCoverages = GlyphCoverageCache()
  /// Text draws drawn glyph by glyph, by the frame they last were: a draw
  /// seen in an earlier frame gets a region of its own (`promotes`).
  private var glyphDraws: [PathDraw.CoverageKey: Int] = [:]
  /// Text draws' pieces of several glyphs, uploaded beside their glyph
  /// instances: the region and the pixels it covers on the target.
  private var rests: [PathDraw.CoverageKey: (region: Region, rect: PixelRect, frame: Int)] = [:]
  private var seen: [CoverageKey: Int] = [:]
  /// The frame in which the full atlas declined (it then declines every
  /// allocation until the frame ends).
  private var declinedFrame = -1
  private var packer = ShelfPacker(width: firstSide, height: firstSide)
  private let device: GLDevice
  private var atlasTarget: SurfaceTarget?

  init(device: GLDevice) { self.device = device }

  /// The atlas's target, made on first use with its unit texel.
  func target() throws(GLError) -> SurfaceTarget {
    if let atlasTarget { return atlasTarget }
    let target = try SurfaceTarget(width: side, height: side, format: .coverage, device: device)
    atlasTarget = target
    reset()
    return target
  }

  /// Forgets every entry and writes the unit texel.
  private func reset() {
    entries.removeAll()
    paths.removeAll()
    glyphs.removeAll()
    rests.removeAll()
    packer = ShelfPacker(width: side, height: side)
    _ = packer.allocate(width: 1, height: 1)
    guard let atlasTarget else { return }
    clear(Self.unit, of: atlasTarget, to: (1, 0, 0, 1))
  }

  private func clear(_ region: Region, of atlas: SurfaceTarget, to value: (Float, Float, Float, Float)) {
    device.clear(.surface(atlas), to: value, region: (region.x, region.y, region.width, region.height))
  }

  /// The colour layer `index` of a stack is drawn with into the atlas: 1 in
  /// its channel, and the alpha that weighs the layers below it.
  static func layerColor(_ index: Int, alpha: Float) -> PremultipliedColor {
    PremultipliedColor(r: index == 0 ? 1 : 0, g: index == 1 ? 1 : 0, b: index == 2 ? 1 : 0, a: alpha)
  }

  /// Where the coverage of `layers` (CoverageKey) covering the local
  /// `bounds` under the axis-aligned `map` lies; with `fresh` when the
  /// region was allocated now: the caller must then draw the layers into it
  /// (StackedDraw's `draw`) before anything else draws. `always` caches on first use (else from the second). Nil when
  /// the draw should be drawn directly. Repacking the atlas flushes `batch`
  /// first.
  func placement(
    layers: CoverageKey.Layers, bounds: CGRect, matrix: Transform3D,
    map: (sx: Double, sy: Double, tx: Double, ty: Double), always: Bool, frame: Int, batch: QuadBatch
  ) throws(GLError) -> (placement: Placement, fresh: FreshRegion?)? {
    let px = Double(bounds.minX) * map.sx + map.tx, py = Double(bounds.minY) * map.sy + map.ty
    guard px.isFinite, py.isFinite, abs(px) < 1e7, abs(py) < 1e7 else { return nil }
    let ix = px.rounded(.down), iy = py.rounded(.down)
    let key = CoverageKey(layers: layers, scaleX: map.sx, scaleY: map.sy, phaseX: px - ix, phaseY: py - iy)
    // Two texels of margin before the first pixel the bounds touch.
    let originX = Int(ix) - 2, originY = Int(iy) - 2
    if let index = entries.index(forKey: key) {
      // One hash for a hit: the frame is updated in place.
      entries.values[index].frame = frame
      return (Placement(region: entries.values[index].region, originX: originX, originY: originY), nil)
    }
    if !always {
      let first = seen[key] == nil
      seen[key] = frame
      if first { return nil }
    }
    let width = Int((Double(bounds.width) * map.sx).rounded(.up)) + 5
    let height = Int((Double(bounds.height) * map.sy).rounded(.up)) + 5
    guard let (region, atlas) = try allocate(width: width, height: height, frame: frame, batch: batch) else {
      return nil
    }
    entries[key] = (region, frame)
    var moved = matrix
    moved.m41 += Double(region.x - originX)
    moved.m42 += Double(region.y - originY)
    clear(region, of: atlas, to: (0, 0, 0, 0))
    let quad = PixelRect(x0: region.x, y0: region.y, x1: region.x + width, y1: region.y + height)
    return (
      Placement(region: region, originX: originX, originY: originY),
      FreshRegion(matrix: moved, quad: quad, atlas: atlas)
    )
  }

  /// A region of `width × height` texels for `frame`, repacking (or
  /// growing) a full atlas first; nil when it cannot fit (over half the
  /// largest side).
  private func allocate(width: Int, height: Int, frame: Int, batch: QuadBatch) throws(GLError) -> (
    Region, SurfaceTarget
  )? {
    guard width > 0, height > 0, width <= Self.maxSide / 2, height <= Self.maxSide / 2 else { return nil }
    var atlas = try target()
    var place = packer.allocate(width: width, height: height)
    if place == nil, declinedFrame == frame { return nil }
    if place == nil {
      // Full: draw what refers to the old regions, then grow when this
      // frame's own coverages are at least half of what the atlas holds
      // (starting again would drop what the frame needs, so every frame
      // would fill it again), else start again from empty (the churn of
      // scenes that come and go would grow it to the largest). Not measured
      // against the atlas's area: shelves leave gaps, and a 1024² atlas
      // of 240 cards' stacks filled with 30 % of its texels handed out,
      // then started again every frame.
      try batch.flush()
      let fitsEmpty = width <= side && height <= side - 1  // the unit texel's shelf
      let frameFills = texels(usedIn: frame) * 2 >= packer.used
      if side < Self.maxSide && (frameFills || !fitsEmpty) {
        atlas = try grow()
      } else if frameFills {
        // The frame alone fills the largest atlas: what does not fit is
        // drawn directly for the rest of the frame. Starting again dropped
        // what the frame had cached, so every frame filled it again from
        // empty (S1-frac's 1,000 cards at 1,000 sub-pixel phases: every
        // stack evaluated whole every frame, 571 ms a steady frame on
        // llvmpipe); now the same cards stay cached from frame to frame.
        declinedFrame = frame
        return nil
      } else {
        reset()
      }
      place = packer.allocate(width: width, height: height)
    }
    guard let place else { return nil }
    allocations += 1
    return (Region(x: place.x, y: place.y, width: width, height: height), atlas)
  }

  /// The atlas at twice its side, holding every region where it was: the
  /// old texels are copied over (GLDevice.copy) and the packer goes on
  /// from its shelves. (Starting again from empty made every coverage of
  /// the frame that filled it be computed and uploaded again in the next
  /// frame: S4's second frame on GL took 160–220 ms against 14.)
  private func grow() throws(GLError) -> SurfaceTarget {
    let old = try target(), oldSide = side
    let larger = try SurfaceTarget(width: 2 * oldSide, height: 2 * oldSide, format: .coverage, device: device)
    device.copy(PixelRect(x0: 0, y0: 0, x1: oldSide, y1: oldSide), of: old, into: larger)
    old.delete()
    side = 2 * oldSide
    atlasTarget = larger
    packer = packer.grown(width: side, height: side)
    grownCount += 1
    return larger
  }

  /// Times the atlas has grown, and regions allocated (for tests).
  private(set) var grownCount = 0, allocations = 0

  /// Whether the coverage of a path with `key` is uploaded.
  func keeps(_ key: PathDraw.CoverageKey) -> Bool { paths[key] != nil }

  /// Whether the coverage of the glyph with `key` is uploaded.
  func keepsGlyph(_ key: GlyphCoverageKey) -> Bool { glyphs[key] != nil }

  /// Coverages of the surface being drawn, filled together (PathPass.fill)
  /// and uploaded when their draws ask for them.
  var filled: [PathDraw.CoverageKey: (rect: PixelRect, values: [Float])?] = [:]
  /// What fills them: the surface's shapes (and its text's glyphs, into
  /// `glyphCoverages`) the atlas lacks, run (and dropped) the first time a
  /// draw of the surface misses.
  var fillMissing: (() -> [PathDraw.CoverageKey: (rect: PixelRect, values: [Float])?])?

  /// Where the uploaded coverage of a path with `key` lies, and
  /// whether its region was allocated now (the caller must then upload the
  /// coverage before anything reads it). Nil when it does not fit; an
  /// atlas repacked to make room flushes `batch` first.
  func pathRegion(_ key: PathDraw.CoverageKey, width: Int, height: Int, frame: Int, batch: QuadBatch)
    throws(GLError) -> (region: Region, atlas: SurfaceTarget, fresh: Bool)?
  {
    if let index = paths.index(forKey: key) {
      paths.values[index].frame = frame
      return (paths.values[index].region, try target(), false)
    }
    guard let (region, atlas) = try allocate(width: width, height: height, frame: frame, batch: batch) else {
      return nil
    }
    paths[key] = (region, frame)
    return (region, atlas, true)
  }

  /// Where the uploaded coverage of the glyph with `key` lies and its pixels
  /// relative to the glyph's whole-pixel origin; nil when not kept.
  func glyphRegion(_ key: GlyphCoverageKey, frame: Int) throws(GLError) -> (
    region: Region, rect: PixelRect, atlas: SurfaceTarget
  )? {
    guard let index = glyphs.index(forKey: key) else { return nil }
    glyphs.values[index].frame = frame
    return (glyphs.values[index].region, glyphs.values[index].rect, try target())
  }

  /// A region for the coverage of the glyph with `key` over `rect` (relative to
  /// its whole-pixel origin), which the caller uploads before anything
  /// reads it; nil when it does not fit (an atlas repacked to make room
  /// flushes `batch` first). An empty `rect` is kept with no region.
  func addGlyph(_ key: GlyphCoverageKey, rect: PixelRect, frame: Int, batch: QuadBatch) throws(GLError) -> (
    region: Region, atlas: SurfaceTarget
  )? {
    if rect.isEmpty {
      glyphs[key] = (Self.unit, rect, frame)
      return (Self.unit, try target())
    }
    guard let (region, atlas) = try allocate(width: rect.width, height: rect.height, frame: frame, batch: batch)
    else { return nil }
    glyphs[key] = (region, rect, frame)
    glyphUploads += 1
    return (region, atlas)
  }

  /// Glyph coverages kept (used this frame or the last).
  var glyphCount: Int { glyphs.count }

  /// True when the text draw with `key` should be drawn from a region of
  /// its own (it has one, or it was drawn glyph by glyph in an earlier
  /// frame and is drawn again); false (and noted) on its first sighting,
  /// when it is drawn glyph by glyph.
  /// A promoted draw stays noted while it is drawn, so a draw whose region
  /// a repacking dropped gets a new one at once.
  func promotes(_ key: PathDraw.CoverageKey, frame: Int) -> Bool {
    guard let last = glyphDraws[key] else {
      glyphDraws[key] = frame
      return paths[key] != nil
    }
    glyphDraws[key] = frame
    return last < frame || paths[key] != nil
  }

  /// Where the uploaded coverage of a text draw's pieces of several glyphs
  /// lies and its pixels on the target; nil when not kept.
  func restRegion(_ key: PathDraw.CoverageKey, frame: Int) throws(GLError) -> (
    region: Region, rect: PixelRect, atlas: SurfaceTarget
  )? {
    guard let index = rests.index(forKey: key) else { return nil }
    rests.values[index].frame = frame
    return (rests.values[index].region, rests.values[index].rect, try target())
  }

  /// A region for that coverage over `rect` (target pixels), which the
  /// caller uploads; nil when it does not fit (an atlas repacked to make
  /// room flushes `batch` first).
  func addRest(_ key: PathDraw.CoverageKey, rect: PixelRect, frame: Int, batch: QuadBatch) throws(GLError) -> (
    region: Region, atlas: SurfaceTarget
  )? {
    guard let (region, atlas) = try allocate(width: rect.width, height: rect.height, frame: frame, batch: batch)
    else { return nil }
    rests[key] = (region, rect, frame)
    return (region, atlas)
  }

  /// Texels of the entries used in `frame`.
  private func texels(usedIn frame: Int) -> Int {
    func area(_ r: Region) -> Int { r.width * r.height }
    return entries.values.reduce(0) { $0 + ($1.frame == frame ? area($1.region) : 0) }
      + paths.values.reduce(0) { $0 + ($1.frame == frame ? area($1.region) : 0) }
      + glyphs.values.reduce(0) { $0 + ($1.frame == frame ? area($1.region) : 0) }
      + rests.values.reduce(0) { $0 + ($1.frame == frame ? area($1.region) : 0) }
  }

  /// Texels of the entries kept (used this frame or the last).
  private var liveTexels: Int {
    entries.values.reduce(0) { $0 + $1.region.width * $1.region.height }
      + paths.values.reduce(0) { $0 + $1.region.width * $1.region.height }
      + glyphs.values.reduce(0) { $0 + $1.region.width * $1.region.height }
      + rests.values.reduce(0) { $0 + $1.region.width * $1.region.height }
  }

  /// Forgets entries not used since `frame`; repacks a mostly forgotten atlas.
  func evict(olderThan frame: Int) {
    for (key, entry) in entries where entry.frame < frame { entries[key] = nil }
    for (key, entry) in paths where entry.frame < frame { paths[key] = nil }
    for (key, entry) in glyphs where entry.frame < frame { glyphs[key] = nil }
    for (key, last) in glyphDraws where last < frame { glyphDraws[key] = nil }
    for (key, entry) in rests where entry.frame < frame { rests[key] = nil }
    glyphCoverages.endFrame()
    for (key, last) in seen where last < frame { seen[key] = nil }
    if packer.used > side * side / 2 && liveTexels < packer.used / 2 { reset() }
  }

  var count: Int { entries.count + paths.count + glyphs.count + rests.count }

  func deleteAll() {
    entries.removeAll()
    paths.removeAll()
    glyphs.removeAll()
    glyphDraws.removeAll()
    rests.removeAll()
    seen.removeAll()
    atlasTarget?.delete()
    atlasTarget = nil
    side = Self.firstSide
  }
}
