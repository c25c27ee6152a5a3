// Writing: load → write → load gives an equivalent tree, for every corpus
// scene and for two hundred random trees from a seeded generator (a
// property-based test); writing is stable and writes only non-defaults.

import Foundation
import Testing

@testable import Lamina

@Suite struct SceneRoundTripTests {
  func reload(_ scene: Scene) throws -> Scene {
    do {
      return try SceneFixtures.load(scene.jsonData())
    } catch {
      Issue.record(
        "written scene does not load:\n\(error)\n\(String(decoding: scene.jsonData(), as: UTF8.self))"
      )
      throw error
    }
  }

  func expectEquivalent(_ a: Scene, _ b: Scene, _ what: String) {
    #expect(a.canvas == b.canvas, "\(what)")
    #expect(a.layers.count == b.layers.count, "\(what)")
    for (x, y) in zip(a.layers, b.layers) {
      #expect(x.isEquivalent(to: y), "\(what): \(Self.firstDifference(x, y) ?? "?")")
    }
  }

  /// The first stored property (by reflection, recursively) whose printed
  /// values differ: a readable failure message for `isEquivalent`.
  static func firstDifference(_ a: Layer, _ b: Layer, _ path: String = "") -> String? {
    func children(_ m: Mirror) -> [Mirror.Child] {
      Array(m.children).flatMap { Self.isValueStruct($0) ? Array(Mirror(reflecting: $0.value).children) : [$0] }
        + (m.superclassMirror.map(children) ?? [])
    }
    let ma = children(Mirror(reflecting: a))
    let mb = children(Mirror(reflecting: b))
    for (x, y) in zip(ma, mb) where x.label != "superlayer" {
      if let la = x.value as? Layer, let lb = y.value as? Layer {
        if let d = firstDifference(la, lb, path + "." + (x.label ?? "")) { return d }
        continue
      }
      if let la = x.value as? [Layer], let lb = y.value as? [Layer] {
        for (i, (p, q)) in zip(la, lb).enumerated() {
          if let d = firstDifference(p, q, path + ".sublayers[\(i)]") { return d }
        }
        continue
      }
      let sa = String(reflecting: x.value)
      let sb = String(reflecting: y.value)
      if sa != sb { return "\(path).\(x.label ?? "?"): \(sa) vs \(sb)" }
    }
    return nil
  }

  /// True for a class's struct of plain values (`values`, `ownValues`).
  static func isValueStruct(_ child: Mirror.Child) -> Bool {
    child.label == "values" || child.label == "ownValues"
  }

  /// The stored properties a class adds (its plain values' fields in place
  /// of their struct), by name.
  static func storedProperties(of layer: Layer) -> Set<String> {
    Set(
      Mirror(reflecting: layer).children.flatMap {
        isValueStruct($0) ? Array(Mirror(reflecting: $0.value).children) : [$0]
      }.compactMap(\.label))
  }

  @Test func corpusScenesRoundTrip() throws {
    for (name, data) in SceneFixtures.corpus {
      let scene = try SceneFixtures.load(data)
      let again = try reload(scene)
      expectEquivalent(scene, again, name)
      #expect(again.jsonData() == scene.jsonData(), "\(name): writing is not stable")
    }
  }

  @Test func randomTreesRoundTrip() throws {
    var rng = SceneRandom(seed: 12345)
    for i in 0..<200 {
      let scene = RandomScene.make(&rng)
      let again = try reload(scene)
      expectEquivalent(scene, again, "random scene \(i)")
    }
  }

