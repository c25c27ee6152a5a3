// TextShaper: a paragraph (or one line of it) cut into runs and shaped.
// A run is a stretch of code units with one bidi level, one script, one
// font and one set of attributes; HarfBuzz shapes each with the whole
// piece of text as context (so Arabic joins across a change of colour),
// at one unit per font unit.
//
// Fonts are chosen per grapheme cluster, from its first scalar: the
// attribute's font when it has the glyph, else fontconfig's fallback for
// that character (FontResolver.fallback), else the attribute's font (its
// .notdef, with a warning). Scripts come from HarfBuzz's Unicode data;
// characters of the Common and Inherited scripts (spaces, punctuation,
// combining marks) take the script of the run they follow, or of the
// first one after them at the start, as Pango and Chromium do.
//
// Rejected: one font per run of the attribute with HarfBuzz's .notdef
// left in place (missing glyphs would draw as boxes, where every browser
// falls back), and choosing fonts per code point (a base and its marks
// could land in two fonts and would not combine).

import CHarfBuzz

/// The attributes of a stretch of text: a `TextRun`'s, filled from its layer.
struct TextAttributes: Hashable {
  var font: String
  var size: Double
  var color: Color?
}

/// A piece of text with one attribute index per UTF-16 code unit.
struct StyledText {
  var units: [UInt16]
  var attribute: [Int32]
  /// The code unit of the layer's string each unit comes from.
  var source: [Int32]

  subscript(range: Range<Int>) -> StyledText {
    StyledText(
      units: Array(units[range]), attribute: Array(attribute[range]), source: Array(source[range]))
  }

  static func + (a: StyledText, b: StyledText) -> StyledText {
    StyledText(
      units: a.units + b.units, attribute: a.attribute + b.attribute, source: a.source + b.source)
  }
}

/// One shaped run, in font units.
struct ShapedRun {
  var range: Range<Int>
  var level: UInt8
  var script: hb_script_t
  var face: FontFace
  var attribute: Int32
  var glyphs: [hb_glyph_info_t]
  var positions: [hb_glyph_position_t]

  var isRightToLeft: Bool { level & 1 == 1 }
}

/// Shapes text of one layer: its attributes, their fonts and warnings.
struct TextShaper {
  let attributes: [TextAttributes]
  let baseDirectory: String?
  private(set) var primary: [FontFace] = []
  private(set) var warnings: [String] = []
  private var chosen: [FontChoiceKey: FontFace] = [:]
  private struct FontChoiceKey: Hashable {
    var attribute: Int32
    var scalar: UInt32
  }

  /// Resolves every attribute's font; a file that cannot be used throws.
  init(attributes: [TextAttributes], baseDirectory: String?) throws(FontError) {
    self.attributes = attributes
    self.baseDirectory = baseDirectory
    for a in attributes {
      let resolved = try FontResolver.resolve(a.font, baseDirectory: baseDirectory)
      if let w = resolved.warning { warn(w) }
      primary.append(resolved.face)
    }
  }

  mutating func warn(_ message: String) {
    if !warnings.contains(message) { warnings.append(message) }
  }

  /// The points per font unit of an attribute in a face.
  func scale(_ attribute: Int32, _ face: FontFace) -> Double {
    attributes[Int(attribute)].size / face.unitsPerEm
  }

  /// `text` cut into runs (logical order) and shaped; the paragraph level
  /// is found from the text when `paragraphLevel` is nil.
  mutating func shape(_ text: StyledText, paragraphLevel: UInt8?) -> (
    runs: [ShapedRun], paragraph: UInt8
  ) {
    let (levels, paragraph) = UnicodeText.bidiLevels(text.units, paragraphLevel: paragraphLevel)
    let n = text.units.count
    guard n > 0 else { return ([], paragraph) }
    let faces = fonts(text)
    let scripts = Self.scripts(text.units)
    var runs: [ShapedRun] = []
    var start = 0
    for i in 1...n {
      if i < n && levels[i] == levels[start] && scripts[i] == scripts[start]
        && faces[i] === faces[start]
        && text.attribute[i] == text.attribute[start]
      {
        continue
      }
      var run = ShapedRun(
        range: start..<i, level: levels[start], script: scripts[start], face: faces[start],
        attribute: text.attribute[start], glyphs: [], positions: [])
      Self.harfBuzz(&run, text.units)
      runs.append(run)
      start = i
    }
    return (runs, paragraph)
  }

