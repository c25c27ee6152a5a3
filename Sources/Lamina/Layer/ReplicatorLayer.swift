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
  public var instanceCount = 1
  /// Copy k is drawn under this transform applied k times.
  public var instanceTransform: Transform3D = .identity
  /// Multiplies copy 0's colours; `nil` is white (`CAReplicatorLayer` takes `nil` too).
  public var instanceColor: Color? = .white
  /// Added per copy to `instanceColor`'s red component, clamped to 0…1.
  public var instanceRedOffset = 0.0
  /// Added per copy to the green component.
  public var instanceGreenOffset = 0.0
  /// Added per copy to the blue component.
  public var instanceBlueOffset = 0.0
  /// Added per copy to the alpha component.
  public var instanceAlphaOffset = 0.0
  /// With animations, copy k runs them k × `instanceDelay` seconds later
  /// (Time/Presentation.swift).
  public var instanceDelay = 0.0
  /// In a presentation tree: copy k's sublayers at their delayed time, for
  /// k ≥ 1 (index 0 is empty: copy 0 is `sublayers`); `nil` when every copy
  /// draws `sublayers` (no delay, or nothing animated).
  var delayedCopies: [[Layer]]?
  /// True: the copies share the 3D space of the context the replicator is
  /// in (it acts as a `TransformLayer`); false: they are flattened into
  /// its plane, as a layer's sublayers are.
  public var preservesDepth = false

  /// Creates a replicator layer with Core Animation's defaults.
  public override init() {}

  public override var isTransformLayer: Bool { preservesDepth }

  override var sceneClass: LayerClass { LayerClasses.replicatorLayer }

  override func firstNonFiniteOwnProperty() -> String? {
    let checks = LayerClasses.replicatorLayer.ownFiniteChecks
    for i in checks.indices where !checks[i].isFinite(self) { return checks[i].name }
    return nil
  }

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
