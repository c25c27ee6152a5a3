// GLDevice: the one place LaminaGL sets GL state. It applies a GLDraw in
// full (target and viewport, program, blend, textures and their samplers,
// every uniform, the geometry), clears targets, streams instance data and
// reads the canvas back; it remembers what is bound and skips what is
// already so, the way sokol's and Pathfinder's devices do. Code that makes,
// uploads to or deletes GL objects (a pooled surface, an image texture,
// the atlas, a mip chain's storage) runs inside `changing`, after which the
// device forgets its bindings: the next draw binds everything again, so
// nothing can draw with a binding a helper left behind.
//
// Filters are sampler objects (one per filter pair, clamp to edge), not
// texture parameters: a surface or image is read with different filters
// by different draws, and a sampler is the draw's, not the texture's.
//
// Rejected: each pass calling GL itself (blending was switched in five
// files, bound targets were re-bound after callees changed them, and the
// bound program was tracked by hand), and a device that checks GL's state
// with glGet (a sync point on a real GPU).

import CGLES
import Lamina

final class GLDevice {
  let ledger: GLObjectLedger
  /// A vertex array with no attributes: quad.vert makes its vertices from
  /// gl_VertexID and gl_InstanceID.
  private var emptyVertexArray: GLuint = 0
  /// A framebuffer for writing to texture levels (`DrawTarget.level`).
  private var scratchFramebuffer: GLuint = 0
  private var samplers: [SamplerState: GLuint] = [:]

  // What is bound now, as far as the device knows (0 or nil: unknown).
  private var framebuffer: GLuint = 0
  private var attachedLevel: (texture: GLuint, level: Int)? = nil
  private var viewport = (width: -1, height: -1)
  private var program: GLuint = 0
  private var blend: Blend? = nil
  private var vertexArray: GLuint = 0
  private var unitTextures = [GLuint](repeating: 0, count: 4)
  private var unitSamplers = [SamplerState?](repeating: nil, count: 4)
  /// The units a draw may use (composite.frag reads three).
  static let units = 4

  /// Draws and clears into `scissor.target` touch only `scissor.rect` (an
  /// incremental frame's damage, GLRenderer.renderFrame); other targets
  /// are never clipped. Pixel row j is GL row j, so the rectangle needs no flip.
  var scissor: (target: SurfaceTarget, rect: PixelRect)? = nil
  /// The scissor GL has now: nil unknown, `.some(nil)` off.
  private var appliedScissor: PixelRect?? = nil

  init(ledger: GLObjectLedger) {
    self.ledger = ledger
    glGenVertexArrays(1, &emptyVertexArray)
    ledger.created(.vertexArray)
    glGenFramebuffers(1, &scratchFramebuffer)
    ledger.created(.framebuffer)
  }

  /// Sets the state every frame assumes (no depth, scissor or dither;
  /// premultiplied source-over as the blend function) and forgets what was
  /// bound: the context may have been used by other code in between.
  func beginFrame() {
    glDisable(GLenum(GL_DEPTH_TEST))
    glDisable(GLenum(GL_SCISSOR_TEST))
    glDisable(GLenum(GL_DITHER))
    glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
    forget()
  }

