// GL_KHR_debug output, wired in debug builds only: driver messages of high
// and medium severity go to standard error. The callback is a capture-free
// closure, as C requires; on Mesa it needs GL_DEBUG_OUTPUT_KHR enabled.

import CEGL
import CGLES
import Foundation

enum GLDebug {
  /// Installs the callback on the current context if the driver offers it.
  static func install(extensions: Set<String>) {
    #if DEBUG
      guard extensions.contains("GL_KHR_debug"),
        let raw = eglGetProcAddress("glDebugMessageCallbackKHR")
      else { return }
      let setCallback = unsafeBitCast(raw, to: PFNGLDEBUGMESSAGECALLBACKKHRPROC.self)
      glEnable(GLenum(GL_DEBUG_OUTPUT_KHR))
      setCallback({ _, _, _, severity, _, message, _ in
        guard let message,
          severity == GLenum(GL_DEBUG_SEVERITY_HIGH_KHR) || severity == GLenum(GL_DEBUG_SEVERITY_MEDIUM_KHR)
        else { return }
        FileHandle.standardError.write(Data("LaminaGL debug: \(String(cString: message))\n".utf8))
      }, nil)
    #endif
  }
}
