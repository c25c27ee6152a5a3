// One OpenGL ES 3 context on the shared display, with no surface
// (EGL_KHR_no_config_context + EGL_KHR_surfaceless_context), falling back
// to a config and a 1×1 pbuffer where either extension is missing. A
// context is current on one thread at a time: `withCurrent` makes it
// current for a synchronous scope and releases it after, so a renderer may
// be used from any thread (one at a time) and never across an `await`.
//
// Context loss: where EGL_EXT_create_context_robustness is offered the
// context asks for reset notification (LOSE_CONTEXT_ON_RESET; llvmpipe
// grants it), and `withFrame` reads the reset status after every frame
// (glGetGraphicsResetStatus, core in ES 3.2, else the EXT/KHR entry point).
// Once lost, the context refuses every later frame with the same error;
// `withCurrent` still runs, so the renderer can delete its objects.
// Rejected: reading the reset status before each GL call (a frame is the
// unit that can be retried, and a lost context makes GL calls no-ops).

import CEGL
import CGLES
import Foundation

final class GLContext {
  let shared: SharedDisplay
  let context: EGLContext
  /// The faults injected into this context's scopes.
  let faults: GLFaults
  /// Whether the context was created with reset notification.
  let asksResetNotification: Bool
  /// The driver messages this context received (debug builds).
  let debugLog = GLDebugLog()
  private let surface: EGLSurface?
  private let lock = NSLock()
  // Guarded by `lock`.
  private var lostError: GLError?
  private var resetQuery: ResetQuery?

  init(faults: GLFaults = []) throws(GLError) {
    let shared = try SharedDisplay.get()
    self.shared = shared
    self.faults = faults
    let display = shared.display
    guard eglBindAPI(EGLenum(EGL_OPENGL_ES_API)) == EGL_TRUE else {
      throw .contextCreation(reason: "eglBindAPI(EGL_OPENGL_ES_API) failed: this EGL has no OpenGL ES")
    }
    let noConfig = shared.extensions.contains("EGL_KHR_no_config_context")
    let surfaceless = shared.extensions.contains("EGL_KHR_surfaceless_context")
    var config: EGLConfig? = eglNoConfig
    if !(noConfig && surfaceless) {
      var attributes: [EGLint] = [
        EGLint(EGL_SURFACE_TYPE), EGLint(EGL_PBUFFER_BIT),
        EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_ES3_BIT),
        EGLint(EGL_RED_SIZE), 8, EGLint(EGL_GREEN_SIZE), 8, EGLint(EGL_BLUE_SIZE), 8,
        EGLint(EGL_ALPHA_SIZE), 8, EGLint(EGL_NONE),
      ]
      var count: EGLint = 0
      guard eglChooseConfig(display, &attributes, &config, 1, &count) == EGL_TRUE, count > 0 else {
        throw .contextCreation(reason: "no EGL config for OpenGL ES 3 with a pbuffer")
      }
    }
    // The `context` fault asks for ES 99, which no driver offers.
    #if DEBUG
      let debug: [EGLint] =
        shared.extensions.contains("EGL_KHR_create_context")
        ? [EGLint(EGL_CONTEXT_FLAGS_KHR), EGLint(EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR)] : []
    #else
      let debug: [EGLint] = []
    #endif
    let contextAttributes = [EGLint(EGL_CONTEXT_MAJOR_VERSION), faults.contains(.context) ? 99 : 3] + debug
    let robustness: [EGLint] = [
      EGLint(EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT), EGLint(EGL_LOSE_CONTEXT_ON_RESET_EXT),
    ]
    var created: EGLContext?
    var asked = false
    if shared.extensions.contains("EGL_EXT_create_context_robustness") {
      var attributes = contextAttributes + robustness + [EGLint(EGL_NONE)]
      created = eglCreateContext(display, config, eglNoContext, &attributes)
      asked = created != nil
    }
    if created == nil {
      // Without robustness: some drivers offer the extension but refuse it.
      var attributes = contextAttributes + [EGLint(EGL_NONE)]
      created = eglCreateContext(display, config, eglNoContext, &attributes)
    }
    guard let context = created else {
      let note = faults.contains(.context) ? ", \(GLFaults.note(.context))" : ""
      throw .contextCreation(reason: "eglCreateContext (ES 3) failed with \(eglErrorName(eglGetError()))\(note)")
    }
    self.context = context
    asksResetNotification = asked
    if noConfig && surfaceless {
      surface = nil
    } else {
      var attributes: [EGLint] = [EGLint(EGL_WIDTH), 1, EGLint(EGL_HEIGHT), 1, EGLint(EGL_NONE)]
      guard let pbuffer = eglCreatePbufferSurface(display, config, &attributes) else {
        let code = eglGetError()
        eglDestroyContext(display, context)
        throw .contextCreation(reason: "eglCreatePbufferSurface (1×1) failed with \(eglErrorName(code))")
      }
      surface = pbuffer
    }
  }

  /// Runs `body` with this context current on the calling thread and its
  /// faults in force. Runs even once the context is lost (to delete objects).
  func withCurrent<T>(_ body: () throws(GLError) -> T) throws(GLError) -> T {
    lock.lock()
    defer { lock.unlock() }
    guard eglMakeCurrent(shared.display, surface, surface, context) == EGL_TRUE else {
      let code = eglGetError()
      if code == EGL_CONTEXT_LOST {
        let error = GLError.contextLost(step: "making the context current (eglMakeCurrent)")
        lostError = lostError ?? error
        throw error
      }
      throw .contextCreation(reason: "eglMakeCurrent failed with \(eglErrorName(code))")
    }
    defer { eglMakeCurrent(shared.display, eglNoSurface, eglNoSurface, eglNoContext) }
    do throws(GLError) {
      return try GLFaultScope.with(faults, body)
    } catch {
      if case .contextLost = error { lostError = lostError ?? error }
      throw error
    }
  }

  /// Runs one frame: refuses if the context was lost, then runs `body`
  /// and checks the reset status after it (and, in debug builds, that no
  /// GL error is left unchecked).
  func withFrame<T>(_ body: () throws(GLError) -> T) throws(GLError) -> T {
    try withCurrent { () throws(GLError) -> T in
      if let lostError { throw lostError }
      let result: T
      do throws(GLError) {
        result = try body()
      } catch {
        // A failure caused by a reset is reported as the reset.
        try checkReset(after: "after a frame that failed (\(error))")
        throw error
      }
      #if DEBUG
        try checkGL("the end of the frame (an error no check caught)")
      #endif
      try checkReset(after: "after the frame")
      return result
    }
  }

  /// The reset strategy the driver reports (GL_LOSE_CONTEXT_ON_RESET when
  /// notification was granted), or nil where robustness is absent. Call
  /// with the context current.
  func resetNotificationStrategy() -> UInt32? {
    guard resolvedResetQuery() != .none else { return nil }
    var strategy: GLint = 0
    glGetIntegerv(GLenum(GL_RESET_NOTIFICATION_STRATEGY), &strategy)
    return glGetError() == GLenum(GL_NO_ERROR) ? UInt32(strategy) : nil
  }

  /// How this context reads its reset status. Call with the context current.
  func resolvedResetQuery() -> ResetQuery {
    if let resetQuery { return resetQuery }
    let query = ResetQuery.resolve()
    resetQuery = query
    return query
  }

  private func checkReset(after step: String) throws(GLError) {
    let injected = faults.contains(.lost)
    let status = injected ? GLenum(GL_UNKNOWN_CONTEXT_RESET) : resolvedResetQuery().status()
    guard status != GLenum(GL_NO_ERROR) else { return }
    let note = injected ? ", \(GLFaults.note(.lost))" : ""
    let error = GLError.contextLost(step: "\(step): glGetGraphicsResetStatus gave \(glEnumName(status))\(note)")
    lostError = error
    drainGLErrors()
    throw error
  }

  deinit {
    if let surface { eglDestroySurface(shared.display, surface) }
    eglDestroyContext(shared.display, context)
  }
}

