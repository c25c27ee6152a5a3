// GLResources: the GL objects of one renderer (the device, programs,
// pooled targets, image textures, the coverage atlas, the quad batch), its
// frame-to-frame caches (FrameCaches) and the switches tests use. Only the
// renderer holds it: each pass is handed the part it uses (PassTools,
// SurfaceTools, SurfaceDrawing), and only the device calls GL to draw.
//
// Rejected: a global or per-pass state (a process may hold several
// renderers, each with its own context), and keeping it in one file with
// the passes' shared uniform helpers (PassSupport.swift held both; the
// helpers are now CommonUniforms.swift and GLFilters.swift).

import CGLES
import Lamina

/// The GL objects of one renderer, alive while its context is.
final class GLResources {
  /// The one GL-calling object: every draw goes through it.
  let device: GLDevice
  let programs: ProgramCache
  let pool: SurfacePool
  let textures: TextureCache
  let atlas: CoverageAtlas?
  /// The quads waiting to be drawn into the surface being drawn.
  let batch: QuadBatch
  /// Kept rasters, the frame number, and the end-of-frame rule.
  let caches = FrameCaches()
  /// The last images `render` returned, whose pixels a readback may reuse.
  let canvases = Canvases()
  /// The frame being drawn.
  var frame: Int { caches.frame }

  init(ledger: GLObjectLedger, extensions: Set<String>) {
    device = GLDevice(ledger: ledger)
    programs = ProgramCache(ledger: ledger)
    pool = SurfacePool(device: device, bgra: extensions.contains("GL_EXT_texture_format_BGRA8888"))
    textures = TextureCache(device: device)
    atlas =
      extensions.isSuperset(of: ["GL_EXT_color_buffer_float", "GL_EXT_float_blend"])
      ? CoverageAtlas(device: device) : nil
    batch = QuadBatch(device: device, programs: programs, atlas: atlas)
    readsBGRA = extensions.contains("GL_EXT_read_format_bgra")
  }

  /// Whether quads hidden by later opaque cells are left out (OcclusionGrid).
  var occlusion = true
  /// Whether glReadPixels takes GL_BGRA_EXT (GL_EXT_read_format_bgra).
  let readsBGRA: Bool
  /// Whether runs of commands are drawn as one CoverageStack.
  var stacking = true

  /// The canvas of the last incremental frame (GLRenderer.renderFrame), in
  /// a target of its own (not the pool's), its plan's digest and the
  /// pixels read back.
  var keptFrame: (target: SurfaceTarget, digest: PlanDigest, pixels: [UInt8])?

  /// Gives the kept canvas back to the pool.
  func forgetFrame() {
    if let kept = keptFrame { pool.release(kept.target) }
    keptFrame = nil
  }

  func deleteAll() {
    keptFrame?.target.delete()
    keptFrame = nil
    programs.deleteAll()
    pool.deleteAll()
    textures.deleteAll()
    atlas?.deleteAll()
    batch.deleteAll()
    caches.deleteAll()
    device.deleteAll()
  }
}
