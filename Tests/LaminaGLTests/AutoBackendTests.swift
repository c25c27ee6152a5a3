// What `--backend auto` draws with: GL on a hardware device, the CPU
// renderer where there is no GPU device node, where GL is a software
// rasterizer or cannot start, and what `LAMINA_AUTO` says. The software case is checked against the GL this
// machine really has (CI's is Mesa's llvmpipe); the hardware case only
// through the classifier, since no hardware GL runs here.
import Foundation
import Lamina
import LaminaBackends
import LaminaGL
import LaminaTestSupport
import Testing

@Suite("--backend auto", requiresGL)
struct AutoBackendTests {
  @Test(arguments: [
    ("llvmpipe (LLVM 15.0.6, 256 bits)", true),
    ("softpipe", true),
    ("Google SwiftShader", true),
    ("ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)", true),
    ("Apple Software Renderer / Software Rasterizer", true),
    ("NVIDIA H200/PCIe/SSE2", false),
    ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)", false),
    ("AMD Radeon Graphics (radeonsi, renoir, LLVM 15.0.6)", false),
    ("Mali-G78", false),
  ])
  func softwareRasterizersAreKnownByName(renderer: String, software: Bool) {
    #expect(GLInfo.isSoftwareRasterizer(renderer: renderer) == software)
  }

  /// With a GPU device node (claimed here), the GL this machine has decides.
  @Test func thisMachinesGLDecides() throws {
    let info = try GLInfo.probe()
    let choice = try Backend.autoChoice(environment: [:], devices: { ["/dev/dri/renderD128"] })
    if info.isSoftwareRasterizer {
      #expect(choice == .softwareGL(renderer: info.renderer))
      #expect(choice.backend == .cpu)
      #expect(try Backend.auto.makeRenderer().used == "cpu")
    } else {
      #expect(choice == .hardwareGL(renderer: info.renderer))
      #expect(choice.backend == .gl)
    }
    #expect(choice.reason.contains(info.renderer))
  }

  /// Without a GPU device node EGL is not even loaded, unless LAMINA_EGL names a platform.
  @Test func noDeviceMeansTheCPUWithoutEGL() throws {
    var probed = 0
    let probe = { () throws(GLError) -> GLInfo in
      probed += 1
      return try GLInfo.probe()
    }
    let choice = try Backend.autoChoice(environment: [:], devices: { [] }, probe: probe)
    #expect(choice == .noGPUDevice && choice.backend == .cpu && probed == 0)
    #expect(choice.reason.contains("no GPU device"))
    let named = try Backend.autoChoice(environment: ["LAMINA_EGL": "surfaceless"], devices: { [] }, probe: probe)
    #expect(probed == 1 && named != .noGPUDevice)
    #expect(Backend.gpuDeviceNodes().allSatisfy { $0.hasPrefix("/dev/") })
  }

  @Test func glThatCannotStartMeansTheCPU() throws {
    let failure = GLError.noDisplay(reason: "a test")
    let choice = try Backend.autoChoice(
      environment: [:], devices: { ["/dev/nvidia0"] }, probe: { () throws(GLError) -> GLInfo in throw failure })
    #expect(choice == .glUnavailable(String(describing: failure)))
    #expect(choice.backend == .cpu)
  }

  @Test func theEnvironmentOverridesTheChoice() throws {
    #expect(try Backend.autoChoice(environment: ["LAMINA_AUTO": "gl"]) == .forced(.gl))
    #expect(try Backend.autoChoice(environment: ["LAMINA_AUTO": "cpu"]) == .forced(.cpu))
    for bad in ["auto", "GPU", ""] {
      #expect(throws: BackendError.self) { try Backend.autoChoice(environment: ["LAMINA_AUTO": bad]) }
    }
    do {
      _ = try Backend.autoChoice(environment: ["LAMINA_AUTO": "vulkan"])
    } catch {
      #expect(error.description == "LAMINA_AUTO=vulkan is not one of gl, cpu")
    }
  }

  /// The tool says what auto chose in `lamina info` and draws with it.
  @Test(.enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"))
  func theToolSaysWhatAutoChose() throws {
    let info = try GLInfo.probe()
    let (status, out, err) = try LaminaTool.run(["info"], environment: [:])
    #expect(status == 0, "\(err)")
    let line = out.split(separator: "\n").first { $0.hasPrefix("--backend auto:") }.map(String.init) ?? ""
    let reason = try Backend.autoChoice().reason
    #expect(line == "--backend auto: " + reason, "\(out)")
    #expect(line.contains(info.renderer) || line.contains("no GPU device"), "\(out)")
    let scene = Corpus.root + "/Tests/Scenes/background-color.json"
    let output = FileManager.default.temporaryDirectory.path + "/lamina-auto-\(getpid()).png"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let (rs, rout, rerr) = try LaminaTool.run(["render", scene, "-o", output], environment: [:])
    #expect(rs == 0, "\(rerr)")
    #expect(rout.contains(try Backend.autoChoice().backend == .cpu ? "cpu backend" : "gl backend"), "\(rout)")
    #expect(rerr.isEmpty, "auto warned about its own choice: \(rerr)")
  }
}
