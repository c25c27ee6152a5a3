// PathCoverageBatch and GlyphCoverageCache.fill: coverages filled on
// several workers are the ones filled one at a time, bit for bit, each in
// its own slot (the draws differ in size, so the longest-first order the
// workers take them in is not the requests' order, and a result written
// to the wrong slot fails), and glyphs filled together are then kept.
import Foundation
import Testing

@testable import Lamina

@Suite struct PathCoverageBatchTests {
  static let dejaVu = TextFonts.dejaVuSans

  static func same(_ a: (rect: PixelRect, values: [Float])?, _ b: (rect: PixelRect, values: [Float])?) -> Bool {
    a?.rect == b?.rect && a?.values == b?.values
  }

  @Test func batchedCoveragesAreTheOnesFilledOneAtATime() throws {
    let plan = try TextDrawingTests.plan(
      ##"""
      { "type": "shapeLayer", "frame": [0, 0, 300, 200], "path": { "svg": "M 10 10 L 290 30 L 150 190 Z" }, "fillColor": "#FF0000" },
      { "type": "shapeLayer", "frame": [0, 0, 300, 200], "path": { "svg": "M 20 180 C 80 20 220 20 280 180" }, "fillColor": null, "strokeColor": "#0000FF", "lineWidth": 9, "lineJoin": "round", "lineCap": "round" },
      { "type": "shapeLayer", "frame": [0, 0, 300, 200], "path": { "svg": "M 30 40 L 270 40 L 270 160 L 30 160 Z" }, "fillColor": null, "strokeColor": "#00FF00", "lineWidth": 3, "lineDashPattern": [7, 4] },
      { "type": "shapeLayer", "frame": [40.3, 50.7, 60, 60], "path": { "svg": "M 0 0 L 60 0 L 60 60 Z" }, "fillColor": "#000000", "transform": "rotate(17deg)" },
      { "type": "shapeLayer", "frame": [0, 0, 300, 200], "path": { "svg": "M 100 100 L 103 100 L 103 103 Z" }, "fillColor": "#00FFFF" },
      { "type": "shapeLayer", "frame": [0, 0, 300, 200], "path": { "svg": "M 150 20 L 180 110 L 100 55 L 200 55 L 120 110 Z" }, "fillColor": "#FF00FF", "fillRule": "evenOdd" }
      """##, width: 300, height: 200)
    let draws = TextDrawingTests.paths(plan)
    #expect(draws.count == 6, "the scene's four fills and two strokes")
    let whole = PixelRect(x0: 0, y0: 0, x1: 300, y1: 200), part = PixelRect(x0: 60, y0: 30, x1: 200, y1: 120)
    let requests: [PathDraw.CoverageRequest] = draws.map { ($0, whole) } + draws.map { ($0, part) }
    let alone = requests.map { $0.draw.coverage(within: $0.limit) }
    #expect(Set(alone.map { $0?.values.count ?? 0 }).count > 5, "coverages of different sizes")
    for threads in [1, 2, 3, 8] {
      let together = PathDraw.coverages(requests, threads: threads)
      #expect(together.count == alone.count)
      for (k, (a, b)) in zip(together, alone).enumerated() {
        #expect(Self.same(a, b), "request \(k) with \(threads) threads")
      }
    }
    #expect(PathDraw.coverages([], threads: 4).isEmpty)
  }

  @Test func glyphsFilledTogetherAreKeptAndTheOnesFilledOneAtATime() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    let plan = try TextDrawingTests.plan(
      ##"{ "type": "textLayer", "frame": [10.3, 10.6, 380, 80], "string": "Many outlines here, at a phase: glyphs gggg", "font": "\##(Self.dejaVu)", "fontSize": 21 }"##,
      width: 400, height: 100)
    let draw = try #require(TextDrawingTests.paths(plan).first { $0.glyphs != nil })
    let run = try #require(draw.glyphs)
    let placed = try #require(draw.glyphPlacements(), "a translated text layer takes the glyph route")
    let glyphs = placed.filter { $0.outline >= 0 }.map { (key: $0.key, outline: run.outlines[$0.outline]) }
    let distinct = Set(glyphs.map(\.key)).count
    #expect(distinct > 10)

    let together = GlyphCoverageCache(), alone = GlyphCoverageCache()
    together.fill(glyphs + glyphs.reversed(), threads: 3)  // each key asked twice, filled once
    #expect(together.filled == distinct)
    for glyph in glyphs {
      let a = together.coverage(glyph.key, glyph.outline), b = alone.coverage(glyph.key, glyph.outline)
      #expect(a?.rect == b?.rect && a?.values == b?.values)
    }
    #expect(together.filled == distinct, "coverage() filled again what fill() had filled")
    // Kept from the last frame: nothing is filled again.
    together.endFrame()
    together.fill(glyphs, threads: 2)
    #expect(together.filled == distinct)
    // The draw assembled from them is the one filled without a cache.
    let limit = PixelRect(x0: 0, y0: 0, x1: 400, y1: 100)
    #expect(Self.same(draw.coverage(within: limit, glyphCoverages: together.coverage), draw.coverage(within: limit)))
  }

  /// A frame's glyph table (`GlyphCoverageFrame`) assembles a text draw as
  /// the cache does, within limits that cut glyphs and with keys the table
  /// lacks (filled where asked), from several threads at once; and a draw
  /// not on the glyph route has no answer there.
  @Test func textAssembledFromTheFrameTableIsTheCachesAssembly() throws {
    guard TextFonts.require([Self.dejaVu]) else { return }
    let plan = try TextDrawingTests.plan(
      ##"""
      { "type": "textLayer", "frame": [10.3, 10.6, 380, 80], "string": "Glyphs repeat: eeee gggg, cut at the edges of the limit", "font": "\##(Self.dejaVu)", "fontSize": 19 },
      { "type": "shapeLayer", "frame": [0, 0, 400, 100], "path": { "svg": "M 10 10 L 390 30 L 150 90 Z" }, "fillColor": "#FF0000" }
      """##, width: 400, height: 100)
    let draws = TextDrawingTests.paths(plan)
    let text = try #require(draws.first { $0.glyphs != nil }), shape = try #require(draws.first { $0.glyphs == nil })
    let run = try #require(text.glyphs)
    let requests = try #require(text.glyphCoverageRequests()).map { (key: $0.key, outline: run.outlines[$0.outline]) }
    let cache = GlyphCoverageCache()
    cache.fill(requests, threads: 2)
    #expect(cache.asked == requests.count)
    // Half the glyphs only: the rest are missing from the table.
    let half = GlyphCoverageCache()
    half.fill(Array(requests.prefix(requests.count / 2)), threads: 1)
    let full = cache.frame(), partial = half.frame()
    #expect(full.slots.count == Set(requests.map(\.key)).count)
    #expect(partial.slots.count < full.slots.count)
    // The whole canvas, a box cutting glyphs on every side, and one column
    // through the middle of a glyph.
    let whole = try #require(text.coverage(within: PixelRect(x0: 0, y0: 0, x1: 400, y1: 100)))
    let inked = try #require(whole.values.indices.first { whole.values[$0] > 0.2 && whole.values[$0] < 0.8 })
    let column = whole.rect.x0 + inked % whole.rect.width
    let limits = [
      PixelRect(x0: 0, y0: 0, x1: 400, y1: 100), PixelRect(x0: 37, y0: 19, x1: 211, y1: 41),
      PixelRect(x0: column, y0: 0, x1: column + 1, y1: 100),
    ]
    for limit in limits {
      let expected = text.coverage(within: limit, glyphCoverages: cache.coverage)
      // Within a limit, the whole draw's values (glyphs cut, not moved).
      let part = try #require(expected)
      #expect(part.values.contains { $0 > 0 })
      for y in part.rect.y0..<part.rect.y1 {
        for x in part.rect.x0..<part.rect.x1 {
          let w = whole.rect
          let inWhole = x >= w.x0 && x < w.x1 && y >= w.y0 && y < w.y1 ? whole.values[(y - w.y0) * w.width + x - w.x0] : 0
          #expect(part.values[(y - part.rect.y0) * part.rect.width + x - part.rect.x0] == inWhole, "(\(x), \(y)) in \(limit)")
        }
      }
      for frame in [full, partial] {
        let results = concurrentMap(8, threads: 4) { _ in text.coverage(within: limit, glyphFrame: frame) }
        for r in results {
          #expect(Self.same(r?.grid, expected), "limit \(limit)")
          #expect(r?.asked == requests.count)
        }
      }
    }
    #expect(shape.coverage(within: limits[0], glyphFrame: full) == nil)
    // The table grows with later fills of the frame (only the new keys
    // added), holds what the cache fills one at a time, and starts again
    // with the next frame.
    let growing = GlyphCoverageCache()
    growing.fill(Array(requests.prefix(5)), threads: 1)
    let early = growing.frame()
    growing.fill(requests, threads: 2)
    _ = growing.coverage(requests[0].key, requests[0].outline)
    let late = growing.frame()
    #expect(early.slots.count == Set(requests.prefix(5).map(\.key)).count)
    #expect(late.slots.count == full.slots.count && late.values.count == full.values.count)
    for (key, slot) in late.slots {
      let a = try #require(full.slots[key])
      guard a.offset >= 0, slot.offset >= 0 else {
        #expect(a.offset < 0 && slot.offset < 0)
        continue
      }
      #expect(a.rect == slot.rect && Array(full.values[a.offset..<(a.offset + a.rect.width * a.rect.height)])
        == Array(late.values[slot.offset..<(slot.offset + slot.rect.width * slot.rect.height)]))
    }
    for (key, slot) in early.slots { #expect(late.slots[key]?.offset == slot.offset, "kept where it was") }
    growing.endFrame()
    #expect(growing.frame().slots.isEmpty)
  }

  /// GlyphCoverageKey's own hash: equal keys (±0 included) hash alike, and
  /// keys that differ in any one field land in different buckets almost
  /// always (a hash that dropped a field would put 1,000 keys in few).
  @Test func glyphKeysHashEveryField() {
    let base = GlyphCoverageKey(face: 3, glyph: 71, fontSize: 12, scale: 2, phaseX: 0.25, phaseY: 0)
    var negativeZero = base
    negativeZero.phaseY = -0.0
    #expect(negativeZero == base && negativeZero.hashValue == base.hashValue)
    let variants: [(inout GlyphCoverageKey, Int) -> Void] = [
      { $0.face = $1 }, { $0.glyph = UInt32($1) }, { $0.fontSize = 8 + Double($1) / 64 },
      { $0.scale = 1 + Double($1) / 1000 }, { $0.phaseX = Double($1) / 1000 }, { $0.phaseY = Double($1) / 1000 },
    ]
    for (field, vary) in variants.enumerated() {
      let hashes = Set((0..<1000).map { i -> Int in
        var key = base
        vary(&key, i)
        return key.hashValue & 0xFFFF
      })
      #expect(hashes.count > 950, "field \(field): \(hashes.count) of 1,000 buckets")
    }
  }
}
