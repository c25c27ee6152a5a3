// The named tolerances of the metamorphic relations (Relations.swift):
// each says how far two renders of one drawing may differ, and why. Every
// one refuses a blank, a shifted and a tinted image (RelationToleranceTests).
// Kept apart from the relations so a reader sees all the bounds together.
import Lamina

extension ImageTolerance {
  /// The same drawing reached by another route (a hidden layer or a
  /// removed one, a reordered list): the CPU draws the same commands, so
  /// only the last bit of a blend may move (GL's batching may round a
  /// translucent pixel once more). A missing, extra or moved primitive
  /// changes whole edges by tens of levels.
  public static let sameDrawing = ImageTolerance(
    name: "sameDrawing",
    reason: "the same primitives drawn in the same order; at most a rounding flip",
    levels: 1, maxShareBeyondLevels: 0.002, largeLevels: 3, maxShareBeyondLarge: 0,
    maxMeanError: 0.05)

  /// The same drawing under one more clip that covers everything: on the
  /// CPU the clip multiplies coverage by exactly 1, but on GL clipped draws
  /// leave the coverage stack (a background and a translucent border
  /// stacked in one region, blended once) for separate draws, so a
  /// translucent pixel is rounded once more: 2 levels on 0.9 % of a tree's
  /// pixels, mean 0.07, measured on GL over 600 trees. A missing or moved
  /// primitive is still tens of levels off.
  public static let reclip = ImageTolerance(
    name: "reclip",
    reason: "a clip covering everything; on GL it takes draws off the coverage stack, one more 8-bit rounding",
    levels: 2, maxShareBeyondLevels: 0.01, largeLevels: 3, maxShareBeyondLarge: 0,
    maxMeanError: 0.15)

  /// The tree composited into a transparent 8-bit group and then onto the
  /// canvas (or faded), instead of straight onto it: each blend rounds to
  /// 8 bits at another point, one level per translucent layer at most.
  /// Colour and coverage must agree: a missing layer or shadow is far out.
  /// The mean allows a one-level flip on about half the channels of every
  /// pixel (double rounding: a 35 %-faded layer over a colour measured a
  /// mean of 0.31, max 1, 62 % of pixels); a two-level tint over a third
  /// of the image is out.
  public static let regroup = ImageTolerance(
    name: "regroup",
    reason: "8-bit rounding at other points of the composite (group surface, fade)",
    levels: 2, maxShareBeyondLevels: 0.01, largeLevels: 6, maxShareBeyondLarge: 0,
    maxMeanError: 0.6)

  /// `regroup` where many translucent draws may stack over one pixel (more
  /// than `Surgery.deepStack` in the plan, `Surgery.regroupTolerance`):
  /// each blend rounds to 8 bits once in each render, at other points, so
  /// the two renders' difference is a random walk that grows with the
  /// depth. Measured on the 10,000-tree run's one failure of
  /// opaqueMaskChangesNothing (a preserving replicator of n faded,
  /// shadowed, translucent gradient copies under a faded transform layer,
  /// masked against plain; Tests/Scenes/relations): 0, 0.06, 0.68, 1.07,
  /// 2.02 and 1.99 % of pixels beyond 2 levels for n = 1, 2, 3, 4, 6 and
  /// 8 (5 translucent draws a copy), at most 2, 3, 4, 4, 4 and 4 levels,
  /// mean at most 0.10. Only the share beyond 2 levels grows; the large
  /// bound and the mean stay `regroup`'s, so a missing layer, a shift or a
  /// tint is still refused.
  public static let regroupDeep = ImageTolerance(
    name: "regroupDeep",
    reason: "8-bit rounding at other points of a deep translucent stack (group surface, fade)",
    levels: 2, maxShareBeyondLevels: 0.03, largeLevels: 6, maxShareBeyondLarge: 0,
    maxMeanError: 0.6)

  /// The same tree translated by whole device pixels: every coordinate moves
  /// by an integer, so coverage and sampling agree up to the last bits of
  /// the arithmetic (a rounding flip on an edge pixel; on GL, Float32
  /// texture coordinates move a bilinear weight: 3 levels on 0.6 % of a
  /// nine-slice image measured).
  public static let pixelShift = ImageTolerance(
    name: "pixelShift",
    reason: "coordinates differ by an integer; floating-point rounding flips a level",
    levels: 1, maxShareBeyondLevels: 0.01, largeLevels: 4, maxShareBeyondLarge: 0,
    maxMeanError: 0.05)

  /// A content shadow (the layer's alpha blurred on the pixel grid) against
  /// the closed-form shadow of the same rounded rectangle (the exact
  /// integral): the discrete Gaussian of an 8-bit, anti-aliased mask
  /// differs from the integral by a few levels along the soft edge (up to 7
  /// measured at radius 4 on 3 % of pixels); a shadow misplaced by a
  /// sub-pixel offset is tens of levels off along a whole edge.
  public static let shadowForm = ImageTolerance(
    name: "shadowForm",
    reason: "a discrete blur of an 8-bit mask against the closed-form integral",
    levels: 3, maxShareBeyondLevels: 0.05, largeLevels: 10, maxShareBeyondLarge: 0,
    maxMeanError: 0.4)

  /// A sweep's ε-pair: the same tree under rotations 0.05° apart. Points move
  /// by at most R·ε (≈ 0.05 px for R ≈ 60 px), so edges and texels change by a
  /// few levels; a layer that appears, vanishes or jumps changes tens.
  public static let epsilonStep = ImageTolerance(
    name: "epsilonStep",
    reason: "rotations 0.05° apart move every point by under a tenth of a pixel",
    levels: 12, maxShareBeyondLevels: 0.01, largeLevels: 40, maxShareBeyondLarge: 0,
    maxMeanError: 0.5)

  /// A stroke against its two halves drawn as two layers. The halves meet
  /// on one line with butt ends, so their union is the stroke exactly; but
  /// each is anti-aliased on its own, and a pixel the seam crosses with
  /// coverages c₁ + c₂ = c composites to 1 − (1 − c₁)(1 − c₂), up to a
  /// quarter of the colour off (64 levels) where the halves split a pixel
  /// in two; where the path crosses itself the halves' edges overlap the
  /// same way. Those pixels are a thin line across the stroke and the
  /// crossings: the share beyond 2 levels is bounded (2 % of a 40-pixel
  /// canvas is 32 pixels, a seam across a 6-pixel stroke at scale 2 is
  /// about 14, crossings a few more), nothing may differ by more than a
  /// quarter of the range, and the mean stays small. A missing half, a
  /// half moved or a wrong colour changes far more.
  public static let strokeSeam = ImageTolerance(
    name: "strokeSeam",
    reason: "the two halves' anti-aliasing along the seam and at crossings (1 − (1 − c1)(1 − c2) for c1 + c2)",
    levels: 2, maxShareBeyondLevels: 0.02, largeLevels: 66, maxShareBeyondLarge: 0,
    maxMeanError: 0.5)
}
