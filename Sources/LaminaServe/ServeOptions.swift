// ServeOptions: everything `lamina serve` can be told, with the defaults a
// single machine wants: loopback only, one worker per core, a short queue,
// and limits on what one request may cost (body, canvas, frames, time,
// memory). Tests shrink them to fill the pool and queue deterministically.
//
// Rejected: reading the limits from the environment (one more place to
// look; the command line and this struct say everything).
import Foundation
import LaminaBackends

/// The settings of a `lamina serve` instance.
public struct ServeOptions: Sendable {
  /// The address to bind: loopback unless told otherwise.
  public var host = "127.0.0.1"
  /// The TCP port; 0 picks a free one (printed when the server starts).
  public var port = 8080
  /// The folder of scene templates served at `/templates/NAME.png`; `nil` serves none.
  public var templatesDirectory: String?
  /// The default backend; `cpu` never starts GL (a request asking for GL is refused).
  public var backend: Backend = .auto
  /// Renderer threads (each holds its own GL context and CPU renderer).
  public var workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
  /// Requests that may wait for a worker; more are answered 429.
  public var queueCapacity = 32
  /// The largest request body (a posted scene or Lottie document).
  public var maxBodyBytes = 8 << 20
  /// The bytes a posted `.lottie` archive may inflate to; each archive
  /// request holds this much of the memory budget while it loads and draws.
  public var maxArchiveBytes = 64 << 20
  /// A body still arriving after this long is refused (408): a client
  /// trickling bytes holds its connection, never a renderer, and not for long.
  public var bodyTimeout: Duration = .seconds(30)
  /// A connection that sends nothing for this long is closed: half-sent
  /// headers, a stalled body, an idle keep-alive.
  public var idleTimeout: Duration = .seconds(30)
  /// The most pixels of one canvas (width × height at the request's scale).
  public var maxCanvasPixels = 4096 * 4096
  /// The most frames of one animated response.
  public var maxFrames = 600
  /// A render still running after this long is abandoned (504) and its
  /// renderer replaced.
  public var renderDeadline: Duration = .seconds(20)
  /// The most bytes the renders in flight may hold together (estimated
  /// from their canvases and frames); a render that would exceed it is 503.
  public var memoryBudgetBytes = 2 << 30
  /// The bytes of rendered templates kept for identical requests.
  public var cacheBytes = 64 << 20
  /// The largest pixels-per-point a request may ask for.
  public var maxScale = 8.0
  /// Seconds a refused client is told to wait (`Retry-After`).
  public var retryAfterSeconds = 1

  /// The defaults.
  public init() {}
}
