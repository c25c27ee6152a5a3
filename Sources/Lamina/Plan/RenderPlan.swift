// RenderPlan: what to draw, as plain values. The lowering (Lowering.swift)
// walks the layer tree once and produces it; LaminaCPU and LaminaGL draw it
// and nothing else, so a difference between them is a backend bug.
//
// Model: a list of surfaces (the canvas is surface 0; the others are
// offscreen targets for groups). Each surface holds draw commands in order,
// composited premultiplied source-over. Every command carries a projective
// matrix from its local space (points of one layer's bounds space, or pixels
// of another surface) to the target surface's pixels (origin top-left, y
// down, pixel (i, j) covers [i, i+1)×[j, j+1), its centre at +0.5), and a
// clip list whose coverages multiply. Backends evaluate shapes in local
// space by mapping each pixel centre back through the inverse matrix, so
// perspective is exact, never approximated.
//
// Rejected: a retained scene graph per backend (two traversals drift apart),
// and flattening 3D subtrees through offscreens (the lowering flattens by
// matrix, z := 0, which is exact and costs nothing; offscreens are used only
// for what needs one: group opacity, masks, rasterization, content shadows,
// and planes cut by the 3D sort).

/// A rounded rectangle in a local space, with Core Animation's corner rules.
public struct RoundedRect: Hashable, Sendable {
  /// The rectangle, in local units.
  public var rect: CGRect
  /// Corner radii, already clamped, in the order minXminY, maxXminY,
  /// maxXmaxY, minXmaxY (clockwise on a y-down screen from the top-left).
  public var radii: [Double]
  /// Circular arcs or Apple's continuous corners.
  public var curve: CornerCurve

  public init(rect: CGRect, radii: [Double] = [0, 0, 0, 0], curve: CornerCurve = .circular) {
    self.rect = rect
    self.radii = radii
    self.curve = curve
  }

  /// True when no corner is rounded.
  public var isRect: Bool { radii.allSatisfy { $0 <= 0 } }
}

/// A half-plane `a·x + b·y + c ≥ 0` in a local space (used to cut planes in
/// the 3D sort).
public struct HalfPlane: Hashable, Sendable {
  public var a: Double, b: Double, c: Double
  public init(a: Double, b: Double, c: Double) { self.a = a; self.b = b; self.c = c }
}

/// One clip: coverage outside the shape is zero; edges are anti-aliased.
public struct Clip: Hashable, Sendable {
  public enum Shape: Hashable, Sendable {
    /// `masksToBounds` of a layer: its rounded bounds.
    case roundedRect(RoundedRect)
    /// A convex polygon given by half-planes (a 3D-sort fragment).
    case convex([HalfPlane])
  }
  /// Local units → target pixels.
  public var matrix: Transform3D
  public var shape: Shape
  public init(matrix: Transform3D, shape: Shape) { self.matrix = matrix; self.shape = shape }
}

/// What every command carries, whatever it draws: the matrix from its local
/// space to the target's pixels, the clips whose coverages multiply its
/// own, and the layer it comes from. One type, so moving a command into an
/// offscreen's grid or reading its clips is written once.
public struct DrawHeader: Hashable, Sendable {
  /// Local units → target pixels.
  public var matrix: Transform3D
  public var clips: [Clip]
  /// The layer it comes from, for messages and debugging.
  public var name: String

  public init(matrix: Transform3D, clips: [Clip], name: String) {
    self.matrix = matrix
    self.clips = clips
    self.name = name
  }

  /// The header moved by (x, y) target pixels, clips and all.
  public func shifted(x: Double, y: Double) -> DrawHeader {
    DrawHeader(
      matrix: matrix.thenTranslated(x: x, y: y), clips: clips.map { $0.shifted(x: x, y: y) }, name: name)
  }
}

/// The header's fields on each kind of command.
public protocol DrawHeaderCarrier {
  var header: DrawHeader { get set }
}

extension DrawHeaderCarrier {
  /// Local units → target pixels.
  public var matrix: Transform3D {
    get { header.matrix }
    set { header.matrix = newValue }
  }
  public var clips: [Clip] {
    get { header.clips }
    set { header.clips = newValue }
  }
  /// The layer it comes from, for messages and debugging.
  public var name: String {
    get { header.name }
    set { header.name = newValue }
  }
}

/// A filled rounded rectangle, or a ring between two (a border).
public struct ShapeDraw: DrawHeaderCarrier, Hashable, Sendable {
  public var header: DrawHeader
  /// The outer edge.
  public var outer: RoundedRect
  /// The inner edge of a border; `nil` fills the whole outer shape.
  public var inner: RoundedRect?
  public var color: PremultipliedColor

  public init(
    matrix: Transform3D, outer: RoundedRect, inner: RoundedRect?, color: PremultipliedColor,
    clips: [Clip], name: String
  ) {
    self.outer = outer
    self.inner = inner
    self.color = color
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}

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

/// A gradient filling a rounded rectangle: a gradient layer's drawing, in
/// place of contents. Each pixel takes the colour at its centre's `t`
/// (Shared/Gradient.swift), × the outline's coverage × clips × `opacity`.
public struct GradientDraw: DrawHeaderCarrier, Hashable, Sendable {
  public var header: DrawHeader
  /// The outline filled: the layer's rounded bounds (pulled in under an opaque border).
  public var shape: RoundedRect
  /// In the same local space; never one colour (the lowering fills those as shapes).
  public var gradient: Gradient
  /// Multiplies the colour (a fade the layer's primitives take one by one).
  public var opacity: Float

