// The transform sweep (docs/relations.md): a flattened tree swept through
// rotateY, rotateX and scale renders every frame, keeps the ink its
// projective map predicts from the flat frame, and changes little between
// frames 0.05° apart. Kept apart from Relations.swift for its size: the
// ink bound and its grid-dependent allowance are its own.
import Lamina

extension Relations {
  /// The bound on a sweep frame's ink (the sum of each premultiplied
  /// channel over the image) against the ink the flat frame predicts: the
  /// flat picture, warped by the frame's projective map, keeps its ink
  /// weighted by the map's area scale. Exact area coverage keeps the
  /// integral of every edge; image filtering, mip levels and blurs keep it
  /// to about a percent. 3 % of the prediction plus 0.15 % of a full canvas
  /// (for frames that are slivers, edge-on) leaves a layer that vanishes or
  /// doubles far outside.
  public static let inkRelative = 0.03
  public static let inkAbsolute = 0.0015

  /// Why `actual` ink breaks the bound around `predicted`, or nil.
  /// `grid` widens the bound, per channel, by the ink that depends on the
  /// pixel grid (`gridDependentInk`).
  public static func inkViolation(
    predicted: [Double], actual: [Double], pixels: Int, grid: [Double] = [0, 0, 0, 0]
  ) -> String? {
    let slack = inkAbsolute * 255 * Double(pixels)
    for c in 0..<4 where abs(actual[c] - predicted[c]) > inkRelative * predicted[c] + slack + grid[c] {
      return String(format: "channel %d: ink %.0f, the flat frame predicts %.0f (bound ±%.0f)",
        c, actual[c], predicted[c], inkRelative * predicted[c] + slack + grid[c])
    }
    return nil
  }

  /// The part of a frame's ink that depends on the pixel grid, per
  /// channel: |ink(image) − ink(fine)| × 2, where `fine` is the same frame
  /// rendered at twice the scale and box-filtered back. Clips multiply
  /// coverage and layers blend pixel by pixel (the contract's Details), so
  /// where two anti-aliased edges lie on one line (a border over a
  /// sublayer clipped by the same rounded bounds) a pixel covered a by each
  /// gets a + a(1 − a), not a: ink that grows with the edges' length in
  /// pixels, not with the area the projective map scales, and halves at
  /// twice the resolution (hence × 2). Negligible for layers many pixels
  /// wide; a 6-point layer with a border and a clipped sublayer, a pixel
  /// wide at rotateY(70°) and half scale, gained 20 % alpha ink on both
  /// backends alike. A layer that vanishes or doubles does so at every
  /// resolution, so it still fails.
  public static func gridDependentInk(_ image: Image, fine: Image) -> [Double] {
    let a = ink(image), b = ink(fine)
    return (0..<4).map { 2 * abs(a[$0] - b[$0] / 4) }
  }

  /// The sum of each premultiplied channel.
  public static func ink(_ image: Image) -> [Double] {
    var sums = [0.0, 0, 0, 0]
    for i in stride(from: 0, to: image.pixels.count, by: 4) {
      for c in 0..<4 { sums[c] += Double(image.pixels[i + c]) }
    }
    return sums
  }

