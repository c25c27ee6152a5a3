// LayerClasses: the layer classes of the scene format, each declared once:
// the `type` that names it, the format version that introduced it, how to
// make one, and its keys (`Layer`'s table joined with its own, from
// Layer/LayerProperties.swift). A layer finds its class through `sceneClass`
// (overridden by each subclass), so the decoder, `SceneWriter`,
// `isEquivalent` and the finiteness check walk the right keys without a
// cast or a switch per class.
//
// Rejected: a dictionary keyed by the layer's dynamic type (a user's
// subclass of `Layer` has no entry, and a lookup per layer in the
// lowering's finiteness check costs more than a virtual call).

/// One layer class of the scene format and its keys (a class, so that a
/// layer hands out its own without copying the tables).
final class LayerClass: Sendable {
  /// The `type` value that names it (`"layer"`, `"gradientLayer"`).
  let type: String
  /// The first format version that has it (a document using it is written as that version).
  let version: Int
  let make: @Sendable () -> Layer
  /// A layer as `make` gives it: what each key's default is (a key holding
  /// the fresh layer's value is not written). Never changed.
  nonisolated(unsafe) let fresh: Layer
  /// `Layer`'s keys and the class's own, in the format's order: the own keys
  /// come before `mask` and `sublayers`, so a written layer shows its own
  /// values before its subtree.
  let properties: [LayerProperty<Layer>]
  /// The class's own keys alone (beyond `Layer`'s).
  let ownProperties: [LayerProperty<Layer>]
  let byKey: [String: LayerProperty<Layer>]
  let keys: [String]
  /// The entries that hold numbers, by Swift name: the lowering runs these
  /// on every layer, so they are kept apart from the rest.
  let finiteChecks: ContiguousArray<(name: String, isFinite: @Sendable (Layer) -> Bool)>
  /// The same for the class's own keys alone (the lowering checks
  /// `Layer`'s from `LayerProperties.finiteChecks`, then these).
  let ownFiniteChecks: ContiguousArray<(name: String, isFinite: @Sendable (Layer) -> Bool)>
  /// Rules across the class's keys, checked once its object is read.
  let check: (@Sendable (inout SceneDecoder, Layer, [JSONValue.Member], [JSONPathComponent]) -> Void)?

  init<L: Layer>(
    type: String, version: Int, make: @escaping @Sendable () -> L, own: [LayerProperty<L>],
    check: (@Sendable (inout SceneDecoder, L, [JSONValue.Member], [JSONPathComponent]) -> Void)? = nil
  ) {
    self.type = type
    self.version = version
    self.make = make
    fresh = make()
    let base = LayerProperties.layer
    let split = base.firstIndex { $0.key == "mask" } ?? base.count
    ownProperties = own.map(\.erased)
    properties = Array(base[..<split]) + ownProperties + Array(base[split...])
    byKey = Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0) })
    keys = properties.map(\.key)
    finiteChecks = ContiguousArray(properties.compactMap { p in p.isFinite.map { (name: p.name, isFinite: $0) } })
    ownFiniteChecks = ContiguousArray(
      ownProperties.compactMap { p in p.isFinite.map { (name: p.name, isFinite: $0) } })
    if let check {
      self.check = { (d: inout SceneDecoder, layer: Layer, members: [JSONValue.Member], path: [JSONPathComponent]) in
        check(&d, unsafeDowncast(layer, to: L.self), members, path)
      }
    } else {
      self.check = nil
    }
  }
}

enum LayerClasses {
  static let layer = LayerClass(type: "layer", version: 1, make: { Layer() }, own: [LayerProperty<Layer>]())
  static let transformLayer = LayerClass(
    type: "transformLayer", version: 1, make: { TransformLayer() }, own: [LayerProperty<TransformLayer>]())
  static let gradientLayer = LayerClass(
    type: "gradientLayer", version: 2, make: { GradientLayer() }, own: LayerProperties.gradient,
    check: { d, layer, members, path in
      // At most the limits' stops (LaminaGL's stop texture must fit).
      if let colors = layer.colors, colors.count > d.limits.maxGradientStops,
        let member = members.first(where: { $0.key == "colors" })
      {
        d.fail(
          path + [.key("colors")], at: member.value.location,
          "at most \(d.limits.maxGradientStops) stops (RenderLimits.maxGradientStops), got \(colors.count)")
      }
      // One location per colour (each array's own rules are its codec's).
      guard let locations = layer.locations, let member = members.first(where: { $0.key == "locations" })
      else { return }
      // Colours that could not be read have their own errors.
      if layer.colors == nil && members.contains(where: { $0.key == "colors" }) { return }
      let count = layer.colors?.count ?? 0
      guard locations.count != count else { return }
      d.fail(
        path + [.key("locations")], at: member.value.location,
        "expected \(count) location\(count == 1 ? "" : "s"), one per colour, got \(locations.count)")
    })

  static let replicatorLayer = LayerClass(
    type: "replicatorLayer", version: 2, make: { ReplicatorLayer() }, own: LayerProperties.replicator)

  static let shapeLayer = LayerClass(
    type: "shapeLayer", version: 2, make: { ShapeLayer() }, own: LayerProperties.shape)

  static let textLayer = LayerClass(
    type: "textLayer", version: 2, make: { TextLayer() }, own: LayerProperties.text)

  /// Every class, in the order messages list them.
  static let all = [layer, transformLayer, gradientLayer, shapeLayer, replicatorLayer, textLayer]
  static let byType = Dictionary(uniqueKeysWithValues: all.map { ($0.type, $0) })
  /// Every key any class knows, in the order of `all` (for the decoder's suggestions).
  static let allKeys: [String] = {
    var seen = Set<String>()
    return all.flatMap(\.keys).filter { seen.insert($0).inserted }
  }()
}
