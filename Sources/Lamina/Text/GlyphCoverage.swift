// GlyphCoverage: the coverage of one glyph piece of a text draw under a
// similarity (a translation and a uniform positive scale), defined once
// here for both backends so that it is a function of a small key: the
// face, the glyph, the size, the scale and the exact sub-pixel phase of
// the glyph's origin on the target (`GlyphCoverageKey`). LaminaCPU keeps
// them in a cache under that key (`GlyphCoverageCache`); LaminaGL keeps
// them in its coverage atlas and draws one instance per glyph piece (and builds a
// repeated draw's region from the same cache).
//
// The definition: the glyph's outline, flattened once per face, glyph, size
// and scale at `Path.rasterTolerance / scale` in bounds units relative to
// the glyph's origin (`GlyphRun.outlines`), mapped by p ↦ scale·p + phase,
// where phase = o − ⌊o⌋ and o = scale·origin + translation is the origin
// on the target, then filled (non-zero, exact area) in a box of whole
// pixels whose own origin is the pixel ⌊o⌋. Nothing in it depends on where
// else the glyph is drawn, so equal keys give equal values by construction:
// no quantisation of the phase. HarfBuzz places glyphs at multiples of
// 1/64 point, so a glyph has at most 64 horizontal phases at 1x; on a page
// of many sizes and baselines they still repeat little (S7-flat: 5,651
// coverages for 7,029 glyphs), and what the key buys is text that moves by
// whole pixels (docs/architecture.md, "Text on the GL backend").
//
// Rejected: quantising the phase to 1/4 or 1/3 pixel (what glyph caches
// usually do: glyphs would move by up to 1/8 pixel, and the backends' bytes
// and the text goldens would become tolerances), and keying the coverage by
// the glyph's placed polygons (exact, but every occurrence would hash its
// outline's points; the key here is five numbers and a font). Rejected
// too: the old name GlyphMask ("mask" is the model's word: `Layer.mask`,
// `maskedCorners`, Lottie's masks).

import Synchronization

/// What decides a `GlyphCoverage`'s values: equal keys, equal values.
public struct GlyphCoverageKey: Hashable, Sendable {
  /// The face the glyph indexes, as its `GlyphCoverageKey.faceID` (one number
  /// per `FontReference` for the life of the process: hashing the file's
  /// path for every glyph of every frame was measured in a steady frame).
  public var face: Int
  /// The glyph's id in the face.
  public var glyph: UInt32
  /// The run's size in points (bounds units per em).
  public var fontSize: Double
  /// The similarity's scale, target pixels per bounds unit.
  public var scale: Double
  /// Where the glyph's origin falls inside its target pixel, each in [0, 1):
  /// on the glyph route one of 0, ¼, ½ and ¾ (`GlyphRun.quarterPixel`).
  public var phaseX: Double, phaseY: Double

  /// One word mixed from every field, handed to the hasher: a frame of
  /// text hashes a key per glyph placed (S7-flat: ~7,000 a cold frame, on
  /// the thread that prepares it), and six fields fed to the hasher one by
  /// one took twice as long. Equal keys mix equally (±0 as 0, as `==`
  /// compares them); the multiply–xor–shift steps spread every bit.
  public func hash(into hasher: inout Hasher) {
    @inline(__always) func bits(_ v: Double) -> UInt64 { v == 0 ? 0 : v.bitPattern }
    @inline(__always) func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
      let m = (h ^ v) &* 0x9E37_79B9_7F4A_7C15
      return m ^ (m >> 29)
    }
    var h = mix(mix(0, UInt64(bitPattern: Int64(face))), UInt64(glyph))
    h = mix(h, bits(fontSize))
    h = mix(h, bits(scale))
    h = mix(h, bits(phaseX))
    hasher.combine(mix(h, bits(phaseY)))
  }
}

extension GlyphCoverageKey {
  private static let faces = Mutex<[FontReference: Int]>([:])

  /// The number `font` goes by in keys: the same for equal references,
  /// different for different ones, for the life of the process (the table
  /// grows by one entry per face a process draws text in).
  public static func faceID(_ font: FontReference) -> Int {
    faces.withLock { table in
      if let known = table[font] { return known }
      table[font] = table.count
      return table.count - 1
    }
  }
}

/// A glyph piece's coverage (see the file's comment).
public struct GlyphCoverage: Sendable {
  /// The pixels it covers, relative to the whole pixel ⌊o⌋ of the glyph's
  /// origin on the target (so `x0` is often negative: a left bearing, the
  /// part above the baseline).
  public let rect: PixelRect
  /// Coverage 0…1 over `rect`, row-major.
  public let values: [Float]

  /// The coverage of `outline` (bounds units, relative to the glyph's origin,
  /// y down) under `key`'s scale and phase; `nil` when it covers no pixel.
  /// `simpleContours`: `SimpleContours`' answer for the outline where the
  /// caller keeps it (the same for every phase: the same polygons moved,
  /// which meet and nest alike up to a rounding); nil: checked here.
  public init?(outline: PolygonSet, key: GlyphCoverageKey, simpleContours: Bool? = nil) {
    let s = key.scale, phase = SIMD2(key.phaseX, key.phaseY)
    var mapped = PolygonSet()
    var lo = SIMD2(Double.infinity, Double.infinity), hi = -lo
    for i in 0..<outline.count {
      let p = outline.polygon(i).map { $0 * s + phase }
      for q in p {
        lo = pointwiseMin(lo, q)
        hi = pointwiseMax(hi, q)
      }
      mapped.append(p)
    }
    guard !mapped.isEmpty, lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return nil }
    let everywhere = PixelRect(x0: -1_000_000_000, y0: -1_000_000_000, x1: 1_000_000_000, y1: 1_000_000_000)
    let rect = PixelRect.covering(minX: lo.x, minY: lo.y, maxX: hi.x, maxY: hi.y, within: everywhere)
    guard !rect.isEmpty else { return nil }
    let offset = SIMD2(-Double(rect.x0), -Double(rect.y0))
    self.rect = rect
    if simpleContours == true,
      let accumulated = FillSweep.accumulateSimple(mapped, offset: offset, width: rect.width, height: rect.height)
    {
      values = accumulated
      return
    }
    var sweep = FillSweep(mapped, offset: offset, rule: .nonZero)
    sweep.simpleContours = simpleContours
    values = sweep.coverage(width: rect.width, height: rect.height)
  }
}
