// The three checks every GL failure goes through, each naming the step:
// `checkGL` (any pending error, after a named call), `checkAllocation`
// (after texture storage: GL_OUT_OF_MEMORY becomes `.outOfMemory` with what
// was being allocated) and `checkFramebuffer` (completeness of the bound
// framebuffer, with the target's name and size). GL's error flag is sticky
// until read, so a check placed after a few more calls still catches the
// allocation's error. The `memory` and `framebuffer` faults are injected
// here (GLFaults.swift), so an injected fault takes the real path.

import CGLES

/// Throws the first pending GL error, naming the call that preceded it.
func checkGL(_ call: @autoclosure () -> String) throws(GLError) {
  let code = glGetError()
  guard code != GLenum(GL_NO_ERROR) else { return }
  drainGLErrors()
  switch Int32(code) {
  case GL_OUT_OF_MEMORY: throw .outOfMemory(step: "after \(call())")
  case GL_CONTEXT_LOST: throw .contextLost(step: "after \(call())")
  default: throw .glError(code: code, call: call())
  }
}

/// Checks the storage just allocated for `what` ("a 64×64 surface"), of
/// about `bytes` bytes: GL_OUT_OF_MEMORY gives `.outOfMemory` naming it.
/// `release` runs before throwing, to delete what the caller made.
func checkAllocation(_ what: @autoclosure () -> String, bytes: Int, release: () -> Void = {}) throws(GLError) {
  let pending = glGetError()
  let injected = GLFaultScope.current.contains(.memory)
  let code = injected ? GLenum(GL_OUT_OF_MEMORY) : pending
  guard code != GLenum(GL_NO_ERROR) else { return }
  drainGLErrors()
  release()
  let step = "allocating \(what()) (\(byteCount(bytes)))" + (injected ? ", \(GLFaults.note(.memory))" : "")
  switch Int32(code) {
  case GL_OUT_OF_MEMORY: throw .outOfMemory(step: step)
  case GL_CONTEXT_LOST: throw .contextLost(step: step)
  default: throw .glError(code: code, call: step)
  }
}

/// Checks that the bound framebuffer, which renders `target` ("a 64×64
/// surface"), is complete.
func checkFramebuffer(_ target: @autoclosure () -> String) throws(GLError) {
  let injected = GLFaultScope.current.contains(.framebuffer)
  if injected {
    // A real incompleteness: no colour attachment.
    glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), 0, 0)
  }
  let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
  guard status != GLenum(GL_FRAMEBUFFER_COMPLETE) else { return }
  if status == 0 { try checkGL("glCheckFramebufferStatus for \(target())") }
  throw .framebufferIncomplete(
    status: status, target: target() + (injected ? " (\(GLFaults.note(.framebuffer)))" : ""))
}

/// Clears every pending GL error (several may be queued on some drivers).
func drainGLErrors() {
  // Bounded: a lost context may report GL_CONTEXT_LOST on every call.
  for _ in 0..<16 {
    if glGetError() == GLenum(GL_NO_ERROR) { return }
  }
}

/// "64 MiB", "12 KiB", "300 bytes".
func byteCount(_ bytes: Int) -> String {
  if bytes >= 1 << 20 { return "\((bytes + (1 << 19)) >> 20) MiB" }
  if bytes >= 1 << 10 { return "\((bytes + (1 << 9)) >> 10) KiB" }
  return "\(bytes) bytes"
}