/// Where glGetGraphicsResetStatus comes from on this driver.
enum ResetQuery: Equatable {
  /// ES 3.2 core.
  case core
  /// GL_EXT_robustness or GL_KHR_robustness, loaded through eglGetProcAddress.
  case loaded(@convention(c) () -> GLenum)
  /// No robustness: a reset cannot be noticed (status reads as no error).
  case none

  static func == (a: ResetQuery, b: ResetQuery) -> Bool {
    switch (a, b) {
    case (.core, .core), (.none, .none), (.loaded, .loaded): return true
    default: return false
    }
  }

  /// Resolves the entry point for the current context. glvnd returns a
  /// stub for any name, so the version or extension decides.
  static func resolve() -> ResetQuery {
    var major: GLint = 0
    var minor: GLint = 0
    glGetIntegerv(GLenum(GL_MAJOR_VERSION), &major)
    glGetIntegerv(GLenum(GL_MINOR_VERSION), &minor)
    if major > 3 || (major == 3 && minor >= 2) { return .core }
    let extensions = glExtensions()
    for (name, function) in [
      ("GL_KHR_robustness", "glGetGraphicsResetStatusKHR"), ("GL_EXT_robustness", "glGetGraphicsResetStatusEXT"),
    ] where extensions.contains(name) {
      if let raw = eglGetProcAddress(function) {
        return .loaded(unsafeBitCast(raw, to: (@convention(c) () -> GLenum).self))
      }
    }
    return .none
  }

  /// The current context's reset status (GL_NO_ERROR when not reset).
  func status() -> GLenum {
    switch self {
    case .core: return glGetGraphicsResetStatus()
    case .loaded(let function): return function()
    case .none: return GLenum(GL_NO_ERROR)
    }
  }
}
