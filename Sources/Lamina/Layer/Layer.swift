// Layer: `CALayer`'s model, names and defaults. A layer is a reference (like
// CALayer) in a tree; geometry follows CALayer exactly: `position` is where
// `anchorPoint` (unit coordinates of `bounds`) sits in the superlayer,
// `transform` acts about the anchor point, `frame` is derived.
//
// The plain values (all but the tree, the mask and time) are one struct,
// `LayerValues`, with the defaults; the public properties read and write
// it, clamping as ValueRange.swift says, so a presentation copy is one
// assignment (LayerCopy.swift). A subclass keeps its own the same way.
// Rejected: stored properties with `didSet` clamps, copied one by one
// (the copy listed every property again).
//
// Tree edits that would make a cycle throw `LayerTreeError` instead of
// raising an exception as Core Animation does: a server must not crash on
// API misuse. Rendering validates the whole tree again (masks included).

/// Why a tree edit was refused.
public enum LayerTreeError: Error, Equatable, CustomStringConvertible {
  /// Adding `child` under `parent` would make a layer its own ancestor.
  case cycle(child: String, parent: String)
  /// The index is outside `0...sublayers.count`.
  case indexOutOfRange(index: Int, count: Int)
  /// The sibling named for `insertSublayer(_:above:)`/`below:` is not a sublayer.
  case notASublayer(String)

  public var description: String {
    switch self {
    case .cycle(let child, let parent):
      return "cannot add \(child) to \(parent): \(child) is \(parent) or one of its ancestors"
    case .indexOutOfRange(let index, let count):
      return "sublayer index \(index) is outside 0...\(count)"
    case .notASublayer(let name):
      return "\(name) is not a sublayer of this layer"
    }
  }
}

/// A rectangular, transformable layer: the counterpart of `CALayer`.
open class Layer {
  /// Shown in errors and by hit testing.
  public var name: String? { get { values.name } set { values.name = newValue } }

  // MARK: Geometry

  /// The layer's own coordinate space; its origin offsets the sublayers.
  public var bounds: CGRect { get { values.bounds } set { values.bounds = newValue } }
  /// Where `anchorPoint` sits in the superlayer's coordinate space.
  public var position: CGPoint { get { values.position } set { values.position = newValue } }
  /// Unit coordinates in `bounds` about which transforms happen.
  public var anchorPoint: CGPoint { get { values.anchorPoint } set { values.anchorPoint = newValue } }
  /// Orders siblings (stable, ascending) and translates along z.
  public var zPosition: Double { get { values.zPosition } set { values.zPosition = newValue } }
  /// `CALayer.transform`, applied about `anchorPoint`.
  public var transform: Transform3D { get { values.transform } set { values.transform = newValue } }
  /// Applied to all sublayers, about the centre of `bounds`.
  public var sublayerTransform: Transform3D { get { values.sublayerTransform } set { values.sublayerTransform = newValue } }

  // MARK: Visibility and compositing

  /// The layer and its subtree are not drawn and not hit.
  public var isHidden: Bool { get { values.isHidden } set { values.isHidden = newValue } }
  /// 0…1; applies to the whole layer.
  public var opacity: Double { get { values.opacity } set { values.opacity = newValue.clamped(to: ValueRange.unit) } }
  /// true: the subtree is composited, then faded as one.
  public var allowsGroupOpacity: Bool { get { values.allowsGroupOpacity } set { values.allowsGroupOpacity = newValue } }
  /// false: not drawn when its back faces the viewer.
  public var isDoubleSided: Bool { get { values.isDoubleSided } set { values.isDoubleSided = newValue } }

  // MARK: Shape, background and border

