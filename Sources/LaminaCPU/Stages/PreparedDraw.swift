// PreparedDraw: a plan command turned into what a CPU stage draws, once
// per frame before any tile: its pixel bounds, the pixels it overwrites
// (the occluder earlier commands may skip) and a draw into one tile. Every
// stage (RoundedRectStage, ShadowStage, ImageStage, CompositeStage) is one.
// Rejected: a class hierarchy of stages (no shared state to inherit, and a
// protocol keeps each stage a value the tiles share across threads).
import Lamina

/// A command ready to draw into tiles of one surface.
protocol PreparedDraw: Sendable {
  /// The pixels it may touch.
  var bounds: PixelRect { get }
  /// Pixels it overwrites completely (opaque, full coverage): earlier
  /// commands may skip them. Empty when unknown.
  var occluder: PixelRect { get }
  /// More pixels it overwrites completely: the other rectangle of its
  /// opaque cross (`OpaqueInterior`), which `occluder`, the larger, leaves
  /// out. Empty when unknown.
  var secondOccluder: PixelRect { get }
  /// Draws the part inside `region` (within `bounds` and one tile), except
  /// the pixels of `skip`, which a later command overwrites. `pristine`: the
  /// region's pixels all still hold the surface's backdrop.
  func draw(
    _ region: PixelRect, skipping skip: PixelRect, pristine: Bool, into target: Raster, scratch: TileScratch
  )
  /// Draws the part inside `region` except the pixels of any rectangle of
  /// `hidden` (later commands overwrite each). By default: all but the
  /// largest one's pixels.
  func draw(
    _ region: PixelRect, skipping hidden: HiddenRects, pristine: Bool, into target: Raster, scratch: TileScratch
  )
}

extension PreparedDraw {
  var occluder: PixelRect { .empty }
  var secondOccluder: PixelRect { .empty }

  func draw(
    _ region: PixelRect, skipping hidden: HiddenRects, pristine: Bool, into target: Raster, scratch: TileScratch
  ) {
    draw(region, skipping: hidden.largest, pristine: pristine, into: target, scratch: scratch)
  }
}
