// WorkerRenderers: the renderers of one worker thread, made on that thread
// when first asked for and used only there, so each GL context stays on
// the thread that created it (LaminaGL's contexts are current on one
// thread at a time). `recycle` drops them after a render outlived its
// deadline: the next request gets fresh ones.
//
// Rejected: one shared renderer behind a lock (renders would serialize),
// and a renderer per request (a GL context costs milliseconds to create).
import Lamina
import Hummingbird
import LaminaBackends

/// The renderers one worker thread holds, by backend.
final class WorkerRenderers {
  private var made: [Backend: BackendRenderer] = [:]
  private let onFallback: @Sendable (String) -> Void

  /// `onFallback` hears each time GL could not start or failed a render and the CPU drew instead.
  init(onFallback: @escaping @Sendable (String) -> Void) {
    self.onFallback = onFallback
  }

  /// The renderer of `backend`, made on first use.
  func renderer(_ backend: Backend) throws(ServeError) -> BackendRenderer {
    if let r = made[backend] { return r }
    do {
      let r = try backend.makeRenderer(warn: onFallback)
      made[backend] = r
      return r
    } catch {
      throw ServeError(.serviceUnavailable, "the \(backend.rawValue) renderer cannot start: \(error)")
    }
  }

  /// Drops every renderer (after a render outlived its deadline).
  func recycle() { made = [:] }
}
