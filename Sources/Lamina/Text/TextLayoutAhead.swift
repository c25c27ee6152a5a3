// TextLayoutAhead: every text layer of a tree laid out at once, on the
// machine's cores, before the lowering walks the tree. A layout depends on
// its layer alone (`TextLayoutKey`) and is kept on the layer, so laying
// layers out side by side gives the layouts the walk would have made one
// at a time, in the order it meets them; it only finds them kept. The
// text stack is shared safely: HarfBuzz fonts are immutable, FreeType faces,
// fontconfig and the face table are used under locks (FontFace,
// FontResolver), and ICU's break iterators are kept per thread
// (CLaminaUnicode).
//
// What is laid out: the text layers that draw text (`hasVisibleText`)
// under no hidden layer, masks included, each once however often a
// replicator draws it, and only where the kept layout is stale. A layer the
// walk would not reach for other reasons (a zero opacity, outside the
// canvas) is laid out all the same: the cost of one more layout, never a
// different picture. A layout that fails keeps its failure, which the walk
// reports with the layer's place, as it would have.
//
// Measured (2 cores, medians of 9 fresh processes, fonts opened in the
// same step): S7-flat's 40 boxes 8.9 → 6.9 ms, S7's 52 layers 12.7 →
// 9.2 ms (docs/bench-scenes.md, session 31). Not twice as fast: opening
// the fonts and fontconfig's first match come first, under locks.
//
// Rejected: laying out inside the walk on a worker per layer (the walk
// needs a layout's lines as it emits the layer's draws, so it would wait
// for each one in turn) and one worker per font (a page's layers mix
// fonts, and a face is safe to share).

import Foundation

extension Layer {
  /// Lays out every text layer of the tree under this layer (itself,
  /// its sublayers and masks, none under a hidden layer) whose kept layout
  /// is missing or stale, on up to `threads` workers; each keeps its layout
  /// (`TextLayer.layout()`, failures included), where the lowering and
  /// later calls find it. The layouts are those `layout()` makes one at a
  /// time. Returns how many layers were laid out.
  @discardableResult
  public func layOutText(threads: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
    let stale = TextLayoutAhead.staleTextLayers(under: self)
    guard !stale.isEmpty else { return 0 }
    // The longest strings first, so that no long one runs alone at the end.
    let order = heaviestFirst(stale) { $0.textLength }
    nonisolated(unsafe) let layers = stale
    concurrentForEach(layers.count, threads: threads, order: order, local: {}) { i, _ in
      _ = try? layers[i].layout()
    }
    return stale.count
  }
}

enum TextLayoutAhead {
  /// The text layers under `root` (as `Layer.layOutText` says) whose kept
  /// layout is missing or stale, each once, in tree order.
  static func staleTextLayers(under root: Layer) -> [TextLayer] {
    var out: [TextLayer] = [], seen = Set<ObjectIdentifier>()
    var stack: [Layer] = [root]
    while let layer = stack.popLast() {
      guard !layer.isHidden else { continue }
      // Each text layer once, should a tree hold one twice (two workers
      // must never lay out one layer).
      if let text = layer.asTextLayer, text.hasVisibleText, !text.hasCurrentLayout,
        seen.insert(ObjectIdentifier(text)).inserted
      {
        out.append(text)
      }
      if let mask = layer.mask { stack.append(mask) }
      if let sublayers = layer.sublayers { stack += sublayers.reversed() }
    }
    return out
  }
}

extension TextLayer {
  /// Whether the kept layout (or failure) is this layer's as it is now.
  var hasCurrentLayout: Bool {
    guard let kept = layoutCache else { return false }
    return kept.key == TextLayoutKey(self)
  }

  /// The string's length in UTF-8 bytes (a measure of its layout's work).
  var textLength: Int {
    switch textContent {
    case nil: return 0
    case .plain(let s): return s.utf8.count
    case .attributed(let runs): return runs.reduce(0) { $0 + $1.text.utf8.count }
    }
  }
}
