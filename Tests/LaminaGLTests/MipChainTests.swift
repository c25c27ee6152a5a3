// A surface's mip chain built on the GPU (mip.frag, MipPass) matches
// Lamina's shared CPU MipChain, the one image textures upload and the CPU
// renderer samples. The shared rule itself is tested with Lamina.

import CGLES
import Foundation
import Testing

@testable import Lamina
@testable import LaminaGL

@Suite("GL mip chain", requiresGL)
struct GLMipChainTests {
  /// A surface's chain built on the GPU (trilinear composites) equals the
  /// CPU-built chain (image textures), odd sizes included.
  @Test func surfaceChainMatchesTheCPUChain() throws {
    let context = try GLContext()
    let ledger = GLObjectLedger()
    let image = PlanFixtures.noise(width: 13, height: 7, seed: 5)
    let expected = Array(MipChain(image).levels.dropFirst())
    let levels = try context.withCurrent { () throws(GLError) -> [[UInt8]] in
      let r = GLResources(ledger: ledger, extensions: glExtensions())
      defer { r.deleteAll() }
      glBindVertexArray(r.vertexArray)
      glEnable(GLenum(GL_BLEND))
      glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
      let target = try r.pool.acquire(width: 13, height: 7)
      defer { target.delete() }
      target.bind()
      glClearColor(0, 0, 0, 0)
      glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
      let copy = ImageDraw(
        matrix: .identity, image: image,
        slices: [ImageSlice(destination: CGRect(x: 0, y: 0, width: 13, height: 7), source: CGRect(x: 0, y: 0, width: 13, height: 7))],
        sampling: Sampling(minification: .nearest, magnification: .nearest, bias: 0), opacity: 1, clips: [], name: "copy")
      try ImagePass.draw(copy, into: target, r)
      try MipPass.generate(target, r)
      var result: [[UInt8]] = []
      glBindFramebuffer(GLenum(GL_FRAMEBUFFER), r.scratchFramebuffer)
      glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
      for (index, level) in expected.enumerated() {
        glFramebufferTexture2D(
          GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), target.texture, GLint(index + 1))
        var pixels = [UInt8](repeating: 0, count: level.width * level.height * 4)
        glReadPixels(0, 0, GLsizei(level.width), GLsizei(level.height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), &pixels)
        result.append(pixels)
      }
      glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), 0, 0)
      return result
    }
    #expect(levels.count == 3)  // 6×3, 3×1, 1×1
    for (gpu, cpu) in zip(levels, expected) {
      let worst = zip(gpu, cpu.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
      #expect(worst <= 1, "level \(cpu.width)×\(cpu.height): largest difference \(worst)")
    }
    #expect(ledger.totalLive == 0)
  }
}
