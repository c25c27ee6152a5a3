// FontResolver: from the `font` of a layer or run to font files, through
// fontconfig, as `fc-match` does it. A path (containing "/" or ending in
// .ttf, .otf, .ttc) is the file itself. A name is looked up first as an
// installed face's full or PostScript name ("Liberation Sans Bold",
// "LiberationSans-Bold"); a name in fontconfig's syntax ("Liberation
// Sans:bold", "DejaVu Sans-12") is then parsed by fontconfig; any other
// name is read as Core Text would read it (FontName: the whole name as a
// family, a PostScript name "Helvetica-Bold", "Family Style" words) and
// the first reading whose family the configuration knows is taken. For
// each, the configuration's substitutions are applied (Helvetica → a
// metric-compatible sans) and the best match is taken.
//
// Per-character fallback answers the question of `fc-match
// "NAME:charset=HEX"` (with NAME the reading taken): fontconfig ranks
// coverage above the family, so the answer is the font nearest to the
// requested one that has the glyph. It is found in the reading's sorted
// font list (FcFontSort, once per reading) as the first font whose charset
// has the character: a match per character cost 0.19 ms (3,000 distinct
// CJK characters: 0.58 s).
//
// "Does not exist" is decided from the substituted pattern: the families
// the reading itself brings (it and its aliases, before the defaults that
// every name gets) are compared with the match's. A reading that brings
// nothing the match has is not taken; a name none of whose readings is
// taken is reported as a fallback.
//
// Rejected: FcFontMatch with the character in the charset, per distinct
// character (exactly `fc-match`'s question, but 0.19 ms each, so a page of
// CJK in a Latin font spent over half a second finding fonts; the tests
// still ask `fc-match` and compare).

import CFontconfig
import Synchronization

/// A font resolved from a name, and what happened on the way.
struct ResolvedFont {
  let face: FontFace
  /// Set when the name matched nothing and fontconfig's default was taken.
  let warning: String?
}

enum FontResolver {
  /// fontconfig's configuration is used only under the lock.
  private struct State: @unchecked Sendable {
    var config: OpaquePointer?
    var byName: [String: Result<ResolvedFont, FontError>] = [:]
    var fallback: [FallbackKey: FontFace?] = [:]
    /// Per reading, fontconfig's sorted fonts with their charsets (the
    /// sets are kept for the life of the process; their charsets are
    /// read-only).
    var sorted: [FontQuery: [SortedFont]] = [:]
    /// Per name, the reading taken and whether it found what it names.
    var readings: [String: Reading] = [:]
    /// The installed families by their letters and digits, lower-cased
    /// ("dejavusans" → "DejaVu Sans"), once.
    var families: [String: String]?
    /// The families a name that exists nowhere is given, once.
    var nobody: [String]?
  }
  /// How a name was read.
  struct Reading {
    var query: FontQuery
    /// The query's best match: the file and its family.
    var match: (reference: FontReference, family: String)?
    /// False when no reading brought a family the match has.
    var found: Bool
  }
  private struct SortedFont {
    var reference: FontReference
    var family: String
    var charset: OpaquePointer
  }
  private struct FallbackKey: Hashable {
    var name: String
    var scalar: UInt32
  }
  private static let state = Mutex(State())

  /// Whether `font` names a file rather than a family or face.
  static func isPath(_ font: String) -> Bool {
    let lower = font.lowercased()
    return font.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
  }

  /// The font `font` names. Paths are opened (relative to `baseDirectory`);
  /// names go through fontconfig.
  static func resolve(_ font: String, baseDirectory: String?) throws(FontError) -> ResolvedFont {
    let key = isPath(font) ? absolute(font, baseDirectory) : font
    if let known = state.withLock({ $0.byName[key] }) { return try known.get() }
    let result: Result<ResolvedFont, FontError>
    if isPath(font) {
      result = Result { () throws(FontError) in
        ResolvedFont(face: try FontFace.open(FontReference(path: key)), warning: nil)
      }
    } else {
      result = match(font)
    }
    state.withLock { $0.byName[key] = result }
    return try result.get()
  }

