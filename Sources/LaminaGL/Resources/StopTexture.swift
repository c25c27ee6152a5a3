// StopTexture: a gradient's stops as an RGBA32F texture that gradient.frag
// (STOP_TEXTURE) reads with texelFetch and searches by bisection, for a
// gradient with more stops than its uniforms hold (GradientPass.maxStops).
// The texels are the stops themselves, Float32 as the uniforms carry them:
// stop i's straight colour at (i mod width, i / width), its location in the
// red channel of the same place `rows` rows further down. Nothing is
// resampled, so the shader finds the same segment and interpolates as the
// uniform path does (and as Gradient.Evaluator does on the CPU).
//
// `width` is 2048, the smallest GL_MAX_TEXTURE_SIZE OpenGL ES 3 allows, so
// RenderLimits' 1,000,000 stops (maxGradientStops) take 2 × 489 rows and
// fit any ES 3 GL; the renderer refuses a texture past its own size limit.
//
// Rejected: one draw per run of 16 stops, each keeping the pixels whose t
// falls in its run (what GradientPass did: every draw covers the whole
// gradient, so the cost grew with pixels × stops; 10⁵ stops on 600×300
// pixels took 7.9 s on llvmpipe), and a colour ramp sampled by t (a second
// resampling between the stops and the pixel that the CPU does not have).

import CGLES
import Lamina

/// A texture holding one gradient's stops, deleted after its draw.
struct StopTexture {
  /// Texels a row.
  static let width = 2048

  let texture: GLuint
  /// Rows of colours; the locations follow in as many rows.
  let rows: Int

  /// Uploads the evaluator's stops; throws when the texture would exceed
  /// the GL's largest texture or cannot be allocated.
  init(_ evaluator: Gradient.Evaluator, device: GLDevice) throws(GLError) {
    let n = evaluator.locations.count
    let rows = (n + Self.width - 1) / Self.width
    var largest: GLint = 0
    device.changing { glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &largest) }
    guard 2 * rows <= Int(largest) else {
      throw .unsupported(
        reason: "\(n) gradient stops need a \(Self.width)×\(2 * rows) texture; this GL allows \(largest) a side")
    }
    var texels = [Float](repeating: 0, count: Self.width * 2 * rows * 4)
    for i in 0..<n {
      let c = evaluator.colors[i]
      (texels[4 * i], texels[4 * i + 1], texels[4 * i + 2], texels[4 * i + 3]) = (c.x, c.y, c.z, c.w)
      texels[4 * (rows * Self.width + i)] = Float(evaluator.locations[i])
    }
    let texture = try device.changing { () throws(GLError) -> GLuint in
      var texture: GLuint = 0
      glGenTextures(1, &texture)
      device.ledger.created(.texture)
      glBindTexture(GLenum(GL_TEXTURE_2D), texture)
      glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
      texels.withUnsafeBytes { bytes in
        glTexImage2D(
          GLenum(GL_TEXTURE_2D), 0, GL_RGBA32F, GLsizei(Self.width), GLsizei(2 * rows), 0, GLenum(GL_RGBA),
          GLenum(GL_FLOAT), bytes.baseAddress)
      }
      try checkAllocation("the stops of a gradient", bytes: texels.count * 4) {
        glDeleteTextures(1, &texture)
        device.ledger.deleted(.texture)
      }
      // Complete without mips; a float texture is read by texelFetch only.
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
      glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAX_LEVEL), 0)
      return texture
    }
    self.texture = texture
    self.rows = rows
  }

  func delete(_ device: GLDevice) {
    device.changing {
      var t = texture
      glDeleteTextures(1, &t)
    }
    device.ledger.deleted(.texture)
  }
}