  @Test func equivalenceNoticesEveryDifference() {
    let a = Layer()
    let b = Layer()
    #expect(a.isEquivalent(to: b))
    b.shadowOffset = CGSize(width: 0, height: 3)
    #expect(!a.isEquivalent(to: b))
    b.shadowOffset = a.shadowOffset
    try? b.addSublayer(Layer())
    #expect(!a.isEquivalent(to: b))
    try? a.addSublayer(Layer())
    #expect(a.isEquivalent(to: b))
    a.sublayers?.first?.mask = Layer()
    #expect(!a.isEquivalent(to: b))
    #expect(!TransformLayer().isEquivalent(to: Layer()))
    let pixels: [UInt8] = [1, 2, 3, 255]
    a.contents = Image(width: 1, height: 1, premultipliedPixels: pixels, source: .file("a.png"))
    b.contents = Image(width: 1, height: 1, premultipliedPixels: pixels, source: .file("b.png"))
    a.sublayers?.first?.mask = nil
    #expect(!a.isEquivalent(to: b))
    b.contents = Image(width: 1, height: 1, premultipliedPixels: pixels, source: .file("a.png"))
    #expect(a.isEquivalent(to: b))
  }

  /// A stored property added to `Layer` must also be loaded, written and
  /// compared by `isEquivalent`; this fails until the list below (and
  /// those three places) know it.
  @Test func everyStoredLayerPropertyIsHandledByTheSceneFormat() {
    let handled: Set<String> = [
      "name", "bounds", "position", "anchorPoint", "zPosition", "transform", "sublayerTransform",
      "isHidden", "opacity", "allowsGroupOpacity", "isDoubleSided", "backgroundColor",
      "cornerRadius", "maskedCorners", "cornerCurve", "masksToBounds", "borderWidth", "borderColor",
      "shadowOpacity", "shadowColor", "shadowOffset", "shadowRadius", "shadowPath", "contents",
      "contentsRect", "contentsGravity", "contentsScale", "contentsCenter", "minificationFilter",
      "magnificationFilter", "minificationFilterBias", "shouldRasterize", "rasterizationScale",
      "mask", "compositingFilter", "sublayers", "superlayer", "timing", "animationEntries",
    ]
    let stored = Self.storedProperties(of: Layer())
    #expect(
      stored == handled, "new: \(stored.subtracting(handled)), gone: \(handled.subtracting(stored))"
    )
  }

  @Test func onlyNonDefaultPropertiesAreWrittenInTableOrder() throws {
    let layer = Layer()
    layer.opacity = 0.5
    layer.name = "x"
    layer.borderColor = nil
    layer.transform = Transform3D(translationX: 1, y: 2)
    layer.sublayerTransform = Transform3D(perspective: 500)
    let scene = Scene(canvas: Canvas(width: 10, height: 20), layers: [layer])
    let text = String(decoding: scene.jsonData(), as: UTF8.self)
    #expect(
      text == """
        {
          "format": "lamina-scene",
          "version": 1,
          "canvas": { "width": 10, "height": 20 },
          "layers": [
            {
              "name": "x",
              "affineTransform": [1, 0, 0, 1, 1, 2],
              "sublayerTransform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1],
              "opacity": 0.5,
              "borderColor": null
            }
          ]
        }

        """)
  }

  @Test func pathsWithoutAShapeAreWrittenAsSVG() {
    let path = Path(elements: [
      .move(CGPoint(x: 0, y: 0.5)), .line(CGPoint(x: 10, y: 0)),
      .quad(control: CGPoint(x: 1, y: 2), to: CGPoint(x: 3, y: 4)),
      .cubic(
        control1: CGPoint(x: 5, y: 6), control2: CGPoint(x: 7, y: 8), to: CGPoint(x: -9, y: 1e-7)),
      .close,
    ])
    #expect(SceneWriter.svgData(path.elements) == "M 0 0.5 L 10 0 Q 1 2 3 4 C 5 6 7 8 -9 1e-07 Z")
  }
}

