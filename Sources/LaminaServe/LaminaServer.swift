// LaminaServer: `lamina serve`'s routes on Hummingbird: POST /render,
// GET /templates/NAME.png, GET /healthz and GET /metrics. Each request is
// measured (route, status, backend) and every refusal answers JSON
// (ServeError). Renders go through the RenderPool's workers; template
// responses carry an ETag, honour If-None-Match and are cached by it.
// `run` serves until SIGTERM or SIGINT (swift-service-lifecycle, through
// Hummingbird), then drains the requests in flight and stops the workers.
//
// The server keeps no state a second instance would need (the cache is
// only a cache), so instances run side by side behind a load balancer.
//
// Rejected: a middleware per concern (metrics, errors, limits); the four
// routes share one wrapper (`answer`), which is easier to follow.
import Foundation
import HTTPTypes
import Hummingbird
import Lamina
import Logging

/// A `lamina serve` instance: its options, pool, cache and metrics.
public final class LaminaServer: Sendable {
  /// The settings it was made with.
  public let options: ServeOptions
  let metrics = ServeMetrics()
  let pool: RenderPool
  let cache: ResponseCache
  let templates: TemplateStore?

  /// Connections the kernel may hold before the server accepts them (it
  /// caps this at net.core.somaxconn): a burst of thousands of connects
  /// waits in the queue instead of being dropped and retried seconds later.
  static let listenBacklog = 4096

  /// The header naming the backend that drew a response (`gl` or `cpu`).
  static let backendHeader = HTTPField.Name("X-Lamina-Backend") ?? .server

  /// Starts the worker threads; throws when the templates folder is not one.
  public init(options: ServeOptions) throws(ServeError) {
    self.options = options
    templates = try options.templatesDirectory.map { dir throws(ServeError) in
      try TemplateStore(directory: dir, maxBytes: options.maxBodyBytes)
    }
    pool = RenderPool(options: options, metrics: metrics)
    cache = ResponseCache(capacity: options.cacheBytes)
  }

  /// The routes.
  public func makeRouter() -> Router<BasicRequestContext> {
    let router = Router()
    router.get("healthz") { _, _ in
      await self.answer(route: "healthz") {
        let queue = self.pool.queue
        let body =
          "{\"status\": \"ok\", \"workers\": \(self.options.workers), \"running\": \(queue.active), \"queued\": \(queue.depth)}\n"
        return (Self.bytes(Array(body.utf8), type: "application/json"), "none")
      }
    }
    router.get("metrics") { _, _ in
      await self.answer(route: "metrics") {
        (Self.bytes(self.metrics.text(), type: "text/plain; version=0.0.4; charset=utf-8"), "none")
      }
    }
    router.post("render") { request, _ in
      await self.answer(route: "render") { try await self.render(request) }
    }
    router.get("templates/:name") { request, context in
      await self.answer(route: "templates") {
        try await self.template(request, name: context.parameters.get("name") ?? "")
      }
    }
    return router
  }

  /// The application serving the routes on `options.host:options.port`;
  /// `onRunning` hears the address once it listens.
  public func makeApplication(onRunning: @escaping @Sendable (String) -> Void = { _ in }) -> some ApplicationProtocol {
    var logger = Logger(label: "lamina-serve")
    logger.logLevel = .warning
    return Application(
      router: makeRouter(),
      server: .http1(configuration: .init(idleTimeout: .nanoseconds(Self.nanoseconds(options.idleTimeout)))),
      configuration: ApplicationConfiguration(
        address: .hostname(options.host, port: options.port), serverName: "lamina", backlog: Self.listenBacklog),
      onServerRunning: { channel in
        let address = channel.localAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
        onRunning(address)
      },
      logger: logger)
  }

  /// Serves until SIGTERM or SIGINT, drains the requests in flight, then stops the workers.
  public func run(onRunning: @escaping @Sendable (String) -> Void = { _ in }) async throws {
    defer { pool.stop() }
    try await makeApplication(onRunning: onRunning).runService()
  }

  /// Stops the worker threads (after the server stopped; `run` does it itself).
  public func stop() { pool.stop() }

  /// Workers hold off taking jobs while held (tests fill the queue with it).
  package func holdWorkers(_ held: Bool) { pool.queue.setHeld(held) }

  /// Renders waiting for a worker.
  package var queueDepth: Int { pool.queue.depth }

  /// Runs a route's body, answering any refusal as JSON, and measures it.
  private func answer(route: String, _ body: () async throws -> (Response, String)) async -> Response {
    let start = ContinuousClock.now
    var response: Response
    var backend = "none"
    do {
      (response, backend) = try await body()
    } catch let error as ServeError {
      response = error.response
    } catch {
      response = ServeError(.badRequest, "the request could not be read: \(error)").response
    }
    metrics.request(
      route: route, status: response.status.code, backend: backend, duration: ContinuousClock.now - start)
    return response
  }

  /// `duration` in whole nanoseconds, clamped to what Int64 holds.
  static func nanoseconds(_ duration: Duration) -> Int64 {
    let (s, atto) = duration.components
    guard s < Int64.max / 1_000_000_000 else { return .max }
    return s * 1_000_000_000 + atto / 1_000_000_000
  }

  static func bytes(_ bytes: [UInt8], type: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
    var fields = headers
    fields[.contentType] = type
    return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
  }
}