  /// Filled inside the rounded bounds; `nil` is transparent.
  public var backgroundColor: Color? { get { values.backgroundColor } set { values.backgroundColor = newValue } }
  /// Rounds the background, border and `masksToBounds` clip.
  public var cornerRadius: Double { get { values.cornerRadius } set { values.cornerRadius = newValue.clamped(to: ValueRange.nonNegative) } }
  /// Which corners `cornerRadius` rounds.
  public var maskedCorners: CornerMask { get { values.maskedCorners } set { values.maskedCorners = newValue } }
  /// Circular or continuous corners.
  public var cornerCurve: CornerCurve { get { values.cornerCurve } set { values.cornerCurve = newValue } }
  /// Clips contents, sublayers and the shadow to the rounded bounds.
  public var masksToBounds: Bool { get { values.masksToBounds } set { values.masksToBounds = newValue } }
  /// Drawn inside the bounds, above contents and sublayers.
  public var borderWidth: Double { get { values.borderWidth } set { values.borderWidth = newValue.clamped(to: ValueRange.nonNegative) } }
  /// `nil` draws no border; the default is opaque black.
  public var borderColor: Color? { get { values.borderColor } set { values.borderColor = newValue } }

  // MARK: Shadow

  /// 0…1; no shadow at 0.
  public var shadowOpacity: Double { get { values.shadowOpacity } set { values.shadowOpacity = newValue.clamped(to: ValueRange.unit) } }
  /// The shadow's colour; the default is opaque black.
  public var shadowColor: Color? { get { values.shadowColor } set { values.shadowColor = newValue } }
  /// The default `(0, -3)` puts the shadow above the layer, as on iOS.
  public var shadowOffset: CGSize { get { values.shadowOffset } set { values.shadowOffset = newValue } }
  /// The Gaussian's standard deviation, in points.
  public var shadowRadius: Double { get { values.shadowRadius } set { values.shadowRadius = newValue.clamped(to: ValueRange.nonNegative) } }
  /// The silhouette of the shadow; `nil` uses the alpha of what the layer draws.
  public var shadowPath: Path? { get { values.shadowPath } set { values.shadowPath = newValue } }

  // MARK: Contents

  /// The backing image.
  public var contents: Image? { get { values.contents } set { values.contents = newValue } }
  /// The part of the image shown, in unit coordinates.
  public var contentsRect: CGRect { get { values.contentsRect } set { values.contentsRect = newValue } }
  /// How the image fits the bounds.
  public var contentsGravity: ContentsGravity { get { values.contentsGravity } set { values.contentsGravity = newValue } }
  /// Image pixels per point, for the gravities that keep the natural size.
  public var contentsScale: Double { get { values.contentsScale } set { values.contentsScale = newValue } }
  /// Nine-slice stretching, in unit coordinates of the `contentsRect` part.
  public var contentsCenter: CGRect { get { values.contentsCenter } set { values.contentsCenter = newValue } }
  /// Filter used when the image is drawn smaller than its natural size.
  public var minificationFilter: ContentsFilter { get { values.minificationFilter } set { values.minificationFilter = newValue } }
  /// Filter used when the image is drawn larger; `trilinear` acts as `linear`.
  public var magnificationFilter: ContentsFilter { get { values.magnificationFilter } set { values.magnificationFilter = newValue } }
  /// Added to the mipmap level of detail.
  public var minificationFilterBias: Double { get { values.minificationFilterBias } set { values.minificationFilterBias = newValue } }

  // MARK: Rasterization and masking

  /// Draw the subtree once into a bitmap and reuse it while nothing changes.
  public var shouldRasterize: Bool { get { values.shouldRasterize } set { values.shouldRasterize = newValue } }
  /// The raster's pixels per point.
  public var rasterizationScale: Double { get { values.rasterizationScale } set { values.rasterizationScale = newValue } }
  /// A layer whose alpha masks this one, laid out in this layer's space.
  public var mask: Layer?
  /// How the layer, drawn as one group with its sublayers, shadow, mask
  /// and opacity, meets what is already drawn under it (`compositingFilter`,
  /// by Core Image's names: `.multiply` is `"multiplyBlendMode"`); `nil`
  /// and `.normal` composite source-over. docs/scene-format.md,
  /// "Compositing filters".
  public var compositingFilter: BlendMode? { get { values.compositingFilter } set { values.compositingFilter = newValue } }
  /// The plain values behind the properties above (`LayerValues`).
  var values = LayerValues()

