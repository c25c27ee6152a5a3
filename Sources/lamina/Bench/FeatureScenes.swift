// The feature scenes of `--suite standard`: each stresses one feature of
// the drawing model on its own, on a 1280×720 canvas, so a regression in
// one path shows in one row. Sizes are modest (a dozen offscreens, a few
// dozen layers) so the suite runs in seconds per backend in release.
//
//   mask            12 tiles, each masked by a radial-gradient alpha image
//   group-opacity   12 groups at opacity 0.5 of four overlapping layers
//   rasterize       12 shouldRasterize groups of 20 shadowed chips: steady
//                   state, the raster is drawn once and reused
//   shadow-content  12 layers whose shadow follows their contents' alpha
//   nine-slice      40 nine-slice buttons of different sizes
//   planes-3d       6 sets of three planes intersecting in 3D (cut by the sort)
//   animation       a mixed tree rebuilt and lowered every frame with one
//                   card rotating: shows the retained caches carry over
import Lamina

enum FeatureScenes {
  static var all: [BenchScene] {
    [mask, groupOpacity, rasterize, shadowContent, nineSlice, planes3D, animation]
  }

  static let width = 1280.0, height = 720.0

  // MARK: Shared images (one object each, so renderers can keep textures)

  /// A colourful 256×256 gradient, the contents of tiles.
  static let gradient = GeneratedImage.linearGradient(
    width: 256, height: 256,
    colors: [
      Color(hex: "#FF3B30")!, Color(hex: "#FFCC00")!, Color(hex: "#34C759")!,
      Color(hex: "#007AFF")!,
    ],
    start: CGPoint(x: 0, y: 0), end: CGPoint(x: 1, y: 1))

  /// Opaque in the middle, fading to transparent at the rim: an alpha mask.
  static let softDisc = GeneratedImage.radialGradient(
    width: 256, height: 256, colors: [.white, .white, Color.white.withAlpha(0)],
    center: CGPoint(x: 0.5, y: 0.5), radius: 0.5)

  /// A 48×48 button image for nine-slice stretching.
  static let button = GeneratedImage.radialGradient(
    width: 48, height: 48,
    colors: [Color(hex: "#5AC8FA")!, Color(hex: "#007AFF")!, Color(hex: "#004080")!, Color.clear],
    center: CGPoint(x: 0.5, y: 0.5), radius: 0.72)

  static let palette = [
    "#FF3B30", "#FF9500", "#FFCC00", "#34C759", "#5AC8FA", "#007AFF", "#5856D6", "#AF52DE",
  ]
  .map { Color(hex: $0)! }

  /// Frames of a 4×3 grid of 280×200 tiles.
  static func tileFrames() -> [CGRect] {
    var frames: [CGRect] = []
    for row in 0..<3 {
      for column in 0..<4 {
        frames.append(
          CGRect(x: 40 + Double(column) * 305, y: 40 + Double(row) * 225, width: 280, height: 200))
      }
    }
    return frames
  }

