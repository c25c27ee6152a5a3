// Every GL fault, provoked on a healthy driver through GLFaults, gives its
// own GLError case, a message naming the step, and leaks no GL object; a
// lost renderer refuses every later render and a new renderer works. The
// check functions are also driven by real GL errors, without injection,
// and the debug callback is shown to deliver the driver's messages. The
// built `lamina` tool (when present) shows `--backend auto` falling back to
// the CPU, with the same PNG, for each fault.

import CGLES
import Foundation
import LaminaTestSupport
import Testing

@testable import Lamina
import LaminaCPU
@testable import LaminaGL

@Suite("GL fault injection", requiresGL)
struct FaultTests {
  /// One 24×16 canvas with a shape, an image and an offscreen composite:
  /// it compiles programs, allocates surfaces and uploads a texture.
  static let plan: RenderPlan = {
    let offscreen = Surface(
      width: 24, height: 16, label: "group",
      commands: [PlanFixtures.roundedRect(CGRect(x: 2, y: 2, width: 12, height: 8), color: PlanFixtures.white)])
    return PlanFixtures.plan(
      24, 16,
      [
        PlanFixtures.roundedRect(CGRect(x: 0, y: 0, width: 24, height: 16)),
        PlanFixtures.image(PlanFixtures.noise(width: 4, height: 4), at: CGRect(x: 4, y: 4, width: 8, height: 8)),
        PlanFixtures.composite(1, opacity: 0.5),
      ], offscreen: [offscreen])
  }()

  /// Renders `plan` with `faults`; returns the error (required: a render
  /// under a fault must fail) and the GL objects not released with the
  /// renderer.
  static func failure(_ faults: GLFaults, _ plan: RenderPlan = plan) throws -> (GLError, leaked: [String]) {
    var renderer: GLRenderer? = try GLRenderer(faults: faults)
    let ledger = renderer!.ledger
    var error: GLError?
    do { _ = try renderer!.render(plan) } catch let e { error = e }
    renderer = nil
    let leaked = GLObjectLedger.Kind.allCases.filter { ledger.live($0) != 0 }.map(\.rawValue)
    return (try #require(error), leaked)
  }

  @Test func contextFaultFailsContextCreation() throws {
    #expect {
      _ = try GLRenderer(faults: .context)
    } throws: { error in
      guard case .contextCreation(let reason) = error as? GLError else { return false }
      let message = (error as! GLError).description
      return reason.contains("eglCreateContext") && reason.contains("EGL_")
        && message.contains("cannot create an OpenGL ES 3 context") && message.contains("LAMINA_GL_FAULT=context")
    }
  }

  @Test func shaderFaultFailsTheFragmentCompile() throws {
    let (e, leaked) = try Self.failure(.shader)
    guard case .shaderCompile(let name, let log) = e else {
      Issue.record("expected shaderCompile, got \(e)")
      return
    }
    #expect(name.hasSuffix("(fragment)") && name.contains(".frag"), "\(name)")
    // The compiler's own log, from the real compile.
    #expect(log.contains("#error") || log.contains("LAMINA_GL_FAULT"), "\(log)")
    #expect(e.description.hasPrefix("shader \(name) failed to compile"))
    #expect(leaked.isEmpty, "leaked \(leaked)")
  }

  @Test func framebufferFaultIsARealIncompleteness() throws {
    let (e, leaked) = try Self.failure(.framebuffer)
    guard case .framebufferIncomplete(let status, let target) = e else {
      Issue.record("expected framebufferIncomplete, got \(e)")
      return
    }
    #expect(status == UInt32(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT))
    // Surfaces are drawn last to first: the offscreen group is allocated first.
    #expect(target.hasPrefix("a 24×16 surface"), "\(target)")
    #expect(e.description.contains("GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT"))
    #expect(e.description.contains("framebuffer of a 24×16 surface"))
    #expect(leaked.isEmpty, "leaked \(leaked)")
  }

  @Test func memoryFaultNamesWhatWasAllocated() throws {
    let (e, leaked) = try Self.failure(.memory)
    guard case .outOfMemory(let step) = e else {
      Issue.record("expected outOfMemory, got \(e)")
      return
    }
    #expect(step.hasPrefix("allocating a 24×16 surface (2 KiB)"), "\(step)")
    #expect(e.description.contains("ran out of memory allocating a 24×16 surface"))
    #expect(leaked.isEmpty, "leaked \(leaked)")
  }

