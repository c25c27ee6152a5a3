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
      layer: "'g'", reason: "colors: 5 stops, more than 4 (RenderLimits.maxGradientStops)")) {
      try scene.renderPlan(limits: small)
    }
    _ = try scene.renderPlan()
    #expect(RenderLimits.default.maxGradientStops == 1_000_000)
  }
}
