// FontName: the ways a font name can be read, as fontconfig queries, for
// FontResolver to try in order. iOS code names fonts as Core Text does:
// by PostScript name ("Helvetica-Bold", "TimesNewRomanPS-BoldMT",
// "Arial-BoldItalicMT", "HelveticaNeue-Medium") or by family and style
// ("Helvetica Bold"). fontconfig's name parser reads the first as family
// "Helvetica" and a size it cannot parse (so the regular face) and the
// second as a family nobody has (so the default font). Here such a name
// becomes a family and a style (weight, slant, width: FontStyle), and
// fontconfig's own substitutions then find the face (Helvetica → Liberation
// Sans Bold where fonts-liberation2 is installed).
//
// The readings, most literal first (FontResolver takes the first whose
// family the configuration knows, after an installed face's full or
// PostScript name, which wins over all of them):
//
// 1. The whole name as one family ("DejaVu Sans", "sans-serif"). For a
//    name without "-" this is what fontconfig's parser makes of it.
// 2. A PostScript name, "Family-Style" (split at the last "-") or, with no
//    "-" and no space, "Family" alone ("ArialMT", "HelveticaNeue"): the
//    style part must be style words, after the "MT" that Monotype's names
//    end with; the family part is tried as written, split at its case
//    changes ("HelveticaNeue" → "Helvetica Neue"), and without the "PS",
//    "MT" and "PSMT" endings of Monotype's names ("TimesNewRomanPS" →
//    "Times New Roman", "ArialMT" → "Arial").
// 3. "Family Style" with spaces: the longest family whose remaining words
//    are all style words ("Helvetica Semi Bold" → "Helvetica Semi" bold,
//    then "Helvetica" semibold).
//
// fontconfig's syntax ("Liberation Sans:bold", "DejaVu Sans-12", a list
// with commas, escapes) is not read here: it goes to fontconfig unchanged.
//
// Rejected: a table of Apple's PostScript names and the faces they mean
// here (a font database of our own, wrong for every font it does not
// list); fontconfig's `postscriptname` property in the query (it only
// matches installed faces exactly, which FontResolver already looks up).

/// What fontconfig is asked for a font name.
enum FontQuery: Hashable, Sendable {
  /// fontconfig's own syntax, read by its parser (`FcNameParse`).
  case syntax(String)
  /// One family (taken as written, not parsed) in a style.
  case family(String, FontStyle)

  /// The style asked for (none for fontconfig's syntax).
  var style: FontStyle {
    switch self {
    case .syntax: return FontStyle()
    case .family(_, let style): return style
    }
  }
}

enum FontName {
  /// Whether `name` is in fontconfig's syntax beyond a bare family:
  /// properties after ":", a list with ",", escapes with "\", or a size
  /// after the last "-" ("DejaVu Sans-12").
  static func isFontconfigSyntax(_ name: String) -> Bool {
    if name.contains(where: { ":,\\".contains($0) }) { return true }
    guard let dash = name.lastIndex(of: "-") else { return false }
    return Double(name[name.index(after: dash)...]) != nil
  }

  /// The readings of a name not in fontconfig's syntax, most literal
  /// first, without repeats (see the comment at the top of the file).
  static func readings(_ name: String) -> [FontQuery] {
    var out: [FontQuery] = [.family(name, FontStyle())]
    for q in postScriptReadings(name) + styleWordReadings(name) where !out.contains(q) {
      out.append(q)
    }
    return out
  }

  /// The reading for a name that matched nothing: the last reading with a
  /// style (the one that read the most words as style), so the default
  /// font is at least in the asked weight and slant; else fontconfig's
  /// reading of the name.
  static func fallbackReading(_ name: String) -> FontQuery {
    readings(name).last { !$0.style.isEmpty } ?? .syntax(name)
  }

  /// Reading 2: `Family-Style`, or a family alone with no "-" and no space.
  static func postScriptReadings(_ name: String) -> [FontQuery] {
    let family: Substring
    var styleText: Substring = ""
    if let dash = name.lastIndex(of: "-") {
      family = name[..<dash]
      styleText = name[name.index(after: dash)...]
      if styleText.hasSuffix("MT") { styleText = styleText.dropLast(2) }
    } else if !name.contains(" ") {
      family = name[...]
    } else {
      return []
    }
    guard !family.isEmpty, let style = FontStyle(words: styleText) else { return [] }
    let stripped = withoutMonotypeEnding(family)
    var forms: [String] = []
    for form in [String(family), camelCaseWords(family), stripped, camelCaseWords(stripped)]
    where !form.isEmpty && !forms.contains(form) {
      forms.append(form)
    }
    return forms.map { .family($0, style) }
  }

  /// Reading 3: the family before trailing style words, longest family first.
  static func styleWordReadings(_ name: String) -> [FontQuery] {
    let words = name.split(separator: " ")
    guard words.count > 1 else { return [] }
    var out: [FontQuery] = []
    for k in 1..<words.count {
      guard let style = FontStyle(words: words[(words.count - k)...].joined()) else { continue }
      out.append(.family(words[..<(words.count - k)].joined(separator: " "), style))
    }
    return out
  }

  /// `text` with a space at each change of case inside a word:
  /// "HelveticaNeue" → "Helvetica Neue", "SFProText" → "SF Pro Text",
  /// "TimesNewRomanPS" → "Times New Roman PS". Digits stay with the letters
  /// before them.
  static func camelCaseWords(_ text: some StringProtocol) -> String {
    let c = Array(text)
    var out = ""
    for i in c.indices {
      if i > 0 && c[i].isUppercase {
        let afterLower = c[i - 1].isLowercase || c[i - 1].isNumber
        let endsCapitals = c[i - 1].isUppercase && i + 1 < c.count && c[i + 1].isLowercase
        if afterLower || endsCapitals { out.append(" ") }
      }
      out.append(c[i])
    }
    return out
  }

  /// `family` without the "PSMT", "PS" or "MT" ending of Monotype's
  /// PostScript names ("TimesNewRomanPSMT", "TimesNewRomanPS", "ArialMT"),
  /// when letters remain before it; otherwise as it is.
  static func withoutMonotypeEnding(_ family: some StringProtocol) -> String {
    for ending in ["PSMT", "PS", "MT"] where family.hasSuffix(ending) {
      let rest = family.dropLast(ending.count)
      if let last = rest.last, last.isLetter, !last.isUppercase { return String(rest) }
    }
    return String(family)
  }
}