  /// The runs `shape(text[range], paragraphLevel: 0)` makes, cut from
  /// `runs` (`shape(text, …)`'s, with `scripts` = `scripts(text.units)`)
  /// without shaping again; nil where that might differ. Exact when:
  /// every run is left to right (level 0, so a line's levels are 0 too);
  /// every run's script is shaped by HarfBuzz's default shaper, which reads
  /// no text outside its run (`contextFree`: no joining, no syllables);
  /// the line's scripts, resolved on its own, are the paragraph's there (a
  /// line starting with punctuation could take another script); and where
  /// the line cuts a run, HarfBuzz says breaking there is safe (the cut
  /// glyph has no `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: shaping either side
  /// alone gives the same glyphs and positions). Fonts and attributes are
  /// per unit and graphemes end where lines do, so the line's runs are the
  /// paragraph's runs cut at its ends.
  /// `runs` must be a paragraph's that `cutsExactly` accepts.
  static func slice(
    _ runs: [ShapedRun], of text: StyledText, scripts: [hb_script_t], _ range: Range<Int>
  ) -> [ShapedRun]? {
    guard Self.scripts(Array(text.units[range])).elementsEqual(scripts[range]) else { return nil }
    var out: [ShapedRun] = []
    // Runs in logical order (all left to right): the first that reaches
    // into the line found by bisection.
    for run in runs[runs.partitionIndex { $0.range.upperBound > range.lowerBound }...] {
      guard run.range.lowerBound < range.upperBound else { break }
      let lo = max(run.range.lowerBound, range.lowerBound), hi = min(run.range.upperBound, range.upperBound)
      // The glyphs of clusters lo..<hi (left to right, clusters ascend:
      // found by bisection, so a long paragraph stays linear); a cut must
      // fall on a cluster's first glyph that is safe to break at.
      let first = run.glyphs.partitionIndex { Int($0.cluster) >= lo }
      let end = run.glyphs.partitionIndex { Int($0.cluster) >= hi }
      if lo > run.range.lowerBound, !safeCut(run.glyphs, at: first, cluster: lo) { return nil }
      if hi < run.range.upperBound, !safeCut(run.glyphs, at: end, cluster: hi) { return nil }
      var cut = run
      cut.range = (lo - range.lowerBound)..<(hi - range.lowerBound)
      cut.glyphs = run.glyphs[first..<end].map { info in
        var info = info
        info.cluster -= UInt32(range.lowerBound)
        return info
      }
      cut.positions = Array(run.positions[first..<end])
      out.append(cut)
    }
    return out
  }

  /// Whether lines may be cut from a paragraph's `runs` at all (`slice`):
  /// every run left to right and in a script of the default shaper.
  static func cutsExactly(_ runs: [ShapedRun]) -> Bool {
    runs.allSatisfy { $0.level == 0 && contextFree.contains($0.script.rawValue) }
  }

  /// Whether the glyphs may be cut before glyph `g`: it starts cluster
  /// `cluster` and HarfBuzz marks it safe to break at.
  private static func safeCut(_ glyphs: [hb_glyph_info_t], at g: Int, cluster: Int) -> Bool {
    guard g < glyphs.count, Int(glyphs[g].cluster) == cluster else { return false }
    var info = glyphs[g]
    return hb_glyph_info_get_glyph_flags(&info).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue == 0
  }

  /// Scripts HarfBuzz shapes with its default shaper, which reads nothing
  /// of the text around a run (Arabic joining, Indic and Thai syllables,
  /// Hangul jamo and Hebrew marks have shapers of their own).
  static let contextFree: Set<UInt32> = Set(
    [HB_SCRIPT_LATIN, HB_SCRIPT_GREEK, HB_SCRIPT_CYRILLIC, HB_SCRIPT_HAN, HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA,
     HB_SCRIPT_BOPOMOFO, HB_SCRIPT_COMMON].map(\.rawValue))

