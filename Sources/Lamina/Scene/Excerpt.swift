// Excerpt: how an error quotes a value it found (a colour, a name, a key, a
// file name, a transform's word). A value up to `maximumScalars` Unicode
// scalars is quoted whole, as JSON; a longer one by its first
// `maximumScalars / 2` scalars and its length: `"xxxxxxxx…" (20000000
// characters)`, so a 20 MB string where a colour belongs prints one line,
// not 20 MB (issue 31). Characters here are Unicode scalars, counted
// without walking grapheme clusters.
//
// Rejected: cutting every error message to a fixed length (the cut could
// fall inside the part that says what is wrong, and a long message made of
// short parts, such as a list of the accepted names, is fine).

/// Short quotations of values for error messages.
public enum Excerpt {
  /// The longest value quoted whole, in Unicode scalars.
  public static let maximumScalars = 64
  /// The longest file path quoted whole (paths are often longer than a
  /// name, and their end is what tells them apart).
  public static let maximumPathScalars = 1024

  /// `s` as a JSON string literal when it has at most `maximum` scalars,
  /// else its first half followed by `…` and its length in characters.
  public static func quoted(_ s: String, maximum: Int = maximumScalars) -> String {
    guard let (prefix, count) = cut(s, maximum) else { return JSONWriter.quoted(s) }
    return JSONWriter.quoted(prefix).dropLast() + "…\" (\(count) characters)"
  }

  /// `s` between single quotes (the style of names in messages), shortened
  /// as `quoted` shortens.
  public static func named(_ s: String, maximum: Int = maximumScalars) -> String {
    guard let (prefix, count) = cut(s, maximum) else { return "'\(s)'" }
    return "'\(prefix)…' (\(count) characters)"
  }

  /// `s` as it is (a file path in a message), shortened as `quoted`
  /// shortens.
  public static func plain(_ s: String, maximum: Int = maximumPathScalars) -> String {
    guard let (prefix, count) = cut(s, maximum) else { return s }
    return "\(prefix)… (\(count) characters)"
  }

  /// The first half of `maximum` scalars and the count, or `nil` when `s`
  /// is no longer than `maximum`.
  private static func cut(_ s: String, _ maximum: Int) -> (String, Int)? {
    let scalars = s.unicodeScalars
    let count = scalars.count
    guard count > maximum else { return nil }
    return (String(scalars[..<scalars.index(scalars.startIndex, offsetBy: max(1, maximum / 2))]), count)
  }
}
