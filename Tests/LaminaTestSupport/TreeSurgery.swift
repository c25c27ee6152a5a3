// Tree surgery shared by the relations (Relations.swift): containers,
// wrapping, walking, fading and compositing rendered images, the pixels a
// clip's edge crosses, and the comparison that turns a diff into an
// outcome. Rejected: each relation editing trees its own way (the same
// walks and composites were written again and again).
import Foundation
import Lamina

enum Surgery {
  /// A plain layer covering the canvas with an identity placement.
  static func container(_ canvas: Canvas, name: String = "container") -> Layer {
    let c = Layer()
    c.name = name
    c.bounds = CGRect(x: 0, y: 0, width: canvas.width, height: canvas.height)
    c.position = CGPoint(x: canvas.width / 2, y: canvas.height / 2)
    return c
  }

  /// The scene with all its top-level layers moved under `c`.
  static func wrapAll(_ scene: Scene, in c: Layer) -> Scene {
    for l in scene.layers { try! c.addSublayer(l) }
    return Scene(canvas: scene.canvas, layers: [c])
  }

  /// Layers reachable through sublayers only (not masks, not inside masks), root first.
  static func drawnLayers(_ root: Layer) -> [Layer] {
    var out: [Layer] = []
    var stack = [root]
    while let l = stack.popLast() {
      out.append(l)
      for s in (l.sublayers ?? []).reversed() { stack.append(s) }
    }
    return out
  }

  static func ancestors(_ l: Layer) -> [Layer] {
    var out: [Layer] = []
    var p = l.superlayer
    while let a = p { out.append(a); p = a.superlayer }
    return out
  }

  /// A rotation, uniform scale and translation in the plane (no flip, skew or 3D).
  static func isSimilarity(_ t: Transform3D) -> Bool {
    t.isAffine && abs(t.m11 - t.m22) < 1e-12 && abs(t.m12 + t.m21) < 1e-12
  }

  /// How many primitives the layer draws itself (background, contents, border).
  static func primitives(_ l: Layer) -> Int {
    var n = 0
    if let bg = l.backgroundColor, bg.alpha > 0 { n += 1 }
    if l.contents != nil { n += 1 }
    if l.borderWidth > 0, let c = l.borderColor, c.alpha > 0 { n += 1 }
    return n
  }

  /// `value` × `a` per premultiplied channel, rounded.
  static func faded(_ image: Image, by a: Double) -> Image {
    Image(width: image.width, height: image.height,
      premultipliedPixels: image.pixels.map { UInt8((Double($0) * a).rounded()) })
  }

  /// `top` over an opaque or translucent `background`, premultiplied source-over.
  static func over(_ top: Image, background: Color) -> Image {
    let bg = [background.red * background.alpha, background.green * background.alpha,
      background.blue * background.alpha, background.alpha].map { ($0 * 255).rounded() }
    var out = top.pixels
    for i in stride(from: 0, to: out.count, by: 4) {
      let k = 1 - Double(top.pixels[i + 3]) / 255
      for c in 0..<4 { out[i + c] = UInt8(min(255, (Double(top.pixels[i + c]) + bg[c] * k).rounded())) }
    }
    return Image(width: top.width, height: top.height, premultipliedPixels: out)
  }

  /// The pixels that the edges of `layer`'s ancestors' `masksToBounds`
  /// clips cross (partly covered): every layer of the tree stripped of its
  /// drawing, masks, fades and rasters, and a layer far larger than the
  /// canvas put beside `layer`, show the clips' coverage alone.
  static func clipEdgePixels(above layer: Layer, in scene: Scene, render: SceneRender) throws -> [Int] {
    var probe = RandomTrees.copy(scene)
    probe.canvas.background = nil
    guard let name = layer.name,
      let twin = drawnLayers(probe.root).first(where: { $0.name == name }), let parent = twin.superlayer
    else { return [] }
    for l in drawnLayers(probe.root) {
      l.backgroundColor = nil
      l.borderWidth = 0
      l.shadowOpacity = 0
      l.contents = nil
      l.mask = nil
      l.opacity = 1
      l.isHidden = false
    }
    // Large enough to cover the canvas from anywhere in the parent, and
    // small enough for a rasterized ancestor's bitmap: the ancestors are
    // similarities, so their scales multiply.
    let ancestors = [parent] + Self.ancestors(parent)
    let scale = ancestors.reduce(1.0) { k, a in
      k * hypot(a.transform.m11, a.transform.m12) * hypot(a.sublayerTransform.m11, a.sublayerTransform.m12)
    }
    let side = 4 * (scene.canvas.width + scene.canvas.height) / max(scale, 1e-3)
    let cover = Layer()
    cover.name = "clip-probe"
    cover.bounds = CGRect(x: 0, y: 0, width: side, height: side)
    cover.position = CGPoint(x: parent.bounds.midX, y: parent.bounds.midY)
    cover.backgroundColor = Color(hex: "#FFFFFF")
    try! parent.addSublayer(cover)
    let image = try render(probe)
    let w = image.width, h = image.height
    var edge = (0..<w * h).map { image.pixels[$0 * 4 + 3] > 0 && image.pixels[$0 * 4 + 3] < 255 }
    // A rasterized ancestor's bitmap is drawn back through a bilinear read,
    // which spreads its clip's edge over one more pixel each way.
    if ancestors.contains(where: \.shouldRasterize) {
      let core = edge
      for y in 0..<h {
        for x in 0..<w where core[y * w + x] {
          for ny in max(0, y - 1)...min(h - 1, y + 1) {
            for nx in max(0, x - 1)...min(w - 1, x + 1) { edge[ny * w + nx] = true }
          }
        }
      }
    }
    return edge.indices.filter { edge[$0] }
  }

  /// `image` with the listed pixels taken from `source`.
  static func replacing(_ pixels: [Int], of image: Image, from source: Image) -> Image {
    guard !pixels.isEmpty else { return image }
    var out = image.pixels
    for p in pixels { for c in 0..<4 { out[p * 4 + c] = source.pixels[p * 4 + c] } }
    return Image(width: image.width, height: image.height, premultipliedPixels: out)
  }

  static func compare(_ expected: Image, _ actual: Image, _ t: ImageTolerance, _ note: String)
    -> RelationOutcome
  {
    do {
      let d = try ImageDiff(expected, actual)
      let v = t.violations(of: d)
      return v.isEmpty ? .pass
        : .fail("\(note): \(v.joined(separator: "; ")) [\(d)]", expected: expected, actual: actual)
    } catch {
      return .fail("\(note): \(error)", expected: expected, actual: actual)
    }
  }
}
