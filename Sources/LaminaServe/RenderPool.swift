// RenderPool: a fixed set of worker threads, each with its own renderers
// (WorkerRenderers: GL contexts stay on their thread), fed by a bounded
// JobQueue. `render` admits a job or refuses it (429), waits for its
// result up to the deadline (504 after, the worker's renderers recycled
// when it finishes), and keeps a memory budget the renders reserve from.
//
// Rejected: rendering on Swift's cooperative thread pool (blocking CPU and
// GL work there starves the server's own tasks, and GL contexts must not
// hop between threads), and spawning a thread per request (unbounded).
import Foundation
import Hummingbird
import Synchronization

/// Worker threads with their renderers, a bounded queue and a memory budget.
final class RenderPool: Sendable {
  let queue: JobQueue
  private let memory: Mutex<Int>
  private let memoryBudget: Int
  private let metrics: ServeMetrics
  private let retryAfter: Int

  /// Starts `options.workers` threads.
  init(options: ServeOptions, metrics: ServeMetrics) {
    queue = JobQueue(workers: options.workers, capacity: options.queueCapacity)
    memory = Mutex(0)
    memoryBudget = options.memoryBudgetBytes
    self.metrics = metrics
    retryAfter = options.retryAfterSeconds
    for index in 0..<max(0, options.workers) {
      let queue = self.queue
      let thread = Thread {
        let renderers = WorkerRenderers(onFallback: { _ in metrics.glFallback() })
        while let job = queue.next() {
          Self.run(job, renderers, metrics)
          queue.finished()
          metrics.queueDepth(queue.depth)
        }
      }
      thread.name = "lamina-render-\(index)"
      // Deep layer trees recurse; the main thread's 8 MiB is what the CLI has.
      thread.stackSize = 16 << 20
      thread.start()
    }
  }

  /// Runs one job on the current (worker) thread.
  private static func run(_ job: RenderJob, _ renderers: WorkerRenderers, _ metrics: ServeMetrics) {
    guard !job.ticket.isAbandoned else { return }
    let result: Result<RenderedOutput, ServeError>
    do {
      result = .success(try job.work(renderers, job.ticket))
    } catch {
      result = .failure(error)
    }
    if !job.ticket.finish(result) {
      // The request gave up at its deadline while this renderer worked:
      // it is not reused.
      renderers.recycle()
      metrics.rendererRecycled()
    }
  }

  /// Throws the 429 `render` would, before a request does work a full
  /// queue would waste (a flood of template requests is refused at the
  /// cost of reading its query, not of patching and parsing a template).
  func admitOrRefuse() throws(ServeError) {
    guard queue.isFull else { return }
    metrics.refused("queue_full")
    throw Self.queueFull(retryAfter)
  }

  static func queueFull(_ retryAfter: Int) -> ServeError {
    ServeError(.tooManyRequests, "the render queue is full; retry later", retryAfter: retryAfter)
  }

  /// Renders on a worker, or throws: 429 when the queue is full, 504 past
  /// the deadline, the work's own refusal otherwise.
  func render(
    deadline: Duration,
    _ work: @escaping @Sendable (WorkerRenderers, RenderTicket) throws(ServeError) -> RenderedOutput
  ) async throws -> RenderedOutput {
    let retryAfter = self.retryAfter
    let metrics = self.metrics
    let queue = self.queue
    return try await withCheckedThrowingContinuation { continuation in
      let ticket = RenderTicket(continuation)
      guard queue.submit(RenderJob(ticket: ticket, work: work)) else {
        metrics.refused("queue_full")
        ticket.abandon(Self.queueFull(retryAfter))
        return
      }
      metrics.queueDepth(queue.depth)
      let (seconds, attoseconds) = deadline.components
      let nanoseconds = Int(max(0, min(Double(seconds) + Double(attoseconds) / 1e18, 86_400)) * 1e9)
      DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
        let error = ServeError(
          .gatewayTimeout, "the render did not finish within its deadline of \(deadline) and was abandoned")
        if ticket.abandon(error) { metrics.refused("deadline") }
      }
    }
  }

  /// Reserves `bytes` of the memory budget, or throws 503.
  func reserve(_ bytes: Int) throws(ServeError) {
    let budget = memoryBudget
    let ok = memory.withLock { used -> Bool in
      guard bytes <= budget - used else { return false }
      used += bytes
      return true
    }
    guard ok else {
      metrics.refused("memory")
      throw ServeError(
        .serviceUnavailable,
        "the render needs about \(bytes >> 20) MiB and the renders in flight leave less of the \(budget >> 20) MiB budget; retry later",
        retryAfter: retryAfter)
    }
  }

  /// Gives back what `reserve` took.
  func release(_ bytes: Int) {
    memory.withLock { $0 -= bytes }
  }

  /// Stops the workers once the queued jobs are done.
  func stop() { queue.stop() }
}
