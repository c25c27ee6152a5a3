// GLResources: the GL objects of one renderer (programs, pooled targets,
// image textures, the coverage atlas, the quad batch, kept rasters) and
// the little state drawing shares: the bound program (skipped when already
// bound: programs change only between runs of different commands), the
// frame number and the switches tests use. Every pass takes it as `r`.
//
// Rejected: a global or per-pass state (a process may hold several
// renderers, each with its own context), and keeping it in one file with
// the passes' shared uniform helpers (PassSupport.swift held both; the
// helpers are now CommonUniforms.swift and GLFilters.swift).

import CGLES
import Lamina

/// The GL objects of one renderer, alive while its context is.
final class GLResources {
  let ledger: GLObjectLedger
  let programs: ProgramCache
  let pool: SurfacePool
  let textures: TextureCache
  let atlas: CoverageAtlas?
  /// The quads waiting to be drawn into the surface being drawn.
  let batch: QuadBatch
  var rasters: [Int: (target: SurfaceTarget, frame: Int)] = [:]
  let vertexArray: GLuint
  /// A framebuffer for rendering into texture levels (MipPass).
  let scratchFramebuffer: GLuint
  var frame = 0
  private var boundProgram: GLuint = 0

  init(ledger: GLObjectLedger, extensions: Set<String>) {
    self.ledger = ledger
    programs = ProgramCache(ledger: ledger)
    pool = SurfacePool(ledger: ledger, bgra: extensions.contains("GL_EXT_texture_format_BGRA8888"))
    textures = TextureCache(ledger: ledger)
    atlas =
      extensions.isSuperset(of: ["GL_EXT_color_buffer_float", "GL_EXT_float_blend"])
      ? CoverageAtlas(ledger: ledger) : nil
    batch = QuadBatch(ledger: ledger)
    readsBGRA = extensions.contains("GL_EXT_read_format_bgra")
    var vao: GLuint = 0
    glGenVertexArrays(1, &vao)
    ledger.created(.vertexArray)
    vertexArray = vao
    var framebuffer: GLuint = 0
    glGenFramebuffers(1, &framebuffer)
    ledger.created(.framebuffer)
    scratchFramebuffer = framebuffer
  }

  /// Whether quads hidden by later opaque cells are left out (OcclusionGrid).
  var occlusion = true
  /// Whether glReadPixels takes GL_BGRA_EXT (GL_EXT_read_format_bgra).
  let readsBGRA: Bool
  /// Whether runs of commands are drawn as one CoverageStack.
  var stacking = true
  /// The tiles of the last OcclusionGrid, reused by the next.
  var gridStorage: [Int32] = []
  func use(_ program: Program) {
    if boundProgram != program.id {
      glUseProgram(program.id)
      boundProgram = program.id
    }
  }

  /// Forget the bound program (after something else changed it).
  func resetBindings() { boundProgram = 0 }

  func deleteAll() {
    programs.deleteAll()
    pool.deleteAll()
    textures.deleteAll()
    atlas?.deleteAll()
    batch.deleteAll()
    for raster in rasters.values { raster.target.delete() }
    rasters.removeAll()
    var vao = vertexArray
    glDeleteVertexArrays(1, &vao)
    ledger.deleted(.vertexArray)
    var framebuffer = scratchFramebuffer
    glDeleteFramebuffers(1, &framebuffer)
    ledger.deleted(.framebuffer)
    boundProgram = 0
  }
}
