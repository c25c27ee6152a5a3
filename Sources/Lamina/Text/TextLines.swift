// TextLines: a shaped paragraph cut into lines, each line reshaped on its
// own text, put in visual order, truncated and aligned. The policies here
// are Lamina's (the Unicode algorithms they rest on are ICU's):
//
// - Breaking is greedy: a line takes break opportunities while its text,
//   without trailing spaces, fits the width (widths from the paragraph's
//   shaping, summed by cluster). A segment wider than a whole line is cut
//   at the last grapheme boundary that fits (at least one grapheme); its
//   trailing spaces stay with its last piece.
// - Trailing spaces hang past the line's end and do not count for
//   alignment (as in CoreText and CSS).
// - Truncation replaces whole graphemes by "…" (U+2026, in the font of the
//   text it replaces, or a fallback): `end` keeps the longest start that
//   fits, `start` the longest end, `middle` grows both ends alternately,
//   the narrower first. Spaces next to the ellipsis are dropped. The line
//   is then reshaped and measured; while it still does not fit (kerning
//   with the ellipsis), one more grapheme goes.
// - Justified lines (all but a paragraph's last) grow their spaces (U+0020)
//   equally; a line without spaces stays as it is.
//
// Rejected: Knuth–Plass optimal breaking (CATextLayer, like every UI
// toolkit, breaks greedily; a reference that breaks differently would
// disagree with the platform the format copies).

import CHarfBuzz

/// A line before it is placed: glyph positions relative to the line's
/// origin (x from the bounds' left edge, y from the baseline).
struct PendingLine {
  var runs: [TextLayout.Run]
  var ascent: Double, descent: Double, lineGap: Double
  var capHeight: Double
  var x: Double, width: Double
  var isRightToLeft: Bool
  var isTruncated: Bool
  /// Where the line starts in its paragraph's text.
  var start: Int

  var height: Double { ascent + descent + lineGap }

  /// The line with its top at `top` (advanced past it) and its glyphs
  /// moved to the bounds' origin.
  func placed(top: inout Double, left: Double) -> TextLayout.Line {
    let baseline = top + ascent
    var runs = self.runs
    for r in runs.indices {
      for g in runs[r].glyphs.indices {
        runs[r].glyphs[g].position.x += left
        runs[r].glyphs[g].position.y += baseline
      }
    }
    let line = TextLayout.Line(
      runs: runs, top: top, baseline: baseline, ascent: ascent, descent: descent, lineGap: lineGap,
      capHeight: capHeight, x: left + x, width: width, isRightToLeft: isRightToLeft, isTruncated: isTruncated)
    top += height
    return line
  }
}

struct LineBreaker {
  var shaper: TextShaper
  let width: Double
  let wrapped: Bool
  let truncation: TextTruncationMode
  let alignment: TextAlignmentMode
  /// Shape every line again rather than cut it from its paragraph's runs
  /// (`TextShaper.slice`): the layout the cut must equal, for the tests.
  var reshapesEveryLine = false
  /// Widths within this of the line's are taken to fit (sums of Doubles).
  static let slack = 1e-9

  /// The paragraphs of `units`: ranges between ICU's hard breaks, without
  /// the newline or separator that ends them; a final newline adds none.
  static func paragraphs(_ units: [UInt16]) -> [Range<Int>] {
    guard !units.isEmpty else { return [] }
    var out: [Range<Int>] = []
    var start = 0
    for b in UnicodeText.lineBreaks(units) where b.isHard {
      var end = b.offset
      while end > start, isTerminator(units[end - 1]) { end -= 1 }
      out.append(start..<end)
      start = b.offset
    }
    if start < units.count { out.append(start..<units.count) }
    return out
  }

