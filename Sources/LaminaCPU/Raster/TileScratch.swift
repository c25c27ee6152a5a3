// TileScratch: what one worker draws a tile with, allocated once per
// surface and reused for every command: Lamina's `CoverageAccumulator`
// (Float cells) and the coverage planes the stages fill from it.
import Lamina

/// Scratch buffers of one worker: an accumulator and coverage planes sized
/// for one tile.
final class TileScratch {
  static let size = 64
  /// Exact area coverage over the tile being drawn.
  let accumulator = CoverageAccumulator<Float>(maximumWidth: size, maximumHeight: size)
  /// Coverage of the command's own shape, row-major over the region.
  let coverage: UnsafeMutablePointer<Float>
  /// Product of the command's clips.
  let clip: UnsafeMutablePointer<Float>
  /// A second plane (the extent of a shadow, the source rectangle of a composite).
  let extra: UnsafeMutablePointer<Float>
  /// Temporary plane of the clip stage.
  let temp: UnsafeMutablePointer<Float>
  /// One row of gradient t values (`GradientRow`), `size` Doubles.
  let gradientT: UnsafeMutablePointer<Double>
  /// One row of premultiplied gradient colours as four planes (r, g, b, a), `size` Floats each.
  let gradientColors: UnsafeMutablePointer<Float>
  /// The rectangles of a region later opaque commands overwrite
  /// (HiddenRects: four Ints each, `hiddenCapacity` of them).
  let hidden: UnsafeMutablePointer<Int>
  /// A shadow's factors (`RoundedRectShadow.values`), and the points and
  /// values of the grid it is evaluated on (ShadowEvaluator).
  let shadowFactors = RoundedRectShadow.Workspace()
  let shadowGrid = RoundedRectShadow.Workspace()
  /// The column and row factors of an axis-aligned rounded rectangle
  /// (AxisRoundedRectCoverage): `4 × size` Floats.
  let rectFactors: UnsafeMutablePointer<Float>
  /// The column factors of an axis-aligned shadow extent (ShadowEvaluator):
  /// `size` Doubles.
  let extentColumns: UnsafeMutablePointer<Double>
  /// A corner patch's polygon (AxisRoundedRectCoverage), reused.
  var patchPoints: [SIMD2<Double>] = []
  /// The visible parts of a region (HiddenRects.visibleParts).
  let parts: UnsafeMutablePointer<PixelRect>
  static let partsCapacity = 32
  /// How many rectangles `hidden` holds (a longer list keeps the first
  /// ones and the largest).
  static let hiddenCapacity = 32

  init() {
    let n = Self.size * Self.size
    coverage = .allocate(capacity: n)
    clip = .allocate(capacity: n)
    extra = .allocate(capacity: n)
    temp = .allocate(capacity: n)
    gradientT = .allocate(capacity: Self.size)
    gradientColors = .allocate(capacity: 4 * Self.size)
    hidden = .allocate(capacity: 4 * Self.hiddenCapacity)
    rectFactors = .allocate(capacity: 4 * Self.size)
    extentColumns = .allocate(capacity: Self.size)
    parts = .allocate(capacity: Self.partsCapacity)
  }

  deinit {
    coverage.deallocate(); clip.deallocate(); extra.deallocate(); temp.deallocate()
    gradientT.deallocate(); gradientColors.deallocate(); hidden.deallocate(); rectFactors.deallocate()
    extentColumns.deallocate(); parts.deallocate()
  }
}
