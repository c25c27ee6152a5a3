// TextLayer: `CATextLayer`'s model, names and defaults. What it draws (its
// string, laid out in its bounds) takes the place of `contents` in the
// drawing model; everything else is `Layer`'s. The layout itself (fonts,
// shaping, bidi, lines) is Text/TextLayout.swift: `layout()` computes it
// as a value, once, for the lowering to carry in the plan.
//
// `string` is `CATextLayer.string` (`Any?`: a `String` or an
// `NSAttributedString`), typed as `(any TextContentConvertible)?`, so that
// `text.string = "Hello"`, `= title` (a `String` variable) and
// `= .attributed(runs)` all port verbatim; it is held as an enum,
// `TextContent` (`textContent`, the same storage read typed). Reading
// `string` gives a `String` for plain text, as `string as? String` expects.
// Attributed text is a list of runs, each of which may set its own font,
// size and colour.
//
// Rejected: a `String` property plus a separate `attributedString` (two
// properties that can disagree; Core Animation has one); and `string:
// TextContent?` alone, which took a string literal but not a `String`
// variable (Swift converts literals, never values).

/// `CATextLayer.truncationMode`: where an ellipsis replaces text that does
/// not fit in a line.
public enum TextTruncationMode: String, Hashable, Sendable, CaseIterable {
  /// Text that does not fit overflows the bounds (`kCATruncationNone`).
  case none
  /// The beginning of the line is replaced (`kCATruncationStart`).
  case start
  /// The middle of the line is replaced (`kCATruncationMiddle`).
  case middle
  /// The end of the line is replaced (`kCATruncationEnd`).
  case end
}

/// `CATextLayer.alignmentMode`: where each line sits across the bounds.
public enum TextAlignmentMode: String, Hashable, Sendable, CaseIterable {
  /// Left for a left-to-right paragraph, right for a right-to-left one.
  case natural
  /// Flush with the bounds' left edge (`kCAAlignmentLeft`).
  case left
  /// Flush with the bounds' right edge (`kCAAlignmentRight`).
  case right
  /// Centred in the bounds' width (`kCAAlignmentCenter`).
  case center
  /// Every line but a paragraph's last is stretched to the bounds' width
  /// at its spaces.
  case justified
}

/// One run of attributed text: a missing attribute takes the layer's.
public struct TextRun: Hashable, Sendable {
  /// The run's characters.
  public var text: String
  /// A family or face name, or a font file path; `nil` takes the layer's `font`.
  public var font: String?
  /// Points; `nil` takes the layer's `fontSize`.
  public var fontSize: Double?
  /// `nil` takes the layer's `foregroundColor`.
  public var foregroundColor: Color?

  /// A run of `text`, taking the attributes not given from its layer.
  public init(
    _ text: String, font: String? = nil, fontSize: Double? = nil, foregroundColor: Color? = nil
  ) {
    self.text = text
    self.font = font
    self.fontSize = fontSize
    self.foregroundColor = foregroundColor
  }
}

/// `CATextLayer.string`: plain text, or runs of attributed text.
public enum TextContent: Hashable, Sendable, ExpressibleByStringLiteral {
  /// A `String`: every character takes the layer's attributes.
  case plain(String)
  /// Runs of attributed text (`NSAttributedString`).
  case attributed([TextRun])

  /// `.plain(value)`: `layer.string = "Hello"`.
  public init(stringLiteral value: String) { self = .plain(value) }

  /// The characters, runs joined.
  public var text: String {
    switch self {
    case .plain(let s): return s
    case .attributed(let runs): return runs.map(\.text).joined()
    }
  }
}

/// What `TextLayer.string` accepts: a `String`, a `Substring`, or a
/// `TextContent` (plain or attributed).
public protocol TextContentConvertible: Sendable {
  /// The text as a text layer holds it.
  var textContent: TextContent { get }
}

