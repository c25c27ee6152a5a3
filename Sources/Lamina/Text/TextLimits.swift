// TextLimits: the bounds on text that Lamina lays out, stated once and
// enforced by the scene loader (with the value's JSON path) and by
// `TextLayout` (for layers built in Swift). They keep a hostile scene from
// costing unbounded time or memory: a layout holds a few dozen bytes per
// glyph, so the character limit bounds a layout at tens of megabytes and
// its time at well under a second per million characters.
//
// Rejected: laying out a prefix of an over-long string silently (a user
// would see text vanish with no message).

/// Limits on the text of one `TextLayer`.
public enum TextLimits {
  /// The most UTF-16 code units a layer's string may hold (all runs together).
  public static let maxCharacters = 1_000_000
  /// The largest font size, in points. Larger than any glyph a canvas of
  /// `RenderLimits.default` (16384 pixels a side) shows whole at scale 1.
  public static let maxFontSize = 10_000.0

  /// The most UTF-16 code units of one grapheme cluster that are laid out;
  /// the rest of a longer cluster (a base with thousands of combining
  /// marks) is dropped, with a warning. HarfBuzz positions each mark
  /// against those before it, so a cluster of n marks costs n² (100,000
  /// marks: 19 s of CPU in `hb-shape` alone); the longest clusters of real
  /// text (emoji ZWJ sequences with skin tones, Tibetan stacks) stay well
  /// under 64.
  public static let maxClusterLength = 64

  /// The most distinct `font` values one layer's runs may name. Each new
  /// name is one fontconfig match and substitution, 0.3–0.6 ms in a release
  /// build; 256 bound a layer at about 150 ms of font lookup.
  public static let maxFonts = 256

  /// `nil` when `runs` name at most `maxFonts` distinct fonts, else the reason.
  public static func fontCountViolation(_ runs: [TextRun]) -> String? {
    var names = Set<String>()
    for run in runs {
      if let font = run.font { names.insert(font) }
      if names.count > maxFonts {
        return "the runs name more than \(maxFonts) different fonts"
      }
    }
    return nil
  }

  /// `nil` when `text` is within `maxCharacters`, else the reason.
  public static func lengthViolation(_ text: String) -> String? {
    lengthViolation(units: text.utf16.count)
  }

  /// `nil` when `content` (all runs together) is within `maxCharacters`,
  /// else the reason; counted without joining the runs.
  public static func lengthViolation(_ content: TextContent) -> String? {
    switch content {
    case .plain(let s): return lengthViolation(units: s.utf16.count)
    case .attributed(let runs): return lengthViolation(units: runs.reduce(0) { $0 + $1.text.utf16.count })
    }
  }

  static func lengthViolation(units n: Int) -> String? {
    guard n > maxCharacters else { return nil }
    return "the text has \(n) UTF-16 code units, more than the limit of \(maxCharacters)"
  }

  /// `nil` for a size in 0 < size ≤ `maxFontSize`, else the reason.
  public static func fontSizeViolation(_ size: Double) -> String? {
    if !(size > 0) { return "must be > 0, got \(JSONWriter.number(size))" }
    if size > maxFontSize {
      return "must be ≤ \(JSONWriter.number(maxFontSize)) points, got \(JSONWriter.number(size))"
    }
    return nil
  }
}
