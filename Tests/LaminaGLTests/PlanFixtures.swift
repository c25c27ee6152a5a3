// Small plans the GL tests draw, by name. A parity test against LaminaCPU
// can iterate `PlanFixtures.all` and compare `CPURenderer().render(plan)`
// with `GLRenderer().render(plan)` under its named tolerances.

import Foundation

@testable import Lamina

enum PlanFixtures {
  static let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 1)
  static let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)

  static func plan(
    _ width: Int, _ height: Int, background: PremultipliedColor = .transparent, _ commands: [DrawCommand],
    offscreen: [Surface] = []
  ) -> RenderPlan {
    RenderPlan(
      width: width, height: height, background: background,
      surfaces: [Surface(width: width, height: height, label: "canvas", commands: commands)] + offscreen)
  }

  static func shape(
    _ rect: CGRect, radius: Double = 0, curve: CornerCurve = .circular, inner: RoundedRect? = nil,
    color: PremultipliedColor = black, matrix: Transform3D = .identity, clips: [Clip] = []
  ) -> DrawCommand {
    .shape(
      ShapeDraw(
        matrix: matrix, outer: RoundedRect(rect: rect, radii: [radius, radius, radius, radius], curve: curve),
        inner: inner, color: color, clips: clips, name: "shape"))
  }

  static func shadow(_ rect: CGRect, radius: Double = 0, sigma: Double, color: PremultipliedColor = black)
    -> DrawCommand
  {
    .shadow(
      ShadowDraw(
        matrix: .identity, shape: RoundedRect(rect: rect, radii: [radius, radius, radius, radius]), sigma: sigma,
        color: color, extent: rect.insetBy(dx: -4 * sigma, dy: -4 * sigma), clips: [], name: "shadow"))
  }

  static func image(
    _ image: Image, at destination: CGRect, source: CGRect? = nil, sampling: Sampling = .linear,
    matrix: Transform3D = .identity, opacity: Float = 1
  ) -> DrawCommand {
    .image(
      ImageDraw(
        matrix: matrix, image: image,
        slices: [
          ImageSlice(
            destination: destination,
            source: source ?? CGRect(x: 0, y: 0, width: image.width, height: image.height))
        ],
        sampling: sampling, opacity: opacity, clips: [], name: "image"))
  }

  static func composite(
    _ surface: Int, matrix: Transform3D = .identity, opacity: Float = 1, mask: Int? = nil,
    shadow: SurfaceShadow? = nil, sampling: Sampling = Sampling(minification: .nearest, magnification: .nearest, bias: 0)
  ) -> DrawCommand {
    .composite(
      CompositeDraw(
        surface: surface, matrix: matrix, opacity: opacity, mask: mask, shadow: shadow, sampling: sampling,
        clips: [], name: "composite"))
  }

  /// A deterministic premultiplied test image with varied alpha.
  static func noise(width: Int, height: Int, seed: UInt32 = 1) -> Image {
    var state = seed
    var pixels: [UInt8] = []
    for _ in 0..<(width * height) {
      state = 1_664_525 &* state &+ 1_013_904_223
      let a = UInt8(truncatingIfNeeded: state >> 24)
      let r = UInt8(UInt16(truncatingIfNeeded: state >> 8) % (UInt16(a) + 1))
      let g = UInt8(UInt16(truncatingIfNeeded: state >> 16) % (UInt16(a) + 1))
      let b = UInt8(UInt16(truncatingIfNeeded: state >> 4) % (UInt16(a) + 1))
      pixels += [r, g, b, a]
    }
    return Image(width: width, height: height, premultipliedPixels: pixels)
  }

  /// Named plans for a parity test against LaminaCPU.
  static var all: [(name: String, plan: RenderPlan)] {
    [
      ("mixed", mixed),
      ("fractional-rect", plan(16, 14, [shape(CGRect(x: 3.25, y: 4.5, width: 9.5, height: 5.7))])),
      ("rounded-corner", plan(34, 28, [shape(CGRect(x: 2, y: 2, width: 30, height: 24), radius: 10)])),
      ("continuous-corner", plan(64, 64, [shape(CGRect(x: 0, y: 0, width: 64, height: 64), radius: 12, curve: .continuous)])),
      ("shadow-rect", plan(72, 56, [shadow(CGRect(x: 20, y: 16, width: 30, height: 20), sigma: 4)])),
      ("shadow-rounded", plan(72, 64, [shadow(CGRect(x: 16, y: 16, width: 40, height: 32), radius: 12, sigma: 4)])),
      ("image-trilinear", plan(8, 8, [image(noise(width: 64, height: 64), at: CGRect(x: 0, y: 0, width: 8, height: 8),
                                            sampling: Sampling(minification: .trilinear, magnification: .linear, bias: 0))])),
      ("composite-trilinear", plan(
        16, 16, [composite(1, matrix: Transform3D(scaleX: 0.25, y: 0.25), opacity: 0.8,
                           sampling: Sampling(minification: .trilinear, magnification: .linear, bias: 0))],
        offscreen: [Surface(width: 63, height: 61, label: "raster",
                            commands: [image(noise(width: 63, height: 61), at: CGRect(x: 0, y: 0, width: 63, height: 61))])])),
    ]
  }

  /// A scene with one of everything, for the thread and leak tests.
  static var mixed: RenderPlan {
    let group = Surface(
      width: 40, height: 30, label: "group",
      commands: [shape(CGRect(x: 5, y: 5, width: 30, height: 20), radius: 6, color: PremultipliedColor(r: 0, g: 0.5, b: 1, a: 1))])
    return plan(
      96, 64, background: white,
      [
        shadow(CGRect(x: 10, y: 10, width: 40, height: 30), radius: 8, sigma: 3,
               color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5)),
        shape(CGRect(x: 10, y: 8, width: 40, height: 30), radius: 8,
              inner: RoundedRect(rect: CGRect(x: 12, y: 10, width: 36, height: 26), radii: [6, 6, 6, 6]),
              color: white),
        image(noise(width: 16, height: 16), at: CGRect(x: 60.5, y: 6.25, width: 24, height: 24),
              sampling: Sampling(minification: .trilinear, magnification: .linear, bias: 0)),
        composite(1, matrix: Transform3D(translationX: 50, y: 32), opacity: 0.75,
                  shadow: SurfaceShadow(sigma: 2, offsetX: 0, offsetY: 2,
                                        color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5), shadowOnly: false, clip: nil),
                  sampling: Sampling(minification: .nearest, magnification: .nearest, bias: 0)),
      ], offscreen: [group])
  }
}
