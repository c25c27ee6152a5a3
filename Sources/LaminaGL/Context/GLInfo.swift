// What `lamina info` prints: the EGL platform chosen and the driver's
// strings, read from a throwaway context.

import CEGL
import CGLES

/// The OpenGL ES implementation LaminaGL runs on.
public struct GLInfo: Sendable, Hashable {
  /// The EGL platform chosen: "device", "gbm" or "surfaceless".
  public var platform: String
  public var vendor: String
  public var renderer: String
  public var version: String
  public var shadingLanguageVersion: String
  /// GL extension names, sorted.
  public var extensions: [String]

  /// Whether the GL is drawn by the CPU (Mesa's llvmpipe and softpipe,
  /// SwiftShader, a "Software Rasterizer"), read from its renderer string.
  public var isSoftwareRasterizer: Bool { Self.isSoftwareRasterizer(renderer: renderer) }

  /// Whether a `GL_RENDERER` string names a rasterizer that runs on the CPU.
  public static func isSoftwareRasterizer(renderer: String) -> Bool {
    let name = renderer.lowercased()
    return ["llvmpipe", "softpipe", "swiftshader", "software rasterizer", "lavapipe"].contains { name.contains($0) }
  }

  /// Opens the display and a context (with the faults of `LAMINA_GL_FAULT`),
  /// and reads the driver's strings.
  public static func probe() throws(GLError) -> GLInfo {
    let context = try GLContext(faults: GLFaults.fromEnvironment())
    return try context.withCurrent { () throws(GLError) -> GLInfo in
      func string(_ name: Int32) -> String {
        glGetString(GLenum(name)).map { String(cString: $0) } ?? ""
      }
      return GLInfo(
        platform: context.shared.platform, vendor: string(GL_VENDOR), renderer: string(GL_RENDERER),
        version: string(GL_VERSION), shadingLanguageVersion: string(GL_SHADING_LANGUAGE_VERSION),
        extensions: glExtensions().sorted())
    }
  }
}

/// The current context's GL extensions.
func glExtensions() -> Set<String> {
  var count: GLint = 0
  glGetIntegerv(GLenum(GL_NUM_EXTENSIONS), &count)
  var names = Set<String>()
  for i in 0..<max(0, Int(count)) {
    if let name = glGetStringi(GLenum(GL_EXTENSIONS), GLuint(i)) { names.insert(String(cString: name)) }
  }
  return names
}
