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