  /// A font with a glyph for `scalar`, nearest to `font` (fontconfig's
  /// match for the name with the scalar in its charset), or `nil`.
  static func fallback(_ font: String, for scalar: Unicode.Scalar) -> FontFace? {
    let key = FallbackKey(name: font, scalar: scalar.value)
    if let known = state.withLock({ $0.fallback[key] }) { return known }
    var found: FontFace?
    for candidate in sortedFonts(isPath(font) ? .syntax("") : reading(font).query)
    where FcCharSetHasChar(candidate.charset, scalar.value) != 0 {
      if let face = try? FontFace.open(candidate.reference, family: candidate.family),
        face.glyph(for: scalar) != nil
      {
        found = face
        break
      }
    }
    state.withLock { $0.fallback[key] = found }
    return found
  }

  /// `path` from `base` when it is relative and a base is given.
  static func absolute(_ path: String, _ base: String?) -> String {
    guard !path.hasPrefix("/"), let base, !base.isEmpty else { return path }
    return base + "/" + path
  }

  // MARK: fontconfig

  private static func withConfig<R>(_ body: (OpaquePointer?) -> R) -> R {
    state.withLock { s in
      if s.config == nil { s.config = FcInitLoadConfigAndFonts() }
      return body(s.config)
    }
  }

  private static func match(_ name: String) -> Result<ResolvedFont, FontError> {
    if let face = faceNamed(name) { return .success(ResolvedFont(face: face, warning: nil)) }
    let read = reading(name)
    guard let (reference, family) = read.match else {
      return .failure(
        FontError(path: name, reason: "fontconfig found no font at all (are any installed?)"))
    }
    let face: FontFace
    do { face = try FontFace.open(reference, family: family) } catch { return .failure(error) }
    var warning: String?
    if !read.found {
      warning = "font \(Excerpt.quoted(name)) was not found; using \(family) (\(reference)) instead"
    }
    return .success(ResolvedFont(face: face, warning: warning))
  }

  /// How `name` (not a path) is read: fontconfig's syntax as fontconfig
  /// parses it; otherwise the first of FontName's readings (each family
  /// also tried as the installed family it spells without spaces) whose
  /// match the reading brings, else FontName's fallback reading.
  static func reading(_ name: String) -> Reading {
    if let known = state.withLock({ $0.readings[name] }) { return known }
    var read: Reading?
    if FontName.isFontconfigSyntax(name) {
      let q = FontQuery.syntax(name)
      let m = query(q)
      read = Reading(query: q, match: m, found: m.map { brings(q, family: $0.1) } ?? false)
    } else {
      for q in FontName.readings(name).flatMap(spelledAsInstalled) {
        if let m = query(q), brings(q, family: m.1) {
          read = Reading(query: q, match: m, found: true)
          break
        }
      }
    }
    if read == nil {
      let q = FontName.fallbackReading(name)
      read = Reading(query: q, match: query(q), found: false)
    }
    state.withLock { $0.readings[name] = read }
    return read!
  }

  /// `q`, then, when its family is written differently from an installed
  /// family with the same letters and digits ("DejaVuSans", "dejavu
  /// sans"), the same query with the installed family's name.
  private static func spelledAsInstalled(_ q: FontQuery) -> [FontQuery] {
    guard case .family(let family, let style) = q else { return [q] }
    let installed = installedFamilies()[squashed(family)]
    guard let installed, installed != family else { return [q] }
    return [q, .family(installed, style)]
  }