/// Random scenes whose every property is drawn from its valid range, with
/// values that are not round (so printing must be lossless).
enum RandomScene {
  static func make(_ rng: inout SceneRandom) -> Scene {
    let canvas = Canvas(
      width: 1 + (rng.next() * 239).rounded(), height: 1 + rng.next() * 239,
      scale: rng.chance(0.5) ? 2 : 1 + rng.next(),
      background: rng.chance(0.5) ? color(&rng) : nil)
    let count = rng.int(4)
    return Scene(canvas: canvas, layers: (0..<count).map { _ in layer(&rng, depth: 0) })
  }

  static func value(_ rng: inout SceneRandom, _ range: ClosedRange<Double>) -> Double {
    let v = range.lowerBound + rng.next() * (range.upperBound - range.lowerBound)
    return rng.chance(0.3) ? v.rounded() : v
  }

  static func color(_ rng: inout SceneRandom) -> Color {
    if rng.chance(0.5) {
      return Color(
        red: Double(rng.int(256)) / 255, green: Double(rng.int(256)) / 255,
        blue: Double(rng.int(256)) / 255,
        alpha: rng.chance(0.5) ? 1 : Double(rng.int(256)) / 255)
    }
    return Color(red: rng.next(), green: rng.next(), blue: rng.next(), alpha: rng.next())
  }

  static func transform(_ rng: inout SceneRandom) -> Transform3D {
    switch rng.int(3) {
    case 0: return .identity
    case 1:
      return Transform3D(
        CGAffineTransform(rotationAngle: rng.next() * 6).scaledBy(
          x: value(&rng, 0.1...3), y: rng.next() + 0.5
        )
        .translatedBy(x: value(&rng, -50...50), y: value(&rng, -50...50)))
    default:
      return Transform3D(perspective: value(&rng, 100...1000)).rotated(
        by: rng.next() * 3, x: rng.next(), y: rng.next(), z: 0)
    }
  }

  static func rect(_ rng: inout SceneRandom) -> CGRect {
    CGRect(
      x: value(&rng, -20...100), y: value(&rng, -20...100), width: value(&rng, 0...120),
      height: value(&rng, 0...120))
  }

  static func image(_ rng: inout SceneRandom) -> Image {
    let w = 1 + rng.int(64)
    let h = 1 + rng.int(64)
    switch rng.int(4) {
    case 0:
      return SceneFixtures.placeholderImage(
        .checkerboard(
          width: w, height: h, cell: 1 + rng.int(8), colors: [color(&rng), color(&rng)]))
    case 1:
      return SceneFixtures.placeholderImage(
        .linearGradient(
          width: w, height: h, colors: [color(&rng), color(&rng), color(&rng)],
          start: CGPoint(x: 0, y: rng.next()), end: CGPoint(x: 1, y: rng.next())))
    case 2:
      return SceneFixtures.placeholderImage(
        .radialGradient(
          width: w, height: h, colors: [color(&rng), color(&rng)],
          center: CGPoint(x: rng.next(), y: rng.next()), radius: 0.1 + rng.next()))
    default:
      // What the fixtures' PNG reader returns for any file.
      return Image(
        width: 3, height: 2, premultipliedPixels: [UInt8](repeating: 255, count: 24),
        source: .file("dir/ä \(rng.int(9)).png"))
    }
  }

  static func path(_ rng: inout SceneRandom) -> Path {
    let shapes: [Path.Shape] = [
      .rect(rect(&rng)), .ellipse(rect(&rng)),
      .roundedRect(rect(&rng), cornerRadius: value(&rng, 0...30)),
      .svg("M 0 0 L \(rng.int(100)) 10 Q 5 5 0 20 Z"),
    ]
    return Path(elements: [], shape: shapes[rng.int(shapes.count)])
  }

