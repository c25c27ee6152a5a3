// Choosing a renderer: `gl` (OpenGL ES through EGL), `cpu` (the reference),
// or `auto`: what is faster on this machine. GL on a hardware device; the
// CPU renderer where there is no GPU device node (EGL is then not even
// loaded) or GL is itself drawn by the CPU (Mesa's llvmpipe or
// softpipe, SwiftShader), because there LaminaCPU draws most scenes
// several times faster, first frames included (measured on llvmpipe:
// docs/architecture.md, "Choosing a backend"). `LAMINA_AUTO=gl|cpu`
// overrides the choice. Where `auto` chose GL it falls back to the CPU
// renderer at two moments, saying so on standard error: when GL cannot
// start (no display, no context), and when one render fails on GL (a
// shader that does not compile, an incomplete framebuffer, the driver out
// of memory, the context lost, a plan GL does not draw); that render is
// then drawn on the CPU. A lost GL renderer keeps refusing, so later
// renders go to the CPU too.
//
// Rejected: timing both renderers on the caller's first plan and keeping
// the faster (a first frame compiles GL's programs and fills caches, so it
// predicts later frames badly, and a render would cost two); and choosing
// per plan from what it draws (the measurements favour the CPU on
// llvmpipe for all but three of the bench's 21 scenes, and by at most 2×
// where GL wins).
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
      switch try Self.autoChoice() {
      case .glUnavailable(let why):
        warn("lamina: GL unavailable (\(why)); using the CPU renderer")
        return BackendRenderer(.cpu(CPURenderer()), warn: warn)
      case .softwareGL, .noGPUDevice, .forced(.cpu):
        return BackendRenderer(.cpu(CPURenderer()), warn: warn)
      case .hardwareGL, .forced:
        do {
          return BackendRenderer(.glElseCPU(try GLRenderer(), CPURenderer()), warn: warn)
        } catch {
          warn("lamina: GL unavailable (\(error)); using the CPU renderer")
          return BackendRenderer(.cpu(CPURenderer()), warn: warn)
        }
      }
    }
  }

  /// The environment variable that overrides `auto`'s choice: `gl` or `cpu`.
  public static let autoVariable = "LAMINA_AUTO"

  /// What `auto` draws with here: `LAMINA_AUTO` if set; the CPU when the
  /// machine has no GPU device node (`devices`) and `LAMINA_EGL` is not
  /// set, without loading EGL; else
  /// GL on a hardware device and the CPU where GL is a software rasterizer
  /// or cannot start. `probe` opens a throwaway context (GLInfo.probe).
  public static func autoChoice(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    devices: () -> [String] = Backend.gpuDeviceNodes,
    probe: () throws(GLError) -> GLInfo = { () throws(GLError) in try GLInfo.probe() }
  ) throws(BackendError) -> AutoChoice {
    if let forced = environment[autoVariable] {
      guard let b = Backend(rawValue: forced), b != .auto else {
        throw BackendError("\(autoVariable)=\(forced) is not one of gl, cpu")
      }
      return .forced(b)
    }
    // Loading EGL maps the driver (llvmpipe: about 55 MiB resident and
    // 30–40 ms of a single `lamina render`), so a machine that cannot
    // have a hardware GL is told apart first, unless LAMINA_EGL asks for
    // an EGL platform by name.
    guard environment["LAMINA_EGL"] != nil || !devices().isEmpty else { return .noGPUDevice }
    let info: GLInfo
    do { info = try probe() } catch { return .glUnavailable(String(describing: error)) }
    return info.isSoftwareRasterizer ? .softwareGL(renderer: info.renderer) : .hardwareGL(renderer: info.renderer)
  }

  /// The device nodes a hardware GL is reached through on Linux: DRM's
  /// (`/dev/dri/renderD*`, `/dev/dri/card*`: Mesa's drivers), NVIDIA's
  /// (`/dev/nvidia0`, …) and WSL's (`/dev/dxg`). Without one, EGL can only
  /// offer a software rasterizer.
  public static func gpuDeviceNodes() -> [String] {
    let files = FileManager.default
    var nodes: [String] = []
    for name in (try? files.contentsOfDirectory(atPath: "/dev/dri")) ?? []
    where name.hasPrefix("renderD") || name.hasPrefix("card") {
      nodes.append("/dev/dri/" + name)
    }
    for name in (try? files.contentsOfDirectory(atPath: "/dev")) ?? [] {
      let nvidia = name.hasPrefix("nvidia") && name.count > 6 && name.dropFirst(6).allSatisfy(\.isNumber)
      if nvidia || name == "dxg" { nodes.append("/dev/" + name) }
    }
    return nodes.sorted()
  }

  /// Prints a warning on standard error (the default `warn`).
  public static func printWarning(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }
}

/// What `auto` chose, and why (`Backend.autoChoice`).
public enum AutoChoice: Sendable, Equatable {
  /// GL, on this hardware device (named by its `GL_RENDERER`).
  case hardwareGL(renderer: String)
  /// The CPU renderer: GL here is a software rasterizer.
  case softwareGL(renderer: String)
  /// The CPU renderer: no GPU device node, so GL could only be a software
  /// rasterizer (EGL is not loaded to ask).
  case noGPUDevice
  /// The CPU renderer: GL cannot start (the error).
  case glUnavailable(String)
  /// What `LAMINA_AUTO` says.
  case forced(Backend)

  /// The backend that draws: `.gl` (falling back to the CPU) or `.cpu`.
  public var backend: Backend {
    switch self {
    case .hardwareGL: return .gl
    case .softwareGL, .noGPUDevice, .glUnavailable: return .cpu
    case .forced(let b): return b
    }
  }

  /// One line saying why.
  public var reason: String {
    switch self {
    case .hardwareGL(let r): return "GL on a hardware device (\(r))"
    case .softwareGL(let r):
      return "the CPU renderer: GL here is a software rasterizer (\(r)), on which LaminaCPU draws most scenes "
        + "several times faster (--backend gl forces GL)"
    case .noGPUDevice:
      return "the CPU renderer: no GPU device (/dev/dri/renderD*, /dev/nvidia*, /dev/dxg), so GL could only be a "
        + "software rasterizer (--backend gl forces GL)"
    case .glUnavailable(let why): return "the CPU renderer: GL unavailable (\(why))"
    case .forced(let b): return "\(b.rawValue): \(Backend.autoVariable)=\(b.rawValue)"
    }
  }
}

/// A backend that cannot be chosen as asked.
public struct BackendError: Error, CustomStringConvertible, Sendable {
  public let description: String
  public init(_ description: String) { self.description = description }
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