  /// Runs `body`, which may bind objects to make, fill or delete them, and
  /// forgets what was bound.
  func changing<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    defer { forget() }
    // Code that makes or fills objects draws unclipped.
    if appliedScissor != .some(nil) { glDisable(GLenum(GL_SCISSOR_TEST)) }
    return try body()
  }

  private func forget() {
    appliedScissor = nil
    framebuffer = 0
    attachedLevel = nil
    viewport = (-1, -1)
    program = 0
    blend = nil
    vertexArray = 0
    for i in 0..<Self.units {
      unitTextures[i] = 0
      unitSamplers[i] = nil
    }
  }

  /// Applies `d` in full and draws.
  func draw(_ d: GLDraw) {
    bind(d.target)
    if program != d.program.id {
      glUseProgram(d.program.id)
      program = d.program.id
    }
    if blend != d.blend {
      if d.blend == .replace { glDisable(GLenum(GL_BLEND)) } else { glEnable(GLenum(GL_BLEND)) }
      blend = d.blend
    }
    for t in d.textures { bind(t) }
    for u in d.uniforms { set(u) }
    switch d.geometry {
    case .quads(let count):
      bindVertexArray(emptyVertexArray)
      glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
    case .instances(let array, let count):
      bindVertexArray(array.vertexArray)
      glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(count))
    }
  }

  /// Clears `target` to `color`, or only `region` of it (x, y, width, height).
  func clear(
    _ target: DrawTarget, to color: (Float, Float, Float, Float),
    region: (x: Int, y: Int, width: Int, height: Int)? = nil
  ) {
    bind(target)
    if let region {
      glEnable(GLenum(GL_SCISSOR_TEST))
      glScissor(GLint(region.x), GLint(region.y), GLsizei(region.width), GLsizei(region.height))
    }
    glClearColor(color.0, color.1, color.2, color.3)
    glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
    if region != nil {
      glDisable(GLenum(GL_SCISSOR_TEST))
      appliedScissor = nil
    }
  }

  /// Copies the pixels of `rect` of `source` to (0, 0) of `destination`
  /// (a target of the same format, at least as large): a framebuffer blit
  /// with nearest filtering, so every byte (every float of the coverage
  /// atlas) arrives as it was: a growing atlas keeps its regions, a blended
  /// composite reads its backdrop (CompositePass).
  func copy(_ rect: PixelRect, of source: SurfaceTarget, into destination: SurfaceTarget) {
    precondition(rect.width <= destination.width && rect.height <= destination.height, "the copy fits")
    bind(.surface(destination))
    glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), source.framebuffer)
    glBlitFramebuffer(
      GLint(rect.x0), GLint(rect.y0), GLint(rect.x1), GLint(rect.y1), 0, 0, GLint(rect.width), GLint(rect.height),
      GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
    // Back to `destination` for reading too, as `bind` left both.
    glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), destination.framebuffer)
  }

  /// Writes `texels` (4 floats each, rows in order from `region.y`) into
  /// `region` of a coverage target's texture: the upload of a coverage
  /// computed on the CPU (PathPass).
  func upload(_ texels: [Float], into target: SurfaceTarget, region: (x: Int, y: Int, width: Int, height: Int)) {
    precondition(texels.count == region.width * region.height * 4, "one RGBA float texel per pixel of the region")
    changing {
      glActiveTexture(GLenum(GL_TEXTURE0))
      glBindTexture(GLenum(GL_TEXTURE_2D), target.texture)
      glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 4)
      texels.withUnsafeBytes { bytes in
        glTexSubImage2D(
          GLenum(GL_TEXTURE_2D), 0, GLint(region.x), GLint(region.y), GLsizei(region.width),
          GLsizei(region.height), GLenum(GL_RGBA), GLenum(GL_FLOAT), bytes.baseAddress)
      }
    }
  }

  /// Fills `array`'s buffer with `floats` (orphaning its old storage, so
  /// a draw still reading it is not waited for). The caller keeps the
  /// array: a draw value holding it would make the caller's next
  /// `removeAll(keepingCapacity:)` copy (a page-faulting allocation per
  /// flush, measured on S1).
  func stream(_ floats: [Float], into array: InstanceArray) {
    bindVertexArray(array.vertexArray)
    glBindBuffer(GLenum(GL_ARRAY_BUFFER), array.buffer)
    floats.withUnsafeBytes { bytes in
      glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes.count), bytes.baseAddress, GLenum(GL_STREAM_DRAW))
    }
  }

  /// Waits until the drawing is done.
  func finish() { glFinish() }

  /// Reads `target`'s pixels, RGBA8 (after `finish`, so the time it takes
  /// is the read's); a BGRA target is read in its own order when `bgra`.
  func read(_ target: DrawTarget, bgra: Bool = false) -> [UInt8] {
    bind(target)
    glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    let size = target.size
    return Readback.pixels(width: size.width, height: size.height, bgra: bgra)
  }

  /// Reads `rect` of `target` into `canvas`, a copy of all its pixels
  /// (RGBA8, rows top-down), in place (after `finish`).
  func read(_ target: DrawTarget, rect: PixelRect, into canvas: UnsafeMutablePointer<UInt8>, bgra: Bool) {
    bind(target)
    glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
    Readback.read(rect, into: canvas, width: target.size.width, bgra: bgra)
  }

  /// Waits for nothing: hands the queued commands to the driver, so it can
  /// start on them (QuadBatch on long surfaces).
  func submit() { glFlush() }

  /// A vertex array with one buffer of per-instance float attributes, of
  /// (components, offset in floats) each, `stride` floats an instance.
  func makeInstanceArray(stride: Int, attributes: [(components: Int, offset: Int)]) -> InstanceArray {
    changing {
      var vao: GLuint = 0, buffer: GLuint = 0
      glGenVertexArrays(1, &vao)
      ledger.created(.vertexArray)
      glGenBuffers(1, &buffer)
      ledger.created(.buffer)
      glBindVertexArray(vao)
      glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
      let bytes = GLsizei(stride * MemoryLayout<Float>.size)
      for (location, a) in attributes.enumerated() {
        glEnableVertexAttribArray(GLuint(location))
        glVertexAttribPointer(
          GLuint(location), GLint(a.components), GLenum(GL_FLOAT), GLboolean(GL_FALSE), bytes,
          UnsafeRawPointer(bitPattern: a.offset * MemoryLayout<Float>.size))
        glVertexAttribDivisor(GLuint(location), 1)
      }
      return InstanceArray(vertexArray: vao, buffer: buffer)
    }
  }

  func delete(_ array: InstanceArray) {
    changing {
      var vao = array.vertexArray, buffer = array.buffer
      glDeleteVertexArrays(1, &vao)
      ledger.deleted(.vertexArray)
      glDeleteBuffers(1, &buffer)
      ledger.deleted(.buffer)
    }
  }

  func deleteAll() {
    changing {
      glDeleteVertexArrays(1, &emptyVertexArray)
      ledger.deleted(.vertexArray)
      glDeleteFramebuffers(1, &scratchFramebuffer)
      ledger.deleted(.framebuffer)
      for var sampler in samplers.values {
        glDeleteSamplers(1, &sampler)
        ledger.deleted(.sampler)
      }
      samplers.removeAll()
    }
  }

  // MARK: Binding

  private func bind(_ target: DrawTarget) {
    switch target {
    case .surface(let s):
      if framebuffer != s.framebuffer {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), s.framebuffer)
        framebuffer = s.framebuffer
      }
      // Drawn into: a mip chain built before no longer holds.
      s.hasMips = false
    case .level(let s, let level):
      if framebuffer != scratchFramebuffer {
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), scratchFramebuffer)
        framebuffer = scratchFramebuffer
      }
      if attachedLevel?.texture != s.texture || attachedLevel?.level != level {
        glFramebufferTexture2D(
          GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), s.texture, GLint(level))
        attachedLevel = (s.texture, level)
      }
    }
    let size = target.size
    if viewport != size {
      glViewport(0, 0, GLsizei(size.width), GLsizei(size.height))
      viewport = size
    }
    var wanted: PixelRect? = nil
    if case .surface(let s) = target, let scissor, scissor.target === s { wanted = scissor.rect }
    if appliedScissor != .some(wanted) {
      if let r = wanted {
        glEnable(GLenum(GL_SCISSOR_TEST))
        glScissor(GLint(r.x0), GLint(r.y0), GLsizei(max(0, r.width)), GLsizei(max(0, r.height)))
      } else {
        glDisable(GLenum(GL_SCISSOR_TEST))
      }
      appliedScissor = .some(wanted)
    }
  }

  /// Detaches the scratch framebuffer's level (before the texture is read
  /// through all its levels).
  func detachLevel() {
    guard attachedLevel != nil else { return }
    if framebuffer != scratchFramebuffer {
      glBindFramebuffer(GLenum(GL_FRAMEBUFFER), scratchFramebuffer)
      framebuffer = scratchFramebuffer
    }
    glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), 0, 0)
    attachedLevel = nil
  }

  private func bind(_ t: TextureBinding) {
    precondition(t.unit < Self.units, "texture unit \(t.unit) (the device binds \(Self.units))")
    if unitTextures[t.unit] != t.texture {
      glActiveTexture(GLenum(GL_TEXTURE0 + Int32(t.unit)))
      glBindTexture(GLenum(GL_TEXTURE_2D), t.texture)
      unitTextures[t.unit] = t.texture
    }
    if unitSamplers[t.unit] != t.sampler {
      glBindSampler(GLuint(t.unit), sampler(t.sampler))
      unitSamplers[t.unit] = t.sampler
    }
  }

  private func sampler(_ s: SamplerState) -> GLuint {
    if let made = samplers[s] { return made }
    var id: GLuint = 0
    glGenSamplers(1, &id)
    ledger.created(.sampler)
    glSamplerParameteri(id, GLenum(GL_TEXTURE_MIN_FILTER), s.min)
    glSamplerParameteri(id, GLenum(GL_TEXTURE_MAG_FILTER), s.mag)
    glSamplerParameteri(id, GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
    glSamplerParameteri(id, GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
    samplers[s] = id
    return id
  }

  private func bindVertexArray(_ id: GLuint) {
    if vertexArray != id {
      glBindVertexArray(id)
      vertexArray = id
    }
  }

  private func set(_ u: Uniform) {
    let l = u.location
    guard l >= 0 else { return }
    switch u.value {
    case .int(let v): glUniform1i(l, v)
    case .float(let v): glUniform1f(l, v)
    case .vec2(let x, let y): glUniform2f(l, x, y)
    case .ivec2(let x, let y): glUniform2i(l, x, y)
    case .vec4(let x, let y, let z, let w): glUniform4f(l, x, y, z, w)
    case .floats(let v): glUniform1fv(l, GLsizei(v.count), v)
    case .vec3s(let v): glUniform3fv(l, GLsizei(v.count / 3), v)
    case .vec4s(let v): glUniform4fv(l, GLsizei(v.count / 4), v)
    case .mat3s(let v): glUniformMatrix3fv(l, GLsizei(v.count / 9), GLboolean(GL_FALSE), v)
    }
  }
}
