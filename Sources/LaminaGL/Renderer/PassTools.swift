// PassTools and SurfaceTools: what a pass needs, and nothing more, in
// place of every GL object of the renderer (GLResources).
//
// - PassTools (device, programs, pool): MipPass, BlurPass and
//   CompositePass, which draw from one surface into another, so they
//   cannot reach the batch, the atlas, the image textures or the frame's
//   caches.
// - SurfaceTools (device, programs, batch, atlas, textures, frame):
//   RoundedRectPass, ShadowPass, ImagePass, GradientPass and CoverageStack,
//   which draw a command into the surface being drawn. They join or flush
//   the quad batch, place coverage in the atlas and mark the images and
//   coverages they use with the frame's number; they cannot reach the pool,
//   the kept rasters or the renderer's switches.
//
// Rejected: passing GLResources to every pass (it travelled as `_ r`
// through 25 signatures, so any pass could acquire targets, end a frame's
// caches or flip a test switch), and one value per pass built once (the
// frame number changes per frame, and the batch and atlas are shared).

/// The device, programs and target pool, for passes that need no more.
struct PassTools {
  let device: GLDevice
  let programs: ProgramCache
  let pool: SurfacePool
}

/// What a pass drawing a command into the surface being drawn uses.
struct SurfaceTools {
  let device: GLDevice
  let programs: ProgramCache
  /// The quads waiting to be drawn into the surface (the pass joins or flushes them).
  let batch: QuadBatch
  /// Coverage cached across draws and frames; nil where the context lacks float blending.
  let atlas: CoverageAtlas?
  let textures: TextureCache
  /// The frame being drawn: what a draw uses is marked with it.
  let frame: Int
}

extension GLResources {
  /// The part of the resources MipPass, BlurPass and CompositePass use.
  var tools: PassTools { PassTools(device: device, programs: programs, pool: pool) }

  /// The part of the resources the passes drawing into a surface use, for this frame.
  var surfaceTools: SurfaceTools {
    SurfaceTools(device: device, programs: programs, batch: batch, atlas: atlas, textures: textures, frame: frame)
  }

  /// What draws this frame's surfaces (SurfaceDrawing).
  var drawing: SurfaceDrawing {
    SurfaceDrawing(tools: surfaceTools, pool: pool, caches: caches, occlusion: occlusion, stacking: stacking)
  }
}
