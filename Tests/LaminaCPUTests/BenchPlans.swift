// The benchmark scenes of docs/bench-scenes.md as hand-built plans (S1 "cards").
@testable import Lamina

enum BenchPlans {
  /// S1: 1000 rounded cards with a border and a Gaussian shadow, 1920×1080.
  static func cards() -> RenderPlan {
    var state: UInt32 = 12345
    func next() -> Double {
      state = 1_664_525 &* state &+ 1_013_904_223
      return Double(state) / 4_294_967_296
    }
    let grey = Float(0xEE) / 255, dark = Float(0x33) / 255
    let stepX = (1920.0 - 120 - 40) / 39, stepY = (1080.0 - 80 - 40) / 24
    var commands: [DrawCommand] = []
    for r in 0..<25 {
      for c in 0..<40 {
        let jx = (next() * 2 - 1) * 6
        let jy = (next() * 2 - 1) * 6
        let x = (20 + Double(c) * stepX + jx).rounded(), y = (20 + Double(r) * stepY + jy).rounded()
        let bounds = RoundedRect(rect: CGRect(x: 0, y: 0, width: 120, height: 80), radii: [12, 12, 12, 12])
        let m = Transform3D(translationX: x, y: y)
        let silhouette = RoundedRect(rect: CGRect(x: 0, y: 4, width: 120, height: 80), radii: [12, 12, 12, 12])
        commands.append(
          .shadow(
            ShadowDraw(
              matrix: m, shape: silhouette, sigma: 4, color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5),
              extent: silhouette.rect.insetBy(dx: -16, dy: -16), clips: [], name: "card")))
        commands.append(
          .shape(ShapeDraw(matrix: m, outer: bounds, inner: nil, color: PremultipliedColor(r: 1, g: 1, b: 1, a: 1), clips: [], name: "card")))
        let inner = RoundedRect(rect: CGRect(x: 2, y: 2, width: 116, height: 76), radii: [10, 10, 10, 10])
        commands.append(
          .shape(ShapeDraw(matrix: m, outer: bounds, inner: inner, color: PremultipliedColor(r: dark, g: dark, b: dark, a: 1), clips: [], name: "card")))
      }
    }
    return RenderPlan(
      width: 1920, height: 1080, background: PremultipliedColor(r: grey, g: grey, b: grey, a: 1),
      surfaces: [Surface(width: 1920, height: 1080, label: "canvas", commands: commands)])
  }
}
