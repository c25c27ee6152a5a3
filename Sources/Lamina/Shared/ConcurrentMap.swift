// ConcurrentMap: independent pieces of a frame's preparation (path and
// glyph coverages) computed on a renderer's workers.
//
// Design: `threads` workers (Dispatch's concurrentPerform) each take the
// next index from a shared counter, in a given order (the callers pass the
// longest pieces first, so that one big piece does not run alone at the
// end), and write its result into that index's slot, which no other worker
// touches. The results are those of the same calls made one at a time, in
// any order: each call depends only on its index.
//
// Rejected: dealing the indices out in turn (a worker the system pauses,
// on a busy machine, holds up its share; LaminaCPU's tiles are taken from
// a counter for the same reason), and a task group (async code in a
// renderer whose callers are synchronous).
import Dispatch
import Synchronization

/// `body(i)` for every `i` in `0..<count`, in index order, computed by up to
/// `threads` workers that take the indices in `order` (every index once;
/// `nil`: ascending). One worker calls `body` on the calling thread.
func concurrentMap<T>(_ count: Int, threads: Int, order: [Int]? = nil, _ body: @Sendable (Int) -> T) -> [T] {
  let workers = min(max(1, threads), count)
  guard workers > 1 else { return (0..<count).map(body) }
  let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
  slots.initialize(repeating: nil)
  defer {
    _ = slots.deinitialize()
    slots.deallocate()
  }
  // Each slot is written by the one worker that took its index.
  nonisolated(unsafe) let results = slots
  let taking = Atomic<Int>(0)
  DispatchQueue.concurrentPerform(iterations: workers) { _ in
    while true {
      let taken = taking.add(1, ordering: .relaxed).oldValue
      guard taken < count else { break }
      let i = order?[taken] ?? taken
      results[i] = body(i)
    }
  }
  return slots.map { $0! }
}