  @Test func memoryFaultOnAnImageUploadDeletesTheTexture() throws {
    let renderer = try GLRenderer()
    let ledger = renderer.ledger
    let before = ledger.live(.texture)
    let result = Result { () throws(GLError) in
      try renderer.context.withCurrent { () throws(GLError) in
        try GLFaultScope.with(.memory) { () throws(GLError) in
          let device = GLDevice(ledger: ledger)
          defer { device.deleteAll() }
          let cache = TextureCache(device: device)
          _ = try cache.texture(PlanFixtures.noise(width: 5, height: 3), mipmapped: false, frame: 1)
        }
      }
    }
    #expect(throws: GLError.outOfMemory(step: "allocating a 5×3 image (60 bytes), injected by LAMINA_GL_FAULT=memory")) {
      try result.get()
    }
    #expect(ledger.live(.texture) == before)
  }

  @Test func lostContextRefusesLaterRendersAndANewRendererWorks() throws {
    var lost: GLRenderer? = try GLRenderer(faults: .lost)
    let ledger = lost!.ledger
    var first: GLError?
    do { _ = try lost!.render(Self.plan) } catch { first = error }
    let error = try #require(first)
    guard case .contextLost(let step) = error else {
      Issue.record("expected contextLost, got \(error)")
      return
    }
    #expect(step.contains("after the frame") && step.contains("glGetGraphicsResetStatus"), "\(step)")
    #expect(error.description.contains("create a new one"))
    // Every later render is refused with the same error, before drawing:
    // a plan that needs a new program (a shadow) compiles nothing.
    let programs = lost!.programCount
    let shadowed = PlanFixtures.plan(24, 16, [PlanFixtures.shadow(CGRect(x: 4, y: 4, width: 8, height: 8), sigma: 2)])
    for plan in [Self.plan, shadowed] {
      #expect(throws: error) { _ = try lost!.render(plan) }
    }
    #expect(lost!.programCount == programs)
    lost = nil
    for kind in GLObjectLedger.Kind.allCases { #expect(ledger.live(kind) == 0, "\(kind) objects left") }
    let fresh = try GLRenderer()
    let image = try fresh.render(Self.plan)
    #expect(image.pixel(x: 0, y: 0) == (0, 0, 0, 255))
  }

  @Test func contextAsksForResetNotificationWhereOffered() throws {
    let renderer = try GLRenderer()
    let context = renderer.context
    let (query, strategy) = try context.withCurrent { () throws(GLError) in
      (context.resolvedResetQuery(), context.resetNotificationStrategy())
    }
    if context.shared.extensions.contains("EGL_EXT_create_context_robustness") {
      // Measured on Mesa llvmpipe: granted, and the driver reports it.
      #expect(context.asksResetNotification)
      #expect(query != .none)
      #expect(strategy == UInt32(GL_LOSE_CONTEXT_ON_RESET))
    }
    #expect(try renderer.render(Self.plan).width == 24)
  }

  @Test func faultsStayWithTheirRenderer() throws {
    // A faulty renderer next to a healthy one: only the faulty one fails.
    let faulty = try GLRenderer(faults: [.shader, .memory])
    let healthy = try GLRenderer()
    #expect(throws: GLError.self) { _ = try faulty.render(Self.plan) }
    #expect(try healthy.render(Self.plan).width == 24)
    #expect(GLFaultScope.current == [])
  }

  @Test func faultNamesParse() throws {
    #expect(try GLFaults.parse("") == [])
    #expect(try GLFaults.parse("context") == .context)
    #expect(try GLFaults.parse("lost, memory") == [.lost, .memory])
    #expect(GLFaults([.shader, .framebuffer]).description == "shader,framebuffer")
    #expect {
      _ = try GLFaults.parse("memory,gpu")
    } throws: { error in
      guard case .unsupported(let reason) = error as? GLError else { return false }
      return reason.contains("LAMINA_GL_FAULT") && reason.contains("\"gpu\"") && reason.contains("context, shader")
    }
  }
}