  // MARK: Time (Time/LayerAnimations.swift)

  /// `CAMediaTiming`: maps the superlayer's time to this layer's (a duration
  /// of 0 runs forever).
  public var timing = MediaTiming()
  /// The animations added with `add(_:forKey:)`, in the order added.
  var animationEntries: [(key: String?, animation: Animation)] = []

  // MARK: Tree

  /// The sublayers, back to front before `zPosition` sorting; `nil` when none.
  public private(set) var sublayers: [Layer]?
  /// The layer this one is a sublayer of.
  public private(set) weak var superlayer: Layer?

  /// Creates a layer with Core Animation's defaults.
  public init() {}

  /// Releases the subtree without recursion: a chain of 100,000 layers must
  /// not overflow the stack when it is freed. Sublayers still referenced
  /// elsewhere keep theirs.
  deinit {
    guard var stack = sublayers else { return }
    sublayers = nil
    while var layer = stack.popLast() {
      if isKnownUniquelyReferenced(&layer), let children = layer.sublayers {
        layer.sublayers = nil
        stack.append(contentsOf: children)
      }
    }
  }

  /// True for `TransformLayer`: its sublayers share its 3D space.
  open var isTransformLayer: Bool { false }

  /// True when the layer draws a gradient in place of contents (a
  /// `GradientLayer` with colours).
  var drawsGradient: Bool { false }

  /// The layer as a `ReplicatorLayer` (whose sublayers are drawn in
  /// copies), or `nil`: a virtual call, cheaper than a cast per layer.
  var asReplicator: ReplicatorLayer? { nil }
  /// True when the layer draws a path in place of contents (a
  /// `ShapeLayer` with a path and a visible fill or stroke).
  var drawsShape: Bool { false }

  /// The layer's class in the scene format: its `type` and its keys.
  var sceneClass: LayerClass { LayerClasses.layer }

  /// Copies the class's own plain values (beyond `values`) into `copy`, a
  /// layer of the same scene class (LayerCopy.swift).
  func copyOwnValues(to copy: Layer) {}

  /// The first of the class's own properties (beyond `Layer`'s) holding a
  /// NaN or an infinity, by its Swift name; `nil` when all are finite.
  func firstNonFiniteOwnProperty() -> String? { nil }

  /// Whether the class's own numbers are all finite: by default its
  /// table's answer; a class may read them directly (FiniteCheck.swift).
  var ownValuesAreFinite: Bool { firstNonFiniteOwnProperty() == nil }

  /// Why the layer's gradient stops cannot be drawn, or `nil` (the lowering
  /// refuses such a tree, as the scene loader refuses such a file).
  var gradientProblem: String? { nil }

  /// How many stops the layer's gradient has (0 for a layer that draws
  /// none); the lowering refuses more than `RenderLimits.maxGradientStops`.
  var gradientStopCount: Int { 0 }

  /// Why the layer's stroke cannot be drawn (a value out of its range), or
  /// `nil` (the lowering refuses such a tree, as the scene loader refuses
  /// such a file).
  var shapeProblem: String? { nil }

  /// A name for messages: `name`, or the type and address.
  public var debugName: String {
    name.map { Excerpt.named($0) } ?? "unnamed layer"
  }

  /// Appends `layer`, removing it from its current superlayer first.
  public func addSublayer(_ layer: Layer) throws(LayerTreeError) {
    // The end of the list once `layer` has left it (it may already be here).
    let end = (sublayers?.count ?? 0) - (layer.superlayer === self ? 1 : 0)
    try insertSublayer(layer, at: end)
  }

  /// Inserts `layer` at `index` (0 is the back), moving it if it has a
  /// superlayer. As on `CALayer`, the layer is removed first, so `index`
  /// counts the sublayers without it.
  public func insertSublayer(_ layer: Layer, at index: Int) throws(LayerTreeError) {
    try checkNoCycle(adding: layer)
    let countAfterRemoval = (sublayers?.count ?? 0) - (layer.superlayer === self ? 1 : 0)
    guard index >= 0, index <= countAfterRemoval else {
      throw .indexOutOfRange(index: index, count: countAfterRemoval)
    }
    layer.removeFromSuperlayer()
    attach(layer, at: index)
  }

