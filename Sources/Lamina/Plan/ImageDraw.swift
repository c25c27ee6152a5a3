// ImageDraw: a contents image in the plan: its slices (one, or the nine of
// `contentsCenter`), how it is sampled (filters, level-of-detail bias),
// its opacity, and the colour multiplier a replicator's instance colour
// gives it (ColorMultiplier.swift).
//
// Rejected: resampling images in the lowering (the backends sample at the
// pixel centres they draw; an image resampled ahead is wrong under
// perspective and at sub-pixel positions).

/// One slice of a contents image: a local rectangle and the image texels
/// (in level-0 pixels, floating point) mapped onto it.
public struct ImageSlice: Hashable, Sendable {
  public var destination: CGRect
  public var source: CGRect
  public init(destination: CGRect, source: CGRect) {
    self.destination = destination
    self.source = source
  }

  /// How close to the edge two slices share a local point counts as on it,
  /// in local units: such a point belongs to the slice after the edge
  /// (right of or below it), on both backends. Pixel centres fall exactly on
  /// slice edges (a nine-slice's edge at 2.5 points, turned 90°, at a
  /// pixel's centre), and a tie decided by the last bits of the arithmetic
  /// (a replicator's 90° turn has entries of 6·10⁻¹⁷) changed when the layer
  /// moved by whole pixels: one row read the minified middle slice instead
  /// of the corner, 68 levels (found by the relations at 10,000 trees).
  /// Like `Sampling.nearestTie`, 1/1024 is well above Float32's error in a
  /// local coordinate and moves an edge by under a hundredth of a pixel at
  /// scales below 10.
  public static let edgeTie = 1.0 / 1024
}

/// Sampling settings of a contents image.
public struct Sampling: Hashable, Sendable {
  public var minification: ContentsFilter
  public var magnification: ContentsFilter
  /// Added to the level of detail (`minificationFilterBias`).
  public var bias: Double
  public init(minification: ContentsFilter, magnification: ContentsFilter, bias: Double) {
    self.minification = minification
    self.magnification = magnification
    self.bias = bias
  }
  public static let linear = Sampling(minification: .linear, magnification: .linear, bias: 0)

  /// How close to a texel edge a `nearest` read counts as on it, in
  /// texels: such a read takes the texel right of (or below) the edge, on
  /// both backends. Pixel centres often fall exactly on texel edges (20
  /// texels over 25 pixels puts every fourth edge on one), and a tie decided
  /// by the last bit of the arithmetic changes when the layer moves by whole
  /// pixels (found by the relations, on the CPU in Double and on GL in
  /// Float32). 1/1024 texel is well above Float32's error in the texel
  /// coordinate of a canvas a few thousand pixels wide, and moves a
  /// boundary by under a hundredth of a pixel at magnifications below 10.
  public static let nearestTie = 1.0 / 1024

  /// What image.frag adds to a texel coordinate read with magnification
  /// (λ ≤ 0) and with minification: `nearestTie` where that filter is
  /// `nearest`, else 0 (a linear read is not moved).
  public var nearestNudge: (magnification: Double, minification: Double) {
    (magnification == .nearest ? Sampling.nearestTie : 0, minification == .nearest ? Sampling.nearestTie : 0)
  }
}

/// Contents (or any image) drawn onto local rectangles.
public struct ImageDraw: DrawHeaderCarrier, @unchecked Sendable, Hashable {
  public var header: DrawHeader
  public var image: Image
  /// One slice, or up to nine (nine-slice contents, drawn as one mesh:
  /// samples clamp to the whole image's edge, not the slice's).
  public var slices: [ImageSlice]
  public var sampling: Sampling
  /// Multiplies the sampled colour (1 for contents).
  public var opacity: Float
  /// Multiplies the sampled colour's red, green and blue (premultiplied):
  /// a replicator copy's instance colour (ColorMultiplier.swift); white,
  /// the identity, for everything else.
  public var tint = ColorMultiplier.identity

  public static func == (l: ImageDraw, r: ImageDraw) -> Bool {
    l.header == r.header && l.image === r.image && l.slices == r.slices && l.sampling == r.sampling
      && l.opacity == r.opacity && l.tint == r.tint
  }
  /// Every field `==` compares: a surface's content hash names its raster
  /// in both backends' `shouldRasterize` caches, so a draw that differs only
  /// in its tint or opacity must hash apart (found by the
  /// rasterizeAtCanvasScale relation: the three tinted copies of a raster
  /// inside a replicator shared one cached raster, 76 levels off).
  public func hash(into h: inout Hasher) {
    h.combine(header); h.combine(ObjectIdentifier(image)); h.combine(slices)
    h.combine(sampling); h.combine(opacity); h.combine(tint)
  }

  /// Its words for damage matching (CommandMatching.swift): the image by
  /// identity, then every other field.
  @inline(__always) func writeWords(into w: inout CommandWordWriter) {
    w.add(3)
    w.write(header, UInt64(UInt(bitPattern: ObjectIdentifier(image))), slices, sampling, opacity, tint)
  }

  public init(
    matrix: Transform3D, image: Image, slices: [ImageSlice], sampling: Sampling, opacity: Float,
    clips: [Clip], name: String
  ) {
    self.image = image
    self.slices = slices
    self.sampling = sampling
    self.opacity = opacity
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}
