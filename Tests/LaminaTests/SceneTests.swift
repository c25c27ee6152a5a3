// Scene loading: the values and rules of docs/scene-format.md, one test each,
// plus the fixtures the other Scene*Tests suites share.
//
// The scene tests load images and paths through `SceneFixtures.resources`:
// placeholders that record what was asked for (size, source, shape) without
// rasterizing, so these suites test the format alone and stay fast.

import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina

enum SceneFixtures {
  /// Tests/Scenes.
  static let scenesFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenes").path

  /// Every valid corpus scene, by file name, sorted.
  static let corpus: [(name: String, data: [UInt8])] = files(in: scenesFolder)

  /// The invalid scenes of Tests/Scenes/invalid.
  static let invalid: [(name: String, data: [UInt8])] = files(in: scenesFolder + "/invalid")

  private static func files(in folder: String) -> [(name: String, data: [UInt8])] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      FileManager.default.contents(atPath: folder + "/" + name).map { (name, Array($0)) }
    }
  }

  /// Placeholder images and paths (see the file comment).
  static let resources = SceneResources(
    generatedImage: { spec in placeholderImage(spec) },
    pngFile: { path throws(PNGError) in
      guard !path.hasSuffix("missing.png") else { throw PNGError("cannot open \(path)") }
      return Image(width: 3, height: 2, premultipliedPixels: [UInt8](repeating: 255, count: 24))
    },
    path: { shape throws(PathParseError) in
      if case .svg(let data) = shape, let bad = data.firstIndex(of: "!") {
        throw PathParseError(
          message: "unexpected '!'", offset: data.distance(from: data.startIndex, to: bad))
      }
      return Path(elements: [], shape: shape)
    },
    fontFile: { path in path.hasSuffix("broken.ttf") ? "not a TrueType or OpenType font (no sfnt header)" : nil })

  /// A 1×1 image whose one pixel encodes the spec's size, tagged with its source.
  static func placeholderImage(_ spec: GeneratedImageSpec) -> Image {
    let (w, h): (Int, Int)
    switch spec {
    case .checkerboard(let sw, let sh, _, _), .linearGradient(let sw, let sh, _, _, _),
      .radialGradient(let sw, let sh, _, _, _):
      (w, h) = (sw, sh)
    }
    return Image(
      width: 1, height: 1, premultipliedPixels: [UInt8(w & 255), UInt8(h & 255), 0, 255],
      source: .generated(spec.canonicalJSON))
  }

  static func load(
    _ text: String, baseDirectory: String? = nil, limits: RenderLimits = .default
  ) throws(SceneErrors) -> Scene {
    try load(Array(text.utf8), baseDirectory: baseDirectory, limits: limits)
  }

  static func load(
    _ data: [UInt8], baseDirectory: String? = nil, limits: RenderLimits = .default
  ) throws(SceneErrors) -> Scene {
    try Scene(jsonData: data, baseDirectory: baseDirectory, limits: limits, resources: resources)
  }

  /// The error descriptions of a document that must fail (empty if it loads).
  static func errors(_ text: String, limits: RenderLimits = .default) -> [String] {
    do {
      _ = try load(text, limits: limits)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  /// A document with one layer holding `layerBody` (the text inside `{ }`).
  static func oneLayer(_ layerBody: String) -> String {
    ##"{ "canvas": { "width": 200, "height": 100 }, "layers": [ { \##(layerBody) } ] }"##
  }

  static func firstLayer(_ layerBody: String) throws -> Layer {
    let scene = try load(oneLayer(layerBody))
    return try #require(scene.layers.first)
  }

  /// The one layer of a document whose layer is of `type` (the scene
  /// format's name, `"shapeLayer"`) with `layerBody`, as its class.
  static func firstLayer<L: Layer>(_ type: String, as _: L.Type, _ layerBody: String) throws -> L {
    let layer = try firstLayer(##""type": "\##(type)", \##(layerBody)"##)
    return try #require(layer as? L)
  }
}

@Suite struct SceneTests {
  /// Layers naming one PNG file, or one generated image, share one `Image`
  /// (decoded once; a renderer keeps one texture for it), and different
  /// ones do not.
  @Test func layersNamingOneImageShareIt() throws {
    let scene = try Scene(contentsOfFile: Corpus.root + "/Tests/Scenes/bench/S3-nearest.json")
    let images = scene.layers.compactMap(\.contents)
    #expect(images.count == 200)
    #expect(images.allSatisfy { $0 === images[0] })
    let text = ##"""
      { "format": "lamina-scene", "version": 1, "canvas": { "width": 10, "height": 10 },
        "layers": [
          { "frame": [0, 0, 5, 5], "contents": { "checkerboard": { "size": [4, 4], "cell": 2, "colors": ["#000", "#fff"] } } },
          { "frame": [5, 5, 5, 5], "contents": { "checkerboard": { "size": [4, 4], "cell": 2, "colors": ["#000", "#fff"] } } },
          { "frame": [0, 5, 5, 5], "contents": { "checkerboard": { "size": [4, 4], "cell": 1, "colors": ["#000", "#fff"] } } }
        ] }
      """##
    let generated = try Scene(jsonData: Array(text.utf8)).layers.compactMap(\.contents)
    #expect(generated.count == 3)
    #expect(generated[0] === generated[1])
    #expect(generated[0] !== generated[2])
  }

  @Test func minimalSceneHasDefaultsAndARootCoveringTheCanvas() throws {
    let scene = try SceneFixtures.load(##"{ "canvas": { "width": 300, "height": 150 } }"##)
    #expect(scene.canvas == Canvas(width: 300, height: 150, scale: 1, background: nil))
    #expect(scene.root.bounds == CGRect(x: 0, y: 0, width: 300, height: 150))
    #expect(scene.root.frame == CGRect(x: 0, y: 0, width: 300, height: 150))
    #expect(scene.layers.isEmpty)
  }

  @Test func canvasPixelSizeRoundsWidthTimesScale() throws {
    let scene = try SceneFixtures.load(
      ##"{ "canvas": { "width": 100.3, "height": 50.2, "scale": 2.5, "background": "#FFF" } }"##)
    #expect(scene.canvas.pixelWidth == 251)
    #expect(scene.canvas.pixelHeight == 126)
    #expect(scene.canvas.background == .white)
  }

  /// A class's keys are unknown on a plain layer, and a misspelt one on
  /// the class is answered with the right spelling.
  @Test(arguments: [
    ("shapeLayer", "lineWidth", "2"), ("gradientLayer", "startPoint", "[0, 0]"),
    ("replicatorLayer", "instanceCount", "3"), ("textLayer", "fontSize", "3"),
  ])
  func classKeysBelongToTheirClassOnly(type: String, key: String, value: String) {
    #expect(SceneFixtures.errors(SceneFixtures.oneLayer(##""\##(key)": \##(value)"##)) == ["layers[0].\(key): unknown key"])
    let misspelt = key.lowercased()
    #expect(
      SceneFixtures.errors(SceneFixtures.oneLayer(##""type": "\##(type)", "\##(misspelt)": \##(value)"##)) == [
        "layers[0].\(misspelt): unknown key; did you mean '\(key)'?"
      ])
  }

  @Test func layerKeysMapToLayerProperties() throws {
    let layer = try SceneFixtures.firstLayer(
      ##"""
      "name": "card", "bounds": [1, 2, 30, 40], "position": [5, 6], "anchorPoint": [0, 1], "zPosition": 3,
      "hidden": true, "opacity": 0.25, "allowsGroupOpacity": false, "doubleSided": false,
      "backgroundColor": "#FF0000", "cornerRadius": 7, "maskedCorners": ["minXMaxY"], "cornerCurve": "continuous",
      "masksToBounds": true, "borderWidth": 2, "borderColor": null, "shadowOpacity": 0.5, "shadowColor": "#00F",
      "shadowOffset": [1, 2], "shadowRadius": 0, "contentsRect": [0.5, 0, 0.5, 1], "contentsGravity": "kCAGravityTopLeft",
      "contentsScale": 2, "contentsCenter": [0.25, 0.25, 0.5, 0.5], "minificationFilter": "trilinear",
      "magnificationFilter": "nearest", "minificationFilterBias": -0.5, "shouldRasterize": true, "rasterizationScale": 3
      """##)
    #expect(layer.name == "card")
    #expect(layer.bounds == CGRect(x: 1, y: 2, width: 30, height: 40))
    #expect(layer.position == CGPoint(x: 5, y: 6))
    #expect(layer.anchorPoint == CGPoint(x: 0, y: 1))
    #expect(layer.zPosition == 3)
    #expect(layer.isHidden && !layer.allowsGroupOpacity && !layer.isDoubleSided)
    #expect(layer.opacity == 0.25)
    #expect(layer.backgroundColor == .red)
    #expect(layer.cornerRadius == 7)
    #expect(layer.maskedCorners == .layerMinXMaxYCorner)
    #expect(layer.cornerCurve == .continuous)
    #expect(layer.masksToBounds)
    #expect(layer.borderWidth == 2 && layer.borderColor == nil)
    #expect(layer.shadowOpacity == 0.5 && layer.shadowColor == .blue && layer.shadowRadius == 0)
    #expect(layer.shadowOffset == CGSize(width: 1, height: 2))
    #expect(layer.contentsRect == CGRect(x: 0.5, y: 0, width: 0.5, height: 1))
    #expect(layer.contentsGravity == .topLeft)
    #expect(layer.contentsScale == 2)
    #expect(layer.contentsCenter == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
    #expect(layer.minificationFilter == .trilinear && layer.magnificationFilter == .nearest)
    #expect(layer.minificationFilterBias == -0.5)
    #expect(layer.shouldRasterize && layer.rasterizationScale == 3)
    #expect(!layer.isTransformLayer)
  }

  @Test func typeTransformLayerMakesATransformLayer() throws {
    let layer = try SceneFixtures.firstLayer(
      ##""type": "transformLayer", "sublayers": [{ "name": "a" }]"##)
    #expect(layer is TransformLayer)
    #expect(layer.sublayers?.first?.name == "a")
    #expect(layer.sublayers?.first?.superlayer === layer)
  }

  @Test func maskIsALayerInTheMaskKey() throws {
    let layer = try SceneFixtures.firstLayer(
      ##""frame": [0, 0, 50, 50], "mask": { "frame": [5, 5, 10, 10], "backgroundColor": "#000" }"##)
    let mask = try #require(layer.mask)
    #expect(mask.frame == CGRect(x: 5, y: 5, width: 10, height: 10))
    #expect(mask.backgroundColor == .black)
    #expect(layer.sublayers == nil)
  }

  @Test func colourNotations() throws {
    let cases: [(String, Color)] = [
      (##""#F80""##, Color(red: 1, green: 0x88 / 255, blue: 0)),
      (##""#F808""##, Color(red: 1, green: 0x88 / 255, blue: 0, alpha: 0x88 / 255)),
      (##""#5856D6""##, Color(red: 0x58 / 255, green: 0x56 / 255, blue: 0xD6 / 255)),
      (
        ##""#5856D680""##,
        Color(red: 0x58 / 255, green: 0x56 / 255, blue: 0xD6 / 255, alpha: 0x80 / 255)
      ),
      ("[0.25, 0.5, 0.75, 0.125]", Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.125)),
    ]
    for (json, expected) in cases {
      let layer = try SceneFixtures.firstLayer(##""backgroundColor": \##(json)"##)
      #expect(layer.backgroundColor == expected, "\(json)")
    }
  }

  @Test func frameUsesTheAnchorPointAndTransformOfTheSameObjectWhateverTheKeyOrder() throws {
    let before = try SceneFixtures.firstLayer(
      ##""frame": [10, 20, 100, 50], "anchorPoint": [0, 0]"##)
    let after = try SceneFixtures.firstLayer(
      ##""anchorPoint": [0, 0], "frame": [10, 20, 100, 50]"##)
    #expect(before.position == CGPoint(x: 10, y: 20))
    #expect(before.isEquivalent(to: after))
    // Under a 90° rotation, CALayer maps the frame's size back through the
    // rotation: the bounds are 50 wide and 100 tall.
    let rotated = try SceneFixtures.firstLayer(
      ##""frame": [0, 0, 100, 50], "transform": "rotate(90deg)""##)
    #expect(abs(rotated.bounds.width - 50) < 1e-9 && abs(rotated.bounds.height - 100) < 1e-9)
    #expect(rotated.position == CGPoint(x: 50, y: 25))
  }

  @Test func contentsFromAPNGFileResolvesAgainstTheBaseDirectoryAndKeepsThePathAsWritten() throws {
    let scene = try SceneFixtures.load(
      SceneFixtures.oneLayer(##""contents": "images/snowman.png""##), baseDirectory: "/scenes")
    let image = try #require(scene.layers.first?.contents)
    #expect(image.source == .file("images/snowman.png"))
    #expect(image.width == 3 && image.height == 2)
    #expect(
      SceneFixtures.errors(SceneFixtures.oneLayer(##""contents": "missing.png""##))
        == ["layers[0].contents: cannot read the image: cannot open missing.png"])
  }

  @Test func generatedImagesGetTheirCanonicalJSONAsSource() throws {
    let layer = try SceneFixtures.firstLayer(
      ##""contents": { "linearGradient": { "colors": ["#000", [1, 1, 1, 0.5]], "size": [4, 2] } }"##
    )
    let image = try #require(layer.contents)
    #expect(
      image.source
        == .generated(
          ##"{"linearGradient":{"size":[4,2],"colors":["#000000",[1,1,1,0.5]],"start":[0.5,0],"end":[0.5,1]}}"##
        ))
  }

  @Test func shadowPathShapes() throws {
    let cases: [(String, Path.Shape)] = [
      (##"{ "rect": [1, 2, 3, 4] }"##, .rect(CGRect(x: 1, y: 2, width: 3, height: 4))),
      (##"{ "ellipse": [0, 0, 10, 5] }"##, .ellipse(CGRect(x: 0, y: 0, width: 10, height: 5))),
      (
        ##"{ "roundedRect": [0, 0, 10, 5], "cornerRadius": 2 }"##,
        .roundedRect(CGRect(x: 0, y: 0, width: 10, height: 5), cornerRadius: 2)
      ),
      (##"{ "svg": "M 0 0 L 10 0 Z" }"##, .svg("M 0 0 L 10 0 Z")),
    ]
    for (json, shape) in cases {
      let layer = try SceneFixtures.firstLayer(##""shadowPath": \##(json)"##)
      #expect(layer.shadowPath?.shape == shape)
    }
  }

  @Test func errorsCanBeShownWithTheirFileAndPosition() {
    let error = SceneError(
      path: "layers[0].opacity", line: 4, column: 18, message: "must be in 0…1, got 2")
    #expect(error.located(in: "a.json") == "a.json:4:18: layers[0].opacity: must be in 0…1, got 2")
    let syntax = SceneError(path: "", line: 2, column: 1, message: "the document is empty")
    #expect(syntax.located(in: "a.json") == "a.json:2:1: the document is empty")
    #expect(syntax.description == "line 2, column 1: the document is empty")
  }

  @Test func contentsFromAFileOnDisk() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lamina-scene-\(getpid())"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = folder + "/s.json"
    try Data(##"{ "canvas": { "width": 10, "height": 10 }, "layers": [ { "name": "x" } ] }"##.utf8)
      .write(to: URL(fileURLWithPath: file))
    let scene = try Scene(contentsOfFile: file)
    #expect(scene.layers.first?.name == "x")
    #expect(throws: SceneErrors.self) { try Scene(contentsOfFile: folder + "/nothing.json") }
  }
}
