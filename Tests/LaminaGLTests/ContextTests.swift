// The context starts, on the platform the environment asks for.

import LaminaGL
import Testing

@Suite("GL context", requiresGL)
struct ContextTests {
  @Test func probeReportsAnES3Context() throws {
    let info = try GLAvailability.probe.get()
    #expect(info.version.hasPrefix("OpenGL ES 3"), "GL_VERSION is \(info.version)")
    #expect(!info.renderer.isEmpty)
    #expect(["device", "gbm", "surfaceless"].contains(info.platform))
  }
}
