// Short soak runs (the long one is `lamina soak`): a few small corpus scenes
// rendered 20 times in one process per backend. After warm-up the GL object
// count must not move and must return to zero when the renderer goes; the
// resident memory (from /proc/self/statm) must stay within a bound after
// warm-up. tools/test runs these suites in a process of their own (other
// tests' renderers would count); the bound is still loose, so it catches
// per-frame leaks of whole surfaces, not bytes: 20 frames leaking one
// 200×200 canvas each would add 3 MiB per scene.
//
// Also here, because this target's files are otherwise owned by the GL
// helper: the GL faults testable from outside LaminaGL (a shader that fails
// to compile, a forced EGL platform that does not exist, `--backend auto`).

import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
@testable import LaminaCPU
@testable import LaminaGL

/// Resident set size of this process, from /proc/self/statm.
private func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

private enum Soak {
  static let sceneIDs = ["scenes/border", "scenes/shadow-rect", "scenes/mask-layer", "scenes/rasterize"]
  static let iterations = 20
  static let warmup = 5
  /// Growth after warm-up that still passes: 64 MiB.
  static let memoryBound = 64 << 20

  static func plans(_ ids: [String] = sceneIDs) throws -> [RenderPlan] {
    try ids.map { id in try #require(Corpus.scenes.first { $0.id == id }).plan() }
  }

  /// Runs the loop; returns (resident after warm-up, at the end).
  static func run(
    _ ids: [String] = sceneIDs, _ render: (RenderPlan) throws -> Image, afterWarmup: () -> Void = {}
  ) throws -> (Int, Int) {
    let plans = try plans(ids)
    var warm = 0
    for i in 0..<iterations {
      if i == warmup {
        warm = residentBytes()
        afterWarmup()
      }
      for plan in plans { _ = try render(plan) }
    }
    return (warm, residentBytes())
  }
}

@Suite("GL soak", requiresGL)
struct SoakTests {
  @Test func glObjectsStayFlatAndAreAllReleased() throws {
    var renderer: GLRenderer? = try GLRenderer()
    let ledger = renderer!.ledger
    var counts: [GLObjectLedger.Kind: Int] = [:]
    let (warm, end) = try Soak.run(Soak.sceneIDs, { plan in try renderer!.render(plan) }) {
      for kind in GLObjectLedger.Kind.allCases { counts[kind] = ledger.live(kind) }
    }
    for kind in GLObjectLedger.Kind.allCases {
      #expect(ledger.live(kind) == counts[kind], "\(kind) objects moved after warm-up")
    }
    #expect(ledger.totalLive > 0)
    renderer = nil
    #expect(ledger.totalLive == 0, "GL objects left after release")
    #expect(warm > 0 && end - warm < Soak.memoryBound, "resident memory grew \((end - warm) >> 20) MiB after warm-up")
  }
}

@Suite struct CPUSoakTests {
  @Test func memoryStaysBoundedAfterWarmup() throws {
    let renderer = CPURenderer()
    // The two cheapest scenes: the CPU renderer is slow in debug builds.
    let (warm, end) = try Soak.run(["scenes/border", "scenes/shadow-rect"]) { plan in renderer.render(plan) }
    #expect(warm > 0 && end - warm < Soak.memoryBound, "resident memory grew \((end - warm) >> 20) MiB after warm-up")
  }
}

@Suite("GL faults", requiresGL)
struct GLFaultTests {
  @Test func aShaderThatFailsToCompileSaysWhichAndWhy() throws {
    let context = try GLContext()
    let ledger = GLObjectLedger()
    let vertex = "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n"
    let fragment = "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = undefinedThing; }\n"
    do {
      try context.withCurrent { () throws(GLError) in
        _ = try Program(name: "broken", vertex: vertex, fragment: fragment, ledger: ledger)
      }
      Issue.record("a broken shader compiled")
    } catch {
      guard case .shaderCompile(let name, let log) = error else {
        Issue.record("expected shaderCompile, got \(error)")
        return
      }
      #expect(name.contains("broken"))
      #expect(log.contains("undefinedThing"), "the driver's log names the culprit: \(log)")
      #expect(error.description.hasPrefix("shader \(name) failed to compile:"))
    }
    #expect(ledger.live(.program) == 0, "a failed program is not counted as live")
  }

  /// Runs the tool with `LAMINA_EGL` set to `egl`; returns (status, stdout, stderr).
  static func lamina(_ arguments: [String], egl: String) throws -> (Int32, String, String) {
    try LaminaTool.run(arguments, environment: ["LAMINA_EGL": egl])
  }

  @Test(.enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"))
  func anUnknownEGLPlatformIsAClearErrorAndAutoFallsBackToTheCPU() throws {
    let scene = Corpus.root + "/Tests/Scenes/border.json"
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-fault-\(getpid()).png").path
    defer { try? FileManager.default.removeItem(atPath: output) }
    let (glStatus, _, glError) = try Self.lamina(["render", scene, "-o", output, "--backend", "gl"], egl: "nowhere")
    #expect(glStatus == 1)
    #expect(glError.contains("no EGL display: LAMINA_EGL=nowhere is not one of device, gbm, surfaceless"), "\(glError)")
    let (autoStatus, autoOut, autoError) = try Self.lamina(["render", scene, "-o", output, "--backend", "auto"], egl: "nowhere")
    #expect(autoStatus == 0)
    #expect(autoError.contains("GL unavailable") && autoError.contains("using the CPU renderer"), "\(autoError)")
    #expect(autoOut.contains("cpu backend"), "\(autoOut)")
  }
}
