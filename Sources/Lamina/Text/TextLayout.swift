// TextLayout: a text layer's string as positioned glyphs, the value a
// drawing step turns into outlines (TextGlyphs.swift) and a plan carries.
// It is computed once, in Lamina, in the layer's bounds space (points,
// y down), and does not depend on the output scale: HarfBuzz shapes at one
// unit per font unit, nothing is hinted or rounded, so the same layout
// serves every transform and both backends draw the same glyphs.
//
// The steps, each by a library (see the other files of Text/):
// paragraphs at ICU's hard breaks → bidi levels (ICU) → runs by level,
// script and font (fontconfig fallback per grapheme) → shaping (HarfBuzz)
// → line breaks at ICU's opportunities when wrapped (greedy, widths from
// the paragraph's shaping; a word wider than the line is cut at grapheme
// boundaries) → each line reshaped on its own text and its runs put in
// visual order (ICU, rule L2) → truncation (an ellipsis replaces whole
// graphemes) → alignment → lines stacked from the top of the bounds, each
// as tall as its fonts' largest ascent + descent + line gap.
//
// Rejected: Pango (it would bring cairo and GLib objects into the model
// and lay out in its own units, 1/1024 point, with its own wrapping
// rules), and raqm (bidi and shaping of one line only; breaking and
// truncation would still be ours, around it).

/// A text layer's string laid out in its bounds: lines of positioned glyph runs.
public struct TextLayout: Hashable, Sendable {
  /// One glyph of a run.
  public struct Glyph: Hashable, Sendable {
    /// The glyph's index in its font (HarfBuzz's `codepoint` after shaping).
    public var id: UInt32
    /// The glyph's origin on the baseline, in the layer's bounds space.
    public var position: CGPoint
    /// How far the pen moves after it, in points (justification included).
    public var advance: Double
    /// The first UTF-16 code unit of the layer's string it comes from.
    public var cluster: Int
  }

  /// Glyphs of one font, size, colour, script and direction.
  public struct Run: Hashable, Sendable {
    /// The face the glyphs index.
    public var font: FontReference
    /// The face's family name, for messages.
    public var fontFamily: String
    /// Points.
    public var fontSize: Double
    /// `nil` draws nothing.
    public var color: Color?
    /// Right to left (an odd bidi level).
    public var isRightToLeft: Bool
    /// The ISO 15924 script tag (`"Latn"`, `"Arab"`).
    public var script: String
    /// The face holds colour bitmaps (emoji): its glyphs are drawn as images.
    public var isColorBitmap: Bool
    /// In visual order, left to right.
    public var glyphs: [Glyph]
    /// The UTF-16 range of the layer's string shaped into the run (the
    /// ellipsis of a truncated line maps to the place it replaces).
    public var textRange: Range<Int>
  }

  /// One line.
  public struct Line: Hashable, Sendable {
    /// In visual order.
    public var runs: [Run]
    /// The top of the line box and its baseline, in bounds space.
    public var top: Double, baseline: Double
    /// The line's largest ascent, descent (positive, below the baseline)
    /// and line gap, in points.
    public var ascent: Double, descent: Double, lineGap: Double
    /// The largest cap height of the line's fonts, in points (the OS/2
    /// table's, else the top of "H").
    public var capHeight: Double
    /// Where the line's text begins (after alignment) and how wide it is,
    /// without trailing spaces, which hang past the end.
    public var x: Double, width: Double
    /// Right-to-left paragraph.
    public var isRightToLeft: Bool
    /// An ellipsis replaced some of the line's text.
    public var isTruncated: Bool
    /// The line's height: ascent + descent + line gap.
    public var height: Double { ascent + descent + lineGap }
  }

  /// The lines, top to bottom.
  public var lines: [Line]
  /// What the layout could not do as asked: a font that was not found (and
  /// the one used instead), characters no installed font has.
  public var warnings: [String]
  /// The bounds the layout fills.
  public var bounds: CGRect
}

/// Why a text layer cannot be laid out.
public enum TextLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A font file that cannot be read, is not a font, or is truncated.
  case font(FontError)
  /// More text than `TextLimits.maxCharacters`.
  case tooLong(String)
  /// A size outside 0 < size ≤ `TextLimits.maxFontSize`.
  case fontSize(String)
  /// Runs naming more than `TextLimits.maxFonts` fonts.
  case tooManyFonts(String)

  /// The reason, as a user would read it.
  public var description: String {
    switch self {
    case .font(let e): return e.description
    case .tooLong(let m): return m
    case .fontSize(let m): return "fontSize: \(m)"
    case .tooManyFonts(let m): return m
    }
  }
}

