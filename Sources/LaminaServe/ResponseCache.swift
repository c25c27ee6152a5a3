// ResponseCache: rendered template responses by ETag, bounded by the bytes
// they hold (least recently used first out). An entry larger than the
// whole budget is never kept. Identical requests (same template bytes,
// same values) have the same tag, so they are answered without a render.
//
// Rejected: a bound on the number of entries (a 4K card and a 1-pixel one
// would count alike, and memory is what runs out).
import Synchronization

/// A byte-bounded LRU cache of rendered responses.
final class ResponseCache: Sendable {
  private struct Entry {
    var output: RenderedOutput
    var lastUse: UInt64
  }
  private struct State {
    var entries: [String: Entry] = [:]
    var bytes = 0
    var clock: UInt64 = 0
  }
  private let state = Mutex(State())
  /// The most bytes held.
  let capacity: Int

  init(capacity: Int) { self.capacity = max(0, capacity) }

  /// The response cached under `tag`, now the most recently used.
  func get(_ tag: String) -> RenderedOutput? {
    state.withLock { s in
      guard var entry = s.entries[tag] else { return nil }
      s.clock += 1
      entry.lastUse = s.clock
      s.entries[tag] = entry
      return entry.output
    }
  }

  /// Keeps `output` under `tag`, evicting the least recently used entries to fit.
  func put(_ tag: String, _ output: RenderedOutput) {
    // Kept at its exact size: `Image.pngData` returns an array with the
    // capacity of an incompressible image (a 20 KB card PNG held 756 KB),
    // and the budget counts what is held.
    var output = output
    output.bytes = output.bytes.withUnsafeBufferPointer { Array($0) }
    let size = output.bytes.capacity
    guard size <= capacity else { return }
    state.withLock { s in
      if let old = s.entries.removeValue(forKey: tag) { s.bytes -= old.output.bytes.capacity }
      while s.bytes + size > capacity, let oldest = s.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
        s.entries.removeValue(forKey: oldest.key)
        s.bytes -= oldest.value.output.bytes.capacity
      }
      s.clock += 1
      s.entries[tag] = Entry(output: output, lastUse: s.clock)
      s.bytes += size
    }
  }

  /// The bytes and entries held (for tests and `/healthz`).
  var usage: (bytes: Int, entries: Int) { state.withLock { ($0.bytes, $0.entries.count) } }
}
