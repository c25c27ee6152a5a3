// Texture: an image (or a surface) and, when trilinear minification needs
// it, its mip chain (Lamina's `MipChain`), copied into raw buffers for the
// sampling loops. Sampling follows GLES 3.0 §3.8 with clamp to edge: texel
// centres at +0.5, level-n coordinates are level-0 ones × size_n / size_0.
// Mirrors the sampling helpers of Shaders/image.frag.
import Lamina

final class Texture: @unchecked Sendable {
  let widths: [Int]
  let heights: [Int]
  let levels: [UnsafeMutablePointer<UInt8>]
  /// Keeps the source image alive while a cache holds this texture.
  let image: Image?

  /// Level 0 only, or the whole chain.
  init(_ image: Image, mipmapped: Bool) {
    self.image = image
    let chain = mipmapped ? MipChain(image).levels : [MipLevel(width: image.width, height: image.height, pixels: image.pixels)]
    widths = chain.map { $0.width }
    heights = chain.map { $0.height }
    levels = chain.map { level in
      let p = UnsafeMutablePointer<UInt8>.allocate(capacity: max(4, level.pixels.count))
      p.initialize(repeating: 0, count: max(4, level.pixels.count))
      level.pixels.withUnsafeBufferPointer { p.update(from: $0.baseAddress!, count: $0.count) }
      return p
    }
  }

  deinit { for p in levels { p.deallocate() } }

  var isMipmapped: Bool { levels.count > 1 || (widths[0] <= 1 && heights[0] <= 1) }

  /// True when every texel of every level has alpha 255: every filtered
  /// read then has alpha exactly 1 (a convex mix of ones). Computed on
  /// first use; read only while preparing (one thread).
  private(set) lazy var isOpaque: Bool = {
    for n in levels.indices {
      let p = levels[n]
      for i in 0..<(widths[n] * heights[n]) where p[i * 4 + 3] != 255 { return false }
    }
    return true
  }()

  /// Level `n` as a raw view for sampling loops.
  func level(_ n: Int) -> TextureLevel {
    TextureLevel(pixels: levels[n], width: widths[n], height: heights[n])
  }

  /// Texel (i, j) of `level`, clamped to the edge, premultiplied in 0…1.
  @inline(__always)
  func fetch(_ level: Int, _ i: Int, _ j: Int) -> SIMD4<Float> {
    self.level(level).fetch(i, j)
  }

  /// The nearest level-0 texel to (u, v). A point within
  /// `Sampling.nearestTie` of a texel edge is on it and reads the texel
  /// right of (or below) it, as on GL.
  @inline(__always)
  func nearest(_ u: Double, _ v: Double) -> SIMD4<Float> {
    level(0).nearest(u, v)
  }

  /// Bilinear at level-0 coordinates (u, v), read from `level` through its
  /// raw view (the level's pointer and size read once, not per texel: the
  /// per-texel array reads were outlined calls in projective image loops).
  @inline(__always)
  func bilinear(_ level: Int, _ u: Double, _ v: Double) -> SIMD4<Float> {
    let su = level == 0 ? u : u * Double(widths[level]) / Double(widths[0])
    let sv = level == 0 ? v : v * Double(heights[level]) / Double(heights[0])
    return self.level(level).bilinear(su, sv)
  }

  /// One filtered sample at level-0 coordinates (u, v) whose pixel step is
  /// given by the derivatives, with the plan's sampling settings.
  @inline(__always)
  func sample(
    _ u: Double, _ v: Double, dudx: Double, dvdx: Double, dudy: Double, dvdy: Double,
    _ sampling: Sampling
  ) -> SIMD4<Float> {
    let lambda = levelOfDetail(dudx: dudx, dvdx: dvdx, dudy: dudy, dvdy: dvdy, bias: sampling.bias)
    switch sampling.read(lambda: lambda, levels: levels.count) {
    case .nearest: return nearest(u, v)
    case .bilinear: return bilinear(0, u, v)
    case .trilinear(let l):
      let d = Int(l.rounded(.down)), t = Float(l - Double(d))
      let a = bilinear(d, u, v)
      guard d + 1 < levels.count, t > 0 else { return a }
      return a + (bilinear(d + 1, u, v) - a) * t
    }
  }
}

/// One mip level as a raw view: the same reads as `Texture.fetch` and
/// `Texture.bilinear`, without the per-texel array lookups.
struct TextureLevel {
  let pixels: UnsafeMutablePointer<UInt8>
  let width: Int, height: Int

  /// Texel (i, j), clamped to the edge, premultiplied in 0…1.
  @inline(__always)
  func fetch(_ i: Int, _ j: Int) -> SIMD4<Float> {
    guard width > 0, height > 0 else { return .zero }
    // The edge clamp, written out (generic `min`/`max` stayed calls here).
    let x = i < 0 ? 0 : (i > width - 1 ? width - 1 : i), y = j < 0 ? 0 : (j > height - 1 ? height - 1 : j)
    let p = pixels + (y * width + x) * 4
    return SIMD4(Float(p[0]), Float(p[1]), Float(p[2]), Float(p[3])) * (1 / 255)
  }

  /// The nearest texel to (u, v), as `Texture.nearest`.
  @inline(__always)
  func nearest(_ u: Double, _ v: Double) -> SIMD4<Float> {
    fetch(nearestTexel(u), nearestTexel(v))
  }

  /// Bilinear at this level's coordinates (su, sv), as `Texture.bilinear`.
  @inline(__always)
  func bilinear(_ su: Double, _ sv: Double) -> SIMD4<Float> {
    let x = max(-2, min(1e9, su - 0.5)), y = max(-2, min(1e9, sv - 0.5))
    let fx = x.rounded(.down), fy = y.rounded(.down)
    let i = Int(fx), j = Int(fy)
    let tx = Float(x - fx), ty = Float(y - fy)
    let a = fetch(i, j), b = fetch(i + 1, j)
    let c = fetch(i, j + 1), d = fetch(i + 1, j + 1)
    let top = a + (b - a) * tx, bottom = c + (d - c) * tx
    return top + (bottom - top) * ty
  }
}

/// Textures kept per `Image` identity across frames (the entry holds the
/// image, so the identifier cannot be reused while cached).
final class TextureCache: @unchecked Sendable {
  private var current: [ObjectIdentifier: Texture] = [:]
  private var previous: [ObjectIdentifier: Texture] = [:]

  func texture(for image: Image, mipmapped: Bool) -> Texture {
    let id = ObjectIdentifier(image)
    if let t = current[id] ?? previous[id], t.image === image, t.isMipmapped || !mipmapped {
      current[id] = t
      return t
    }
    let t = Texture(image, mipmapped: mipmapped)
    current[id] = t
    return t
  }

  func endFrame() {
    previous = current
    current = [:]
  }
}

extension Sampling {
  /// True when some read may use the mip chain.
  var needsMipChain: Bool { minification == .trilinear }
}

/// The texel index a nearest read at coordinate `u` takes (ties go up).
@inline(__always)
func nearestTexel(_ u: Double) -> Int {
  Int(max(-1, min(1e9, (u + Sampling.nearestTie).rounded(.down))))
}
