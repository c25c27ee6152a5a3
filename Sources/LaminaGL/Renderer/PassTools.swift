// PassTools: what a pass that draws between surfaces needs and nothing
// more: the device, the compiled programs and the pool of targets.
// MipPass, BlurPass and CompositePass take it, so they cannot reach the
// batch, the atlas, the image textures or the frame's caches.
//
// Rejected: passing GLResources (every GL object of the renderer, as it
// was) to passes that use three of them.

/// The device, programs and target pool, for passes that need no more.
struct PassTools {
  let device: GLDevice
  let programs: ProgramCache
  let pool: SurfacePool
}

extension GLResources {
  /// The part of the resources MipPass, BlurPass and CompositePass use.
  var tools: PassTools { PassTools(device: device, programs: programs, pool: pool) }
}