extension String: TextContentConvertible {
  public var textContent: TextContent { .plain(self) }
}
extension Substring: TextContentConvertible {
  public var textContent: TextContent { .plain(String(self)) }
}
extension TextContent: TextContentConvertible {
  public var textContent: TextContent { self }
}

/// `TextContent`'s cases where an `any TextContentConvertible` is expected
/// (`layer.string = .attributed(runs)`); disfavoured, so that a
/// `TextContent` context keeps meaning the cases themselves.
extension TextContentConvertible where Self == TextContent {
  @_disfavoredOverload public static func plain(_ text: String) -> TextContent { TextContent.plain(text) }
  @_disfavoredOverload public static func attributed(_ runs: [TextRun]) -> TextContent {
    TextContent.attributed(runs)
  }
}

/// `CATextLayer`: a layer that draws a string, laid out in its bounds from
/// the top, over its background, below its sublayers and border.
public final class TextLayer: Layer {
  /// The text: a `String` (or `Substring`) or a `TextContent`; `nil` draws
  /// nothing. Reading it gives a `String` for plain text and a
  /// `TextContent` for attributed text.
  public var string: (any TextContentConvertible)? {
    get {
      switch textContent {
      case .plain(let s)?: return s
      case let content?: return content
      case nil: return nil
      }
    }
    set { textContent = newValue?.textContent }
  }
  /// `string`, as the layer holds it.
  public var textContent: TextContent? { get { ownValues.textContent } set { ownValues.textContent = newValue } }
  /// A family or face name resolved by fontconfig (with its substitutions:
  /// Helvetica finds a metric-compatible sans), or a `.ttf`/`.otf`/`.ttc`
  /// file path (relative paths start at `fontBaseDirectory`).
  public var font: String { get { ownValues.font } set { ownValues.font = newValue } }
  /// Points (the bounds' units).
  public var fontSize: Double { get { ownValues.fontSize } set { ownValues.fontSize = newValue } }
  /// The text's colour; `nil` draws no text.
  public var foregroundColor: Color? { get { ownValues.foregroundColor } set { ownValues.foregroundColor = newValue } }
  /// Wrap lines at Unicode line-break opportunities to the bounds' width.
  public var isWrapped: Bool { get { ownValues.isWrapped } set { ownValues.isWrapped = newValue } }
  /// Where an ellipsis replaces text that does not fit.
  public var truncationMode: TextTruncationMode { get { ownValues.truncationMode } set { ownValues.truncationMode = newValue } }
  /// Where each line sits across the bounds.
  public var alignmentMode: TextAlignmentMode { get { ownValues.alignmentMode } set { ownValues.alignmentMode = newValue } }
  /// Where relative font file paths start (a scene's folder when loaded
  /// from a file); `nil` is the current directory. Not a scene key.
  public var fontBaseDirectory: String? { get { ownValues.fontBaseDirectory } set { ownValues.fontBaseDirectory = newValue } }
  /// The plain values behind the properties above (`TextLayerValues`).
  var ownValues = TextLayerValues()

  /// The last layout and the values it came from (`layout()` reuses it
  /// while they stay the same; a layer is used on one thread at a time).
  var layoutCache: (key: TextLayoutKey, result: Result<TextLayout, TextLayoutError>)?

  /// Creates a text layer with Core Animation's defaults.
  public override init() {}

  override var sceneClass: LayerClass { LayerClasses.textLayer }

  override func copyOwnValues(to copy: Layer) { unsafeDowncast(copy, to: TextLayer.self).ownValues = ownValues }

  override func firstNonFiniteOwnProperty() -> String? { firstNonFinite(LayerClasses.textLayer.ownFiniteChecks) }
}

/// `TextLayer`'s own plain values, with Core Animation's defaults.
struct TextLayerValues {
  var textContent: TextContent?
  var font: String = "Helvetica"
  var fontSize: Double = 36.0
  var foregroundColor: Color? = .white
  var isWrapped: Bool = false
  var truncationMode: TextTruncationMode = .none
  var alignmentMode: TextAlignmentMode = .natural
  var fontBaseDirectory: String?
}
