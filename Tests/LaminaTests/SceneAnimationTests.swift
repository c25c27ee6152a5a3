// Animations in scene files: read, validated with JSON paths (the hostile
// inputs of issue 18 among them: each is an error or bounded, never a
// hang), and written back so that a document round-trips byte for byte.

import Foundation
import Testing

@testable import Lamina

@Suite struct SceneAnimationTests {
  func errors(_ animations: String, layer: String = "") -> [String] {
    SceneFixtures.errors(SceneFixtures.oneLayer(##""animations": [\##(animations)]\##(layer)"##))
  }

  @Test func everyKindLoadsAndAnimates() throws {
    let scene = try SceneFixtures.load(
      ##"""
      { "version": 2, "canvas": { "width": 100, "height": 100, "duration": 2, "frameRate": 30 },
        "layers": [ { "name": "a", "bounds": [0, 0, 10, 10], "position": [10, 10], "opacity": 0.5,
          "animations": [
            { "type": "basic", "keyPath": "position.x", "fromValue": 10, "toValue": 90, "duration": 1,
              "timingFunction": "linear", "fillMode": "forwards" },
            { "type": "keyframe", "keyPath": "backgroundColor", "values": ["#ff0000", "#00ff00", "#0000ff"],
              "keyTimes": [0, 0.5, 1], "duration": 2 },
            { "type": "spring", "keyPath": "transform.scale", "fromValue": 0.5, "toValue": 1, "damping": 12 },
            { "type": "group", "duration": 2, "animations": [
              { "type": "basic", "keyPath": "opacity", "byValue": 0.5, "beginTime": 1, "duration": 1 } ] }
          ] } ] }
      """##)
    #expect(scene.canvas.duration == 2 && scene.canvas.frameRate == 30)
    let layer = try #require(scene.layers.first)
    #expect(layer.animations.count == 4)
    let at15 = try scene.presentation(at: 1.5).layers[0]
    #expect(at15.position.x == 90)  // filled forwards
    #expect(abs(at15.opacity - 0.75) < 1e-12)  // 0.5 + half of 0.5
    #expect(at15.backgroundColor.map { abs($0.green - 0.5) < 1e-9 && abs($0.blue - 0.5) < 1e-9 } == true)
  }

  @Test func writtenScenesReadBackTheSame() throws {
    let text = ##"""
      { "canvas": { "width": 100, "height": 100, "duration": 1.5, "frameRate": 24 },
        "layers": [ { "type": "shapeLayer", "name": "s", "path": { "rect": [0, 0, 10, 10] },
          "beginTime": 0.5, "speed": 2, "fillMode": "both",
          "animations": [
            { "type": "basic", "keyPath": "fillColor", "fromValue": "#ff0000", "toValue": [0, 0, 1, 0.5],
              "additive": true, "cumulative": true, "repeatCount": 2, "autoreverses": true },
            { "type": "keyframe", "keyPath": "position", "path": { "svg": "M 0 0 C 10 0 20 10 30 10" },
              "calculationMode": "paced", "rotationMode": "autoReverse", "timingFunction": [0.1, 0.2, 0.3, 0.4] },
            { "type": "keyframe", "keyPath": "strokeEnd", "values": [0, 0.5, 1], "keyTimes": [0, 0.2, 1],
              "timingFunctions": ["easeIn", "easeOut"], "calculationMode": "cubic", "repeatDuration": 3 },
            { "type": "spring", "keyPath": "transform", "fromValue": "rotate(10deg)", "toValue": "scale(2)",
              "mass": 2, "stiffness": 50, "damping": 3, "initialVelocity": 1, "timeOffset": 0.1, "duration": 4 },
            { "type": "group", "animations": [ { "type": "basic", "keyPath": "path", "toValue": { "ellipse": [0, 0, 10, 10] } } ] }
          ] } ] }
      """##
    let scene = try SceneFixtures.load(text)
    let written = scene.jsonData()
    let again = try SceneFixtures.load(written)
    #expect(again.jsonData() == written)
    #expect(scene.layers[0].isEquivalent(to: again.layers[0]))
    let json = String(decoding: written, as: UTF8.self)
    #expect(json.contains("\"animations\"") && json.contains("\"frameRate\": 24") && json.contains("\"version\": 2"))
    // And the written scene draws the same at a time.
    for t in [0.0, 0.7, 1.3] {
      let a = try scene.presentation(at: t).layers[0]
      let b = try again.presentation(at: t).layers[0]
      #expect(a.isEquivalent(to: b), "t = \(t)")
    }
  }

  /// `contents` animates discretely in scene files too (a flipbook): PNG
  /// files and generated images as `contents` takes them, and null; the
  /// shown image at t is the keyframe's, checked against the checkerboards'
  /// own colours; the document round-trips.
  @Test func animatedContentsLoadPresentAndRoundTrip() throws {
    let text = ##"""
      { "canvas": { "width": 20, "height": 20, "duration": 3 },
        "layers": [ { "name": "flip", "bounds": [0, 0, 20, 20], "position": [10, 10],
          "animations": [
            { "type": "keyframe", "keyPath": "contents", "calculationMode": "discrete", "duration": 3,
              "values": [
                { "checkerboard": { "size": [4, 4], "cell": 4, "colors": ["#FF0000", "#FF0000"] } },
                { "checkerboard": { "size": [4, 4], "cell": 4, "colors": ["#0000FF", "#0000FF"] } },
                null ] },
            { "type": "basic", "keyPath": "contents", "beginTime": 10, "duration": 1,
              "toValue": { "checkerboard": { "size": [4, 4], "cell": 4, "colors": ["#FF0000", "#FF0000"] } } }
          ] } ] }
      """##
    // Real generated images (SceneFixtures' placeholders carry no colour).
    let scene = try Scene(jsonData: Array(text.utf8))
    func shown(_ t: Double) throws -> Image? { try scene.presentation(at: t).layers[0].contents }
    func rgba(_ image: Image?) -> [UInt8] { image.map { Array($0.pixels.prefix(4)) } ?? [] }
    #expect(rgba(try shown(0.5)) == [255, 0, 0, 255])
    #expect(rgba(try shown(1.5)) == [0, 0, 255, 255])
    #expect(try shown(2.5) == nil)
    // The basic animation: from the model's (no contents) to red, switching
    // half way; two values naming one spec share one image.
    #expect(try shown(10.4) == nil)
    #expect(try shown(10.6) === shown(0.5))
    let written = scene.jsonData()
    let reread = try Scene(jsonData: written)
    #expect(reread.jsonData() == written)
    #expect(rgba(try reread.presentation(at: 1.5).layers[0].contents) == [0, 0, 255, 255])
  }

  @Test func animatedContentsAreBounded() {
    // The distinct images of animated contents share one budget, the
    // limits' pixel bytes (256 MiB by default: 64 distinct 4096² images
    // would be 4 GiB). Under a 1 MiB budget four 256² images fit and the
    // fifth is refused before it is rendered.
    let values = (0..<64).map { i in
      ##"{ "checkerboard": { "size": [256, 256], "cell": \##(i + 1), "colors": ["#000000", "#FFFFFF"] } }"##
    }.joined(separator: ", ")
    let text = SceneFixtures.oneLayer(
      ##""animations": [{ "type": "keyframe", "keyPath": "contents", "values": [\##(values)] }]"##)
    let got = SceneFixtures.errors(text, limits: RenderLimits(maxPixelBytes: 1 << 20))
    #expect(got == ["layers[0].animations[0].values[4]: the images of animated contents exceed 1 MiB in all (distinct images)"], "\(got)")
    #expect(errors(##"{ "type": "basic", "keyPath": "contents", "toValue": 3 }"##)
      == ["layers[0].animations[0].toValue: expected an image (a PNG file name or a generated image object) or null, got a number"])
  }

  @Test func badAnimationsSayWhereAndWhy() {
    let cases: [(String, String)] = [
      (##"{ "type": "basic", "keyPath": "opacityy" }"##,
       "layers[0].animations[0].keyPath: unknown key path \"opacityy\"; did you mean 'opacity'?"),
      (##"{ "type": "basic" }"##, "layers[0].animations[0].keyPath: required"),
      (##"{ "keyPath": "opacity" }"##,
       ##"layers[0].animations[0].type: required (one of "basic", "keyframe", "spring", "group")"##),
      (##"{ "type": "tween", "keyPath": "opacity" }"##,
       ##"layers[0].animations[0].type: expected one of "basic", "keyframe", "spring", "group", got "tween""##),
      (##"{ "type": "basic", "keyPath": "opacity", "fromValue": "#fff" }"##,
       "layers[0].animations[0].fromValue: expected a number, got a string"),
      (##"{ "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "byValue": 1 }"##,
       "layers[0].animations[0].byValue: at most two of fromValue, toValue and byValue"),
      (##"{ "type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1] }"##,
       "layers[0].animations[0].keyTimes: expected 3 key times, one per value, got 2"),
      (##"{ "type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.6, 0.5] }"##,
       "layers[0].animations[0].keyTimes[2]: key times must not decrease: 0.5 follows 0.6"),
      (##"{ "type": "keyframe", "keyPath": "opacity", "values": [0, 1], "timingFunctions": ["linear", "easeIn"] }"##,
       "layers[0].animations[0].timingFunctions: expected 1, one per segment between values, got 2"),
      (##"{ "type": "keyframe", "keyPath": "opacity", "values": [0, 1], "path": { "rect": [0, 0, 1, 1] } }"##,
       "layers[0].animations[0].path: a path animates a point property (such as position); opacity is not one"),
      (##"{ "type": "spring", "keyPath": "opacity", "mass": 0 }"##, "layers[0].animations[0].mass: must be > 0, got 0"),
      (##"{ "type": "spring", "keyPath": "opacity", "damping": -1 }"##, "layers[0].animations[0].damping: must be ≥ 0, got -1"),
      (##"{ "type": "spring", "keyPath": "opacity", "stiffness": -5 }"##, "layers[0].animations[0].stiffness: must be > 0, got -5"),
      (##"{ "type": "basic", "keyPath": "opacity", "duration": -1 }"##, "layers[0].animations[0].duration: must be ≥ 0, got -1"),
      (##"{ "type": "basic", "keyPath": "opacity", "repeatCount": 1e999 }"##, "layers[0].animations[0].repeatCount: must be finite"),
      (##"{ "type": "basic", "keyPath": "opacity", "fillMode": "forever" }"##,
       ##"layers[0].animations[0].fillMode: expected one of "removed", "forwards", "backwards", "both", got "forever""##),
      (##"{ "type": "basic", "keyPath": "opacity", "timingFunction": [1.5, 0, 1, 1] }"##,
       "layers[0].animations[0].timingFunction[0]: a control point's x must be in 0…1, got 1.5"),
      (##"{ "type": "basic", "keyPath": "opacity", "values": [0] }"##,
       "layers[0].animations[0].values: unknown key"),
      (##"{ "type": "basic", "keyPath": "fillColor" }"##,
       "layers[0].animations[0].keyPath: fillColor is a property of shapeLayer; unnamed layer is a layer"),
      (##"{ "type": "basic", "keyPath": "sublayers.knob.opacity" }"##,
       "layers[0].animations[0].keyPath: unnamed layer has no sublayer named \"knob\""),
      (##"{ "type": "group", "animations": [ { "type": "basic", "keyPath": "opacity", "toValue": 2 } ] }"##, ""),
    ]
    for (animation, message) in cases {
      let got = errors(animation)
      if message.isEmpty {
        #expect(got.isEmpty, "\(animation): \(got)")  // the value is clamped when drawn, not refused
      } else {
        #expect(got == [message], "\(animation)")
      }
    }
  }

  @Test func canvasTimeKeys() {
    func canvasErrors(_ keys: String) -> [String] {
      SceneFixtures.errors(##"{ "canvas": { "width": 10, "height": 10, \##(keys) }, "layers": [] }"##)
    }
    #expect(canvasErrors(##""duration": -1"##) == ["canvas.duration: must be ≥ 0, got -1"])
    #expect(canvasErrors(##""frameRate": 0"##) == ["canvas.frameRate: must be > 0, got 0"])
    #expect(canvasErrors(##""frameRate": 1e6"##) == ["canvas.frameRate: must be ≤ 1000, got 1000000"])
    #expect(canvasErrors(##""duration": 3600, "frameRate": 24"##).isEmpty)
  }

  @Test func hostileNumbersAreBoundedNotHangs() throws {
    // repeatCount 1e300, speed 0 and negative, duration 0, t = 1e300: each
    // loads, and a frame at t = 1e300 is drawn at once.
    let scene = try SceneFixtures.load(
      SceneFixtures.oneLayer(
        """
        "bounds": [0, 0, 10, 10], "animations": [
          { "type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "repeatCount": 1e300 },
          { "type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 1, "speed": 0, "timeOffset": 0.1 },
          { "type": "basic", "keyPath": "position.y", "fromValue": 0, "toValue": 1, "speed": -1, "duration": 0 },
          { "type": "keyframe", "keyPath": "cornerRadius", "values": [0, 5, 1], "calculationMode": "paced", "repeatCount": 1e300 }
        ]
        """))
    let clock = ContinuousClock()
    let elapsed = try clock.measure {
      for t in [0, 0.1, 1e10, 1e300, -1e300] {
        let p = try scene.presentation(at: t)
        _ = try p.renderPlan()
      }
    }
    #expect(elapsed < .seconds(2))
  }

  @Test func tooManyKeyframesIsAnErrorNotAnHour() {
    // A million values: refused with the limit, after a single read.
    let values = [String](repeating: "0", count: 1_000_000).joined(separator: ",")
    let got = errors(##"{ "type": "keyframe", "keyPath": "opacity", "values": [\##(values)] }"##)
    #expect(got == ["layers[0].animations[0].values: at most 100000 values, got 1000000"])
  }

  @Test func groupsNestOnlySoDeep() {
    var group = ##"{ "type": "basic", "keyPath": "opacity" }"##
    for _ in 0..<40 { group = ##"{ "type": "group", "animations": [\##(group)] }"## }
    let got = errors(group)
    #expect(got.count == 1 && got[0].hasSuffix("groups may be nested at most 32 deep"))
  }

  /// The animatable key paths come from the layer tables (`animates:`) with
  /// the sub-paths after their key: Core Animation's, in the tables' order,
  /// each with the class that has it.
  @Test func theAnimatableKeyPathsAreTheTablesInOrder() {
    let layer =
      "bounds bounds.size.width bounds.size.height position position.x position.y anchorPoint zPosition transform "
      + "transform.rotation transform.rotation.x transform.rotation.y transform.rotation.z transform.scale "
      + "transform.scale.x transform.scale.y transform.scale.z transform.translation.x transform.translation.y "
      + "transform.translation.z transform.translation sublayerTransform hidden opacity backgroundColor "
      + "cornerRadius masksToBounds borderWidth borderColor shadowOpacity shadowColor shadowOffset shadowRadius "
      + "shadowPath contents contentsRect contentsCenter doubleSided compositingFilter"
    let own: [(String, String)] = [
      ("gradientLayer", "colors locations startPoint endPoint"),
      ("shapeLayer", "path fillColor strokeColor lineWidth miterLimit lineDashPattern lineDashPhase strokeStart strokeEnd"),
      ("replicatorLayer", "instanceTransform instanceColor instanceRedOffset instanceGreenOffset instanceBlueOffset instanceAlphaOffset instanceDelay"),
      ("textLayer", "fontSize foregroundColor"),
    ]
    let expected = layer.split(separator: " ").map { ("layer", String($0)) }
      + own.flatMap { owner, keys in keys.split(separator: " ").map { (owner, String($0)) } }
    let actual = AnimatableProperties.all.map { ($0.owner, $0.keyPath) }
    #expect(actual.map(\.0) == expected.map(\.0) && actual.map(\.1) == expected.map(\.1))
  }

  /// An overshooting value is clamped to its entry's range when presented.
  @Test func animatedValuesAreClampedToTheTablesRanges() throws {
    let shape = ShapeLayer()
    let set: [(String, AnimationValue)] = [
      ("opacity", .number(1.5)), ("cornerRadius", .number(-2)), ("strokeEnd", .number(1.2)),
      ("lineDashPattern", .numbers([2, -1])), ("bounds", .rect(CGRect(x: 1, y: 2, width: -3, height: 4))),
      ("fontSize", .number(0)), ("zPosition", .number(-7)),
    ]
    let text = TextLayer()
    for (key, value) in set {
      let property = try #require(AnimatableProperties.byKeyPath[key])
      property.set(key == "fontSize" ? text : shape, value)
    }
    #expect(shape.opacity == 1 && shape.cornerRadius == 0 && shape.strokeEnd == 1)
    #expect(shape.lineDashPattern == [2, 0] && shape.bounds == CGRect(x: 1, y: 2, width: 0, height: 4))
    #expect(text.fontSize == 1e-3 && shape.zPosition == -7)
  }
}