  /// The face of each code unit, chosen per grapheme cluster.
  private mutating func fonts(_ text: StyledText) -> [FontFace] {
    let bounds = UnicodeText.graphemeBoundaries(text.units)
    var out: [FontFace] = []
    out.reserveCapacity(text.units.count)
    for k in 0..<(bounds.count - 1) {
      let (a, b) = (bounds[k], bounds[k + 1])
      let attribute = text.attribute[a]
      let face = font(for: Self.scalar(text.units, at: a), attribute)
      out.append(contentsOf: repeatElement(face, count: b - a))
    }
    return out
  }

  private mutating func font(for scalar: Unicode.Scalar, _ attribute: Int32) -> FontFace {
    let key = FontChoiceKey(attribute: attribute, scalar: scalar.value)
    if let known = chosen[key] { return known }
    let main = primary[Int(attribute)]
    var face = main
    // Controls and default-ignorables draw nothing: they never need a fallback.
    let properties = scalar.properties
    if main.glyph(for: scalar) == nil && !properties.isDefaultIgnorableCodePoint
      && properties.generalCategory != .control
    {
      if let other = FontResolver.fallback(attributes[Int(attribute)].font, for: scalar) {
        face = other
      } else {
        warn(
          "no installed font has U+\(String(scalar.value, radix: 16, uppercase: true)); it is drawn as \(main.family)'s missing-glyph box"
        )
      }
    }
    chosen[key] = face
    return face
  }

  static func scalar(_ units: [UInt16], at i: Int) -> Unicode.Scalar {
    let u = units[i]
    if UTF16.isLeadSurrogate(u), i + 1 < units.count, UTF16.isTrailSurrogate(units[i + 1]) {
      return UTF16.decode(UTF16.EncodedScalar([u, units[i + 1]]))
    }
    return Unicode.Scalar(u) ?? "\u{FFFD}"
  }

  /// The script of each code unit (Common and Inherited resolved to a
  /// neighbour's, see the header).
  static func scripts(_ units: [UInt16]) -> [hb_script_t] {
    let funcs = hb_unicode_funcs_get_default()
    var out = [hb_script_t](repeating: HB_SCRIPT_COMMON, count: units.count)
    var i = 0
    var firstReal: hb_script_t?
    var current = HB_SCRIPT_COMMON
    while i < units.count {
      let s = scalar(units, at: i)
      let width = s.value > 0xFFFF ? 2 : 1
      var script = hb_unicode_script(funcs, s.value)
      if script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
      {
        script = current
      } else {
        if firstReal == nil { firstReal = script }
        current = script
      }
      for k in i..<min(i + width, units.count) { out[k] = script }
      i += width
    }
    // Leading Common characters take the first real script.
    if let firstReal {
      for k in out.indices {
        if out[k] != HB_SCRIPT_COMMON { break }
        out[k] = firstReal
      }
    }
    return out
  }

  /// Shapes `run` with all of `units` as context.
  static func harfBuzz(_ run: inout ShapedRun, _ units: [UInt16]) {
    guard let buffer = hb_buffer_create() else { return }
    defer { hb_buffer_destroy(buffer) }
    units.withUnsafeBufferPointer { u in
      hb_buffer_add_utf16(
        buffer, u.baseAddress, Int32(u.count), UInt32(run.range.lowerBound), Int32(run.range.count))
    }
    hb_buffer_set_direction(buffer, run.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, run.script)
    hb_buffer_guess_segment_properties(buffer)
    hb_shape(run.face.hbFont, buffer, nil, 0)
    var count: UInt32 = 0
    let infos = hb_buffer_get_glyph_infos(buffer, &count)
    let positions = hb_buffer_get_glyph_positions(buffer, &count)
    guard let infos, let positions else { return }
    run.glyphs = Array(UnsafeBufferPointer(start: infos, count: Int(count)))
    run.positions = Array(UnsafeBufferPointer(start: positions, count: Int(count)))
  }
}
