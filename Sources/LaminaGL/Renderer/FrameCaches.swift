// FrameCaches: what one renderer keeps from frame to frame, and the rule
// that ends a frame. Rasters (`shouldRasterize` bitmaps) are kept by their
// plan key while frames use them; the occlusion grid's tiles are reused;
// at the end of a frame, rasters it did not use go back to the pool, images
// unused for a while are deleted (TextureCache), coverages it did not use
// are forgotten (CoverageAtlas), and the pool trims its free targets.
//
// Rejected: keeping these in GLResources beside the GL objects, with the
// end-of-frame rule written inline in GLRenderer's draw (it was: the
// renderer, the pool, the texture cache and the atlas each held part of it).

import Lamina

final class FrameCaches {
  /// The frame being drawn (1 for a renderer's first).
  private(set) var frame = 0
  private var rasters: [Int: (target: SurfaceTarget, frame: Int)] = [:]
  /// The tiles of the last OcclusionGrid, reused by the next.
  var gridStorage: [Int32] = []

  /// Starts a frame.
  func begin() { frame += 1 }

  /// The raster kept under `key` at this size, marked used this frame.
  func raster(_ key: Int, width: Int, height: Int) -> SurfaceTarget? {
    guard let kept = rasters[key], kept.target.width == width, kept.target.height == height else { return nil }
    rasters[key] = (kept.target, frame)
    return kept.target
  }

  /// Keeps `target` as the raster of `key`, the one it replaces back in `pool`.
  func keep(_ target: SurfaceTarget, as key: Int, pool: SurfacePool) {
    if let old = rasters[key] { pool.release(old.target) }
    rasters[key] = (target, frame)
  }

  /// Ends the frame: rasters it did not use go back to `pool`, then the
  /// texture cache and the atlas forget what they keep no longer.
  func end(pool: SurfacePool, textures: TextureCache, atlas: CoverageAtlas?) {
    for (key, raster) in rasters where raster.frame < frame {
      pool.release(raster.target)
      rasters[key] = nil
    }
    textures.endFrame(frame)
    atlas?.evict(olderThan: frame)
  }

  /// Deletes the kept rasters (the renderer is going away).
  func deleteAll() {
    for raster in rasters.values { raster.target.delete() }
    rasters.removeAll()
  }
}