extension TextLayer {
  /// The layer's string laid out in its bounds (see `TextLayout`). Throws
  /// for a font file that cannot be used and for text or sizes beyond
  /// `TextLimits`; a font name that matches nothing falls back to
  /// fontconfig's default and says so in `warnings`.
  public func layout() throws(TextLayoutError) -> TextLayout {
    let key = TextLayoutKey(self)
    if let cached = layoutCache, cached.key == key { return try cached.result.get() }
    let result = Result { () throws(TextLayoutError) in try TextLayout(layer: self) }
    layoutCache = (key, result)
    return try result.get()
  }
}

/// Everything a text layer's layout depends on.
struct TextLayoutKey: Hashable {
  var string: TextContent?
  var font: String
  var fontSize: Double
  var color: Color?
  var isWrapped: Bool
  var truncation: TextTruncationMode
  var alignment: TextAlignmentMode
  var bounds: [Double]
  var fontBaseDirectory: String?

  init(_ layer: TextLayer) {
    string = layer.textContent
    font = layer.font
    fontSize = layer.fontSize
    color = layer.foregroundColor
    isWrapped = layer.isWrapped
    truncation = layer.truncationMode
    alignment = layer.alignmentMode
    let b = layer.bounds
    bounds = [Double(b.minX), Double(b.minY), Double(b.width), Double(b.height)]
    fontBaseDirectory = layer.fontBaseDirectory
  }
}

extension TextLayout {
  /// Lays out `layer`'s string in its bounds.
  public init(layer: TextLayer) throws(TextLayoutError) {
    try self.init(layer: layer, reshapingEveryLine: false)
  }

  /// Lays out `layer`'s string; `reshapingEveryLine` shapes each line of a
  /// wrapped paragraph again instead of cutting it from the paragraph's
  /// shaping where that is exact (the tests compare the two).
  init(layer: TextLayer, reshapingEveryLine: Bool) throws(TextLayoutError) {
    bounds = layer.bounds
    lines = []
    warnings = []
    guard let content = layer.textContent else { return }
    // Refused before any copy of the text is made (ten million characters
    // would otherwise be copied and classified first).
    if let problem = TextLimits.lengthViolation(content) { throw .tooLong(problem) }
    let base = TextAttributes(font: layer.font, size: layer.fontSize, color: layer.foregroundColor)
    var styled = StyledText(units: [], attribute: [], source: [])
    let attributes = try Self.style(content, base: base, into: &styled)
    Self.replaceControls(&styled.units)
    let notes = Self.boundClusters(&styled)
    var shaper: TextShaper
    do {
      shaper = try TextShaper(attributes: attributes, baseDirectory: layer.fontBaseDirectory)
    } catch {
      throw .font(error)
    }
    var breaker = LineBreaker(
      shaper: shaper, width: Double(layer.bounds.width), wrapped: layer.isWrapped,
      truncation: layer.truncationMode, alignment: layer.alignmentMode)
    breaker.reshapesEveryLine = reshapingEveryLine
    // Every paragraph's lines, then (wrapped and truncating) the last line
    // that fits the bounds' height takes the rest of its paragraph,
    // truncated, and the lines below it go.
    var pending: [ParagraphLine] = []
    for range in LineBreaker.paragraphs(styled.units) {
      let empty = styled.attribute[min(range.lowerBound, styled.attribute.count - 1)]
      for line in breaker.lines(styled[range], emptyAttribute: empty) {
        pending.append((range, line.isRightToLeft ? 1 : 0, line))
      }
    }
    if layer.isWrapped && layer.truncationMode != .none {
      Self.truncateBelow(height: Double(layer.bounds.height), &pending, styled, &breaker)
    }
    var top = Double(layer.bounds.minY)
    lines = pending.map { $0.line.placed(top: &top, left: Double(layer.bounds.minX)) }
    warnings = notes + breaker.shaper.warnings
  }

  /// A line waiting to be placed, with its paragraph's range of code units
  /// and bidi level.
  typealias ParagraphLine = (paragraph: Range<Int>, level: UInt8, line: PendingLine)

