// Text layers laid out as lottie-ios's Core Text layer lays them out
// (docs/lottie.md, "Text"): one Lamina text layer per character, each
// advancing by its own advance plus the tracking (and its pair kerning
// only when the tracking is not 0, as Core Text's kern attribute does),
// point text's first baseline at the layer's origin, box text's first
// baseline the font's cap height below the box's top. Checked on the
// built tree, against Lamina's own layouts of the same characters, in
// DejaVu Sans (whose "AV" kerns).
import Lamina
import LaminaLottie
import Testing

private let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// The text layers of a text layer's document `s` (its JSON object), in drawing order.
private func textLayers(_ s: String) throws -> [TextLayer] {
  let json =
    ##"{"fr":30,"ip":0,"op":60,"w":400,"h":200,"layers":[{"ty":5,"ip":0,"op":60,"ks":{},"t":{"d":{"k":[{"t":0,"s":\##(s)}]}}}]}"##
  let root = try LottieAnimation(data: Array(json.utf8)).makeLayer()
  var out: [TextLayer] = []
  func walk(_ l: Layer) {
    if let t = l as? TextLayer { out.append(t) }
    for c in l.sublayers ?? [] { walk(c) }
  }
  walk(root)
  return out
}

/// Lamina's layout of `s` alone, on one line, in DejaVu Sans at 100 pt.
private func line(_ s: String) throws -> TextLayout.Line {
  let l = TextLayer()
  l.string = .plain(s)
  l.font = font
  l.fontSize = 100
  l.bounds = CGRect(x: 0, y: 0, width: 10_000, height: 1_000)
  return try l.layout().lines[0]
}

private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

@Suite("Lottie text laid out as lottie-ios's Core Text layer")
struct LottieTextTests {
  @Test func withoutTrackingCharactersAdvanceByTheirOwnAdvancesUnkerned() throws {
    let layers = try textLayers(##"{"t":"AV","f":"\##(font)","s":100,"j":0,"tr":0,"lh":120,"fc":[0,0,0]}"##)
    #expect(layers.count == 2)
    let a = try line("A")
    let kerned = try line("AV").runs.flatMap(\.glyphs)[1].position.x
    let alone = a.runs[0].glyphs[0].advance
    #expect(kerned < alone - 1, "DejaVu Sans kerns \"AV\"")
    // The first baseline at the layer's origin, the second character one advance on.
    #expect(close(layers[0].position.x, 0) && close(layers[0].position.y, -a.baseline))
    #expect(close(layers[1].position.x, alone) && close(layers[1].position.y, -a.baseline))
  }

  @Test func trackingAddsToTheKernedAdvances() throws {
    // tr 100 at 100 pt: 10 pt after each character, pair kerning kept.
    let layers = try textLayers(##"{"t":"AVA","f":"\##(font)","s":100,"j":0,"tr":100,"lh":120,"fc":[0,0,0]}"##)
    let glyphs = try line("AVA").runs.flatMap(\.glyphs)
    #expect(layers.count == 3)
    #expect(close(layers[1].position.x, glyphs[1].position.x + 10))
    #expect(close(layers[2].position.x, glyphs[2].position.x + 20))
  }

  @Test func aBoxTextsFirstBaselineIsTheCapHeightBelowTheBoxTop() throws {
    // A 300 pt wide box at (10, 20): "AV AV" fits on one line; lines are
    // max(lh, ascent + descent + gap) apart, and wrapped at the space.
    let h = try line("H")
    let one = try textLayers(
      ##"{"t":"AV AV","f":"\##(font)","s":100,"j":0,"tr":0,"lh":10,"fc":[0,0,0],"sz":[1000,300],"ps":[10,20]}"##)
    #expect(one.count == 4)
    #expect(close(one[0].position.x, 10) && close(one[0].position.y + h.baseline, 20 + h.capHeight))
    let two = try textLayers(
      ##"{"t":"AV AV","f":"\##(font)","s":100,"j":0,"tr":0,"lh":10,"fc":[0,0,0],"sz":[200,300],"ps":[10,20]}"##)
    #expect(two.count == 4)
    #expect(close(two[2].position.x, 10))
    #expect(close(two[2].position.y - two[0].position.y, h.ascent + h.descent + h.lineGap))
    // A box too short for the second line's descent leaves the line out, as Core Text does.
    let short = try textLayers(
      ##"{"t":"AV AV","f":"\##(font)","s":100,"j":0,"tr":0,"lh":10,"fc":[0,0,0],"sz":[200,120],"ps":[10,20]}"##)
    #expect(short.count == 2)
  }

  @Test func centredPointTextIsCentredOnTheOrigin() throws {
    let layers = try textLayers(##"{"t":"AV","f":"\##(font)","s":100,"j":2,"tr":0,"lh":120,"fc":[0,0,0]}"##)
    let width = try line("A").runs[0].glyphs[0].advance + line("V").runs[0].glyphs[0].advance
    // Core Text's frame is the line plus 20 pt on each side, rounded up: the slack shifts it half way.
    let frame = width + 40
    #expect(close(layers[0].position.x, (frame.rounded(.up) - frame - width) / 2))
  }
  @Test func aFontNameNotInstalledIsDrawnInHelveticaAsCoreTextSubstitutesIt() throws {
    let missing = try textLayers(##"{"t":"AV","f":"NoSuchFont-Medium","s":100,"j":0,"tr":0,"lh":120,"fc":[0,0,0]}"##)
    #expect(missing.count == 2 && missing.allSatisfy { $0.font == "Helvetica" })
    let present = try textLayers(##"{"t":"AV","f":"\##(font)","s":100,"j":0,"tr":0,"lh":120,"fc":[0,0,0]}"##)
    #expect(present.allSatisfy { $0.font == font })
  }
}