  /// The installed families by `squashed` name (the first in sort order
  /// where two squash alike), listed once.
  private static func installedFamilies() -> [String: String] {
    state.withLock { s in
      if let known = s.families { return known }
      if s.config == nil { s.config = FcInitLoadConfigAndFonts() }
      var out: [String: String] = [:]
      if let pattern = FcPatternCreate(), let set = FcObjectSetCreate() {
        defer {
          FcPatternDestroy(pattern)
          FcObjectSetDestroy(set)
        }
        FcObjectSetAdd(set, FC_FAMILY)
        if let list = FcFontList(s.config, pattern, set) {
          defer { FcFontSetDestroy(list) }
          for i in 0..<Int(list.pointee.nfont) {
            guard let font = list.pointee.fonts[i] else { continue }
            var k: Int32 = 0
            var value: UnsafeMutablePointer<FcChar8>?
            while FcPatternGetString(font, FC_FAMILY, k, &value) == FcResultMatch, let value {
              let family = String(cString: value)
              let key = squashed(family)
              if out[key].map({ family < $0 }) ?? true { out[key] = family }
              k += 1
            }
          }
        }
      }
      s.families = out
      return out
    }
  }

  /// A family name's letters and digits, lower-cased.
  static func squashed(_ family: String) -> String {
    String(family.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
  }

  /// The face whose full or PostScript name is `name`, when one is installed.
  private static func faceNamed(_ name: String) -> FontFace? {
    for object in [FC_FULLNAME, FC_POSTSCRIPT_NAME] {
      let found: (FontReference, String)? = withConfig { config in
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, object, name)
        guard let set = FcObjectSetCreate() else { return nil }
        for o in [FC_FILE, FC_INDEX, FC_FAMILY, FC_FONTVERSION] { FcObjectSetAdd(set, o) }
        defer { FcObjectSetDestroy(set) }
        guard let list = FcFontList(config, pattern, set) else { return nil }
        defer { FcFontSetDestroy(list) }
        // Several files may carry the name (Debian's fonts-liberation and
        // fonts-liberation2 both have "Liberation Sans Bold"): the newest
        // version, then the first path, so the choice does not vary.
        var best: (reference: (FontReference, String), version: Int32)?
        for i in 0..<Int(list.pointee.nfont) {
          guard let font = list.pointee.fonts[i], let r = reference(font) else { continue }
          var version: Int32 = 0
          _ = FcPatternGetInteger(font, FC_FONTVERSION, 0, &version)
          if let b = best,
            b.version > version || (b.version == version && b.reference.0.path <= r.0.path)
          {
            continue
          }
          best = (r, version)
        }
        return best?.reference
      }
      if let (reference, family) = found, let face = try? FontFace.open(reference, family: family) {
        return face
      }
    }
    return nil
  }

  /// fontconfig's fonts for `name`, best first, each adding coverage
  /// (FcFontSort, trimmed): the first that has a character is the answer
  /// of `fc-match "NAME:charset=HEX"` (coverage ranks above the family,
  /// and the ranks before it, such as the file format, are those of the
  /// sort), found without a match per character.
  private static func sortedFonts(_ q: FontQuery) -> [SortedFont] {
    if let known = state.withLock({ $0.sorted[q] }) { return known }
    let fonts: [SortedFont] = withConfig { config in
      guard let pattern = pattern(q) else { return [] }
      defer { FcPatternDestroy(pattern) }
      FcConfigSubstitute(config, pattern, FcMatchPattern)
      FcDefaultSubstitute(pattern)
      var result = FcResultNoMatch
      guard let set = FcFontSort(config, pattern, FcTrue, nil, &result) else { return [] }
      // Kept: the charsets below point into it.
      var out: [SortedFont] = []
      for i in 0..<Int(set.pointee.nfont) {
        guard let font = set.pointee.fonts[i], let (reference, family) = reference(font) else { continue }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
        out.append(SortedFont(reference: reference, family: family, charset: charset))
      }
      return out
    }
    state.withLock { $0.sorted[q] = fonts }
    return fonts
  }

