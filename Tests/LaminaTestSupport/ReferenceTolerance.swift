// The tolerances of Lamina against the Chromium references, measured on
// Chromium itself (tools/references/calibrate.py, docs/references.md), never
// on Lamina. Rejected: one tolerance for all references (Skia's blur is an
// approximation of the Gaussian; sizing every scene to it would let
// shadowless scenes drift by far more than anti-aliasing explains).

extension ImageTolerance {
  /// Lamina against a Chromium reference without shadows. The translation is
  /// exact, so what remains is Chromium's own anti-aliasing at 1×: measured
  /// as Chromium at 1× against Chromium at 4× averaged over 4×4 blocks
  /// (8-bit sRGB-encoded values of an opaque canvas), the worst of the 36
  /// shadowless references was 1.50 % of pixels beyond 2 levels
  /// (transform-rotate), 0.88 % beyond 16 (sublayer-transform-perspective:
  /// composited 3D layers' edges) and a mean absolute error of 0.16
  /// (double-sided), over 4 channels. The share limits sit just above: 1.6 %
  /// and 1.0 %. The mean limit is 0.8, not calibration's 0.2: a faded
  /// colour (opacity-group: exact 248.5) may round to the neighbouring
  /// level in Chromium, one level on all three colour channels of every
  /// pixel is a mean of 0.75, and that is 8-bit rounding, not meaning. A
  /// blank image, a move by one or two pixels, and a missing shadow fail.
  public static let chromiumReference = ImageTolerance(
    name: "chromiumReference",
    reason: "Chromium's own anti-aliasing at 1x (calibrated against Chromium at 4x)",
    levels: 2, maxShareBeyondLevels: 0.016, largeLevels: 16, maxShareBeyondLarge: 0.010,
    maxMeanError: 0.8)

  /// Lamina against a Chromium reference with a shadow. Skia's blur is an
  /// approximation of the Gaussian: `drop-shadow()` of a square against the
  /// closed form (products of erf differences) was up to 9.9 levels off
  /// (σ = 5 at scale 1, 12.6 % of the shadow's pixels beyond 2 levels),
  /// and Chromium at 1× against 4× differs by up to 16.0 % of pixels beyond
  /// 2 levels (shadow-path-shapes) with a mean of 0.66 (shadow-content);
  /// beyond 16 levels only anti-aliasing remains (0.40 %, limit as
  /// `chromiumReference`). The limits sit just above: 17 %, 1.0 %, and a
  /// mean of 0.8 as `chromiumReference` (rounding).
  public static let chromiumShadowReference = ImageTolerance(
    name: "chromiumShadowReference",
    reason: "Skia's approximate Gaussian blur (up to 10 levels from the closed form) and AA",
    levels: 2, maxShareBeyondLevels: 0.17, largeLevels: 16, maxShareBeyondLarge: 0.010,
    maxMeanError: 0.8)

  /// Lamina against a Chromium reference of shape layers (without
  /// shadows). A shape is mostly edge: strokes have two edges a few pixels
  /// apart, curves are flattened by Skia at its own tolerance, and its 1×
  /// anti-aliasing is not exact area coverage. Measured the same way as
  /// `chromiumReference` (Chromium at 1× against Chromium at 4× averaged
  /// over 4×4 blocks) over the 19 shadowless shape references: worst 4.06 %
  /// of pixels beyond 2 levels (shape-curves), 1.46 % beyond 16
  /// (shape-hairlines: strokes of 0.5 and 1 point), a mean of 0.43
  /// (hairlines). Lamina against the 4× averages is far closer than
  /// Chromium's own 1× (at most 2.26 % beyond 2 levels, shape-curves, and
  /// 0.05 % beyond 16): the difference is Chromium's anti-aliasing, not
  /// Lamina's coverage. The limits sit just above: 4.3 %, 1.6 %, and the
  /// mean of 0.8 as `chromiumReference` (rounding). A blank image, a move
  /// by one pixel, a wrong join or cap, and the other fill rule fail
  /// (PathReferenceTests).
  public static let chromiumPathReference = ImageTolerance(
    name: "chromiumPathReference",
    reason: "Chromium's own anti-aliasing of path edges at 1x (calibrated against Chromium at 4x)",
    levels: 2, maxShareBeyondLevels: 0.043, largeLevels: 16, maxShareBeyondLarge: 0.016,
    maxMeanError: 0.8)
}