  private static func isTerminator(_ u: UInt16) -> Bool {
    [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(u)
  }

  /// Unicode's White_Space. ASCII answers from its six (the standard
  /// library's property lookup searches a table: a twentieth of a fresh
  /// S7-flat's layout, which trims every candidate line's end).
  static func isSpace(_ u: UInt16) -> Bool {
    if u < 0x80 { return u == 0x20 || (u >= 0x09 && u <= 0x0D) }
    return Unicode.Scalar(u)?.properties.isWhitespace ?? false
  }

  /// `end` moved back over trailing white space (not past `start`).
  static func trimEnd(_ units: [UInt16], _ start: Int, _ end: Int) -> Int {
    var e = end
    while e > start, isSpace(units[e - 1]) { e -= 1 }
    return e
  }

  static func trimStart(_ units: [UInt16], _ start: Int, _ end: Int) -> Int {
    var s = start
    while s < end, isSpace(units[s]) { s += 1 }
    return s
  }

  // MARK: Breaking

  /// The lines of one paragraph (`attribute` gives an empty one its font).
  mutating func lines(_ p: StyledText, emptyAttribute: Int32) -> [PendingLine] {
    guard !p.units.isEmpty else {
      return [
        line(
          p, runs: [], level: 0, isLast: true, truncated: false, start: 0,
          emptyAttribute: emptyAttribute)
      ]
    }
    let (runs, level) = shaper.shape(p, paragraphLevel: nil)
    let n = p.units.count
    guard wrapped, width > 0 else {
      let whole = line(p, runs: runs, level: level, isLast: true, truncated: false, start: 0)
      if truncation != .none, width > 0, whole.width > width + Self.slack {
        return [truncated(p, from: 0, level: level, mode: truncation, force: false)]
      }
      return [whole]
    }
    let prefix = prefixWidths(p, runs)
    func fits(_ a: Int, _ b: Int) -> Bool {
      prefix[Self.trimEnd(p.units, a, b)] - prefix[a] <= width + Self.slack
    }
    let breaks = UnicodeText.lineBreaks(p.units).map(\.offset)
    var graphemes: [Int]?
    var ranges: [Range<Int>] = []
    var start = 0
    var lastFit: Int?
    var i = 0
    while i < breaks.count {
      let b = breaks[i]
      if b <= start {  // taken by a cut that ended there
        i += 1
        continue
      }
      if fits(start, b) {
        lastFit = b
        i += 1
        continue
      }
      if let fit = lastFit {
        ranges.append(start..<fit)
        start = fit
        lastFit = nil
        continue  // the same opportunity, from the new start
      }
      // One segment wider than the line: cut it at graphemes, after the
      // first one past `start` and at the last one that fits (binary
      // searches, so a long text without spaces stays linear).
      if graphemes == nil { graphemes = UnicodeText.graphemeBoundaries(p.units) }
      let g = graphemes!
      let next = g.partitionIndex { $0 > start }
      var cut = next < g.count ? min(g[next], b) : b
      let limit = prefix[start] + width + Self.slack
      let last = g.partitionIndex { $0 >= b || prefix[$0] > limit } - 1
      if last > next, g[last] < b { cut = g[last] }
      // The word's trailing spaces hang: a cut at or past the end of its
      // letters (a one-grapheme word wider than the line) takes them too,
      // rather than leaving a line of spaces alone.
      if cut >= Self.trimEnd(p.units, start, b) { cut = b }
      ranges.append(start..<cut)
      start = cut
    }
    if start < n { ranges.append(start..<n) }
    if ranges.count == 1 {
      return [line(p, runs: runs, level: level, isLast: true, truncated: false, start: 0)]
    }
    // Each line's runs cut from the paragraph's where HarfBuzz says that
    // is what shaping the line alone gives; else the line shaped again.
    let scripts = !reshapesEveryLine && TextShaper.cutsExactly(runs) ? TextShaper.scripts(p.units) : nil
    return ranges.enumerated().map { k, r in
      let text = p[r]
      let shaped =
        scripts.flatMap { TextShaper.slice(runs, of: p, scripts: $0, r) }
        ?? shaper.shape(text, paragraphLevel: level).runs
      return line(
        text, runs: shaped, level: level, isLast: k == ranges.count - 1, truncated: false,
        start: r.lowerBound)
    }
  }

  /// Points from the paragraph's start to each code unit (clusters carry
  /// their glyphs' advances, at the cluster's first unit).
  private func prefixWidths(_ p: StyledText, _ runs: [ShapedRun]) -> [Double] {
    var advance = [Double](repeating: 0, count: p.units.count + 1)
    for r in runs {
      let k = shaper.scale(r.attribute, r.face)
      for (info, pos) in zip(r.glyphs, r.positions) {
        advance[Int(info.cluster)] += Double(pos.x_advance) * k
      }
    }
    var sum = 0.0
    for i in advance.indices {
      let a = advance[i]
      advance[i] = sum
      sum += a
    }
    return advance
  }

  // MARK: Truncation

  /// The paragraph's text from `from` on, as one line with an ellipsis
  /// (`force`: one is added at the end even when the text fits, because
  /// text after it is hidden).
  /// `empty`: the attribute and source offset of an empty paragraph's
  /// ellipsis.
  mutating func truncatedLast(
    _ p: StyledText, from: Int, level: UInt8, force: Bool, empty: (attribute: Int32, source: Int32)
  ) -> PendingLine {
    guard from < p.units.count else {
      let mark = StyledText(units: [0x2026], attribute: [empty.attribute], source: [empty.source])
      let runs = shaper.shape(mark, paragraphLevel: level).runs
      return line(mark, runs: runs, level: level, isLast: true, truncated: true, start: from)
    }
    return truncated(
      p, from: from, level: level, mode: truncation == .none ? .end : truncation, force: force)
  }

  private mutating func truncated(
    _ p: StyledText, from: Int, level: UInt8, mode: TextTruncationMode, force: Bool
  ) -> PendingLine {
    let text = p[from..<p.units.count]
    let u = text.units
    let n = u.count
    let runs = shaper.shape(text, paragraphLevel: level).runs
    let prefix = prefixWidths(text, runs)
    let g = UnicodeText.graphemeBoundaries(u)
    func w(_ a: Int, _ b: Int) -> Double { prefix[b] - prefix[a] }
    let fitsWhole = w(0, Self.trimEnd(u, 0, n)) <= width + Self.slack
    // Head keeps g[0…head], tail keeps g[tail…]; indices into `g`.
    var (head, tail) = keptGraphemes(
      text, prefix: prefix, g, level: level, mode: mode, force: force, fitsWhole: fitsWhole)
    for _ in 0..<8 {
      let headEnd = Self.trimEnd(u, 0, g[head])
      let tailStart = Self.trimStart(u, g[tail], n)
      var virtual = text[0..<headEnd]
      // The ellipsis takes the attributes and the place of the first unit it replaces.
      let mark = Self.ellipsis(text, at: mode == .start && !fitsWhole ? 0 : headEnd)
      virtual =
        (mode == .start && !fitsWhole ? mark + virtual : virtual + mark) + text[tailStart..<n]
      let shaped = shaper.shape(virtual, paragraphLevel: level).runs
      let out = line(
        virtual, runs: shaped, level: level, isLast: true, truncated: true, start: from)
      if out.width <= width + Self.slack { return out }
      // Kerning next to the ellipsis made it wider: drop one more grapheme.
      if mode == .start && !fitsWhole, tail < g.count - 1 {
        tail += 1
      } else if head > 0 && (mode != .middle || w(0, g[head]) >= w(g[tail], n)) {
        head -= 1
      } else if tail < g.count - 1 {
        tail += 1
      } else {
        return out
      }
    }
    let virtual = text[0..<0] + Self.ellipsis(text, at: 0)
    return line(
      virtual, runs: shaper.shape(virtual, paragraphLevel: level).runs, level: level, isLast: true,
      truncated: true, start: from)
  }

  /// The graphemes of `text` (boundaries `g`, `prefix` its prefix widths)
  /// an ellipsis leaves in the line's width, measured before shaping them
  /// with it: the head keeps g[0…head], the tail keeps g[tail…]. At the end
  /// (or anywhere, when the whole text fits and only `force` asks for an
  /// ellipsis), at the start, or in the middle, growing the shorter side.
  private mutating func keptGraphemes(
    _ text: StyledText, prefix: [Double], _ g: [Int], level: UInt8, mode: TextTruncationMode, force: Bool,
    fitsWhole: Bool
  ) -> (head: Int, tail: Int) {
    let u = text.units
    let n = u.count
    func w(_ a: Int, _ b: Int) -> Double { prefix[b] - prefix[a] }
    var head = 0
    var tail = g.count - 1
    if fitsWhole || mode == .end {
      let ew = ellipsisWidth(text, at: n - 1, level: level)
      head = fitsWhole && force ? g.count - 1 : 0
      if !fitsWhole {
        for k in g.indices where w(0, Self.trimEnd(u, 0, g[k])) + ew <= width + Self.slack {
          head = k
        }
      }
      tail = g.count - 1
    } else if mode == .start {
      let ew = ellipsisWidth(text, at: 0, level: level)
      head = 0
      for k in g.indices.reversed()
      where ew + w(Self.trimStart(u, g[k], n), n) <= width + Self.slack { tail = k }
    } else {  // middle
      let ew = ellipsisWidth(text, at: n / 2, level: level)
      var hw = 0.0
      var tw = 0.0
      while head < tail - 1 {
        let growHead = hw <= tw
        let nh = w(0, g[head + 1])
        let nt = w(g[tail - 1], n)
        if growHead && nh + tw + ew <= width + Self.slack {
          head += 1
          hw = nh
        } else if nt + hw + ew <= width + Self.slack {
          tail -= 1
          tw = nt
        } else if !growHead && nh + tw + ew <= width + Self.slack {
          head += 1
          hw = nh
        } else {
          break
        }
      }
    }
    return (head, tail)
  }

  /// An ellipsis with the attributes and source of unit `i` of `text`
  /// (clamped to its units).
  private static func ellipsis(_ text: StyledText, at i: Int) -> StyledText {
    let k = min(max(i, 0), text.units.count - 1)
    return StyledText(units: [0x2026], attribute: [text.attribute[k]], source: [text.source[k]])
  }

  /// The advance of the ellipsis at unit `i` of `text`, shaped alone.
  private mutating func ellipsisWidth(_ text: StyledText, at i: Int, level: UInt8) -> Double {
    let e = Self.ellipsis(text, at: i)
    let shaped = shaper.shape(e, paragraphLevel: level).runs
    return shaped.reduce(0) { s, r in
      s + r.positions.reduce(0) { $0 + Double($1.x_advance) } * shaper.scale(r.attribute, r.face)
    }
  }

  // MARK: Lines

  /// Shaped runs (logical order) as a line: visual order, positions,
  /// metrics and alignment.
  mutating func line(
    _ text: StyledText, runs: [ShapedRun], level: UInt8, isLast: Bool, truncated: Bool, start: Int,
    emptyAttribute: Int32 = 0
  ) -> PendingLine {
    let rtl = level & 1 == 1
    let trailing = Self.trimEnd(text.units, 0, text.units.count)
    var out: [TextLayout.Run] = []
    var pen = 0.0
    var trailingAdvance = 0.0
    var ascent = 0.0
    var descent = 0.0
    var gap = 0.0
    var cap = 0.0
    var spaces = 0
    var stretchable: [[Bool]] = []
    for index in UnicodeText.visualOrder(runs.map(\.level)) {
      let r = runs[index]
      let k = shaper.scale(r.attribute, r.face)
      ascent = max(ascent, r.face.ascent * k)
      descent = max(descent, r.face.descent * k)
      gap = max(gap, r.face.lineGap * k)
      cap = max(cap, r.face.capHeight * k)
      let (run, grows) = placedRun(
        r, scale: k, text, trailing: trailing, pen: &pen, trailingAdvance: &trailingAdvance, spaces: &spaces)
      out.append(run)
      stretchable.append(grows)
    }
    if runs.isEmpty {
      let face = shaper.primary[Int(emptyAttribute)]
      let k = shaper.scale(emptyAttribute, face)
      (ascent, descent, gap, cap) = (face.ascent * k, face.descent * k, face.lineGap * k, face.capHeight * k)
    }
    let contentWidth = pen - trailingAdvance
    // Trailing spaces sit at the line's visual end: on the left when the
    // paragraph runs right to left.
    let contentStart = rtl ? trailingAdvance : 0
    var mode = alignment
    if mode == .natural || (mode == .justified && isLast) { mode = rtl ? .right : .left }
    var offset = 0.0
    var stretch = 0.0
    switch mode {
    case .left, .natural: offset = 0
    case .right: offset = width - contentWidth
    case .center: offset = (width - contentWidth) / 2
    case .justified:
      if spaces > 0, width > contentWidth { stretch = (width - contentWidth) / Double(spaces) }
    }
    Self.alignGlyphs(&out, shiftingBy: offset - contentStart, stretching: stretchable, by: stretch)
    return PendingLine(
      runs: out, ascent: ascent, descent: descent, lineGap: gap, capHeight: cap, x: offset,
      width: contentWidth + stretch * Double(spaces), isRightToLeft: rtl, isTruncated: truncated,
      start: start)
  }

  /// A shaped run's glyphs placed from `pen` on (scaled by `scale`), as a
  /// layout run, and which of its glyphs are inner spaces a justified line
  /// stretches. Advances `pen`; adds the advances of the line's trailing
  /// white space (from unit `trailing` on) to `trailingAdvance` and counts
  /// the inner spaces in `spaces`.
  private func placedRun(
    _ r: ShapedRun, scale k: Double, _ text: StyledText, trailing: Int, pen: inout Double,
    trailingAdvance: inout Double, spaces: inout Int
  ) -> (TextLayout.Run, [Bool]) {
    var glyphs: [TextLayout.Glyph] = []
    glyphs.reserveCapacity(r.glyphs.count)
    var grows: [Bool] = []
    for (info, pos) in zip(r.glyphs, r.positions) {
      let cluster = Int(info.cluster)
      let advance = Double(pos.x_advance) * k
      glyphs.append(
        TextLayout.Glyph(
          id: info.codepoint,
          position: CGPoint(x: pen + Double(pos.x_offset) * k, y: -Double(pos.y_offset) * k),
          advance: advance, cluster: Int(text.source[cluster])))
      let isSpace = cluster < trailing && text.units[cluster] == 0x20
      if cluster >= trailing { trailingAdvance += advance } else if isSpace { spaces += 1 }
      grows.append(isSpace)
      pen += advance
    }
    let lo = Int(text.source[r.range.lowerBound])
    let hi = Int(text.source[r.range.upperBound - 1]) + 1
    let attributes = shaper.attributes[Int(r.attribute)]
    let run = TextLayout.Run(
      font: r.face.reference, fontFamily: r.face.family, fontSize: attributes.size,
      color: attributes.color,
      isRightToLeft: r.isRightToLeft, script: Self.tag(r.script),
      isColorBitmap: r.face.hasColorBitmaps,
      glyphs: glyphs, textRange: min(lo, hi)..<max(lo, hi))
    return (run, grows)
  }

  /// Moves every glyph of the line right by `shift`; justified (`stretch`
  /// > 0), each inner space (`stretchable`) grows by `stretch`, and what
  /// follows it moves.
  private static func alignGlyphs(
    _ out: inout [TextLayout.Run], shiftingBy shift: Double, stretching stretchable: [[Bool]], by stretch: Double
  ) {
    var shift = shift
    for r in out.indices {
      for g in out[r].glyphs.indices {
        out[r].glyphs[g].position.x += shift
        if stretch > 0 && stretchable[r][g] {
          out[r].glyphs[g].advance += stretch
          shift += stretch
        }
      }
    }
  }

  static func tag(_ script: hb_script_t) -> String {
    let t = hb_script_to_iso15924_tag(script)
    let bytes = [
      UInt8(t >> 24 & 0xFF), UInt8(t >> 16 & 0xFF), UInt8(t >> 8 & 0xFF), UInt8(t & 0xFF),
    ]
    return String(decoding: bytes, as: UTF8.self)
  }
}
