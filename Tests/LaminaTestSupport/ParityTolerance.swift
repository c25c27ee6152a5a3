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

extension ImageTolerance {
  /// GL against the CPU on the small sweep frames: `glParity`'s levels and
  /// mean, with shares sized for a 96×64 canvas, where 60 pixels are 1 %.
  /// Measured along the sweeps (77 flip frames, including 0.05° steps
  /// through 90°, and 91 pop-in scales): at most 0.93 % of pixels beyond 2
  /// levels (4 levels at most: the faded card's planar group resampled at
  /// 50–160°) and 0.065 % beyond 16 (4 pixels of that group's edge seen at
  /// 85°, minified 10× without mipmaps). Edge-on planes match exactly:
  /// coverage under perspective is the projected quadrilateral's area on
  /// both backends. A blank, shifted or tinted frame fails
  /// (TransformSweepGLTests, `sweepParityRejectsBlankShiftedAndTintedFrames`).
  public static let sweepParity = ImageTolerance(
    name: "sweepParity",
    reason: "glParity's causes; a planar group minified 10× at a slant; 60 pixels are 1 % of a frame",
    levels: 2, maxShareBeyondLevels: 0.012, largeLevels: 16, maxShareBeyondLarge: 0.001,
    maxMeanError: 0.5)
}