  static func solid(_ frame: CGRect, _ color: Color, radius: Double = 0) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.backgroundColor = color
    layer.cornerRadius = radius
    return layer
  }

  // MARK: Scenes

  static let mask = BenchScene("mask", width: width, height: height) { _ in
    let root = BenchScene.rootLayer(width: width, height: height)
    for (i, frame) in tileFrames().enumerated() {
      let tile = Layer()
      tile.name = "tile\(i)"
      tile.frame = frame
      tile.contents = gradient
      try tile.addSublayer(
        solid(CGRect(x: 30, y: 30, width: 120, height: 90), palette[i % 8], radius: 20))
      let m = Layer()
      m.frame = CGRect(x: 0, y: 0, width: 280, height: 200)
      m.contents = softDisc
      tile.mask = m
      try root.addSublayer(tile)
    }
    return root
  }

  static let groupOpacity = BenchScene("group-opacity", width: width, height: height) { _ in
    let root = BenchScene.rootLayer(width: width, height: height)
    for (i, frame) in tileFrames().enumerated() {
      let group = Layer()
      group.name = "group\(i)"
      group.frame = frame
      group.opacity = 0.5
      for k in 0..<4 {
        let d = Double(k) * 40
        try group.addSublayer(
          solid(CGRect(x: d, y: d * 0.6, width: 160, height: 100), palette[(i + k) % 8], radius: 16)
        )
      }
      try root.addSublayer(group)
    }
    return root
  }

  static let rasterize = BenchScene("rasterize", width: width, height: height) { _ in
    let root = BenchScene.rootLayer(width: width, height: height)
    for (i, frame) in tileFrames().enumerated() {
      let group = Layer()
      group.name = "raster\(i)"
      group.frame = frame
      group.shouldRasterize = true
      group.backgroundColor = .white
      group.cornerRadius = 12
      for k in 0..<20 {
        let chip = PeerScenes.card(
          CGRect(x: 10 + Double(k % 5) * 54, y: 12 + Double(k / 5) * 46, width: 44, height: 32),
          radius: 8, sigma: 3)
        chip.backgroundColor = palette[(i + k) % 8]
        try group.addSublayer(chip)
      }
      try root.addSublayer(group)
    }
    return root
  }

  static let shadowContent = BenchScene("shadow-content", width: width, height: height) { _ in
    let root = BenchScene.rootLayer(width: width, height: height)
    for (i, frame) in tileFrames().enumerated() {
      let holder = Layer()
      holder.name = "blob\(i)"
      holder.frame = frame.insetBy(dx: 40, dy: 20)
      holder.contents = softDisc
      holder.shadowOpacity = 0.6
      holder.shadowOffset = CGSize(width: 0, height: 6)
      holder.shadowRadius = Double(2 + 2 * (i % 4))
      try holder.addSublayer(
        solid(CGRect(x: 0, y: 0, width: 60, height: 60), palette[i % 8], radius: 30))
      try root.addSublayer(holder)
    }
    return root
  }

  static let nineSlice = BenchScene("nine-slice", width: width, height: height) { _ in
    let root = BenchScene.rootLayer(width: width, height: height)
    for i in 0..<40 {
      let b = Layer()
      b.name = "button\(i)"
      let w = 80 + Double(i % 5) * 40
      let h = 40 + Double(i % 3) * 30
      b.frame = CGRect(
        x: 20 + Double(i % 8) * 155, y: 20 + Double(i / 8) * 140, width: w, height: h)
      b.contents = button
      b.contentsCenter = CGRect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)
      try root.addSublayer(b)
    }
    return root
  }

  static let planes3D = BenchScene("planes-3d", width: width, height: height) { _ in
    let root = BenchScene.rootLayer(width: width, height: height)
    for i in 0..<6 {
      let stage = Layer()
      stage.name = "stage\(i)"
      stage.frame = CGRect(
        x: 40 + Double(i % 3) * 410, y: 40 + Double(i / 3) * 340, width: 380, height: 320)
      stage.sublayerTransform = Transform3D(perspective: 600)
      let space = TransformLayer()
      space.frame = CGRect(x: 0, y: 0, width: 380, height: 320)
      space.transform = Transform3D(
        rotationAngle: Double(20 + 10 * i) * .pi / 180, x: 0, y: 1, z: 0
      )
      .concatenating(Transform3D(rotationAngle: -20 * .pi / 180, x: 1, y: 0, z: 0))
      for k in 0..<3 {
        let plane = Layer()
        plane.name = "plane\(k)"
        plane.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        plane.position = CGPoint(x: 190, y: 160)
        plane.backgroundColor = palette[(i + 3 * k) % 8].withAlpha(0.8)
        if k == 0 { plane.contents = gradient }
        plane.transform = Transform3D(rotationAngle: Double(k) * .pi / 3, x: 0, y: 1, z: 0)
        try space.addSublayer(plane)
      }
      try stage.addSublayer(space)
      try root.addSublayer(stage)
    }
    return root
  }

  /// Frame n: 60 image cards with shadows, a rasterized group, a masked
  /// tile and a content shadow, all unchanged, and one card turning 3° a frame.
  static let animation = BenchScene("animation", width: width, height: height, animated: true) {
    frame in
    let root = BenchScene.rootLayer(width: width, height: height)
    for i in 0..<60 {
      let card = PeerScenes.card(
        CGRect(x: 30 + Double(i % 10) * 122, y: 30 + Double(i / 10) * 84, width: 100, height: 64),
        radius: 10, sigma: 4)
      card.name = "card\(i)"
      card.contents = TestImage.shared
      card.minificationFilter = .trilinear
      card.masksToBounds = i == 0
      if i == 0 {
        card.transform = Transform3D(rotationAngle: Double(frame) * 3 * .pi / 180, x: 0, y: 0, z: 1)
      }
      try root.addSublayer(card)
    }
    let kept = try rasterize.build(0)
    for layer in (kept.sublayers ?? []).prefix(2) {
      layer.position.y += 480
      try root.addSublayer(layer)
    }
    let masked = try mask.build(0).sublayers![2]
    masked.position = CGPoint(x: 1000, y: 620)
    try root.addSublayer(masked)
    let shadowed = try shadowContent.build(0).sublayers![3]
    shadowed.position = CGPoint(x: 780, y: 620)
    try root.addSublayer(shadowed)
    return root
  }
}

extension Color {
  /// The colour with its alpha replaced.
  func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }
}
