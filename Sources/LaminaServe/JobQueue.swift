// JobQueue: the bounded queue between requests and worker threads. A
// request is admitted while the renders running and waiting number fewer
// than the workers plus the queue's capacity; otherwise it is refused at
// once (429), never parked. Workers block on a condition variable.
//
// Rejected: an AsyncStream per worker (the workers are plain threads: GL
// contexts and CPU renders must not run on Swift's cooperative pool, whose
// few threads would starve the server's own tasks).
import Foundation

/// A render waiting for a worker.
struct RenderJob: Sendable {
  let ticket: RenderTicket
  /// Runs on the worker thread with that thread's renderers.
  let work: @Sendable (WorkerRenderers, RenderTicket) throws(ServeError) -> RenderedOutput
}

/// The bounded queue of render jobs.
final class JobQueue: @unchecked Sendable {
  // Unchecked: every stored var below is read and written only while
  // `condition` is locked.
  private let condition = NSCondition()
  private var jobs: [RenderJob] = []
  private var running = 0
  private var stopped = false
  private var held = false
  private let limit: Int

  /// Admits at most `workers + capacity` jobs at a time.
  init(workers: Int, capacity: Int) {
    limit = max(0, workers) + max(0, capacity)
  }

  /// Queues a job; false when the queue is full or stopped.
  func submit(_ job: RenderJob) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !stopped, running + jobs.count < limit else { return false }
    jobs.append(job)
    condition.signal()
    return true
  }

  /// The next job, waiting for one; nil once stopped and drained.
  func next() -> RenderJob? {
    condition.lock()
    defer { condition.unlock() }
    while (jobs.isEmpty || held) && !stopped { condition.wait() }
    guard !jobs.isEmpty else { return nil }
    running += 1
    return jobs.removeFirst()
  }

  /// A job taken by `next` is done.
  func finished() {
    condition.lock()
    running -= 1
    condition.unlock()
  }

  /// Whether a job submitted now would be refused (a hint: `submit` decides).
  var isFull: Bool {
    condition.lock()
    defer { condition.unlock() }
    return stopped || running + jobs.count >= limit
  }

  /// Jobs being rendered.
  var active: Int {
    condition.lock()
    defer { condition.unlock() }
    return running
  }

  /// Jobs waiting for a worker.
  var depth: Int {
    condition.lock()
    defer { condition.unlock() }
    return jobs.count
  }

  /// Workers hold off taking jobs while held (tests fill the queue with it).
  func setHeld(_ value: Bool) {
    condition.lock()
    held = value
    condition.broadcast()
    condition.unlock()
  }

  /// Wakes every worker to finish the queued jobs and exit.
  func stop() {
    condition.lock()
    stopped = true
    held = false
    condition.broadcast()
    condition.unlock()
  }
}
