// Program: one linked GL program. Compiles both stages, links, and looks
// up every active uniform once by name (`uName` in GLSL is `name` here);
// the typed wrappers in Programs.swift read their locations from it.
// A failed compile or link throws with the variant's name, the stage and
// the driver's log; the `shader` fault (GLFaults.swift) makes the fragment
// compile fail for real.

import CGLES

final class Program {
  let name: String
  let id: GLuint
  private(set) var locations: [String: GLint] = [:]

  private let ledger: GLObjectLedger

  init(name: String, vertex: String, fragment: String, ledger: GLObjectLedger) throws(GLError) {
    self.name = name
    self.ledger = ledger
    let vs = try Program.compile(GLenum(GL_VERTEX_SHADER), vertex, name: "\(name) (vertex)")
    defer { glDeleteShader(vs) }
    let fs = try Program.compile(GLenum(GL_FRAGMENT_SHADER), fragment, name: "\(name) (fragment)")
    defer { glDeleteShader(fs) }
    let program = glCreateProgram()
    glAttachShader(program, vs)
    glAttachShader(program, fs)
    glLinkProgram(program)
    if let log = Program.failureLog(program, GL_LINK_STATUS, glGetProgramiv, glGetProgramInfoLog) {
      glDeleteProgram(program)
      throw .link(name: name, log: log)
    }
    id = program
    ledger.created(.program)
    var count: GLint = 0
    glGetProgramiv(program, GLenum(GL_ACTIVE_UNIFORMS), &count)
    var buffer = [GLchar](repeating: 0, count: 256)
    for i in 0..<GLuint(max(0, count)) {
      var length: GLsizei = 0, size: GLint = 0
      var type: GLenum = 0
      glGetActiveUniform(program, i, 256, &length, &size, &type, &buffer)
      var uniform = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if uniform.hasSuffix("[0]") { uniform.removeLast(3) }
      locations[uniform] = glGetUniformLocation(program, uniform)
    }
  }

  /// The location of `uName` given as `name`; -1 (ignored by GL) when the
  /// variant compiled it out.
  func location(_ name: String) -> GLint {
    locations["u" + name.prefix(1).uppercased() + name.dropFirst()] ?? -1
  }

  func delete() {
    glDeleteProgram(id)
    ledger.deleted(.program)
  }

  private static func compile(_ stage: GLenum, _ source: String, name: String) throws(GLError) -> GLuint {
    let shader = glCreateShader(stage)
    var source = source
    if stage == GLenum(GL_FRAGMENT_SHADER) && GLFaultScope.current.contains(.shader) {
      // The `shader` fault: a real compile failure, with the compiler's own log.
      source += "\n#error \(GLFaults.note(.shader))\n"
    }
    source.withCString { pointer in
      var p: UnsafePointer<GLchar>? = pointer
      glShaderSource(shader, 1, &p, nil)
    }
    glCompileShader(shader)
    if let log = Program.failureLog(shader, GL_COMPILE_STATUS, glGetShaderiv, glGetShaderInfoLog) {
      glDeleteShader(shader)
      throw .shaderCompile(name: name, log: log)
    }
    return shader
  }

  /// `nil` when `object`'s `status` (compile or link) is true; else the
  /// driver's log for it.
  private static func failureLog(
    _ object: GLuint, _ status: Int32,
    _ getiv: (GLuint, GLenum, UnsafeMutablePointer<GLint>?) -> Void,
    _ getLog: (GLuint, GLsizei, UnsafeMutablePointer<GLsizei>?, UnsafeMutablePointer<GLchar>?) -> Void
  ) -> String? {
    var ok: GLint = 0
    getiv(object, GLenum(status), &ok)
    guard ok == 0 else { return nil }
    var length: GLint = 0
    getiv(object, GLenum(GL_INFO_LOG_LENGTH), &length)
    guard length > 1 else { return "(no log)" }
    var buffer = [GLchar](repeating: 0, count: Int(length))
    var written: GLsizei = 0
    getLog(object, length, &written, &buffer)
    var text = String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    while text.last?.isWhitespace == true { text.removeLast() }
    return text.isEmpty ? "(no log)" : text
  }
}
