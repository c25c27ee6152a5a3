// GLError: every way LaminaGL can fail, typed, each case carrying what a
// user needs to act on it. Functions that touch GL use typed throws, so a
// caller sees exactly this set.

/// An error from the OpenGL ES renderer.
public enum GLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No EGL display could be opened (no driver, or the forced platform is absent).
  case noDisplay(reason: String)
  /// The ES 3 context could not be created or made current.
  case contextCreation(reason: String)
  /// A shader failed to compile; `log` is the driver's message.
  case shaderCompile(name: String, log: String)
  /// A program failed to link; `log` is the driver's message.
  case link(name: String, log: String)
  /// A framebuffer was incomplete (`status` is the GL enum).
  case framebufferIncomplete(status: UInt32)
  /// The driver ran out of memory.
  case outOfMemory
  /// The context was lost (GPU reset).
  case contextLost
  /// A GL call reported an error.
  case glError(code: UInt32, call: String)
  /// The plan asks for something this renderer does not draw.
  case unsupported(reason: String)

  public var description: String {
    switch self {
    case .noDisplay(let reason):
      return "no EGL display: \(reason) (install libegl-mesa0 and libgl1-mesa-dri, or set LAMINA_EGL=device|gbm|surfaceless)"
    case .contextCreation(let reason):
      return "cannot create an OpenGL ES 3 context: \(reason)"
    case .shaderCompile(let name, let log):
      return "shader \(name) failed to compile:\n\(log)"
    case .link(let name, let log):
      return "program \(name) failed to link:\n\(log)"
    case .framebufferIncomplete(let status):
      return "framebuffer incomplete (status 0x\(String(status, radix: 16)))"
    case .outOfMemory:
      return "the GL driver ran out of memory (try a smaller canvas)"
    case .contextLost:
      return "the GL context was lost (GPU reset); create a new renderer"
    case .glError(let code, let call):
      return "GL error 0x\(String(code, radix: 16)) after \(call)"
    case .unsupported(let reason):
      return "unsupported by the GL renderer: \(reason)"
    }
  }
}
