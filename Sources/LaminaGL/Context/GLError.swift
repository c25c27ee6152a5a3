// GLError: every way LaminaGL can fail, typed, each case carrying what a
// user needs to act on it: which step failed (the surface and its size, the
// shader variant, the GL call) and why (the driver's enum by name, or its
// log). Functions that touch GL use typed throws, so a caller sees exactly
// this set.

import CGLES

/// An error from the OpenGL ES renderer.
public enum GLError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No EGL display could be opened (no driver, or the forced platform is absent).
  case noDisplay(reason: String)
  /// The ES 3 context could not be created or made current.
  case contextCreation(reason: String)
  /// A shader failed to compile; `name` is the variant and stage, `log` the driver's message.
  case shaderCompile(name: String, log: String)
  /// A program failed to link; `log` is the driver's message.
  case link(name: String, log: String)
  /// The framebuffer of `target` (what it renders, with its size) was
  /// incomplete; `status` is the GL enum.
  case framebufferIncomplete(status: UInt32, target: String)
  /// The driver ran out of memory during `step` (what was allocated, with its size).
  case outOfMemory(step: String)
  /// The context was lost (a GPU reset), noticed at `step`. The renderer
  /// refuses every later call with this error; a new renderer may work.
  case contextLost(step: String)
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
    case .framebufferIncomplete(let status, let target):
      return "the framebuffer of \(target) is incomplete: \(glEnumName(status))"
    case .outOfMemory(let step):
      return "the GL driver ran out of memory \(step) (try a smaller canvas or scale)"
    case .contextLost(let step):
      return "the GL context was lost (GPU reset), noticed \(step); this renderer cannot draw again, create a new one"
    case .glError(let code, let call):
      return "\(glEnumName(code)) after \(call)"
    case .unsupported(let reason):
      return "unsupported by the GL renderer: \(reason)"
    }
  }
}

/// The name of a GL error, framebuffer status or reset status, with its value.
func glEnumName(_ value: UInt32) -> String {
  let names: [Int32: String] = [
    GL_INVALID_ENUM: "GL_INVALID_ENUM", GL_INVALID_VALUE: "GL_INVALID_VALUE",
    GL_INVALID_OPERATION: "GL_INVALID_OPERATION", GL_OUT_OF_MEMORY: "GL_OUT_OF_MEMORY",
    GL_INVALID_FRAMEBUFFER_OPERATION: "GL_INVALID_FRAMEBUFFER_OPERATION", GL_CONTEXT_LOST: "GL_CONTEXT_LOST",
    GL_FRAMEBUFFER_UNDEFINED: "GL_FRAMEBUFFER_UNDEFINED",
    GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT",
    GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT",
    GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS: "GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS",
    GL_FRAMEBUFFER_UNSUPPORTED: "GL_FRAMEBUFFER_UNSUPPORTED",
    GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE",
    GL_GUILTY_CONTEXT_RESET: "GL_GUILTY_CONTEXT_RESET", GL_INNOCENT_CONTEXT_RESET: "GL_INNOCENT_CONTEXT_RESET",
    GL_UNKNOWN_CONTEXT_RESET: "GL_UNKNOWN_CONTEXT_RESET",
  ]
  let hex = "0x" + String(value, radix: 16)
  guard let name = names[Int32(bitPattern: value)] else { return "GL enum \(hex)" }
  return "\(name) (\(hex))"
}

/// The name of an EGL error code, with its value.
func eglErrorName(_ code: Int32) -> String {
  let names: [Int32: String] = [
    0x3000: "EGL_SUCCESS", 0x3001: "EGL_NOT_INITIALIZED", 0x3002: "EGL_BAD_ACCESS", 0x3003: "EGL_BAD_ALLOC",
    0x3004: "EGL_BAD_ATTRIBUTE", 0x3005: "EGL_BAD_CONFIG", 0x3006: "EGL_BAD_CONTEXT",
    0x3007: "EGL_BAD_CURRENT_SURFACE", 0x3008: "EGL_BAD_DISPLAY", 0x3009: "EGL_BAD_MATCH",
    0x300A: "EGL_BAD_NATIVE_PIXMAP", 0x300B: "EGL_BAD_NATIVE_WINDOW", 0x300C: "EGL_BAD_PARAMETER",
    0x300D: "EGL_BAD_SURFACE", 0x300E: "EGL_CONTEXT_LOST",
  ]
  let hex = "0x" + String(code, radix: 16)
  guard let name = names[code] else { return "EGL error \(hex)" }
  return "\(name) (\(hex))"
}
