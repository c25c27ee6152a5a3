// GL_KHR_debug output, wired in debug builds only: driver messages of high
// and medium severity go to standard error and into the context's
// GLDebugLog (the last few, for tests). The callback is a capture-free
// closure, as C requires; the log reaches it as the user pointer, so each
// context keeps its own messages and parallel tests do not see each
// other's. On Mesa it needs GL_DEBUG_OUTPUT_KHR enabled; synchronous output
// delivers a message on the calling thread before the faulty call returns.
//
// Rejected: one process-wide log (parallel renderers would mix their
// messages), and keeping every message (a long run with a chatty driver
// would grow without bound).

import CEGL
import CGLES
import Foundation
import Synchronization

enum GLDebug {
  /// Installs the callback on the current context if the driver offers it;
  /// messages go to stderr and to `log`, which must outlive the context.
  static func install(extensions: Set<String>, log: GLDebugLog) {
    #if DEBUG
      guard extensions.contains("GL_KHR_debug"),
        let raw = eglGetProcAddress("glDebugMessageCallbackKHR")
      else { return }
      let setCallback = unsafeBitCast(raw, to: PFNGLDEBUGMESSAGECALLBACKKHRPROC.self)
      glEnable(GLenum(GL_DEBUG_OUTPUT_KHR))
      glEnable(GLenum(GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR))
      setCallback({ _, _, _, severity, _, message, user in
        guard let message,
          severity == GLenum(GL_DEBUG_SEVERITY_HIGH_KHR) || severity == GLenum(GL_DEBUG_SEVERITY_MEDIUM_KHR)
        else { return }
        var text = String(cString: message)
        while text.last?.isNewline == true { text.removeLast() }
        if let user { Unmanaged<GLDebugLog>.fromOpaque(user).takeUnretainedValue().append(text) }
        FileHandle.standardError.write(Data("LaminaGL debug: \(text)\n".utf8))
      }, Unmanaged.passUnretained(log).toOpaque())
      log.installed = true
    #endif
  }
}

/// The last driver debug messages of one context (debug builds; empty in release).
final class GLDebugLog: Sendable {
  /// How many messages are kept; older ones are dropped.
  static let capacity = 32

  private struct Ring {
    var messages: [String] = []
    var next = 0
    var total = 0
    var installed = false
  }
  private let ring = Mutex(Ring())

  /// Whether the callback was installed (the driver offers GL_KHR_debug, debug build).
  var installed: Bool {
    get { ring.withLock { $0.installed } }
    set { ring.withLock { $0.installed = newValue } }
  }

  func append(_ message: String) {
    ring.withLock { ring in
      if ring.messages.count < Self.capacity {
        ring.messages.append(message)
      } else {
        ring.messages[ring.next] = message
      }
      ring.next = (ring.next + 1) % Self.capacity
      ring.total += 1
    }
  }

  /// The kept messages, oldest first.
  var messages: [String] {
    ring.withLock { ring in
      guard ring.messages.count == Self.capacity else { return ring.messages }
      return Array(ring.messages[ring.next...] + ring.messages[..<ring.next])
    }
  }

  /// How many messages arrived in all (kept or dropped).
  var total: Int { ring.withLock { $0.total } }
}
