// Bad input, round 2 (issue 31): the version 2 features under hostile
// input. Each test asserts the error a user sees (its JSON path, what it
// quotes, what it says), or that the input is drawn. Items: errors quote a
// short prefix of a long value with its length (5); every error from a
// scene names its JSON path (6); a gradient's stops are limited alike on
// both backends (2); frame ranges (4). The CLI's parsing of negative
// numbers and its font warnings are checked through the tool
// (Tests/LaminaCPUTests/CommandLineTests.swift); the costs of replicator
// copies and of many stops on the renderers in TileWalkTests and
// GradientGLTests.

import Foundation
import Testing

@testable import Lamina
import LaminaTestSupport

@Suite struct HostileInputTests {
  /// The errors of a document, `path: message` each; `[]` when it loads.
  func errors(_ json: String, limits: RenderLimits = .default) -> [String] {
    do {
      _ = try Scene(jsonData: Array(json.utf8), baseDirectory: "/nonexistent-lamina-test", limits: limits)
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  /// A 40×40 version 3 canvas with one layer whose keys are `body`.
  func oneLayer(_ body: String) -> String {
    ##"{ "version": 3, "canvas": { "width": 40, "height": 40 }, "layers": [ { "## + body + ##" } ] }"##
  }

  // MARK: Long values are quoted by a prefix and their length (item 5)

  static let long = String(repeating: "x", count: 1_000_000)
  static let quotedLong = "\"" + String(repeating: "x", count: 32) + "…\" (1000000 characters)"
  static let namedLong = "'" + String(repeating: "x", count: 32) + "…' (1000000 characters)"

  @Test func aLongValueIsQuotedByItsBeginningAndLength() {
    let x = Self.long
    let cases: [(String, String)] = [
      (##""backgroundColor": "\##(x)""##,
       ##"layers[0].backgroundColor: expected a colour ("#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or [r, g, b, a]), got \##(Self.quotedLong)"##),
      (##""contentsGravity": "\##(x)""##, "layers[0].contentsGravity: expected one of"),
      (##""compositingFilter": "\##(x)""##, "layers[0].compositingFilter: expected one of"),
      (##""maskedCorners": ["\##(x)"]"##, "layers[0].maskedCorners[0]: expected one of"),
      (##""transform": "\##(x)(1)""##,
       "layers[0].transform: at character 1: unknown transform function \(Self.namedLong)"),
      (##""transform": "rotate(1\##(x))""##, "layers[0].transform: at character 8: unknown angle unit \(Self.namedLong)"),
      (##""\##(x)": 1"##, "layers[0][\(Self.quotedLong)]: unknown key"),
      (##""animations": [{ "type": "basic", "keyPath": "\##(x)", "toValue": 1 }]"##,
       "layers[0].animations[0].keyPath: unknown key path \(Self.quotedLong)"),
      (##""animations": [{ "type": "basic", "keyPath": "sublayers.\##(x).opacity", "toValue": 1 }]"##,
       "layers[0].animations[0].keyPath: unnamed layer has no sublayer named \(Self.quotedLong)"),
      (##""animations": [{ "type": "\##(x)" }]"##, "layers[0].animations[0].type: expected one of"),
      (##""animations": [{ "type": "basic", "keyPath": "opacity", "timingFunction": "\##(x)" }]"##,
       "layers[0].animations[0].timingFunction: expected one of"),
      (##""contents": { "checkerboard": { "size": [4, 4], "cell": 1, "colors": ["\##(x)", "#fff"] } }"##,
       "layers[0].contents.checkerboard.colors[0]: expected a colour"),
    ]
    for (body, expected) in cases {
      let found = errors(oneLayer(body))
      #expect(found.count == 1, "\(expected)")
      guard let error = found.first else { continue }
      #expect(error.hasPrefix(expected), "\(error.prefix(300))")
      #expect(error.contains(Self.quotedLong) || error.contains(Self.namedLong), "\(error.prefix(300))")
      #expect(error.utf8.count < 500, "\(error.prefix(300))")
    }
  }

  @Test func aLongNumberInATransformIsQuotedByItsBeginning() {
    let digits = "1" + String(repeating: "9", count: 999_999)
    let found = errors(oneLayer(##""transform": "rotate(\##(digits)deg)""##))
    #expect(found == ["layers[0].transform: at character 8: '1\(String(repeating: "9", count: 31))…' (1000000 characters) is not a finite number"])
  }

  @Test func longNamesAndFilesAreShortenedInMessages() throws {
    // A layer's name, in the lowering's errors.
    let layer = ShapeLayer()
    layer.name = Self.long
    layer.lineWidth = -1
    #expect(layer.debugName == Self.namedLong)
    // A file path is kept whole up to 1024 characters, then shortened.
    let path = String(repeating: "d/", count: 600) + "image.png"
    let found = errors(oneLayer(##""contents": "\##(path)""##))
    #expect(found.count == 1 && found[0].utf8.count < 1200 && found[0].contains("… (1234 characters)"), "\(found)")
    let short = errors(oneLayer(##""contents": "some/where/image.png""##))
    #expect(short == ["layers[0].contents: cannot read the image: /nonexistent-lamina-test/some/where/image.png: cannot read: No such file or directory"])
    #expect(Excerpt.quoted(String(repeating: "é", count: 64)) == "\"" + String(repeating: "é", count: 64) + "\"")
    #expect(Excerpt.quoted(String(repeating: "é", count: 65)) == "\"" + String(repeating: "é", count: 32) + "…\" (65 characters)")
  }

  // MARK: A gradient's stops (item 2)

  @Test func moreStopsThanTheLimitAreRefusedWithTheirPath() throws {
    let small = RenderLimits(maxGradientStops: 4)
    let colors = ##"["#f00", "#0f0", "#00f", "#fff", "#000"]"##
    #expect(
      errors(oneLayer(##""type": "gradientLayer", "colors": \##(colors)"##), limits: small)
        == ["layers[0].colors: at most 4 stops (RenderLimits.maxGradientStops), got 5"])
    #expect(errors(oneLayer(##""type": "gradientLayer", "colors": \##(colors)"##)) == [])
    // Through the Swift API (or an animation of colors), the lowering.
    let g = GradientLayer()
    g.name = "g"
    g.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
    g.colors = [.red, .green, .blue, .white, .black]
    let scene = Scene(canvas: Canvas(width: 40, height: 40), layers: [g])
    #expect(throws: LoweringError.invalidGradient(
      layer: "layers[0] ('g')", reason: "colors: 5 stops, more than 4 (RenderLimits.maxGradientStops)")) {
      try scene.renderPlan(limits: small)
    }
    _ = try scene.renderPlan()
    #expect(RenderLimits.default.maxGradientStops == 1_000_000)
  }

  // MARK: Every error from a scene names its JSON path (item 6)

  /// The error lowering (after presenting at `time`) `json` gives, as printed.
  func drawingError(_ json: String, time: Double = 0, limits: RenderLimits = .default) -> String? {
    do {
      let scene = try Scene(jsonData: Array(json.utf8), limits: limits)
      _ = try scene.presentation(at: time).renderPlan(limits: limits)
      return nil
    } catch let error as SceneErrors {
      return "load: \(error)"
    } catch {
      return "\(error)"
    }
  }

  /// A scene whose layers are `layers` (JSON objects, comma-separated).
  func scene(_ layers: String) -> String {
    ##"{ "version": 3, "canvas": { "width": 40, "height": 40, "duration": 1 }, "layers": [ "## + layers + ##" ] }"##
  }

  @Test func theShapeLimitsNameTheLayersPath() {
    let holder = ##"{ "frame": [0, 0, 40, 40] }, { "frame": [0, 0, 40, 40], "sublayers": [ "##
    // 100,000 dashes and more, unnamed, under another layer.
    let dashed = ##"{ "type": "shapeLayer", "path": { "svg": "M0 0 L100000 0" }, "strokeColor": "#000", "lineDashPattern": [0.1, 0.1] }"##
    #expect(
      drawingError(scene(holder + dashed + "] }"))
        == "layers[1].sublayers[0]: lineDashPattern cuts the path into more than 100000 dashes (RenderLimits.maxStrokeDashes)")
    // A stroke's outline past the edge limit (a small limit), named.
    let stroked = ##"{ "type": "shapeLayer", "name": "zig", "path": { "svg": "M0 0 L10 10 L20 0 L30 10 L40 0" }, "strokeColor": "#000", "fillColor": null }"##
    #expect(
      drawingError(scene(holder + stroked + "] }"), limits: RenderLimits(maxShapeEdges: 8))
        == "layers[1].sublayers[0] ('zig'): the stroke's outline needs more than 8 edges (RenderLimits.maxShapeEdges)")
    // A fill past it.
    let filled = ##"{ "type": "shapeLayer", "path": { "svg": "M0 0 L10 10 L20 0 L30 10 L40 0 Z" } }"##
    #expect(
      drawingError(scene(holder + filled + "] }"), limits: RenderLimits(maxShapeEdges: 3))
        == "layers[1].sublayers[0]: the fill's path has 6 edges, more than 3 (RenderLimits.maxShapeEdges)")
  }

  @Test func theReplicatorLimitsNameTheLayersPath() {
    // Three nested replicators of 100: 10⁶ copies; the outer one passes the limit.
    func nested(_ inner: String) -> String {
      ##"{ "type": "replicatorLayer", "frame": [0, 0, 40, 40], "instanceCount": 100, "sublayers": [ "## + inner + " ] }"
    }
    let leaf = ##"{ "frame": [0, 0, 2, 2], "backgroundColor": "#f00" }"##
    #expect(
      drawingError(scene(##"{ "frame": [0, 0, 4, 4] }, "## + nested(nested(nested(leaf)))))
        == "layers[1]: the replicators' copies make more than 200000 layers; the limit is 200000 (instanceCount × sublayers, nested replicators multiplying)")
    // Side by side, no one replicator passes it: the tree does.
    let wide = (0..<21).map { _ in ##"{ "type": "replicatorLayer", "instanceCount": 10000, "sublayers": [ "## + leaf + " ] }" }
    #expect(
      drawingError(scene(wide.joined(separator: ", ")))
        == "the replicators' copies make more than 200000 layers; the limit is 200000 (instanceCount × sublayers, nested replicators multiplying)")
    // Delayed copies (instanceDelay) in the presentation: the replicator expanding them.
    let animated = ##"{ "frame": [0, 0, 2, 2], "backgroundColor": "#f00", "animations": [ { "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1 } ] }"##
    let delayed = ##"{ "type": "replicatorLayer", "name": "outer", "instanceCount": 1000, "instanceDelay": 0.001, "sublayers": [ { "type": "replicatorLayer", "instanceCount": 300, "instanceDelay": 0.001, "sublayers": [ "## + animated + " ] } ] }"
    let found = drawingError(scene(delayed), time: 0.5) ?? ""
    // The inner replicator's copies cross the count, inside the outer's.
    #expect(
      found == "layers[0].sublayers[0]: the presentation makes more than 200000 layers (replicator copies with instanceDelay included)")
  }

  @Test func presentationErrorsNameTheLayersPath() {
    // A value that overflows at t = 0.5: −1e308 + (1e308 − (−1e308)) × 0.5.
    let overflow = ##"{ "frame": [0, 0, 4, 4] }, { "name": "far", "frame": [0, 0, 4, 4], "animations": [ { "type": "basic", "keyPath": "position.x", "fromValue": -1e308, "toValue": 1e308, "duration": 1 } ] }"##
    #expect(
      drawingError(scene(overflow), time: 0.5)
        == "layers[1] ('far'): the animation of position.x gives a value that is not finite at 0.5 s")
  }

  @Test func aLoneSurrogateNamesItsPath() {
    #expect(
      errors(oneLayer(##""name": "\ud800""##))
        == ["layers[0].name: unpaired UTF-16 surrogate in \\u escape"])
    #expect(
      errors(oneLayer(##""sublayers": [ { "name": "ok\udc00" } ]"##))
        == ["layers[0].sublayers[0].name: unpaired UTF-16 surrogate in \\u escape"])
    // In a key: the path of the object holding it.
    #expect(errors(oneLayer(##""\ud800": 1"##)) == ["layers[0]: in a key: unpaired UTF-16 surrogate in \\u escape"])
    // Invalid UTF-8 in a string, too.
    var bytes = Array(oneLayer(##""name": "ab""##).utf8)
    let at = bytes.firstIndex(of: UInt8(ascii: "b"))!
    bytes[at] = 0xFF
    do {
      _ = try Scene(jsonData: bytes)
      Issue.record("invalid UTF-8 loaded")
    } catch {
      #expect(error.errors.map(\.description) == ["layers[0].name: the string is not valid UTF-8"])
    }
  }
}
