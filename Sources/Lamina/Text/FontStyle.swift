// FontStyle: the weight, slant and width that the style words of a font
// name ask for ("Bold", "BoldOblique", "SemiBold", "UltraLight",
// "Condensed Bold", "It"), in fontconfig's values, so that a PostScript
// name such as "Helvetica-BoldOblique" or a name such as "Helvetica Bold"
// becomes a fontconfig request for the family in that style (FontName).
//
// A word means what fontconfig's name parser means by it (`fc-match
// ':heavy'` is its FC_WEIGHT_HEAVY, the tests compare every such word with
// FcNameGetConstant), plus the few spellings of PostScript and Adobe names
// that fontconfig does not know ("Plain", "Upright", "Demi", "It"). Words
// are found in a lower-cased run of letters by longest match, so
// "BoldItalic", "Bold Italic" and "bolditalic" read alike and "Italic" is
// not "It" followed by "alic".
//
// Rejected: the face's `style` string in the request (`fc-match
// 'Helvetica:style=Bold Oblique'`): fontconfig compares style strings
// exactly, and Liberation Sans calls that face "Bold Italic", so the match
// was the regular face. Weight, slant and width are matched by distance.

import CFontconfig

/// A weight, slant and width in fontconfig's values; `nil` asks for none.
struct FontStyle: Hashable, Sendable {
  var weight: Int32?
  var slant: Int32?
  var width: Int32?

  /// True when no word set anything ("" or no style words).
  var isEmpty: Bool { weight == nil && slant == nil && width == nil }

  /// What a style word sets.
  private enum Value {
    case weight(Int32), slant(Int32), width(Int32)
  }

  /// The words, lower-cased, with fontconfig's values.
  private static let words: [String: Value] = [
    "thin": .weight(FC_WEIGHT_THIN), "hairline": .weight(FC_WEIGHT_THIN),
    "extralight": .weight(FC_WEIGHT_EXTRALIGHT), "ultralight": .weight(FC_WEIGHT_ULTRALIGHT),
    "light": .weight(FC_WEIGHT_LIGHT),
    "demilight": .weight(FC_WEIGHT_DEMILIGHT), "semilight": .weight(FC_WEIGHT_SEMILIGHT),
    "book": .weight(FC_WEIGHT_BOOK),
    "regular": .weight(FC_WEIGHT_REGULAR),
    "plain": .weight(FC_WEIGHT_REGULAR),
    "medium": .weight(FC_WEIGHT_MEDIUM),
    "demibold": .weight(FC_WEIGHT_DEMIBOLD), "semibold": .weight(FC_WEIGHT_SEMIBOLD),
    "demi": .weight(FC_WEIGHT_DEMIBOLD),
    "bold": .weight(FC_WEIGHT_BOLD),
    "extrabold": .weight(FC_WEIGHT_EXTRABOLD), "ultrabold": .weight(FC_WEIGHT_ULTRABOLD),
    "black": .weight(FC_WEIGHT_BLACK), "heavy": .weight(FC_WEIGHT_HEAVY),
    "extrablack": .weight(FC_WEIGHT_EXTRABLACK), "ultrablack": .weight(FC_WEIGHT_ULTRABLACK),
    "roman": .slant(FC_SLANT_ROMAN), "upright": .slant(FC_SLANT_ROMAN),
    "italic": .slant(FC_SLANT_ITALIC), "it": .slant(FC_SLANT_ITALIC),
    "oblique": .slant(FC_SLANT_OBLIQUE),
    "ultracondensed": .width(FC_WIDTH_ULTRACONDENSED),
    "extracondensed": .width(FC_WIDTH_EXTRACONDENSED),
    "condensed": .width(FC_WIDTH_CONDENSED),
    "semicondensed": .width(FC_WIDTH_SEMICONDENSED),
    "normal": .width(FC_WIDTH_NORMAL),
    "semiexpanded": .width(FC_WIDTH_SEMIEXPANDED),
    "expanded": .width(FC_WIDTH_EXPANDED),
    "extraexpanded": .width(FC_WIDTH_EXTRAEXPANDED),
    "ultraexpanded": .width(FC_WIDTH_ULTRAEXPANDED),
  ]
  private static let longestWord = words.keys.map(\.count).max() ?? 0

  /// Every word and the fontconfig object it sets (for the tests).
  static var vocabulary: [(word: String, object: String, value: Int32)] {
    words.map { word, value in
      switch value {
      case .weight(let v): return (word, "weight", v)
      case .slant(let v): return (word, "slant", v)
      case .width(let v): return (word, "width", v)
      }
    }
  }

  /// The style `text` names when it is style words and nothing else
  /// (letters only; spaces, hyphens and underscores between words are
  /// ignored, case too); `nil` when some part is not a style word. Later
  /// words override earlier ones of the same kind.
  init?(words text: some StringProtocol) {
    let letters = Array(text.lowercased().unicodeScalars.filter { !" -_".unicodeScalars.contains($0) })
    var i = 0
    while i < letters.count {
      var found: (length: Int, value: Value)?
      for length in stride(from: min(Self.longestWord, letters.count - i), through: 1, by: -1) {
        var word = String.UnicodeScalarView()
        word.append(contentsOf: letters[i..<(i + length)])
        if let value = Self.words[String(word)] {
          found = (length, value)
          break
        }
      }
      guard let (length, value) = found else { return nil }
      switch value {
      case .weight(let v): weight = v
      case .slant(let v): slant = v
      case .width(let v): width = v
      }
      i += length
    }
  }

  /// The given values (none by default: no style).
  init(weight: Int32? = nil, slant: Int32? = nil, width: Int32? = nil) {
    (self.weight, self.slant, self.width) = (weight, slant, width)
  }
}
