// Choosing a renderer: `gl` (OpenGL ES through EGL), `cpu` (the reference),
// or `auto` (GL when EGL starts, else the CPU renderer, saying so).
import ArgumentParser
import Lamina
import LaminaCPU
import LaminaGL

enum Backend: String, ExpressibleByArgument, CaseIterable {
  case cpu, gl, auto

  /// Makes the renderer; returns it with the name of the backend used.
  func makeRenderer() throws -> (PlanRenderer, String) {
    switch self {
    case .cpu: return (CPURenderer(), "cpu")
    case .gl: return (try GLRenderer(), "gl")
    case .auto:
      do {
        return (try GLRenderer(), "gl")
      } catch {
        warn("lamina: GL unavailable (\(error)); using the CPU renderer")
        return (CPURenderer(), "cpu")
      }
    }
  }
}
