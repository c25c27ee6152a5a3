// Transform strings: every CSS function against the matrix built with the
// Transform3D API, the chaining order, units, and the 16-number form.

import Foundation
import Testing

@testable import Lamina

@Suite struct SceneTransformTests {
  func parse(_ s: String) throws -> Transform3D {
    do {
      return try CSSTransform.parse(s)
    } catch {
      Issue.record("\(s): at \(error.offset): \(error.message)")
      throw error
    }
  }

  func expectClose(_ a: Transform3D, _ b: Transform3D, _ what: String) {
    let close = zip(a.values, b.values).allSatisfy {
      abs($0 - $1) <= 1e-12 * max(1, abs($0), abs($1))
    }
    #expect(close, "\(what): \(a) vs \(b)")
  }

  @Test func everyFunctionMeansWhatItMeansInCSS() throws {
    let d = Double.pi / 180
    let cases: [(String, Transform3D)] = [
      ("translate(10, 20)", Transform3D(translationX: 10, y: 20)),
      ("translate(10px)", Transform3D(translationX: 10, y: 0)),
      ("translate3d(1, 2, 3)", Transform3D(translationX: 1, y: 2, z: 3)),
      ("translateX(4)", Transform3D(translationX: 4, y: 0)),
      ("translateY(-4)", Transform3D(translationX: 0, y: -4)),
      ("translateZ(7.5)", Transform3D(translationX: 0, y: 0, z: 7.5)),
      ("scale(2)", Transform3D(scaleX: 2, y: 2)),
      ("scale(2, 3)", Transform3D(scaleX: 2, y: 3)),
      ("scale3d(2, 3, 4)", Transform3D(scaleX: 2, y: 3, z: 4)),
      ("scaleX(2)", Transform3D(scaleX: 2, y: 1)),
      ("scaleY(2)", Transform3D(scaleX: 1, y: 2)),
      ("scaleZ(2)", Transform3D(scaleX: 1, y: 1, z: 2)),
      ("rotate(30deg)", Transform3D(rotationAngle: 30 * d, x: 0, y: 0, z: 1)),
      ("rotateZ(0.5rad)", Transform3D(rotationAngle: 0.5, x: 0, y: 0, z: 1)),
      ("rotateX(0.25turn)", Transform3D(rotationAngle: Double.pi / 2, x: 1, y: 0, z: 0)),
      ("rotateY(100grad)", Transform3D(rotationAngle: Double.pi / 2, x: 0, y: 1, z: 0)),
      ("rotate3d(1, 1, 0, 60deg)", Transform3D(rotationAngle: 60 * d, x: 1, y: 1, z: 0)),
      ("rotate(0)", .identity),
      ("skew(10deg, 20deg)", Transform3D(CGAffineTransform(shearX: tan(10 * d), y: tan(20 * d)))),
      ("skew(10deg)", Transform3D(CGAffineTransform(shearX: tan(10 * d), y: 0))),
      ("skewX(-45deg)", Transform3D(CGAffineTransform(a: 1, b: 0, c: -1, d: 1, tx: 0, ty: 0))),
      ("skewY(45deg)", Transform3D(CGAffineTransform(a: 1, b: 1, c: 0, d: 1, tx: 0, ty: 0))),
      ("perspective(500)", Transform3D(perspective: 500)),
      (
        "matrix(1, 2, 3, 4, 5, 6)",
        Transform3D(CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6))
      ),
      (
        "matrix3d(1,0,0,0, 0,1,0,0, 0,0,1,-0.002, 5,6,7,1)",
        Transform3D(
          m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0,
          m31: 0, m32: 0, m33: 1, m34: -0.002, m41: 5, m42: 6, m43: 7, m44: 1)
      ),
      ("none", .identity),
    ]
    for (text, expected) in cases { expectClose(try parse(text), expected, text) }
    let named = Set(cases.compactMap { $0.0.split(separator: "(").first.map(String.init) })
    #expect(named.subtracting(["none"]) == Set(CSSTransform.functionNames))
  }

  @Test func cssRotationTurnsClockwiseOnAYDownScreenLikeCoreAnimation() throws {
    // rotate(90deg) takes +x to +y: (1, 0) → (0, 1).
    let p = try #require(try parse("rotate(90deg)").project(CGPoint(x: 1, y: 0)))
    #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
  }

  @Test func theLastFunctionActsOnThePointsFirst() throws {
    // (1, 0): scale first → (2, 0), then translate → (12, 0).
    let t = try parse("translate(10, 0) scale(2)")
    #expect(t.project(CGPoint(x: 1, y: 0)) == CGPoint(x: 12, y: 0))
    // The same as the chain of Core Animation calls, in the same order.
    let chain = Transform3D.identity.translatedBy(x: 10, y: 0).scaledBy(x: 2, y: 2)
    expectClose(t, chain, "chain")
    let ca = Transform3D(perspective: 500).rotated(by: Double.pi / 4, x: 0, y: 1, z: 0)
    expectClose(try parse("perspective(500) rotateY(45deg)"), ca, "perspective chain")
  }

  @Test func figure54ChainMatchesTheAffineTransformScene() throws {
    let css = try parse("scale(0.5) rotate(30deg) translate(200, 0)")
    let ca = CGAffineTransform.identity.scaledBy(x: 0.5, y: 0.5).rotated(by: Double.pi / 6)
      .translatedBy(x: 200, y: 0)
    expectClose(css, Transform3D(ca), "figure 5.4")
    let scene = try #require(SceneFixtures.corpus.first { $0.name == "affine-transform.json" })
    let layer = try #require(try SceneFixtures.load(scene.data).layers.first)
    expectClose(layer.transform, css, "affine-transform.json")
  }

  @Test func matrix3dSceneEqualsThePerspectiveScene() throws {
    func transform(_ name: String) throws -> Transform3D {
      let scene = try #require(SceneFixtures.corpus.first { $0.name == name })
      return try #require(try SceneFixtures.load(scene.data).layers.first).transform
    }
    expectClose(
      try transform("transform-matrix3d.json"), try transform("transform-perspective.json"),
      "matrix3d")
  }

  @Test func sixteenNumbersAreRowMajorRowVectors() throws {
    let layer = try SceneFixtures.firstLayer(
      ##""transform": [1,0,0,0, 0,1,0,0, 0,0,1,-0.002, 5,6,0,1]"##)
    #expect(layer.transform.m34 == -0.002 && layer.transform.m41 == 5 && layer.transform.m42 == 6)
  }

  @Test func badTransformStringsSayWhereAndWhy() {
    let cases: [(String, String)] = [
      ("rotate(45)", "at character 8: rotate needs an angle unit (deg, rad or turn)"),
      (
        "rotat(45deg)", "at character 1: unknown transform function 'rotat'; did you mean 'rotate'?"
      ),
      ("spin(1turn)", "at character 1: unknown transform function 'spin'"),
      ("translate(1, 2, 3)", "at character 1: translate takes 1 or 2 arguments, got 3"),
      ("scale(2) rotate(1deg", "at character 21: missing ')' after the arguments of rotate"),
      ("scale(2px)", "at character 7: scale takes plain numbers, got 'px'"),
      ("rotate(1foo)", "at character 8: unknown angle unit 'foo' (use deg, rad or turn)"),
      ("translate(10 20)", "at character 14: expected ',' or ')' in translate(…)"),
      ("perspective(0)", "at character 1: perspective distance must be > 0"),
      ("", "at character 1: expected a transform function such as rotate(45deg)"),
      ("none scale(2)", "at character 6: 'none' cannot be combined with functions"),
      ("translate(1e400, 0)", "at character 11: '1e400' is not a finite number"),
    ]
    for (text, message) in cases {
      let errors = SceneFixtures.errors(SceneFixtures.oneLayer(##""transform": "\##(text)""##))
      #expect(errors == ["layers[0].transform: \(message)"], "\(text)")
    }
  }
}