/// The check functions on real GL errors, with no fault injected.
@Suite("GL checks", requiresGL)
struct GLCheckTests {
  @Test func framebufferWithoutAttachmentIsIncomplete() throws {
    let renderer = try GLRenderer()
    let result = Result { () throws(GLError) in
      try renderer.context.withCurrent { () throws(GLError) in
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        defer {
          glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0)
          glDeleteFramebuffers(1, &framebuffer)
        }
        try checkFramebuffer("a test target")
      }
    }
    #expect(
      throws: GLError.framebufferIncomplete(
        status: UInt32(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT), target: "a test target")
    ) { try result.get() }
  }

  @Test func allocationErrorsNameTheAllocation() throws {
    let renderer = try GLRenderer()
    var released = false
    let result = Result { () throws(GLError) in
      try renderer.context.withCurrent { () throws(GLError) in
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        // Larger than any driver's GL_MAX_TEXTURE_SIZE: GL_INVALID_VALUE.
        glTexImage2D(
          GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, 1 << 20, 1, 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        try checkAllocation("a 1048576×1 test texture", bytes: 4 << 20) {
          glDeleteTextures(1, &texture)
          released = true
        }
      }
    }
    #expect(
      throws: GLError.glError(code: UInt32(GL_INVALID_VALUE), call: "allocating a 1048576×1 test texture (4 MiB)")
    ) { try result.get() }
    #expect(released)
  }

  @Test func messagesNameTheEnums() {
    #expect(GLError.glError(code: 0x500, call: "glEnable").description == "GL_INVALID_ENUM (0x500) after glEnable")
    #expect(
      GLError.framebufferIncomplete(status: 0x8CDD, target: "a 3×4 surface").description
        == "the framebuffer of a 3×4 surface is incomplete: GL_FRAMEBUFFER_UNSUPPORTED (0x8cdd)")
    #expect(glEnumName(0x1234) == "GL enum 0x1234")
    #expect(eglErrorName(0x3009) == "EGL_BAD_MATCH (0x3009)")
    #expect(byteCount(3 << 20) == "3 MiB" && byteCount(2048) == "2 KiB" && byteCount(60) == "60 bytes")
  }

  #if DEBUG
    @Test func debugCallbackReceivesTheDriversErrors() throws {
      let renderer = try GLRenderer()
      let log = renderer.context.debugLog
      let offered = try renderer.context.withCurrent { () throws(GLError) in glExtensions().contains("GL_KHR_debug") }
      try #require(offered, "the driver has no GL_KHR_debug")
      #expect(log.installed)
      let result = Result { () throws(GLError) in
        try renderer.context.withCurrent { () throws(GLError) in
          glEnable(0xDEAD)
          try checkGL("glEnable(0xdead)")
        }
      }
      #expect(throws: GLError.glError(code: UInt32(GL_INVALID_ENUM), call: "glEnable(0xdead)")) { try result.get() }
      // Synchronous output: the message is there when the call returns.
      #expect(log.messages.contains { $0.contains("GL_INVALID_ENUM") && $0.lowercased().contains("0xdead") }, "\(log.messages)")
    }

    @Test func anErrorLeftUncheckedFailsTheFrame() throws {
      let renderer = try GLRenderer()
      let result = Result { () throws(GLError) in
        try renderer.context.withFrame { () throws(GLError) in glEnable(0xBEEF) }
      }
      #expect {
        try result.get()
      } throws: { error in
        guard case .glError(let code, let call) = error as? GLError else { return false }
        return code == UInt32(GL_INVALID_ENUM) && call.contains("end of the frame")
      }
      // Not a loss: the renderer still draws.
      #expect(try renderer.render(FaultTests.plan).width == 24)
    }

    @Test func debugLogKeepsTheLastMessages() {
      let log = GLDebugLog()
      for i in 0..<(GLDebugLog.capacity + 5) { log.append("m\(i)") }
      #expect(log.total == GLDebugLog.capacity + 5)
      #expect(log.messages.count == GLDebugLog.capacity)
      #expect(log.messages.first == "m5" && log.messages.last == "m\(GLDebugLog.capacity + 4)")
    }
  #endif
}

/// `lamina render --backend auto` under each fault: says it falls back and
/// writes the CPU renderer's PNG.
@Suite("GL faults in the tool", requiresGL)
struct ToolFaultTests {
  /// Runs the tool with `LAMINA_GL_FAULT` set to `fault`; returns (status, stdout, stderr).
  /// `LAMINA_AUTO=gl`: `auto` tries GL even on a software rasterizer, where it would choose the CPU.
  static func lamina(_ arguments: [String], fault: String) throws -> (Int32, String, String) {
    try LaminaTool.run(arguments, environment: ["LAMINA_GL_FAULT": fault, "LAMINA_AUTO": "gl"])
  }

  @Test(
    .enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"),
    arguments: [
      ("context", "GL unavailable (cannot create an OpenGL ES 3 context"),
      ("shader", "GL render failed (shader "),
      ("framebuffer", "GL render failed (the framebuffer of a "),
      ("memory", "GL render failed (the GL driver ran out of memory allocating a "),
      ("lost", "GL render failed (the GL context was lost"),
    ])
  func autoFallsBackToTheCPUAndSaysWhy(fault: String, says: String) throws {
    // The cheapest corpus scene: the tool runs as a debug build.
    let scene = try #require(Corpus.scenes.first { $0.id == "scenes/background-color" })
    let output = FileManager.default.temporaryDirectory.path + "/lamina-\(fault)-\(getpid()).png"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let (status, out, err) = try Self.lamina(["render", scene.path, "-o", output, "--backend", "auto"], fault: fault)
    #expect(status == 0, "\(err)")
    #expect(err.contains(says) && err.contains("LAMINA_GL_FAULT=\(fault)") && err.contains("the CPU renderer"), "\(err)")
    #expect(out.contains("cpu backend"), "\(out)")
    let written = try #require(FileManager.default.contents(atPath: output))
    let cpu = try CPURenderer().render(scene.plan()).pngData()
    #expect([UInt8](written) == cpu, "the fallback PNG differs from the CPU renderer's")
  }

  @Test(.enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"))
  func glBackendReportsTheFaultAndFails() throws {
    let scene = Corpus.root + "/Tests/Scenes/background-color.json"
    let output = FileManager.default.temporaryDirectory.path + "/lamina-gl-fault-\(getpid()).png"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let (status, _, err) = try Self.lamina(["render", scene, "-o", output, "--backend", "gl"], fault: "memory")
    #expect(status != 0)
    #expect(err.contains("ran out of memory allocating a") && err.contains("LAMINA_GL_FAULT=memory"), "\(err)")
    #expect(!FileManager.default.fileExists(atPath: output))
  }
}
