// LottieTextBuilder: a text layer's first document laid out as lottie-ios
// lays it out. Its Core Animation engine draws text with the main-thread
// engine's Core Text layer (CoreTextRenderLayer), whatever animators say;
// here Lamina text layers draw the characters where that layer puts them:
//
// - The font by the document's font name (`f`, a PostScript name, as
//   `CTFontCreateWithName` takes it), through fontconfig; a name it does
//   not know is drawn in Helvetica, as Core Text substitutes it (through
//   fontconfig again: Liberation Sans where Helvetica is not installed).
//   a, d, l and c below are the font's ascent, descent, line gap and cap
//   height at the text's size.
// - Every character advances by its own advance, its pair kerning with
//   the next and the tracking (size · `tr` / 1000): lottie-ios sets Core
//   Text's kern attribute to the tracking and turns ligatures off. Core
//   Text documents a kern of 0 as no kerning at all, so with no tracking
//   the characters advance by their own advances only. Each character is
//   a text layer of its own.
// - Lines (`\r`, `\n`) are max(`lh`, a + d + l) apart (Core Text's line
//   spacing, `lh` − (a + d + l), is never negative).
// - Point text (no `sz`): the first baseline at the layer's origin; each
//   line starts there (left), ends there (right) or is centred on it, up
//   to the rounding of Core Text's frame width (the frame is the widest
//   line plus 0.2 em on each side, rounded up).
// - Box text (`sz`, `ps`): lines wrapped at spaces to the box's width (a
//   word wider than the box is cut between characters), aligned in it;
//   the first baseline c below the box's top (lottie-ios lays the frame
//   out from a − c above it); a line whose descent falls below the frame
//   (the box's height + a − c + d) is not drawn, as Core Text leaves it
//   out.
// - Text whose script needs shaping across characters (Hebrew, Arabic,
//   Indic and others past U+058F) is one text layer per line instead,
//   shaped and kerned by HarfBuzz, without tracking.
//
// Strokes (`sc`, `sw`) and text animators are not drawn (the reader
// reports animators). Apple's fonts are not here, so text whose font is
// missing is approximate, and text samples are reported apart.

import Lamina

enum LottieTextBuilder {
  static func build(_ t: LottieText, _ m: LottieLayerModel, into parent: Layer, _ ctx: LottieBuildContext) throws(LottieError) {
    let text = t.text
    guard !text.isEmpty, t.size > 0, t.size.isFinite else { return }
    var measure = Measure(font: t.font, size: t.size)
    // Core Text gives Helvetica for a name it does not know.
    if measure.isMissing { measure = Measure(font: "Helvetica", size: t.size) }
    guard let metrics = measure.metrics() else {
      // Not laid out here (a font file that cannot be used, a size past
      // Lamina's limits): one layer, so the render reports why.
      let layer = measure.layer(text.replacingOccurrences(of: "\r", with: "\n"))
      layer.foregroundColor = color(t)
      ctx.layerCount += 1
      parent.adopt(layer)
      return
    }
    let kern = t.size * t.tracking / 1000
    let complex = text.unicodeScalars.contains { needsShaping($0) }
    let paragraphs = text.split(omittingEmptySubsequences: false) { $0 == "\r" || $0 == "\n" || $0 == "\u{3}" }
      .map(String.init)
    // Each line: its characters with their x from the line's start, and its width.
    var lines: [Line] = []
    for p in paragraphs {
      if complex {
        lines.append(Line(pieces: [(p, 0)], width: measure.measured(p).advance))
        continue
      }
      var chars: [(Character, Double)] = []
      for (c, advance) in measure.advances(p, kerned: kern != 0) { chars.append((c, advance + kern)) }
      if let box = t.box {
        lines += wrap(chars, width: box.size.width)
      } else {
        lines.append(Line(chars))
      }
    }
    let (a, d, l, c) = metrics
    let pitch = max(t.lineHeight, a + d + l)
    let container = try ctx.makeLayer(parent.bounds.size)
    var origins: [CGPoint] = []
    if let box = t.box {
      let frameHeight = box.size.height + a - c + d
      for i in lines.indices {
        guard Double(i) * pitch + a + d <= frameHeight + 1e-9 else { break }
        let w = lines[i].width
        let x = t.justification == 1 ? box.size.width - w : t.justification == 2 ? (box.size.width - w) / 2 : 0
        origins.append(CGPoint(x: box.position.x + x, y: box.position.y + c + Double(i) * pitch))
      }
    } else {
      let widest = lines.map(\.width).max() ?? 0
      let frame = widest + 0.4 * t.size
      let slack = frame.rounded(.up) - frame
      for (i, line) in lines.enumerated() {
        let x = t.justification == 1 ? slack - line.width : t.justification == 2 ? (slack - line.width) / 2 : 0
        origins.append(CGPoint(x: x, y: Double(i) * pitch))
      }
    }
    let fill = color(t)
    for (line, origin) in zip(lines, origins) {
      for (piece, x) in line.pieces where !piece.allSatisfy(\.isWhitespace) {
        let layer = measure.layer(piece)
        layer.foregroundColor = fill
        layer.position = CGPoint(x: origin.x + x, y: origin.y - measure.measured(piece).baseline)
        ctx.layerCount += 1
        container.adopt(layer)
      }
    }
    parent.adopt(container)
  }

  private static func color(_ t: LottieText) -> Color? {
    t.fillColor.map { Color(red: $0[0], green: $0[1], blue: $0[2], alpha: 1) }
  }

