// Choosing a renderer: `gl` (OpenGL ES through EGL), `cpu` (the reference),
// or `auto`: GL, and the CPU renderer whenever GL fails, saying so on
// standard error. `auto` falls back at two moments: when GL cannot start
// (no display, no context), and when one render fails on GL (a shader that
// does not compile, an incomplete framebuffer, the driver out of memory,
// the context lost, a plan GL does not draw); that render is then drawn on
// the CPU. A lost GL renderer keeps refusing, so later renders go to the
// CPU too.
//
// This is a library target of its own (LaminaBackends) so that `lamina`'s
// commands and `lamina serve` (LaminaServe) choose renderers the same way;
// the tool adds only its argument parsing (ExpressibleByArgument).
//
// Rejected: compiling every program at start-up so that `auto` could decide
// once (hundreds of variants, hundreds of milliseconds before the first
// frame, and it would still miss the faults that only a render can meet).
import Foundation
import Lamina
import LaminaCPU
import LaminaGL

/// Which renderer draws: the CPU, GL, or GL falling back to the CPU.
public enum Backend: String, CaseIterable, Sendable {
  case cpu, gl, auto

  /// Makes the renderer; its `used` names the backend of the last render.
  /// `warn` hears every fallback to the CPU (GL that cannot start, a render GL failed).
  public func makeRenderer(warn: @escaping (String) -> Void = Backend.printWarning) throws -> BackendRenderer {
    switch self {
    case .cpu: return BackendRenderer(.cpu(CPURenderer()), warn: warn)
    case .gl: return BackendRenderer(.gl(try GLRenderer()), warn: warn)
    case .auto:
      do {
        return BackendRenderer(.glElseCPU(try GLRenderer(), CPURenderer()), warn: warn)
      } catch {
        warn("lamina: GL unavailable (\(error)); using the CPU renderer")
        return BackendRenderer(.cpu(CPURenderer()), warn: warn)
      }
    }
  }

  /// Prints a warning on standard error (the default `warn`).
  public static func printWarning(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}

/// GL, the CPU, or GL falling back to the CPU for each render GL fails.
public final class BackendRenderer: IncrementalRenderer {
  /// The renderers held.
  public enum Renderers {
    case cpu(CPURenderer)
    case gl(GLRenderer)
    case glElseCPU(GLRenderer, CPURenderer)
  }
  private let renderers: Renderers
  private let warn: (String) -> Void
  /// "gl" or "cpu": the backend that drew the last image (before any, the first to try).
  public private(set) var used: String

  /// Wraps `renderers`; `warn` hears each render GL failed and the CPU drew.
  public init(_ renderers: Renderers, warn: @escaping (String) -> Void) {
    self.renderers = renderers
    self.warn = warn
    if case .cpu = renderers { used = "cpu" } else { used = "gl" }
  }

  /// The next frame of a sequence, drawn incrementally
  /// (IncrementalRenderer: the bytes `render` gives).
  public func renderFrame(_ plan: RenderPlan) throws -> Image {
    try draw(plan, cpu: { $0.renderFrame(plan) }, gl: { try $0.renderFrame(plan) })
  }

  /// What the renderer that drew the last frame redrew.
  public var lastDamage: PlanDamage? {
    switch renderers {
    case .cpu(let cpu): return cpu.lastDamage
    case .gl(let gl): return gl.lastDamage
    case .glElseCPU(let gl, let cpu): return used == "gl" ? gl.lastDamage : cpu.lastDamage
    }
  }

  /// Forgets the kept frame of every renderer held.
  public func forgetFrame() {
    switch renderers {
    case .cpu(let cpu): cpu.forgetFrame()
    case .gl(let gl): gl.forgetFrame()
    case .glElseCPU(let gl, let cpu):
      gl.forgetFrame()
      cpu.forgetFrame()
    }
  }

  /// Draws the plan with the chosen backend (GL failing falls back to the CPU when held).
  public func render(_ plan: RenderPlan) throws -> Image {
    try draw(plan, cpu: { $0.render(plan) }, gl: { try $0.render(plan) })
  }

  /// Draws with the chosen backend; GL falling back to the CPU says so.
  private func draw(
    _ plan: RenderPlan, cpu drawCPU: (CPURenderer) -> Image, gl drawGL: (GLRenderer) throws -> Image
  ) throws -> Image {
    switch renderers {
    case .cpu(let cpu):
      used = "cpu"
      return drawCPU(cpu)
    case .gl(let gl):
      used = "gl"
      return try drawGL(gl)
    case .glElseCPU(let gl, let cpu):
      do {
        let image = try drawGL(gl)
        used = "gl"
        return image
      } catch {
        warn("lamina: GL render failed (\(error)); rendering with the CPU renderer")
        used = "cpu"
        return drawCPU(cpu)
      }
    }
  }
}
