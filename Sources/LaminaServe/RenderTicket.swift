// RenderTicket: one request's claim on a render. The request awaits it; a
// worker finishes it, or the deadline abandons it first (504), whichever
// comes first resumes the request exactly once. A worker that finds its
// ticket abandoned after rendering knows its renderer outlived a deadline
// and replaces it; one that finds it abandoned before starting skips it.
//
// Rejected: Task cancellation (a render is synchronous CPU or GL work on a
// thread of its own; it cannot be interrupted, only left behind).
import Synchronization

/// What a render answers: the bytes, their content type and who drew them.
public struct RenderedOutput: Sendable {
  /// The encoded image or video.
  public var bytes: [UInt8]
  /// `image/png`, `video/mp4`, …
  public var contentType: String
  /// `gl` or `cpu`: the backend that drew the last frame.
  public var backend: String
}

/// One request's render: resumed once, by the worker or by the deadline.
final class RenderTicket: Sendable {
  private struct State {
    var continuation: CheckedContinuation<RenderedOutput, any Error>?
    var abandoned = false
  }
  private let state: Mutex<State>

  init(_ continuation: CheckedContinuation<RenderedOutput, any Error>) {
    state = Mutex(State(continuation: continuation))
  }

  /// Whether the request stopped waiting (its deadline passed or it was refused).
  var isAbandoned: Bool { state.withLock { $0.abandoned } }

  /// Hands the result to the request; false when it had stopped waiting.
  @discardableResult
  func finish(_ result: Result<RenderedOutput, ServeError>) -> Bool {
    let waiting = state.withLock { s -> CheckedContinuation<RenderedOutput, any Error>? in
      defer { s.continuation = nil }
      return s.abandoned ? nil : s.continuation
    }
    guard let waiting else { return false }
    waiting.resume(with: result.mapError { $0 as any Error })
    return true
  }

  /// Answers the request with `error` and marks the ticket abandoned;
  /// false when the render had already answered.
  @discardableResult
  func abandon(_ error: ServeError) -> Bool {
    let waiting = state.withLock { s -> CheckedContinuation<RenderedOutput, any Error>? in
      guard let c = s.continuation else { return nil }
      s.continuation = nil
      s.abandoned = true
      return c
    }
    guard let waiting else { return false }
    waiting.resume(throwing: error)
    return true
  }
}
