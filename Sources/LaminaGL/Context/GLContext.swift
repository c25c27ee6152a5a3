// One OpenGL ES 3 context on the shared display, with no surface
// (EGL_KHR_no_config_context + EGL_KHR_surfaceless_context), falling back
// to a config and a 1×1 pbuffer where either extension is missing. A
// context is current on one thread at a time: `withCurrent` makes it
// current for a synchronous scope and releases it after, so a renderer may
// be used from any thread (one at a time) and never across an `await`.

import CEGL
import CGLES
import Foundation

final class GLContext {
  let shared: SharedDisplay
  let context: EGLContext
  private let surface: EGLSurface?
  private let lock = NSLock()

  init() throws(GLError) {
    let shared = try SharedDisplay.get()
    self.shared = shared
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
    var contextAttributes: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3]
    #if DEBUG
      if shared.extensions.contains("EGL_KHR_create_context") {
        contextAttributes += [EGLint(EGL_CONTEXT_FLAGS_KHR), EGLint(EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR)]
      }
    #endif
    contextAttributes.append(EGLint(EGL_NONE))
    guard let context = eglCreateContext(display, config, eglNoContext, &contextAttributes) else {
      throw .contextCreation(reason: "eglCreateContext (ES 3) failed with 0x\(String(eglGetError(), radix: 16))")
    }
    self.context = context
    if noConfig && surfaceless {
      surface = nil
    } else {
      var attributes: [EGLint] = [EGLint(EGL_WIDTH), 1, EGLint(EGL_HEIGHT), 1, EGLint(EGL_NONE)]
      guard let pbuffer = eglCreatePbufferSurface(display, config, &attributes) else {
        eglDestroyContext(display, context)
        throw .contextCreation(reason: "eglCreatePbufferSurface failed with 0x\(String(eglGetError(), radix: 16))")
      }
      surface = pbuffer
    }
  }

  /// Runs `body` with this context current on the calling thread.
  func withCurrent<T>(_ body: () throws(GLError) -> T) throws(GLError) -> T {
    lock.lock()
    defer { lock.unlock() }
    guard eglMakeCurrent(shared.display, surface, surface, context) == EGL_TRUE else {
      let code = eglGetError()
      if code == EGL_CONTEXT_LOST { throw .contextLost }
      throw .contextCreation(reason: "eglMakeCurrent failed with 0x\(String(code, radix: 16))")
    }
    defer { eglMakeCurrent(shared.display, eglNoSurface, eglNoSurface, eglNoContext) }
    return try body()
  }

  deinit {
    if let surface { eglDestroySurface(shared.display, surface) }
    eglDestroyContext(shared.display, context)
  }
}

/// Throws the first pending GL error, naming the call that preceded it.
func checkGL(_ call: @autoclosure () -> String) throws(GLError) {
  let code = glGetError()
  guard code != GLenum(GL_NO_ERROR) else { return }
  while glGetError() != GLenum(GL_NO_ERROR) {}
  switch Int32(code) {
  case GL_OUT_OF_MEMORY: throw .outOfMemory
  case GL_CONTEXT_LOST: throw .contextLost
  default: throw .glError(code: code, call: call())
  }
}
