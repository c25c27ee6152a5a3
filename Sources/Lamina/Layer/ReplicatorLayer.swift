// ReplicatorLayer: `CAReplicatorLayer`'s model, names and defaults. Its
// sublayers are drawn `instanceCount` times: copy k under
// `instanceTransform`ᵏ (about the centre of the bounds, in the sublayer
// space, inside `sublayerTransform`) with its colours multiplied by copy
// k's instance colour. The copies exist only in the render plan: the
// lowering expands them (LoweringSublayers.swift), and hit testing sees
// the sublayers once, where copy 0 is drawn, as Core Animation's model
// layers are (docs/scene-format.md, "replicatorLayer").
//
// `preservesDepth` makes the layer a transform layer for the 3D context
// (`isTransformLayer`): its copies join the context it is part of, and it
// draws nothing of its own, as CAReplicatorLayer.h says ("if YES, the
// standard restrictions apply (see CATransformLayer.h)").
//
// Rejected: expanding the copies into the `Layer` tree (they would be hit,
// written back as layers and counted twice by the validation).

/// `CAReplicatorLayer`: draws its sublayers `instanceCount` times, each copy
/// moved by one more `instanceTransform` and tinted by one more colour offset.
public final class ReplicatorLayer: Layer {
  /// The most copies one replicator may make (the scene format's limit).
  public static let maximumInstanceCount = 10_000

  /// How many copies of the sublayers are drawn; 0 draws none (negative
  /// values, possible through Swift, draw none as well).
  public var instanceCount: Int { get { ownValues.instanceCount } set { ownValues.instanceCount = newValue } }
  /// Copy k is drawn under this transform applied k times.
  public var instanceTransform: Transform3D { get { ownValues.instanceTransform } set { ownValues.instanceTransform = newValue } }
  /// Multiplies copy 0's colours; `nil` is white (`CAReplicatorLayer` takes `nil` too).
  public var instanceColor: Color? { get { ownValues.instanceColor } set { ownValues.instanceColor = newValue } }
  /// Added per copy to `instanceColor`'s red component, clamped to 0…1.
  public var instanceRedOffset: Double { get { ownValues.instanceRedOffset } set { ownValues.instanceRedOffset = newValue } }
  /// Added per copy to the green component.
  public var instanceGreenOffset: Double { get { ownValues.instanceGreenOffset } set { ownValues.instanceGreenOffset = newValue } }
  /// Added per copy to the blue component.
  public var instanceBlueOffset: Double { get { ownValues.instanceBlueOffset } set { ownValues.instanceBlueOffset = newValue } }
  /// Added per copy to the alpha component.
  public var instanceAlphaOffset: Double { get { ownValues.instanceAlphaOffset } set { ownValues.instanceAlphaOffset = newValue } }
  /// With animations, copy k runs them k × `instanceDelay` seconds later
  /// (Time/Presentation.swift).
  public var instanceDelay: Double { get { ownValues.instanceDelay } set { ownValues.instanceDelay = newValue } }
  /// In a presentation tree: copy k's sublayers at their delayed time, for
  /// k ≥ 1 (index 0 is empty: copy 0 is `sublayers`); `nil` when every copy
  /// draws `sublayers` (no delay, or nothing animated).
  var delayedCopies: [[Layer]]?
  /// True: the copies share the 3D space of the context the replicator is
  /// in (it acts as a `TransformLayer`); false: they are flattened into
  /// its plane, as a layer's sublayers are.
  public var preservesDepth: Bool { get { ownValues.preservesDepth } set { ownValues.preservesDepth = newValue } }
  /// The plain values behind the properties above (`ReplicatorLayerValues`).
  var ownValues = ReplicatorLayerValues()

  /// Creates a replicator layer with Core Animation's defaults.
  public override init() {}

  public override var isTransformLayer: Bool { preservesDepth }

  override var sceneClass: LayerClass { LayerClasses.replicatorLayer }

  override func copyOwnValues(to copy: Layer) { unsafeDowncast(copy, to: ReplicatorLayer.self).ownValues = ownValues }

  override func firstNonFiniteOwnProperty() -> String? { firstNonFinite(LayerClasses.replicatorLayer.ownFiniteChecks) }

  override var asReplicator: ReplicatorLayer? { self }

  /// The sublayers copy k draws: `sublayers`, or its delayed presentation.
  func sublayers(ofCopy k: Int) -> [Layer] {
    if k > 0, let delayed = delayedCopies, k < delayed.count { return delayed[k] }
    return sublayers ?? []
  }

  /// Copy k's colour: `instanceColor` plus k times the offsets, each
  /// component clamped to 0…1.
  public func instanceColor(ofCopy k: Int) -> Color {
    let c = instanceColor ?? .white
    let n = Double(k)
    // `Color` clamps each component to 0…1.
    return Color(
      red: c.red + n * instanceRedOffset, green: c.green + n * instanceGreenOffset,
      blue: c.blue + n * instanceBlueOffset, alpha: c.alpha + n * instanceAlphaOffset)
  }
}

/// `ReplicatorLayer`'s own plain values, with Core Animation's defaults.
struct ReplicatorLayerValues {
  var instanceCount: Int = 1
  var instanceTransform: Transform3D = .identity
  var instanceColor: Color? = .white
  var instanceRedOffset: Double = 0.0
  var instanceGreenOffset: Double = 0.0
  var instanceBlueOffset: Double = 0.0
  var instanceAlphaOffset: Double = 0.0
  var instanceDelay: Double = 0.0
  var preservesDepth: Bool = false
}