  public init(
    matrix: Transform3D, shape: RoundedRect, gradient: Gradient, opacity: Float, clips: [Clip], name: String
  ) {
    self.shape = shape
    self.gradient = gradient
    self.opacity = opacity
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}

/// The Gaussian shadow of a rounded rectangle, in closed form: coverage of
/// `shape` convolved with a Gaussian of standard deviation `sigma`, both in
/// local units, times `color`.
public struct ShadowDraw: DrawHeaderCarrier, Hashable, Sendable {
  public var header: DrawHeader
  /// The silhouette, already moved by `shadowOffset`.
  public var shape: RoundedRect
  /// Standard deviation in local units (points); 0 is a hard edge.
  public var sigma: Double
  /// `shadowColor × shadowOpacity × silhouette alpha`, premultiplied.
  public var color: PremultipliedColor
  /// The local area to cover: `shape.rect` grown by 3σ or more.
  public var extent: CGRect

  public init(
    matrix: Transform3D, shape: RoundedRect, sigma: Double, color: PremultipliedColor,
    extent: CGRect, clips: [Clip], name: String
  ) {
    self.shape = shape
    self.sigma = sigma
    self.color = color
    self.extent = extent
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}

/// A surface's alpha blurred into a shadow under its content.
public struct SurfaceShadow: Hashable, Sendable {
  /// Standard deviation in the source surface's pixels.
  public var sigma: Double
  /// Offset in the source surface's pixels.
  public var offsetX: Double, offsetY: Double
  /// `shadowColor × shadowOpacity`, premultiplied.
  public var color: PremultipliedColor
  /// Draw only the shadow (a `shadowPath` silhouette), not the content.
  public var shadowOnly: Bool
  /// `masksToBounds` of the layer, in source-surface pixels: the shadow
  /// only shows inside it.
  public var clip: Clip?

  public init(
    sigma: Double, offsetX: Double, offsetY: Double, color: PremultipliedColor, shadowOnly: Bool,
    clip: Clip?
  ) {
    self.sigma = sigma
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.color = color
    self.shadowOnly = shadowOnly
    self.clip = clip
  }
}

/// Another surface drawn into this one.
public struct CompositeDraw: DrawHeaderCarrier, Hashable, Sendable {
  public var header: DrawHeader
  /// Index into `RenderPlan.surfaces`; always greater than the target's.
  public var surface: Int
  /// Source surface pixels → target pixels.
  /// Multiplies the whole composite (group opacity).
  public var opacity: Float
  /// A surface of the same size whose alpha multiplies the source (mask).
  public var mask: Int?
  /// A blurred copy of the source's (masked) alpha drawn first.
  public var shadow: SurfaceShadow?
  /// How the source is resampled: `.nearest` when the matrix maps pixels
  /// onto pixels exactly, else the layer's filters (shouldRasterize).
  public var sampling: Sampling
  /// How the source (content over shadow, × mask × opacity × coverage)
  /// meets the target's pixels: `nil` is source-over; a mode blends with
  /// what the target holds, by `BlendMode.composite` (never `.normal`: the
  /// lowering writes `nil` for it).
  public var blendMode: BlendMode?

  public init(
    surface: Int, matrix: Transform3D, opacity: Float, mask: Int?, shadow: SurfaceShadow?,
    sampling: Sampling, clips: [Clip], name: String, blendMode: BlendMode? = nil
  ) {
    self.surface = surface
    self.opacity = opacity
    self.mask = mask
    self.shadow = shadow
    self.sampling = sampling
    self.blendMode = BlendMode.effective(blendMode)
    header = DrawHeader(matrix: matrix, clips: clips, name: name)
  }
}

/// One drawing command.
public enum DrawCommand: Hashable, Sendable {
  case shape(ShapeDraw)
  case image(ImageDraw)
  case shadow(ShadowDraw)
  case composite(CompositeDraw)
  case gradient(GradientDraw)
  /// A shape layer's fill or stroke (PathDraw.swift).
  case path(PathDraw)
}

/// A render target: the canvas, or an offscreen group.
public struct Surface: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// What the surface is for, for messages and debugging.
  public var label: String
  /// For `shouldRasterize`: equal keys mean equal pixels, so a renderer may
  /// reuse a raster it kept from an earlier frame.
  public var rasterKey: Int?
  public var commands: [DrawCommand]
  public init(width: Int, height: Int, label: String, rasterKey: Int? = nil, commands: [DrawCommand] = []) {
    self.width = width
    self.height = height
    self.label = label
    self.rasterKey = rasterKey
    self.commands = commands
  }
}

/// Everything a backend needs to draw one frame.
public struct RenderPlan: Hashable, Sendable {
  /// Output size in pixels.
  public var width: Int
  public var height: Int
  /// Canvas background, premultiplied; surfaces other than 0 start transparent.
  public var background: PremultipliedColor
  /// Surface 0 is the canvas. A composite only names later surfaces, so
  /// drawing them from last to first never reads one before it is drawn.
  public var surfaces: [Surface]

  /// A plan from its parts.
  public init(width: Int, height: Int, background: PremultipliedColor, surfaces: [Surface]) {
    self.width = width
    self.height = height
    self.background = background
    self.surfaces = surfaces
  }
}

/// A backend that draws render plans.
public protocol PlanRenderer: AnyObject {
  /// Draws the plan and reads the canvas back.
  func render(_ plan: RenderPlan) throws -> Image
}