  /// Scripts whose characters shape together (joining, reordering, marks).
  private static func needsShaping(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return (0x0590...0x1CFF).contains(v) || (0xA800...0xABFF).contains(v) || (0xFB1D...0xFDFF).contains(v)
      || (0xFE70...0xFEFF).contains(v) || (0x10800...0x11FFF).contains(v)
  }

  /// A line: its pieces (a character, or a whole line of complex text) at their x, and its width without trailing spaces.
  struct Line {
    var pieces: [(String, Double)]
    var width: Double

    init(pieces: [(String, Double)], width: Double) { (self.pieces, self.width) = (pieces, width) }

    init(_ chars: [(Character, Double)]) {
      var x = 0.0, width = 0.0
      pieces = []
      for (c, advance) in chars {
        pieces.append((String(c), x))
        x += advance
        if !c.isWhitespace { width = x }
      }
      self.width = width
    }
  }

  /// Greedy wrapping at spaces, as Core Text's word wrapping: a line ends
  /// before the word that would cross `width` (its spaces hang past the
  /// end); a word wider than a line is cut between characters.
  static func wrap(_ chars: [(Character, Double)], width: Double) -> [Line] {
    // Words, each with the spaces after it.
    var words: [[(Character, Double)]] = []
    var current: [(Character, Double)] = []
    for (c, a) in chars {
      if !c.isWhitespace, let last = current.last, last.0.isWhitespace {
        words.append(current)
        current = []
      }
      current.append((c, a))
    }
    if !current.isEmpty || words.isEmpty { words.append(current) }
    func inked(_ w: [(Character, Double)]) -> Double {
      var x = 0.0, ink = 0.0
      for (c, a) in w {
        x += a
        if !c.isWhitespace { ink = x }
      }
      return ink
    }
    var lines: [Line] = []
    var line: [(Character, Double)] = []
    for word in words {
      if !line.isEmpty, line.reduce(0, { $0 + $1.1 }) + inked(word) > width + 1e-9 {
        lines.append(Line(line))
        line = []
      }
      if line.isEmpty, inked(word) > width + 1e-9 {
        // Cut between characters.
        var piece: [(Character, Double)] = []
        for ch in word {
          if !piece.isEmpty, !ch.0.isWhitespace, inked(piece + [ch]) > width + 1e-9 {
            lines.append(Line(piece))
            piece = []
          }
          piece.append(ch)
        }
        line = piece
        continue
      }
      line += word
    }
    lines.append(Line(line))
    return lines
  }

  /// Text layers of one font and size, and what their layouts measure.
  struct Measure {
    let font: String
    let size: Double
    private var known: [String: (advance: Double, baseline: Double)] = [:]

    init(font: String, size: Double) { (self.font, self.size) = (font, size) }

    func layer(_ s: String) -> TextLayer {
      let layer = TextLayer()
      layer.string = .plain(s)
      layer.font = font
      layer.fontSize = size
      layer.alignmentMode = .left
      layer.anchorPoint = .zero
      let lines = Double(s.split(separator: "\n", omittingEmptySubsequences: false).count)
      layer.bounds = CGRect(x: 0, y: 0, width: 4 * size * Double(max(1, s.count)), height: 3 * size * lines)
      return layer
    }

    /// fontconfig has no font of this name (Lamina lays the text out in a fallback and warns).
    var isMissing: Bool {
      guard let layout = try? layer("H").layout() else { return false }
      return layout.warnings.contains { $0.hasPrefix("font ") && $0.contains(" was not found") }
    }

    /// The font's ascent, descent, line gap and cap height, from a layout of "H".
    func metrics() -> (Double, Double, Double, Double)? {
      guard let layout = try? layer("H").layout(), let line = layout.lines.first else { return nil }
      return (line.ascent, line.descent, line.lineGap, line.capHeight)
    }

    /// The characters of `p` with their advances on one line: with the
    /// font's pair kerning between them when `kerned` (ligatures apart:
    /// a character a ligature swallowed advances by its own advance), else
    /// each alone.
    mutating func advances(_ p: String, kerned: Bool) -> [(Character, Double)] {
      let chars = Array(p)
      var alone = chars.map { measured(String($0)).advance }
      guard kerned, chars.count > 1, let layout = try? layer(p).layout(), layout.lines.count == 1 else {
        return Array(zip(chars, alone))
      }
      // Each character's x on the line: its cluster's first glyph.
      var xs: [Int: Double] = [:]
      for g in layout.lines[0].runs.flatMap(\.glyphs) { xs[g.cluster] = min(xs[g.cluster] ?? .infinity, g.position.x) }
      var offset = 0
      var starts: [Double?] = []
      for c in chars {
        starts.append(xs[offset])
        offset += c.utf16.count
      }
      for i in 0..<(chars.count - 1) {
        if let a = starts[i], let b = starts[i + 1], b >= a { alone[i] = b - a }
      }
      return Array(zip(chars, alone))
    }

    /// `s` laid out on one line, alone (no kerning with neighbours): its
    /// advance, and where its baseline is below the layer's top.
    mutating func measured(_ s: String) -> (advance: Double, baseline: Double) {
      if let m = known[s] { return m }
      var m = (advance: 0.0, baseline: 0.0)
      if let layout = try? layer(s).layout(), let line = layout.lines.first {
        m = (line.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }, line.baseline)
      }
      known[s] = m
      return m
    }
  }
}
