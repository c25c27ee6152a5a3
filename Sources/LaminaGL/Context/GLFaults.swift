// GLFaults: faults LaminaGL can be told to hit on purpose, so that every
// error path runs on a healthy llvmpipe. Each fault is injected at the real
// check site and goes through the real failure handling:
//
//   context      eglCreateContext is asked for an ES version no driver has
//                (EGL really fails, with EGL_BAD_MATCH on Mesa);
//   shader       fragment shaders get a `#error` line (the GLSL compiler
//                really fails, with its own log);
//   framebuffer  the colour attachment is detached just before
//                glCheckFramebufferStatus (GL really reports
//                GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
//   memory       `checkAllocation` treats the upload as GL_OUT_OF_MEMORY
//                (llvmpipe cannot be made to run out on demand);
//   lost         the end-of-frame reset check reports
//                GL_UNKNOWN_CONTEXT_RESET.
//
// A renderer's faults reach the check sites through the calling thread
// while its context is current (`GLFaultScope`), like GL's own current
// context: the sites (SurfaceTarget, TextureCache, MipPass, Program) need
// no new parameter. Rejected: threading the faults through every
// constructor (touches every pass), and a process-wide switch (parallel
// tests would inject into each other's renderers).

import Foundation

/// Faults to inject into a renderer (see docs/architecture.md, "GL faults").
struct GLFaults: OptionSet, Sendable, Hashable, CustomStringConvertible {
  let rawValue: Int

  static let context = GLFaults(rawValue: 1 << 0)
  static let shader = GLFaults(rawValue: 1 << 1)
  static let framebuffer = GLFaults(rawValue: 1 << 2)
  static let memory = GLFaults(rawValue: 1 << 3)
  static let lost = GLFaults(rawValue: 1 << 4)

  static let names: [(String, GLFaults)] = [
    ("context", .context), ("shader", .shader), ("framebuffer", .framebuffer), ("memory", .memory), ("lost", .lost),
  ]

  /// The environment variable that injects faults into every renderer.
  static let variable = "LAMINA_GL_FAULT"

  /// Parses a comma-separated list of fault names ("" is none).
  static func parse(_ text: String) throws(GLError) -> GLFaults {
    var faults: GLFaults = []
    for word in text.split(separator: ",", omittingEmptySubsequences: true) {
      let name = word.trimmingCharacters(in: .whitespaces)
      guard let fault = names.first(where: { $0.0 == name })?.1 else {
        let known = names.map(\.0).joined(separator: ", ")
        throw .unsupported(reason: "\(variable)=\(text): \"\(name)\" is not one of \(known)")
      }
      faults.insert(fault)
    }
    return faults
  }

  /// The faults `LAMINA_GL_FAULT` asks for, read once per process.
  static func fromEnvironment() throws(GLError) -> GLFaults { try environment.get() }

  private static let environment: Result<GLFaults, GLError> = Result { () throws(GLError) in
    try parse(ProcessInfo.processInfo.environment[variable] ?? "")
  }

  var description: String {
    let list = Self.names.filter { contains($0.1) }.map(\.0)
    return list.isEmpty ? "none" : list.joined(separator: ",")
  }

  /// The note appended to the message of an injected failure.
  static func note(_ fault: GLFaults) -> String { "injected by \(variable)=\(fault)" }
}

/// The faults of the context current on this thread, set by
/// `GLContext.withCurrent` for its scope. Stored in a pthread key as the
/// bits of a pointer value: no allocation, nothing to release.
enum GLFaultScope {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// The faults in force on this thread (none outside a context scope).
  static var current: GLFaults {
    GLFaults(rawValue: Int(bitPattern: pthread_getspecific(key)))
  }

  /// Runs `body` with `faults` in force on this thread.
  static func with<T>(_ faults: GLFaults, _ body: () throws(GLError) -> T) throws(GLError) -> T {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, UnsafeRawPointer(bitPattern: faults.rawValue))
    defer { pthread_setspecific(key, previous) }
    return try body()
  }
}
