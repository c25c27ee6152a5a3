// Render plans built by hand, for the renderer tests of both backends (the
// lowering is tested on its own), and ways to read results back. Named
// plans: a parity test can iterate `PlanFixtures.all` and compare
// `CPURenderer().render(plan)` with `GLRenderer().render(plan)` under its
// named tolerances. Rejected: one helper file per test target (the CPU and
// GL targets each had one, with different names for the same plans).

import Foundation
import Lamina

public enum PlanFixtures {
  public static let black = PremultipliedColor(r: 0, g: 0, b: 0, a: 1)
  public static let white = PremultipliedColor(r: 1, g: 1, b: 1, a: 1)

  public static func plan(
    _ width: Int, _ height: Int, background: PremultipliedColor = .transparent, _ commands: [DrawCommand],
    offscreen: [Surface] = []
  ) -> RenderPlan {
    RenderPlan(
      width: width, height: height, background: background,
      surfaces: [Surface(width: width, height: height, label: "canvas", commands: commands)] + offscreen)
  }

  public static func roundedRect(
    _ rect: CGRect, radius: Double = 0, curve: CornerCurve = .circular, border: RoundedRect? = nil,
    color: PremultipliedColor = black, matrix: Transform3D = .identity, clips: [Clip] = []
  ) -> DrawCommand {
    .roundedRect(
      RoundedRectDraw(
        matrix: matrix, outer: RoundedRect(rect: rect, radii: [radius, radius, radius, radius], curve: curve),
        border: border, color: color, clips: clips, name: "shape"))
  }

  public static func shadow(_ rect: CGRect, radius: Double = 0, sigma: Double, color: PremultipliedColor = black)
    -> DrawCommand
  {
    .shadow(
      ShadowDraw(
        matrix: .identity, shape: RoundedRect(rect: rect, radii: [radius, radius, radius, radius]), sigma: sigma,
        color: color, extent: rect.insetBy(dx: -4 * sigma, dy: -4 * sigma), clips: [], name: "shadow"))
  }

  public static func image(
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

  public static func composite(
    _ surface: Int, matrix: Transform3D = .identity, opacity: Float = 1, mask: Int? = nil,
    shadow: SurfaceShadow? = nil, sampling: Sampling = Sampling(minification: .nearest, magnification: .nearest, bias: 0)
  ) -> DrawCommand {
    .composite(
      CompositeDraw(
        surface: surface, matrix: matrix, opacity: opacity, mask: mask, shadow: shadow, sampling: sampling,
        clips: [], name: "composite"))
  }

  /// A deterministic premultiplied test image with varied alpha.
  public static func noise(width: Int, height: Int, seed: UInt32 = 1) -> Image {
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
  public static var all: [(name: String, plan: RenderPlan)] {
    [
      ("mixed", mixed),
      ("fractional-rect", plan(16, 14, [roundedRect(CGRect(x: 3.25, y: 4.5, width: 9.5, height: 5.7))])),
      ("rounded-corner", plan(34, 28, [roundedRect(CGRect(x: 2, y: 2, width: 30, height: 24), radius: 10)])),
      ("continuous-corner", plan(64, 64, [roundedRect(CGRect(x: 0, y: 0, width: 64, height: 64), radius: 12, curve: .continuous)])),
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
  public static var mixed: RenderPlan {
    let group = Surface(
      width: 40, height: 30, label: "group",
      commands: [roundedRect(CGRect(x: 5, y: 5, width: 30, height: 20), radius: 6, color: PremultipliedColor(r: 0, g: 0.5, b: 1, a: 1))])
    return plan(
      96, 64, background: white,
      [
        shadow(CGRect(x: 10, y: 10, width: 40, height: 30), radius: 8, sigma: 3,
               color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5)),
        roundedRect(CGRect(x: 10, y: 8, width: 40, height: 30), radius: 8,
              border: RoundedRect(rect: CGRect(x: 12, y: 10, width: 36, height: 26), radii: [6, 6, 6, 6]),
              color: white),
        image(noise(width: 16, height: 16), at: CGRect(x: 60.5, y: 6.25, width: 24, height: 24),
              sampling: Sampling(minification: .trilinear, magnification: .linear, bias: 0)),
        composite(1, matrix: Transform3D(translationX: 50, y: 32), opacity: 0.75,
                  shadow: SurfaceShadow(sigma: 2, offsetX: 0, offsetY: 2,
                                        color: PremultipliedColor(r: 0, g: 0, b: 0, a: 0.5), shadowOnly: false, clip: nil),
                  sampling: Sampling(minification: .nearest, magnification: .nearest, bias: 0)),
      ], offscreen: [group])
  }

  // MARK: Shapes by their outline, and reading results back

  /// A fill (or, with `border`, a ring) of the rounded rect `outer`.
  public static func roundedRect(
    _ outer: RoundedRect, border: RoundedRect? = nil, matrix: Transform3D = .identity,
    color: PremultipliedColor = white, clips: [Clip] = []
  ) -> DrawCommand {
    .roundedRect(RoundedRectDraw(matrix: matrix, outer: outer, border: border, color: color, clips: clips, name: "shape"))
  }

  public static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> CGRect {
    CGRect(x: x, y: y, width: w, height: h)
  }

  /// Alpha of every pixel, 0…255.
  public static func alphas(_ image: Image) -> [Int] {
    stride(from: 3, to: image.pixels.count, by: 4).map { Int(image.pixels[$0]) }
  }

  /// Coverage of pixel (i, j) by `inside`, mapped back through `matrix`, with
  /// n×n stratified samples: one per cell of an n×n grid, at a fixed
  /// pseudo-random place in its cell (a plain grid errs by up to 1/(2n) on
  /// axis-aligned edges at fractional positions; a sheared lattice errs as
  /// much on 45° edges).
  public static func supersampled(
    _ i: Int, _ j: Int, matrix: Transform3D, n: Int = 64, inside: (Double, Double) -> Bool
  ) -> Double {
    let inv = matrix.inverted!
    var hits = 0
    var state: UInt32 = 12345
    func next() -> Double {
      state = 1_664_525 &* state &+ 1_013_904_223
      return Double(state) / 4_294_967_296
    }
    for sy in 0..<n {
      for sx in 0..<n {
        let X = Double(i) + (Double(sx) + (n == 1 ? 0.5 : next())) / Double(n)
        let Y = Double(j) + (Double(sy) + (n == 1 ? 0.5 : next())) / Double(n)
        // Back-project the pixel point onto the plane z = 0 of local space.
        let p = unproject(X, Y, inv: inv, matrix: matrix)
        if let p, inside(p.x, p.y) { hits += 1 }
      }
    }
    return Double(hits) / Double(n * n)
  }

  /// The local point of the plane z = 0 that `matrix` maps to pixel (X, Y).
  public static func unproject(_ X: Double, _ Y: Double, inv: Transform3D, matrix m: Transform3D)
    -> (x: Double, y: Double)?
  {
    // Solve (x, y, 1)·H = w·(X, Y, 1) with H the x, y, w rows/columns.
    let a = m.m11 - X * m.m14, b = m.m21 - X * m.m24, c = X * m.m44 - m.m41
    let d = m.m12 - Y * m.m14, e = m.m22 - Y * m.m24, f = Y * m.m44 - m.m42
    let det = a * e - b * d
    guard det != 0 else { return nil }
    let x = (c * e - b * f) / det, y = (a * f - c * d) / det
    guard x * m.m14 + y * m.m24 + m.m44 > 0 else { return nil }
    return (x, y)
  }
}