  /// The pattern `q` asks for, before substitutions (the caller destroys it).
  private static func pattern(_ q: FontQuery) -> OpaquePointer? {
    switch q {
    case .syntax(let name):
      return FcNameParse(name)
    case .family(let family, let style):
      guard let pattern = FcPatternCreate() else { return nil }
      FcPatternAddString(pattern, FC_FAMILY, family)
      if let w = style.weight { FcPatternAddInteger(pattern, FC_WEIGHT, w) }
      if let s = style.slant { FcPatternAddInteger(pattern, FC_SLANT, s) }
      if let w = style.width { FcPatternAddInteger(pattern, FC_WIDTH, w) }
      return pattern
    }
  }

  /// fontconfig's best match for `q` (`fc-match` of its pattern).
  private static func query(_ q: FontQuery) -> (FontReference, String)? {
    withConfig { config in
      guard let pattern = pattern(q) else { return nil }
      defer { FcPatternDestroy(pattern) }
      FcConfigSubstitute(config, pattern, FcMatchPattern)
      FcDefaultSubstitute(pattern)
      var result = FcResultNoMatch
      guard let font = FcFontMatch(config, pattern, &result) else { return nil }
      defer { FcPatternDestroy(font) }
      return reference(font)
    }
  }

  private static func reference(_ font: OpaquePointer) -> (FontReference, String)? {
    var file: UnsafeMutablePointer<FcChar8>?
    guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
    var index: Int32 = 0
    _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
    var family: UnsafeMutablePointer<FcChar8>?
    let path = String(cString: file)
    let name =
      FcPatternGetString(font, FC_FAMILY, 0, &family) == FcResultMatch && family != nil
      ? String(cString: family!) : path
    // The face index's high 16 bits name a named instance of a variable
    // font; FreeType and HarfBuzz take the same value.
    return (FontReference(path: path, faceIndex: Int(index)), name)
  }

  /// The first family asked for, and the families after substitution, in
  /// order (lower-cased).
  private static func substitutedFamilies(_ q: FontQuery) -> (requested: String, families: [String]) {
    func families(_ pattern: OpaquePointer) -> [String] {
      var out: [String] = []
      var i: Int32 = 0
      var s: UnsafeMutablePointer<FcChar8>?
      while FcPatternGetString(pattern, FC_FAMILY, i, &s) == FcResultMatch, let s {
        out.append(String(cString: s).lowercased())
        i += 1
      }
      return out
    }
    return withConfig { config in
      guard let pattern = pattern(q) else { return ("", []) }
      defer { FcPatternDestroy(pattern) }
      let requested = families(pattern).first ?? ""
      FcConfigSubstitute(config, pattern, FcMatchPattern)
      FcDefaultSubstitute(pattern)
      return (requested, families(pattern))
    }
  }

  /// Whether `family` (the match's) comes from `q` itself: its family, a
  /// generic family, or an alias the configuration gives it, as opposed
  /// to the defaults every unknown name gets (the families `q`'s list
  /// shares, at its end, with a name that exists nowhere).
  private static func brings(_ q: FontQuery, family: String) -> Bool {
    let family = family.lowercased()
    let (requested, own) = substitutedFamilies(q)
    let nobody: [String]
    if let known = state.withLock({ $0.nobody }) {
      nobody = known
    } else {
      nobody = substitutedFamilies(.syntax("lamina-no-such-font")).families
      state.withLock { $0.nobody = nobody }
    }
    var shared = 0
    while shared < own.count - 1, shared < nobody.count - 1,
      own[own.count - 1 - shared] == nobody[nobody.count - 1 - shared]
    {
      shared += 1
    }
    let brought = own[..<(own.count - shared)]
    let generic: Set = [
      "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "emoji", "math", "fangsong",
      "cursive", "fantasy",
    ]
    // A generic family is what it names whatever the configuration puts
    // before it ("sans-serif" → DejaVu LGC Sans, Noto Sans, …).
    if generic.contains(requested) { return true }
    return brought.contains(family)
  }
}