  /// Writes the text of `content` into `styled` as code units, each with
  /// its attributes' index in the returned list (the layer's `base` first,
  /// then one per distinct run's) and its own offset as its source. Throws
  /// for too many fonts, too many characters, or a font size beyond
  /// `TextLimits`.
  private static func style(
    _ content: TextContent, base: TextAttributes, into styled: inout StyledText
  ) throws(TextLayoutError) -> [TextAttributes] {
    var attributes = [base]
    var indexOf = [base: Int32(0)]
    func append(_ text: String, _ a: TextAttributes) {
      let index: Int32
      if let known = indexOf[a] {
        index = known
      } else {
        index = Int32(attributes.count)
        attributes.append(a)
        indexOf[a] = index
      }
      let start = styled.units.count
      styled.units.append(contentsOf: text.utf16)
      styled.attribute.append(contentsOf: repeatElement(index, count: styled.units.count - start))
    }
    switch content {
    case .plain(let s):
      append(s, base)
    case .attributed(let runs):
      if let problem = TextLimits.fontCountViolation(runs) { throw .tooManyFonts(problem) }
      for r in runs {
        append(
          r.text,
          TextAttributes(
            font: r.font ?? base.font, size: r.fontSize ?? base.size,
            color: r.foregroundColor ?? base.color))
      }
    }
    if styled.units.count > TextLimits.maxCharacters {
      throw .tooLong(TextLimits.lengthViolation(content.text) ?? "too long")
    }
    for a in attributes {
      if let problem = TextLimits.fontSizeViolation(a.size) { throw .fontSize(problem) }
    }
    styled.source = (0..<Int32(styled.units.count)).map { $0 }
    return attributes
  }

  /// Keeps the lines that fit `height` (at least one): the last kept line
  /// takes the rest of its paragraph, truncated with an ellipsis, and the
  /// lines below it go.
  private static func truncateBelow(
    height: Double, _ pending: inout [ParagraphLine], _ styled: StyledText, _ breaker: inout LineBreaker
  ) {
    var used = 0.0
    var visible = 0
    while visible < pending.count,
      visible == 0 || used + pending[visible].line.height <= height + LineBreaker.slack
    {
      used += pending[visible].line.height
      visible += 1
    }
    guard visible < pending.count else { return }
    let last = pending[visible - 1]
    let at = min(last.paragraph.lowerBound, styled.units.count - 1)
    let line = breaker.truncatedLast(
      styled[last.paragraph], from: last.line.start, level: last.level, force: true,
      empty: (styled.attribute[at], styled.source[at]))
    pending = Array(pending[..<(visible - 1)]) + [(last.paragraph, last.level, line)]
  }

  /// A tab is laid out as a space; the other control characters, but the
  /// line and paragraph breaks, as U+200B (HarfBuzz draws nothing for
  /// it), so no font's missing-glyph box shows for them.
  static func replaceControls(_ units: inout [UInt16]) {
    for i in units.indices where units[i] < 0x20 || (0x7F...0x9F).contains(units[i]) {
      switch units[i] {
      case 0x09: units[i] = 0x20
      case 0x0A, 0x0B, 0x0C, 0x0D, 0x85: break
      default: units[i] = 0x200B
      }
    }
  }

  /// Drops the code units of each grapheme cluster past
  /// `TextLimits.maxClusterLength` (never half a surrogate pair); says so.
  static func boundClusters(_ text: inout StyledText) -> [String] {
    let limit = TextLimits.maxClusterLength
    let bounds = UnicodeText.graphemeBoundaries(text.units)
    guard zip(bounds, bounds.dropFirst()).contains(where: { $1 - $0 > limit }) else { return [] }
    var kept = StyledText(units: [], attribute: [], source: [])
    var notes: [String] = []
    for (a, b) in zip(bounds, bounds.dropFirst()) {
      var end = b
      if b - a > limit {
        end = a + limit
        if UTF16.isTrailSurrogate(text.units[end]) { end -= 1 }
        notes.append(
          "a grapheme cluster of \(b - a) UTF-16 code units at offset \(text.source[a]) is cut to its first \(end - a) (TextLimits.maxClusterLength)"
        )
      }
      kept.units += text.units[a..<end]
      kept.attribute += text.attribute[a..<end]
      kept.source += text.source[a..<end]
    }
    text = kept
    return notes.count > 3
      ? Array(notes.prefix(3)) + ["and \(notes.count - 3) more clusters are cut likewise"] : notes
  }

}
