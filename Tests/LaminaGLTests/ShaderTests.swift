// Every shader variant compiles and links on this driver, and every
// assembled source passes glslangValidator (skipped visibly when the tool
// is absent on a developer machine; required in CI).

import Foundation
import Testing

@testable import LaminaGL

@Suite("GL shaders", requiresGL)
struct ShaderTests {
  /// The variants the renderer can ask for: every subset of a shader's
  /// flags, except SHADOW_ONLY / SHADOW_CLIP without SHADOW.
  static var variants: [(file: String, defines: [String], continuous: Bool)] {
    var result: [(String, [String], Bool)] = []
    for (file, flags) in ShaderVariants.fragments {
      for bits in 0..<(1 << flags.count) {
        let defines = flags.indices.filter { bits & (1 << $0) != 0 }.map { flags[$0] }
        if !defines.contains("SHADOW") && (defines.contains("SHADOW_ONLY") || defines.contains("SHADOW_CLIP")) {
          continue
        }
        result.append((file, defines, false))
        if ["rounded_rect.frag", "gradient.frag"].contains(file) && defines.contains("ROUNDED") {
          result.append((file, defines, true))
        }
      }
    }
    return result
  }

  /// Every uniform a typed program names is one its shader declares and
  /// uses in some variant: a misspelt name would be -1, which GL ignores,
  /// so the draw would silently run with the uniform's zero value.
  @Test func everyNamedUniformIsInItsShader() throws {
    func names<N: UniformNames>(_: N.Type) -> [String] { N.allCases.map { String(describing: $0) } }
    let named: [String: [String]] = [
      "rounded_rect.frag": names(RoundedRectUniform.self), "shadow.frag": names(ShadowUniform.self),
      "image.frag": names(ImageUniform.self), "composite.frag": names(CompositeUniform.self),
      "batch.frag": names(BatchUniform.self), "mip.frag": names(MipUniform.self),
      "blur.frag": names(BlurUniform.self), "gradient.frag": names(GradientUniform.self),
      "path.frag": names(PathUniform.self),
    ]
    #expect(Set(named.keys) == Set(ShaderVariants.fragments.map(\.file)), "every shader has its uniform list")
    _ = try withFreshResources { (r) throws(GLError) in
      for (file, list) in named {
        let programs = try Self.variants.filter { $0.file == file }.map { (v) throws(GLError) in
          try r.programs.program(v.file, v.defines, continuous: v.continuous)
        }
        for name in list {
          #expect(programs.contains { $0.location(name) != -1 }, "\(file) has no active uniform for .\(name)")
        }
      }
    }
  }

  @Test func everyVariantCompilesAndLinks() throws {
    let (_, ledger) = try withFreshResources { (r) throws(GLError) in
      for v in Self.variants {
        let program = try r.programs.program(v.file, v.defines, continuous: v.continuous)
        #expect(program.id != 0)
      }
      #expect(r.programs.count == Self.variants.count)
    }
    #expect(ledger.live(.program) == 0)
  }

  @Test func programsExposeTheirUniformsWithoutPrefix() throws {
    _ = try withFreshResources { (r) throws(GLError) in
      let cache = r.programs
      let shape = try cache.roundedRect(rounded: true, continuous: false, ring: true, clips: true)
      #expect(shape[.rect] >= 0 && shape[.innerRadii] >= 0 && shape[.color] >= 0)
      #expect(shape.common.inverse >= 0 && shape.common.quads >= 0 && shape.common.clipPlanes >= 0)
      let plain = try cache.roundedRect(rounded: false, continuous: false, ring: false, clips: false)
      #expect(plain.common.clipCount == -1, "unclipped variants compile the clips out")
    }
  }

  @Test func glslangValidatorAcceptsEveryStage() throws {
    let tool = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let tool else {
      if GLAvailability.isCI { Issue.record("glslangValidator is required in CI (apt-get install glslang-tools)") }
      else { print("⚠︎ skipping glslangValidator checks: glslangValidator is not installed") }
      return
    }
    let folder = FileManager.default.temporaryDirectory.appending(path: "lamina-glsl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    var stages: [(String, String, String)] = ["quad.vert", "batch.vert"].map { ($0, "vert", ShaderSource.assemble(main: $0, defines: [])!) }
    // Each file with no flags, each flag alone, and all flags (one process each).
    let checked = Self.variants.filter { v in
      let all = ShaderVariants.fragments.first { $0.file == v.file }!.flags
      return v.defines.count <= 1 || v.defines.count == all.count
        || (v.file == "composite.frag" && v.defines.count == all.count - 1 && !v.defines.contains("SHADOW_ONLY"))
    }
    for (index, v) in checked.enumerated() {
      stages.append(
        ("\(v.file)#\(index) \(v.defines)", "frag",
         try #require(ShaderSource.assemble(main: v.file, defines: v.defines, continuous: v.continuous))))
    }
    for (name, stage, source) in stages {
      let file = folder.appending(path: "shader.\(stage)")
      try source.write(to: file, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = [file.path]
      let pipe = Pipe()
      process.standardOutput = pipe
      process.standardError = pipe
      try process.run()
      let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(name): \(output)")
    }
  }
}
