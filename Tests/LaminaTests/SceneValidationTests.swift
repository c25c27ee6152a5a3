// Validation: every rule of docs/scene-format.md gives an error that names the
// JSON path and says what is wrong; all errors of a document are reported,
// hidden subtrees and masks included.

import Foundation
import Testing

@testable import Lamina

@Suite struct SceneValidationTests {
  func layerErrors(_ body: String) -> [String] {
    SceneFixtures.errors(SceneFixtures.oneLayer(body))
  }

  @Test func rangesAndTypes() {
    let cases: [(String, String)] = [
      (##""cornerRadius": -4"##, "layers[0].cornerRadius: must be ≥ 0, got -4"),
      (##""opacity": 1.5"##, "layers[0].opacity: must be in 0…1, got 1.5"),
      (##""shadowOpacity": -0.25"##, "layers[0].shadowOpacity: must be in 0…1, got -0.25"),
      (##""borderWidth": -1"##, "layers[0].borderWidth: must be ≥ 0, got -1"),
      (##""shadowRadius": -3"##, "layers[0].shadowRadius: must be ≥ 0, got -3"),
      (##""contentsScale": 0"##, "layers[0].contentsScale: must be > 0, got 0"),
      (##""rasterizationScale": -2"##, "layers[0].rasterizationScale: must be > 0, got -2"),
      (##""zPosition": "1""##, "layers[0].zPosition: expected a number, got a string"),
      (##""hidden": 1"##, "layers[0].hidden: expected true or false, got a number"),
      (##""name": 3"##, "layers[0].name: expected a string, got a number"),
      (##""position": [1]"##, "layers[0].position: expected [x, y], got 1 number"),
      (##""bounds": [0, 0, -1, 2]"##, "layers[0].bounds[2]: width must be ≥ 0, got -1"),
      (##""frame": {}"##, "layers[0].frame: expected [x, y, width, height], got an object"),
      (
        ##""shadowOffset": [1, "2"]"##, "layers[0].shadowOffset[1]: expected a number, got a string"
      ),
      (##""zPosition": 1e999"##, "layers[0].zPosition: must be finite"),
      (
        ##""type": "shape""##,
        ##"layers[0].type: expected one of "layer", "transformLayer", "gradientLayer", "shapeLayer", "replicatorLayer", "textLayer", got "shape""##
      ),
      (##""sublayers": {}"##, "layers[0].sublayers: expected an array of layers, got an object"),
      (##""mask": []"##, "layers[0].mask: expected a layer object, got an array"),
    ]
    for (body, message) in cases { #expect(layerErrors(body) == [message], "\(body)") }
  }

  @Test func coloursAndNames() {
    let colour = ##"a colour ("#RRGGBB", "#RRGGBBAA", "#RGB", "#RGBA" or [r, g, b, a])"##
    let cases: [(String, String)] = [
      (
        ##""backgroundColor": "#12345""##,
        ##"layers[0].backgroundColor: expected \##(colour), got "#12345""##
      ),
      (
        ##""backgroundColor": "red""##,
        ##"layers[0].backgroundColor: expected \##(colour), got "red""##
      ),
      (
        ##""borderColor": [1, 0, 0]"##,
        "layers[0].borderColor: expected [r, g, b, a], got 3 numbers"
      ),
      (##""shadowColor": [1, 0, 2, 1]"##, "layers[0].shadowColor[2]: must be in 0…1, got 2"),
      (
        ##""backgroundColor": true"##,
        "layers[0].backgroundColor: expected \(colour), got a boolean"
      ),
      (
        ##""contentsGravity": "middle""##,
        ##"layers[0].contentsGravity: expected one of "center", "top", "bottom", "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight", "resize", "resizeAspect", "resizeAspectFill", got "middle""##
      ),
      (
        ##""minificationFilter": "kCAFilterCubic""##,
        ##"layers[0].minificationFilter: expected one of "nearest", "linear", "trilinear", got "kCAFilterCubic""##
      ),
      (
        ##""cornerCurve": "round""##,
        ##"layers[0].cornerCurve: expected one of "circular", "continuous", got "round""##
      ),
      (
        ##""maskedCorners": ["topLeft"]"##,
        ##"layers[0].maskedCorners[0]: expected one of "minXMinY", "maxXMinY", "minXMaxY", "maxXMaxY", got "topLeft""##
      ),
      (
        ##""maskedCorners": ["minXMinY", "minXMinY"]"##,
        ##"layers[0].maskedCorners[1]: "minXMinY" is listed twice"##
      ),
    ]
    for (body, message) in cases { #expect(layerErrors(body) == [message], "\(body)") }
  }

  @Test func caConstantNamesAreAccepted() throws {
    let layer = try SceneFixtures.firstLayer(
      ##""contentsGravity": "kCAGravityResizeAspectFill", "magnificationFilter": "kCAFilterNearest", "cornerCurve": "kCACornerCurveContinuous", "maskedCorners": ["kCALayerMaxXMaxYCorner", "layerMinXMinYCorner"]"##
    )
    #expect(layer.contentsGravity == .resizeAspectFill)
    #expect(layer.magnificationFilter == .nearest)
    #expect(layer.cornerCurve == .continuous)
    #expect(layer.maskedCorners == [.layerMaxXMaxYCorner, .layerMinXMinYCorner])
  }

  @Test func unknownKeysAreErrorsWithASuggestionButUnderscoreKeysAreComments() {
    #expect(
      layerErrors(##""cornerRadus": 4"##) == [
        "layers[0].cornerRadus: unknown key; did you mean 'cornerRadius'?"
      ])
    #expect(
      layerErrors(##""opactiy": 1"##) == ["layers[0].opactiy: unknown key; did you mean 'opacity'?"]
    )
    #expect(
      layerErrors(##""isHidden": true"##) == [
        "layers[0].isHidden: unknown key; did you mean 'hidden'?"
      ])
    #expect(layerErrors(##""wobble": true"##) == ["layers[0].wobble: unknown key"])
    #expect(layerErrors(##""weird key": true"##) == [##"layers[0]["weird key"]: unknown key"##])
    #expect(layerErrors(##""_comment": { "anything": [1, "goes"] }, "_": 0"##) == [])
    #expect(
      SceneFixtures.errors(
        ##"{ "canvas": { "width": 10, "height": 10, "colour": "#FFF" }, "_note": 1 }"##)
        == ["canvas.colour: unknown key"])
  }

  @Test func conflictingKeys() {
    #expect(
      layerErrors(##""frame": [0, 0, 1, 1], "bounds": [0, 0, 1, 1], "position": [0, 0]"##)
        == [
          "layers[0].frame: not allowed together with bounds",
          "layers[0].frame: not allowed together with position",
        ])
    #expect(
      layerErrors(##""transform": "rotate(1deg)", "affineTransform": [1, 0, 0, 1, 0, 0]"##)
        == ["layers[0].affineTransform: not allowed together with transform"])
  }

  @Test func documentAndCanvasRules() {
    #expect(SceneFixtures.errors(##"{ "layers": [] }"##) == ["canvas: required"])
    #expect(
      SceneFixtures.errors("[]") == ["line 1, column 1: expected a scene object, got an array"])
    #expect(
      SceneFixtures.errors(##"{ "canvas": { "width": 0 } }"##)
        == ["canvas.height: required", "canvas.width: must be > 0, got 0"])
    #expect(
      SceneFixtures.errors(
        ##"{ "format": "svg", "version": 4, "canvas": { "width": 1, "height": 1 } }"##)
        == [
          ##"format: expected "lamina-scene", got "svg""##,
          "version: version 4 is newer than this Lamina reads (3)",
        ])
    #expect(
      SceneFixtures.errors(##"{ "version": 1.5, "canvas": { "width": 1, "height": 1 } }"##)
        == ["version: expected 1, 2 or 3, got 1.5"])
    #expect(SceneFixtures.errors(##"{ "version": 2, "canvas": { "width": 1, "height": 1 } }"##) == [])
    #expect(
      SceneFixtures.errors(##"{ "canvas": { "width": 0.2, "height": 1 } }"##)
        == ["canvas: 0×1 pixels: the canvas needs at least one pixel each way"])
    let huge = SceneFixtures.errors(
      ##"{ "canvas": { "width": 1e300, "height": 1, "scale": 1e10 } }"##)
    #expect(huge.count == 1 && huge[0].hasPrefix("canvas: the canvas is too large"), "\(huge)")
  }

  @Test func limitsApplyToTheCanvasLayersAndGeneratedImages() {
    let limits = RenderLimits(maxDimension: 100)
    #expect(
      SceneFixtures.errors(
        ##"{ "canvas": { "width": 60, "height": 60, "scale": 2 } }"##, limits: limits)
        == ["canvas: 120×120 pixels exceeds the limit of 100 pixels a side"])
    #expect(
      SceneFixtures.errors(
        ##"{ "canvas": { "width": 600, "height": 600 } }"##,
        limits: RenderLimits(maxPixelBytes: 1 << 20))
        == ["canvas: 600×600 pixels exceeds the limit of 1 MiB of pixels"])
    let small = RenderLimits(maxDimension: 100)
    #expect(
      SceneFixtures.errors(
        ##"{ "canvas": { "width": 50, "height": 50, "scale": 2 }, "layers": [ { "frame": [0, 0, 60, 10] } ] }"##,
        limits: small) == [], "bounds of any finite size: what reaches the canvas is what counts")
    #expect(
      SceneFixtures.errors(
        ##"{ "canvas": { "width": 50, "height": 50, "scale": 2 }, "layers": [ { "frame": [0, 0, 1e308, 10] } ] }"##,
        limits: small) == ["layers[0].frame: the size 1e+308×10.0 is not finite at the canvas scale"])
    #expect(
      SceneFixtures.errors(
        ##"{ "canvas": { "width": 50, "height": 50 }, "layers": [ { "contents": { "checkerboard": { "size": [101, 1], "cell": 1, "colors": ["#000", "#FFF"] } } } ] }"##,
        limits: small) == [
          "layers[0].contents.checkerboard.size: 101×1 pixels exceeds the limit of 100 pixels a side"
        ])
  }

  @Test func generatedImageRules() {
    let cases: [(String, String)] = [
      (
        ##"{ "checkerboard": { "size": [8, 8], "colors": ["#000", "#FFF"] } }"##,
        "layers[0].contents.checkerboard.cell: required"
      ),
      (
        ##"{ "checkerboard": { "size": [8, 8], "cell": 0.5, "colors": ["#000", "#FFF"] } }"##,
        "layers[0].contents.checkerboard.cell: must be a whole number ≥ 1, got 0.5"
      ),
      (
        ##"{ "checkerboard": { "size": [8, 8], "cell": 2, "colors": ["#000"] } }"##,
        "layers[0].contents.checkerboard.colors: expected 2 colours, got 1"
      ),
      (
        ##"{ "linearGradient": { "size": [8, 0], "colors": ["#000", "#FFF"] } }"##,
        "layers[0].contents.linearGradient.size[1]: must be a whole number ≥ 1, got 0"
      ),
      (
        ##"{ "linearGradient": { "size": [8, 8], "colors": ["#000"] } }"##,
        "layers[0].contents.linearGradient.colors: expected at least 2 colours, got 1"
      ),
      (
        ##"{ "linearGradient": { "size": [8, 8], "colors": ["#000", "#FFF"], "start": [0, 0], "end": [0, 0] } }"##,
        "layers[0].contents.linearGradient.end: start and end must differ"
      ),
      (
        ##"{ "radialGradient": { "size": [8, 8], "colors": ["#000", "#FFF"], "radius": 0 } }"##,
        "layers[0].contents.radialGradient.radius: must be > 0, got 0"
      ),
      (
        ##"{ "radialGradient": { "size": [8, 8], "colors": ["#000", "#FFF"], "centre": [0, 0] } }"##,
        "layers[0].contents.radialGradient.centre: unknown key; did you mean 'center'?"
      ),
      (##"{ "noise": {} }"##, "layers[0].contents.noise: unknown key"),
      (
        ##"{}"##, "layers[0].contents: expected one of checkerboard, linearGradient, radialGradient"
      ),
      (
        ##"{ "checkerboard": {}, "radialGradient": {} }"##,
        "layers[0].contents: an image has exactly one of checkerboard, linearGradient, radialGradient"
      ),
      (
        "4",
        "layers[0].contents: expected an image (a PNG file name or a generated image object), got a number"
      ),
    ]
    for (json, message) in cases {
      #expect(layerErrors(##""contents": \##(json)"##) == [message], "\(json)")
    }
  }

  @Test func pathRules() {
    let cases: [(String, String)] = [
      (##"{ "rect": [0, 0, -1, 1] }"##, "layers[0].shadowPath.rect[2]: width must be ≥ 0, got -1"),
      (
        ##"{ "roundedRect": [0, 0, 1, 1] }"##,
        "layers[0].shadowPath.cornerRadius: required with roundedRect"
      ),
      (
        ##"{ "rect": [0, 0, 1, 1], "cornerRadius": 2 }"##,
        "layers[0].shadowPath.cornerRadius: only allowed with roundedRect"
      ),
      (
        ##"{ "rect": [0, 0, 1, 1], "ellipse": [0, 0, 1, 1] }"##,
        "layers[0].shadowPath: a path has exactly one of rect, ellipse, roundedRect, svg"
      ),
      (##"{ "circle": [0, 0, 1] }"##, "layers[0].shadowPath.circle: unknown key"),
      (
        ##"{ "svg": "M 0 0 ! 3" }"##,
        "layers[0].shadowPath.svg: invalid SVG path data at character 6: unexpected '!'"
      ),
      (##"{ "svg": 3 }"##, "layers[0].shadowPath.svg: expected a string, got a number"),
    ]
    for (json, message) in cases {
      let errors = layerErrors(##""shadowPath": \##(json)"##)
      #expect(errors.last == message, "\(json)")
      #expect(errors.count == 1, "\(json): \(errors)")
    }
  }

  @Test func errorsCarryLineAndColumnOfTheOffendingValue() throws {
    let text =
      "{\n  \"canvas\": { \"width\": 10, \"height\": 10 },\n  \"layers\": [\n    { \"opacity\": 2, \"cornerRadus\": 1 }\n  ]\n}"
    do {
      _ = try SceneFixtures.load(text)
      Issue.record("loaded")
    } catch {
      #expect(error.errors.map { [$0.line, $0.column] } == [[4, 18], [4, 21]])
    }
  }

  @Test func transformErrorsPointAtTheCharacter() throws {
    let text =
      ##"{ "canvas": { "width": 10, "height": 10 }, "layers": [ { "transform": "scale(2) rotat(1deg)" } ] }"##
    do {
      _ = try SceneFixtures.load(text)
      Issue.record("loaded")
    } catch {
      let e = try #require(error.errors.first)
      // "rotat" is the string's 10th character: the column of its "r".
      #expect(
        e.message == "at character 10: unknown transform function 'rotat'; did you mean 'rotate'?")
      let column =
        text.unicodeScalars.distance(
          from: text.unicodeScalars.startIndex, to: try #require(text.range(of: "rotat")).lowerBound
        ) + 1
      #expect(e.column == column)
    }
  }

  @Test func everyErrorIsReportedIncludingHiddenSubtreesAndMasks() {
    let doc = ##"""
      { "canvas": { "width": 10, "height": 10 }, "layers": [
        { "hidden": true, "sublayers": [ { "opacity": -1 } ] },
        { "mask": { "cornerRadius": -1, "mask": { "borderWidth": -1 } } },
        { "sublayers": [ { "sublayers": [ { "zPosition": null } ] } ] }
      ] }
      """##
    #expect(
      SceneFixtures.errors(doc) == [
        "layers[0].sublayers[0].opacity: must be in 0…1, got -1",
        "layers[1].mask.cornerRadius: must be ≥ 0, got -1",
        "layers[1].mask.mask.borderWidth: must be ≥ 0, got -1",
        "layers[2].sublayers[0].sublayers[0].zPosition: expected a number, got null",
      ])
  }
}