  /// Inserts `layer` just above `sibling` (drawn after it).
  public func insertSublayer(_ layer: Layer, above sibling: Layer) throws(LayerTreeError) {
    try insert(layer, besides: sibling, offset: 1)
  }

  /// Inserts `layer` just below `sibling` (drawn before it).
  public func insertSublayer(_ layer: Layer, below sibling: Layer) throws(LayerTreeError) {
    try insert(layer, besides: sibling, offset: 0)
  }

  private func insert(_ layer: Layer, besides sibling: Layer, offset: Int) throws(LayerTreeError) {
    guard sibling !== layer, sibling.superlayer === self else {
      throw .notASublayer(sibling.debugName)
    }
    try checkNoCycle(adding: layer)
    layer.removeFromSuperlayer()
    let i = sublayers?.firstIndex { $0 === sibling } ?? 0
    attach(layer, at: i + offset)
  }

  private func checkNoCycle(adding layer: Layer) throws(LayerTreeError) {
    // A layer without sublayers can only be its own ancestor by being self:
    // this keeps building a deep chain linear instead of quadratic.
    if layer.sublayers == nil {
      if layer === self { throw .cycle(child: layer.debugName, parent: debugName) }
      return
    }
    var ancestor: Layer? = self
    while let a = ancestor {
      if a === layer { throw .cycle(child: layer.debugName, parent: debugName) }
      ancestor = a.superlayer
    }
  }

  private func attach(_ layer: Layer, at index: Int) {
    var list = sublayers ?? []
    sublayers = nil  // `list` holds the only reference: appending does not copy it
    list.insert(layer, at: index)
    sublayers = list
    layer.superlayer = self
  }

  /// Detaches the layer from its superlayer, if any.
  public func removeFromSuperlayer() {
    guard let parent = superlayer else { return }
    parent.sublayers?.removeAll { $0 === self }
    if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
    superlayer = nil
  }
}

/// `CATransformLayer`: its sublayers share its 3D space (no flattening). It
/// draws no background, border, contents, shadow or mask of its own, and its
/// `opacity` applies to each sublayer on its own.
public final class TransformLayer: Layer {
  public override var isTransformLayer: Bool { true }
  override var sceneClass: LayerClass { LayerClasses.transformLayer }
}

/// `Layer`'s plain values: every property but the tree, the mask and time,
/// with Core Animation's defaults. One struct, so a presentation copy is
/// one assignment (LayerCopy.swift).
struct LayerValues {
  var name: String?
  var bounds: CGRect = .zero
  var position: CGPoint = .zero
  var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
  var zPosition: Double = 0
  var transform: Transform3D = .identity
  var sublayerTransform: Transform3D = .identity
  var isHidden: Bool = false
  var opacity: Double = 1
  var allowsGroupOpacity: Bool = true
  var isDoubleSided: Bool = true
  var backgroundColor: Color?
  var cornerRadius: Double = 0
  var maskedCorners: CornerMask = .all
  var cornerCurve: CornerCurve = .circular
  var masksToBounds: Bool = false
  var borderWidth: Double = 0
  var borderColor: Color? = .black
  var shadowOpacity: Double = 0
  var shadowColor: Color? = .black
  var shadowOffset: CGSize = CGSize(width: 0, height: -3)
  var shadowRadius: Double = 3
  var shadowPath: Path?
  var contents: Image?
  var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  var contentsGravity: ContentsGravity = .resize
  var contentsScale: Double = 1
  var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
  var minificationFilter: ContentsFilter = .linear
  var magnificationFilter: ContentsFilter = .linear
  var minificationFilterBias: Double = 0
  var shouldRasterize: Bool = false
  var rasterizationScale: Double = 1
  var compositingFilter: BlendMode?
}