  static func layer(_ rng: inout SceneRandom, depth: Int) -> Layer {
    let kind = rng.next()
    let l: Layer = kind < 0.15 ? TransformLayer() : kind < 0.3 ? GradientLayer() : Layer()
    let p = 0.3
    if let g = l as? GradientLayer {
      if rng.chance(0.8) { g.colors = (0..<rng.int(5)).map { _ in color(&rng) } }
      if let n = g.colors?.count, rng.chance(0.5) {
        g.locations = (0..<n).map { _ in rng.next() }.sorted()
      }
      if rng.chance(p) { g.startPoint = CGPoint(x: value(&rng, -1...2), y: rng.next()) }
      if rng.chance(p) { g.endPoint = CGPoint(x: rng.next(), y: value(&rng, -1...2)) }
      if rng.chance(p) { g.type = GradientType.allCases[rng.int(3)] }
    }
    if rng.chance(p) { l.name = ["card", "a \"quoted\" name", "日本", "back\\slash\n"][rng.int(4)] }
    if rng.chance(0.8) { l.bounds = rect(&rng) }
    if rng.chance(0.8) {
      l.position = CGPoint(x: value(&rng, -50...250), y: value(&rng, -50...250))
    }
    if rng.chance(p) { l.anchorPoint = CGPoint(x: value(&rng, -1...2), y: rng.next()) }
    if rng.chance(p) { l.zPosition = value(&rng, -100...100) }
    if rng.chance(0.5) { l.transform = transform(&rng) }
    if rng.chance(p) { l.sublayerTransform = transform(&rng) }
    if rng.chance(0.1) { l.isHidden = true }
    if rng.chance(p) { l.opacity = value(&rng, 0...1) }
    if rng.chance(p) { l.allowsGroupOpacity = false }
    if rng.chance(0.6) { l.backgroundColor = color(&rng) }
    if rng.chance(p) { l.cornerRadius = value(&rng, 0...40) }
    if rng.chance(p) { l.maskedCorners = CornerMask(rawValue: rng.int(16)) }
    if rng.chance(p) { l.cornerCurve = .continuous }
    if rng.chance(p) { l.masksToBounds = true }
    if rng.chance(p) { l.borderWidth = value(&rng, 0...10) }
    if rng.chance(p) { l.borderColor = rng.chance(0.2) ? nil : color(&rng) }
    if rng.chance(p) { l.shadowOpacity = value(&rng, 0...1) }
    if rng.chance(p) { l.shadowColor = rng.chance(0.2) ? nil : color(&rng) }
    if rng.chance(p) {
      l.shadowOffset = CGSize(width: value(&rng, -10...10), height: value(&rng, -10...10))
    }
    if rng.chance(p) { l.shadowRadius = value(&rng, 0...20) }
    if rng.chance(p) { l.shadowPath = path(&rng) }
    if rng.chance(p) { l.contents = image(&rng) }
    if rng.chance(p) {
      l.contentsRect = CGRect(
        x: rng.next(), y: rng.next(), width: value(&rng, -1...1), height: rng.next())
    }
    if rng.chance(p) {
      l.contentsGravity = ContentsGravity.allCases[rng.int(ContentsGravity.allCases.count)]
    }
    if rng.chance(p) { l.contentsScale = value(&rng, 0.5...3) + 0.01 }
    if rng.chance(p) {
      l.contentsCenter = CGRect(x: rng.next(), y: rng.next(), width: rng.next(), height: rng.next())
    }
    if rng.chance(p) { l.minificationFilter = ContentsFilter.allCases[rng.int(3)] }
    if rng.chance(p) { l.magnificationFilter = ContentsFilter.allCases[rng.int(3)] }
    if rng.chance(p) { l.minificationFilterBias = value(&rng, -2...2) }
    if rng.chance(p) { l.shouldRasterize = true }
    if rng.chance(p) { l.rasterizationScale = value(&rng, 0.5...3) + 0.01 }
    if rng.chance(p) { l.isDoubleSided = false }
    if depth < 3 {
      if rng.chance(0.15) { l.mask = layer(&rng, depth: depth + 1) }
      for _ in 0..<rng.int(depth == 0 ? 4 : 3) { try? l.addSublayer(layer(&rng, depth: depth + 1)) }
    }
    return l
  }
}
