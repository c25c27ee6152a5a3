// LottieTransforms: a Lottie transform onto a layer that fills `size`, as
// lottie-ios does it. Normally each part is its own Core Animation key
// path: `position` (or `position.x` and `position.y` when the dimensions
// are separate), `anchorPoint` (the absolute anchor divided by the layer's
// size), `transform.scale.x`/`.y` (percent / 100) and
// `transform.rotation.x`/`.y`/`.z` (degrees to radians; x and y rotate even
// a 2D layer, as lottie-ios does). A skew, or a negative x scale (which
// Core Animation mis-animates as separate key paths), makes one combined
// `transform`: translate(position) · rotate x, y, z · skew · scale ·
// translate(−anchor), evaluated every 0.1 frame when the skew animates.

import Foundation
import Lamina

enum LottieTransforms {
  static func apply(_ t: LottieTransform, to layer: Layer, size: CGSize, timeline: LottieTimeline) throws(LottieError) {
    if t.hasSkew || t.hasNegativeXScale {
      try combined(t, layer, timeline)
      return
    }
    if let p = t.position {
      try timeline.vector(p, "position", layer, name: "Position") { .point(point($0)) }
    } else {
      if let x = t.positionX { try timeline.number(x, "position.x", layer) }
      if let y = t.positionY { try timeline.number(y, "position.y", layer) }
    }
    let w = size.width > 0 ? size.width : 1, h = size.height > 0 ? size.height : 1
    try timeline.vector(t.anchor, "anchorPoint", layer) { .point(CGPoint(x: $0[0] / w, y: ($0.count > 1 ? $0[1] : 0) / h)) }
    try timeline.vector(t.scale, "transform.scale.x", layer, name: "Scale") { .number($0[0] / 100) }
    try timeline.vector(t.scale, "transform.scale.y", layer, name: "Scale") { .number(($0.count > 1 ? $0[1] : $0[0]) / 100) }
    let radians = { (d: Double) in d * .pi / 180 }
    if t.rotationX.keyframes.contains(where: { $0.value != 0 }) {
      try timeline.number(t.rotationX, "transform.rotation.x", layer, radians)
    }
    if t.rotationY.keyframes.contains(where: { $0.value != 0 }) {
      try timeline.number(t.rotationY, "transform.rotation.y", layer, radians)
    }
    try timeline.number(t.rotationZ, "transform.rotation.z", layer, name: "Rotation", radians)
  }

  private static func combined(_ t: LottieTransform, _ layer: Layer, _ timeline: LottieTimeline) throws(LottieError) {
    let split = t.position == nil
    let groups: [LottieKeyframes<[Double]>] = [
      t.anchor, t.position ?? LottieKeyframes([0, 0, 0]), (t.positionX ?? LottieKeyframes(0)).vector,
      (t.positionY ?? LottieKeyframes(0)).vector, t.scale, t.rotationX.vector, t.rotationY.vector, t.rotationZ.vector,
      t.skew.vector, t.skewAxis.vector,
    ]
    let make = { (v: [[Double]]) -> Transform3D in
      let position = split ? CGPoint(x: v[2][0], y: v[3][0]) : point(v[1])
      return matrix(
        anchor: point(v[0]), position: position, scale: CGSize(width: v[4][0], height: v[4].count > 1 ? v[4][1] : v[4][0]),
        rotation: (v[5][0], v[6][0], v[7][0]), skew: v[8][0], skewAxis: v[9][0])
    }
    let manual = t.skew.isAnimated || t.skewAxis.isAnimated
    let keyframes = LottieCombine.combined(groups, manual: manual, make)
    try LottieTracks.apply(
      keyframes, keyPath: "transform", to: layer, timeline: timeline, value: { .transform($0) },
      evaluate: { f in make(groups.map { $0.value(at: f) }) })
  }

  /// lottie-ios's `CATransform3D.makeTransform`.
  static func matrix(
    anchor: CGPoint, position: CGPoint, scale: CGSize, rotation: (x: Double, y: Double, z: Double), skew: Double,
    skewAxis: Double
  ) -> Transform3D {
    let r = { (d: Double) in d * .pi / 180 }
    var m = Transform3D(translationX: position.x, y: position.y)
    m = m.rotated(by: r(rotation.x), x: 1, y: 0, z: 0)
    m = m.rotated(by: r(rotation.y), x: 0, y: 1, z: 0)
    m = m.rotated(by: r(rotation.z), x: 0, y: 0, z: 1)
    if skew != 0 {
      // makeSkew(−skew, axis): rotate by the axis, shear by tan(skew), rotate back.
      let c = cos(r(skewAxis)), s = sin(r(skewAxis)), k = tan(r(-skew))
      var t1 = Transform3D.identity, t2 = Transform3D.identity, t3 = Transform3D.identity
      (t1.m11, t1.m12, t1.m21, t1.m22) = (c, s, -s, c)
      t2.m21 = k
      (t3.m11, t3.m12, t3.m21, t3.m22) = (c, -s, s, c)
      m = t3.concatenating(t2.concatenating(t1)).concatenating(m)
    }
    m = m.scaledBy(x: scale.width / 100, y: scale.height / 100)
    return m.translatedBy(x: -anchor.x, y: -anchor.y)
  }
}
