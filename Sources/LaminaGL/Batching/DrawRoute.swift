// DrawRoute: how each command of a surface is drawn, chosen once, before
// it is drawn, from the command alone and what the renderer has (the
// coverage atlas, the stacking switch): a stack of a layer's coverages,
// the atlas, cells, a box the occlusion grid cuts, or the command's own
// shader over its projected box. The passes then draw the route they are
// given and decide nothing. The one decision left to drawing time is the
// atlas's: it may decline (a full atlas has no room), and then the route's `fallback`, chosen
// here with it, is drawn.
//
// Rejected: each pass testing the conditions as it drew (they were, in
// three places, the shape, shadow and stack passes, each repeating
// "unclipped, axis-aligned, small enough"), so what a command would cost
// could only be learnt by drawing it.

import Lamina

/// A translate-and-scale matrix's factors (RoundedRectCells.axisAligned).
typealias AxisMap = (sx: Double, sy: Double, tx: Double, ty: Double)

/// Where a shape's own shader runs when it is not cached: over its cells
/// (edge cells by the shader, a fill's interior solid), over its pixel box
/// cut by the occlusion grid, or over its projected box (clipped, or not
/// axis-aligned: the grid cannot cut it).
enum ShaderCover {
  case cells(RoundedRectCells)
  case cutBox
  case projected
}

/// How a `.roundedRect` command (or a shadow's plain coverage) is drawn.
enum RoundedRectRoute {
  /// From the coverage atlas: the edge cells (or the box) batched with the
  /// cached coverage, a fill's interior solid; `fallback` when the atlas
  /// declines.
  case cached(map: AxisMap, box: PixelRect, cells: RoundedRectCells?, fallback: ShaderCover)
  case shader(ShaderCover)

  /// The route of a shape under `matrix` with `clips` on a target of
  /// `size`, with or without an atlas.
  static func of(
    matrix: Transform3D, outer: RoundedRect, border: RoundedRect?, clips: [Clip],
    size: (width: Int, height: Int), atlas: Bool
  ) -> RoundedRectRoute {
    guard clips.isEmpty, let map = RoundedRectCells.axisAligned(matrix) else { return .shader(.projected) }
    let cells = RoundedRectCells.roundedRect(matrix: matrix, outer: outer, border: border, width: size.width, height: size.height)
    let cover: ShaderCover = cells.map { .cells($0) } ?? .cutBox
    if atlas, Double(outer.rect.width) * map.sx <= CoverageStack.maxSide,
      Double(outer.rect.height) * map.sy <= CoverageStack.maxSide,
      let box = Homography(matrix).pixelBounds(of: outer.rect, width: size.width, height: size.height)
    {
      return .cached(map: map, box: box, cells: cells, fallback: cover)
    }
    return .shader(cover)
  }
}

/// How a `.shadow` command is drawn.
enum ShadowRoute {
  /// σ = 0: the shape's plain coverage, limited to the extent.
  case plain
  /// From the coverage atlas over its whole extent in one quad (cached on
  /// first use); `fallback` when the atlas has no room.
  case cached(map: AxisMap, box: PixelRect, fallback: ShaderCover)
  case shader(ShaderCover)

  static func of(_ d: ShadowDraw, size: (width: Int, height: Int), atlas: Bool) -> ShadowRoute {
    if d.sigma == 0 { return .plain }
    guard d.clips.isEmpty, let map = RoundedRectCells.axisAligned(d.matrix) else { return .shader(.projected) }
    let cover: ShaderCover = RoundedRectCells.shadow(d, width: size.width, height: size.height).map { .cells($0) } ?? .cutBox
    // Cached also when the blur is too wide for cells (S2's σ 32): the
    // closed form over the whole extent then runs once, not every frame.
    if atlas, let box = Homography(d.matrix).pixelBounds(of: d.extent, width: size.width, height: size.height) {
      return .cached(map: map, box: box, fallback: cover)
    }
    return .shader(cover)
  }
}

/// How an `.image` command is drawn.
enum ImageRoute {
  /// One slice, unclipped, under a scale and translation, with whole
  /// pixels inside: its interior (INTERIOR) and rim, each cut by the grid.
  case split(ImageMesh.Split)
  /// The slices as one mesh over the box the grid cuts.
  case cutMesh(ImageMesh.Axis, ImageMesh.Axis, box: PixelRect)
  /// The slices as one mesh over their projected box.
  case mesh(ImageMesh.Axis, ImageMesh.Axis)
  /// Slices that form no grid, one by one.
  case slices
  /// Nothing to draw (an empty image or opacity 0).
  case none

  static func of(_ d: ImageDraw, size: (width: Int, height: Int)) -> ImageRoute {
    guard d.image.width > 0, d.image.height > 0, d.opacity > 0 else { return .none }
    guard let (x, y) = ImageMesh.grid(d.slices) else { return .slices }
    if let split = ImageMesh.split(d, width: size.width, height: size.height) { return .split(split) }
    if ImageMesh.isCut(d),
      let box = Homography(d.matrix).pixelBounds(of: ImageSlice.union(d.slices), width: size.width, height: size.height)
    {
      return .cutMesh(x, y, box: box)
    }
    return .mesh(x, y)
  }
}
