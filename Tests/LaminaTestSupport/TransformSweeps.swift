// The transform sweeps of the degenerate-transform tests: the frames a flip
// animation and a pop-in pass through, including exactly edge-on planes
// (rotateY(90°)) and layers scaled to nearly nothing (scale(1e-9)). Each
// frame holds every kind of layer that needs an offscreen — a faded card
// with a content shadow (a group, blurred in its plane under perspective),
// a masked card with a shadow, and a card set by `frame` after its
// transform, whose bounds grow without limit towards 90° by CALayer's own
// rule — so a sweep exercises the group, planar and culling paths, not
// only the plain fill. Both backends render the same sweeps.
import Foundation
import Lamina

/// Layer trees along a rotation or scale sweep.
public enum TransformSweeps {
  /// The canvas of every sweep frame, in points (scale 1).
  public static let canvas = CGSize(width: 96, height: 64)

  /// A card under `perspective(160) rotateY(degrees)`: faded, with a
  /// content shadow (it has a sublayer) and a border; a masked card with a
  /// closed-form shadow; and, when `frameSet`, a translucent card whose
  /// 40×40 `frame` was set after the transform.
  public static func flip(degrees: Double, frameSet: Bool) -> Layer {
    let root = Layer()
    root.bounds = CGRect(origin: .zero, size: canvas)
    let rotation = Transform3D(rotationAngle: degrees * .pi / 180, x: 0, y: 1, z: 0)
      .concatenating(perspective(160))

    let faded = card(CGRect(x: 4, y: 12, width: 40, height: 40), Color(red: 1, green: 1, blue: 1))
    faded.transform = rotation
    faded.opacity = 0.8
    faded.borderWidth = 2
    faded.borderColor = Color(red: 0.2, green: 0.3, blue: 0.9)
    faded.shadowOpacity = 0.7
    faded.shadowRadius = 3
    faded.shadowOffset = CGSize(width: 2, height: 3)
    let badge = card(CGRect(x: 24, y: -4, width: 20, height: 20), Color(red: 1, green: 0.23, blue: 0.19))
    try! faded.addSublayer(badge)
    try! root.addSublayer(faded)

    let masked = card(CGRect(x: 52, y: 12, width: 40, height: 40), Color(red: 0.2, green: 0.75, blue: 0.35))
    masked.transform = rotation
    masked.shadowOpacity = 0.8
    masked.shadowRadius = 2.5
    masked.shadowOffset = CGSize(width: 2, height: 2)
    let mask = Layer()
    mask.frame = CGRect(x: -8, y: -8, width: 56, height: 56)
    mask.backgroundColor = .black
    masked.mask = mask
    try! root.addSublayer(masked)

    if frameSet {
      let set = Layer()
      set.transform = rotation
      set.frame = CGRect(x: 28, y: 12, width: 40, height: 40)
      set.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
      try! root.addSublayer(set)
    }
    return root
  }

  /// A 40×40 card under `scale(s)` about its centre, holding a faded,
  /// shadowed sublayer (its own group), beside a card whose `frame` was set
  /// after the scale (bounds of 40/s points).
  public static func pop(scale s: Double) -> Layer {
    let root = Layer()
    root.bounds = CGRect(origin: .zero, size: canvas)
    let holder = card(CGRect(x: 6, y: 12, width: 40, height: 40), Color(red: 0.95, green: 0.95, blue: 0.97))
    holder.transform = Transform3D(scaleX: s, y: s)
    let inner = card(CGRect(x: 8, y: 8, width: 24, height: 24), Color(red: 1, green: 0.6, blue: 0))
    inner.opacity = 0.6
    inner.shadowOpacity = 0.9
    inner.shadowRadius = 2
    inner.borderWidth = 1
    try! holder.addSublayer(inner)
    try! root.addSublayer(holder)

    let set = Layer()
    set.transform = Transform3D(scaleX: s, y: s)
    set.frame = CGRect(x: 52, y: 12, width: 40, height: 40)
    set.backgroundColor = Color(red: 0.1, green: 0.5, blue: 1)
    set.opacity = 0.7
    set.shadowOpacity = 0.6
    let dot = card(CGRect(x: 0, y: 0, width: 10 / s, height: 10 / s), Color(red: 1, green: 1, blue: 1))
    try! set.addSublayer(dot)
    try! root.addSublayer(set)
    return root
  }

  /// A 100×100 opaque red card at x = 60 of a 120×140 white canvas under
  /// perspective(500) rotateY(89.9°): a sliver 0.18 pixels wide.
  public static func sliverPlan() throws -> RenderPlan {
    let root = Layer()
    root.bounds = CGRect(x: 0, y: 0, width: 120, height: 140)
    let card = Layer()
    card.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    card.position = CGPoint(x: 60, y: 70)
    card.backgroundColor = Color(red: 1, green: 0, blue: 0)
    card.transform = Transform3D(rotationAngle: 89.9 * .pi / 180, x: 0, y: 1, z: 0).concatenating(perspective(500))
    try root.addSublayer(card)
    return try RenderPlan(root: root, size: CGSize(width: 120, height: 140), background: .white)
  }

  /// The sliver's edges in canvas pixels, worked out from the card's own
  /// transform: local x ∈ {0, 100} about the anchor (50, 50), then
  /// rotateY(89.9°), then m34 = −1/500, then the position (60, 70):
  /// x' = 60 + X / W.
  public static func sliverEdges() -> (Double, Double) {
    let t = Transform3D(rotationAngle: 89.9 * .pi / 180, x: 0, y: 1, z: 0)
    let m = Transform3D(translationX: -50, y: -50).concatenating(t).concatenating(perspective(500))
    let xs = [0.0, 100].map { x in 60 + (x * m.m11 + m.m41) / (x * m.m14 + m.m44) }
    return (xs.min()!, xs.max()!)
  }

  /// The plan of a sweep frame.
  public static func plan(_ root: Layer) throws -> RenderPlan {
    try RenderPlan(root: root, size: canvas, scale: 1, background: Color(red: 0.95, green: 0.95, blue: 0.97))
  }

  /// Angles from `from` to `to` in steps of `step` degrees, both ends included.
  public static func angles(from: Double, to: Double, step: Double) -> [Double] {
    let n = Int(((to - from) / step).rounded())
    return (0...n).map { from + Double($0) * step }
  }

  /// `count` scales spaced evenly in log10 from 1e-9 to 1, both ends included.
  public static func scales(count: Int) -> [Double] {
    (0..<count).map { pow(10, -9 + 9 * Double($0) / Double(count - 1)) }
  }

  /// The mean absolute channel difference of two same-sized images, in levels.
  public static func meanDifference(_ a: Image, _ b: Image) -> Double {
    var sum = 0
    for i in a.pixels.indices { sum += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
    return Double(sum) / Double(max(a.pixels.count, 1))
  }

  static func card(_ frame: CGRect, _ color: Color) -> Layer {
    let l = Layer()
    l.frame = frame
    l.backgroundColor = color
    l.cornerRadius = 6
    return l
  }

  static func perspective(_ d: Double) -> Transform3D {
    var t = Transform3D.identity
    t.m34 = -1 / d
    return t
  }
}
