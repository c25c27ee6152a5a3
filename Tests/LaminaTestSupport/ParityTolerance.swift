// The tolerance of GL against the CPU reference, stated once.

extension ImageTolerance {
  /// LaminaGL against LaminaCPU on any corpus scene. The renderers follow
  /// one drawing model but differ where they must: GL anti-aliases edges
  /// by analytic distance in Float32 where the CPU integrates exact area in
  /// Double (edge pixels of curves and slanted edges differ by a few
  /// levels), GL evaluates shadows with fewer samples and blurs large radii
  /// from downsampled copies (smooth differences of 1–2 levels), and 8-bit
  /// intermediate surfaces round at slightly different points. Interiors,
  /// placement and colour must agree, so a blank, shifted or miscoloured
  /// image fails: at most 0.5% of pixels beyond 2 levels, at most 0.05%
  /// beyond 16, and a mean absolute error under 0.5 levels.
  public static let glParity = ImageTolerance(
    name: "glParity",
    reason: "analytic AA in Float32 vs exact area in Double; fewer shadow samples; 8-bit rounding",
    levels: 2, maxShareBeyondLevels: 0.005, largeLevels: 16, maxShareBeyondLarge: 0.0005,
    maxMeanError: 0.5)
}

extension ImageTolerance {
  /// LaminaGL's mask stacks against the same layers drawn one by one. The
  /// float sums are equal (source-over is associative), but separate draws
  /// round to 8 bits after each layer and a stack once, and the errors of
  /// layers beneath carry through translucent ones: a level for most
  /// pixels, 2 or 3 for under 2 % where rounding errors line up. A stack that ignored an
  /// upper layer's alpha, or dropped a layer, is tens of levels off.
  public static let stackRounding = ImageTolerance(
    name: "stackRounding",
    reason: "one rounding to 8 bits per stack instead of one per layer",
    levels: 1, maxShareBeyondLevels: 0.02, largeLevels: 3, maxShareBeyondLarge: 0,
    maxMeanError: 0.3)
}