  /// A flattened tree swept through rotateY, rotateX (across 90°, where it is
  /// edge-on) or a shrinking scale: no frame throws, each frame keeps the
  /// ink the flat frame predicts, and two frames 0.05° apart agree.
  public static let transformSweep = Relation(
    name: "transformSweep",
    statement: "a flattened tree under perspective rotateY/rotateX (0…179°, through 89.9° and 90.1°) or scale (1…0.01): no frame throws, each frame minified at most ~3× keeps the ink its projective map predicts from the flat frame, and frames 0.05° apart agree but where a 3D-sort cut, a nine-slice seam or a gradient's hard stop, conic seam or steep ramp crosses a pixel centre (such pixels flip by design)",
    tolerance: .epsilonStep,
    options: { var o = TreeOptions(); o.canvasBackground = false; o.singleSided = false; return o }(),
    restriction: "transparent canvas (ink is only additive without a background); no doubleSided = false (the flattened tree turns its back past 90°, which legitimately hides such layers); the ink is checked on a copy whose gradients paint one colour (a gradient sampled at pixel centres does not keep its ink where it changes within a pixel)"
  ) { scene, rng, render in
    let canvas = scene.canvas
    let d = 3 * max(canvas.width, canvas.height)
    let kind = rng.int(0...2)
    func transform(_ v: Double) -> Transform3D {
      let half = Transform3D(scaleX: 0.5, y: 0.5)
      switch kind {
      case 0: return half.concatenating(Transform3D(rotationAngle: v * .pi / 180, x: 0, y: 1, z: 0))
          .concatenating(Transform3D(perspective: d))
      case 1: return half.concatenating(Transform3D(rotationAngle: v * .pi / 180, x: 1, y: 0, z: 0))
          .concatenating(Transform3D(perspective: d))
      default: return Transform3D(scaleX: 0.5 * v, y: 0.5 * v)
      }
    }
    // Contents minified by `linear` alias (a texel more or less per pixel),
    // so the sweep asks for mipmaps; the ink is checked only where the map
    // minifies at most ~3× (|cos| ≥ 0.3, scale ≥ 0.3): offscreens drawn back
    // under steeper minification are sampled without mipmaps and alias too.
    // Rasters too: they are drawn back with their layer's filters. And no
    // nearest magnification: a 1-texel checkerboard magnified by nearest
    // flips whole texels between frames 0.05° apart, by design.
    for l in allLayers(scene.root) where l.contents != nil || l.shouldRasterize {
      l.minificationFilter = .trilinear
      if l.magnificationFilter == .nearest { l.magnificationFilter = .linear }
    }
    // Gradients are sampled at pixel centres and have no mipmaps: where one
    // changes within a pixel (stops a pixel apart, a hard stop, a ramp seen
    // in a band a pixel wide between a layer's edge and an opaque border),
    // its samples do not carry its area's ink, and the flat frame's pixels,
    // which the prediction takes as constant, do not either (+50 % blue
    // measured on a 5-stop gradient 5 pixels tall at 62°; a 2-stop ramp
    // behind a border still +27 %). So the ink is checked on a copy whose
    // gradients paint one colour; the tree as generated is swept for the
    // frames and the ε-pair. (Gradients under projection are checked
    // against Chromium, `gradient-3d`, and between the backends.)
    let inkScene = Surgery.gradientsAsSolids(scene)
    func inkApplies(_ v: Double) -> Bool { kind == 2 ? v >= 0.3 : abs(cos(v * .pi / 180)) >= 0.3 }
    func swept(_ v: Double, _ tree: Scene = scene) -> Scene {
      let c = Surgery.container(canvas, name: "swept")
      c.masksToBounds = true
      c.transform = transform(v)
      return Surgery.wrapAll(RandomTrees.copy(tree), in: c)
    }
    func frame(_ v: Double) throws -> Image { try render(swept(v)) }
    func inkFrame(_ v: Double, _ image: Image) throws -> Image {
      guard let inkScene else { return image }
      return try render(swept(v, inkScene))
    }
    /// The ink frame at twice the canvas scale (`gridDependentInk`).
    func fineInkFrame(_ v: Double) throws -> Image {
      var fine = swept(v, inkScene ?? scene)
      fine.canvas.scale *= 2
      return try render(fine)
    }
    let values: [Double] = kind == 2
      ? [1, rng.stepped(0.3, 0.9, step: 0.05), 0.01]
      : [0, rng.stepped(10, 70, step: 1), 89.9, 90.1, rng.stepped(110, 179, step: 1)]
    let flat = try inkFrame(values[0], try frame(values[0]))
    var flatGridInk: [Double]? = nil
    let s = canvas.scale
    let cx = canvas.width / 2, cy = canvas.height / 2
    for v in values.dropFirst() {
      let image = try frame(v)
      guard image.width == flat.width, image.height == flat.height else {
        return .fail("frame \(v) is \(image.width)×\(image.height)", expected: flat, actual: image)
      }
      guard inkApplies(v) else { continue }
      let inked = try inkFrame(v, image)
      let t = transform(v)
      // The flat frame's pixel centre q0 (points) is the container point
      // x = (q0 − c) / 0.5; the frame maps x to project(t, x) + c.
      func map(_ x: Double, _ y: Double) -> (Double, Double)? {
        guard let p = t.project(CGPoint(x: (x - cx) * 2, y: (y - cy) * 2)) else { return nil }
        return (Double(p.x), Double(p.y))
      }
      var predicted = [0.0, 0, 0, 0]
      for py in 0..<flat.height {
        for px in 0..<flat.width {
          let i = (py * flat.width + px) * 4
          guard flat.pixels[i + 3] > 0 || flat.pixels[i] > 0 else { continue }
          let x = (Double(px) + 0.5) / s, y = (Double(py) + 0.5) / s, h = 0.25
          guard let a = map(x - h, y), let b = map(x + h, y), let c = map(x, y - h), let e = map(x, y + h)
          else { continue }
          let j = abs((b.0 - a.0) * (e.1 - c.1) - (b.1 - a.1) * (e.0 - c.0)) / (4 * h * h)
          for k in 0..<4 { predicted[k] += Double(flat.pixels[i + k]) * j }
        }
      }
      // The flat frame's grid-dependent ink is in the prediction, the
      // frame's in the render: both widen the bound.
      let flatGrid = try flatGridInk ?? gridDependentInk(flat, fine: try fineInkFrame(values[0]))
      flatGridInk = flatGrid
      let frameGrid = gridDependentInk(inked, fine: try fineInkFrame(v))
      if let why = inkViolation(
        predicted: predicted, actual: ink(inked), pixels: flat.width * flat.height,
        grid: (0..<4).map { flatGrid[$0] + frameGrid[$0] })
      {
        return .fail("\(["rotateY", "rotateX", "scale"][kind])(\(v)): \(why)", expected: flat, actual: inked)
      }
    }
    if kind != 2 {
      // A 3D-sort cut, a nine-slice seam or a gradient's hard stop (or a
      // ramp steep at the pixel's scale) that crosses a pixel centre between
      // the two frames flips that pixel by design (the contract's Details:
      // cuts are not anti-aliased; a gradient is sampled at pixel centres);
      // those pixels are left out.
      let v = values[1]
      let a = swept(v), b = swept(v + 0.05)
      let seams = try Surgery.seamPixels(a).union(Surgery.seamPixels(b))
      let before = try render(a)
      let after = Surgery.replacing(Array(seams), of: try render(b), from: before)
      return Surgery.compare(before, after, .epsilonStep,
        "\(["rotateY", "rotateX"][kind])(\(v)) against \(v + 0.05) (\(seams.count) seam pixels left out)")
    }
    return .pass
  }
}
