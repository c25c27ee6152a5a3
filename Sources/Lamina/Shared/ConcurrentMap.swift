// ConcurrentMap: independent pieces of a frame's preparation (path and
// glyph coverages, LaminaCPU's stamps) computed on a renderer's workers.
//
// Design: `threads` workers (Dispatch's concurrentPerform) each take the
// next index from a shared counter, in a given order (the callers pass the
// longest pieces first, so that one big piece does not run alone at the
// end), and write its result into that index's slot, which no other worker
// touches. The results are those of the same calls made one at a time, in
// any order: each call depends only on its index. `concurrentForEach` is
// the loop itself, with scratch memory made once per worker.
//
// Rejected: dealing the indices out in turn (a worker the system pauses,
// on a busy machine, holds up its share; LaminaCPU's tiles are taken from
// a counter for the same reason), and a task group (async code in a
// renderer whose callers are synchronous).
import Dispatch
import Synchronization

/// The order to give `concurrentMap` and `concurrentForEach`: the indices
/// of `items`, the heaviest first by `weight`, each item's weight read once.
/// (A comparison that read the items themselves copied two of them, every
/// array inside retained, per comparison: sorting S7-flat's 1,121 glyph
/// fills by their outlines' sizes was a fifth of the preparing thread's
/// samples in its cold frames.)
package func heaviestFirst<C: Collection>(_ items: C, by weight: (C.Element) -> Int) -> [Int] {
  let weights = items.map(weight)
  return weights.indices.sorted { weights[$0] > weights[$1] }
}

/// `body(i)` for every `i` in `0..<count`, in index order, computed by up to
/// `threads` workers that take the indices in `order` (every index once;
/// `nil`: ascending). One worker calls `body` on the calling thread.
package func concurrentMap<T>(_ count: Int, threads: Int, order: [Int]? = nil, _ body: @Sendable (Int) -> T) -> [T] {
  guard min(max(1, threads), count) > 1 else { return (0..<count).map(body) }
  let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
  slots.initialize(repeating: nil)
  defer {
    _ = slots.deinitialize()
    slots.deallocate()
  }
  // Each slot is written by the one worker that took its index.
  nonisolated(unsafe) let results = slots
  concurrentForEach(count, threads: threads, order: order, local: {}) { i, _ in results[i] = body(i) }
  return slots.map { $0! }
}

/// `body(i, local)` for every `i` in `0..<count`, by up to `threads` workers
/// that take the indices in `order` (`nil`: ascending); each worker makes
/// its own `local` (scratch memory) once, with `local()`, and passes it to
/// every call it makes. One worker runs on the calling thread.
package func concurrentForEach<Local>(
  _ count: Int, threads: Int, order: [Int]? = nil, local: @Sendable () -> Local,
  _ body: @Sendable (Int, Local) -> Void
) {
  let workers = min(max(1, threads), count)
  guard workers > 1 else {
    guard count > 0 else { return }
    let scratch = local()
    for i in 0..<count { body(order?[i] ?? i, scratch) }
    return
  }
  let taking = Atomic<Int>(0)
  DispatchQueue.concurrentPerform(iterations: workers) { _ in
    let scratch = local()
    while true {
      let taken = taking.add(1, ordering: .relaxed).oldValue
      guard taken < count else { break }
      body(order?[taken] ?? taken, scratch)
    }
  }
}
