// Where a layer's contents image lands: `contentsRect` picks the texels,
// `contentsGravity` places them in the bounds, and `contentsCenter` cuts a
// nine-slice mesh (gravity `resize` only), as CALayer does. The result is a
// list of slices (local rectangle ← texel rectangle) drawn as one mesh.

enum ContentsLayout {
  /// The slices of `image` inside `bounds` for the layer's contents settings.
  static func slices(
    imageWidth: Int, imageHeight: Int, bounds: CGRect, contentsRect cr: CGRect,
    gravity: ContentsGravity, scale: Double, center: CGRect
  ) -> [ImageSlice] {
    let source = CGRect(
      x: cr.minX * Double(imageWidth), y: cr.minY * Double(imageHeight),
      width: cr.width * Double(imageWidth), height: cr.height * Double(imageHeight))
    guard source.width > 0, source.height > 0, bounds.width > 0, bounds.height > 0 else { return [] }
    let natural = CGSize(width: source.width / scale, height: source.height / scale)
    if gravity == .resize, center != CGRect(x: 0, y: 0, width: 1, height: 1) {
      return nineSlice(source: source, bounds: bounds, natural: natural, center: center)
    }
    let destination = place(natural: natural, in: bounds, gravity: gravity)
    guard destination.width > 0, destination.height > 0 else { return [] }
    return [ImageSlice(destination: destination, source: source)]
  }

  /// The rectangle a `natural`-sized image occupies under `gravity`.
  static func place(natural: CGSize, in b: CGRect, gravity: ContentsGravity) -> CGRect {
    let w = Double(natural.width), h = Double(natural.height)
    switch gravity {
    case .resize: return b
    case .resizeAspect, .resizeAspectFill:
      let sx = b.width / w, sy = b.height / h
      let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
      return CGRect(x: b.midX - w * s / 2, y: b.midY - h * s / 2, width: w * s, height: h * s)
    default:
      let x: Double, y: Double
      switch gravity {
      case .left, .topLeft, .bottomLeft: x = b.minX
      case .right, .topRight, .bottomRight: x = b.maxX - w
      default: x = b.midX - w / 2
      }
      switch gravity {
      case .top, .topLeft, .topRight: y = b.minY
      case .bottom, .bottomLeft, .bottomRight: y = b.maxY - h
      default: y = b.midY - h / 2
      }
      return CGRect(x: x, y: y, width: w, height: h)
    }
  }

  /// Nine-slice: the fixed margins keep their natural size (shrunk in
  /// proportion when they exceed the bounds, the centre vanishing).
  static func nineSlice(source s: CGRect, bounds b: CGRect, natural: CGSize, center c: CGRect) -> [ImageSlice] {
    // Texel edges of the three columns and rows.
    let tx = [s.minX, s.minX + c.minX * s.width, s.minX + c.maxX * s.width, s.maxX]
    let ty = [s.minY, s.minY + c.minY * s.height, s.minY + c.maxY * s.height, s.maxY]
    func edges(lo: Double, hi: Double, start: Double, length: Double) -> [Double] {
      var a = max(0, lo), z = max(0, hi)
      if a + z > length, a + z > 0 {
        let k = length / (a + z)
        a *= k
        z *= k
      }
      return [start, start + a, start + length - z, start + length]
    }
    let dx = edges(
      lo: c.minX * natural.width, hi: (1 - c.maxX) * natural.width, start: b.minX, length: b.width)
    let dy = edges(
      lo: c.minY * natural.height, hi: (1 - c.maxY) * natural.height, start: b.minY, length: b.height)
    var out: [ImageSlice] = []
    for j in 0..<3 {
      for i in 0..<3 {
        let d = CGRect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j])
        let t = CGRect(x: tx[i], y: ty[j], width: tx[i + 1] - tx[i], height: ty[j + 1] - ty[j])
        if d.width > 1e-9, d.height > 1e-9 { out.append(ImageSlice(destination: d, source: t)) }
      }
    }
    return out
  }
}
