// ServeRoutes: the two routes that render. POST /render reads the body
// within the size limit (refused early from Content-Length, and again
// while it streams), checks the query, and hands the bytes to a worker.
// GET /templates/NAME.png reads the template, sets the request's values in
// its JSON (TemplatePatch), answers 304 or from the cache when the ETag
// allows, and renders otherwise.
//
// Rejected: Hummingbird's `collect(upTo:)` for the body (its refusal is
// not this server's JSON error, and it cannot say the limit it applied).
import Foundation
import Hummingbird
import Lamina

extension LaminaServer {
  /// The parameters `/render` takes.
  static let renderParameters: Set<String> = ["format", "time", "progress", "frame", "scale", "backend"]
  /// The parameters `/templates` takes besides `LAYER.property` values.
  static let templateParameters: Set<String> = ["time", "scale", "backend"]

  /// POST /render.
  func render(_ request: Request) async throws -> (Response, String) {
    let query = try RenderQuery(RenderQuery.pairs(request.uri.query), options: options, allowed: Self.renderParameters)
    let body = try await Self.readBody(request, limit: options.maxBodyBytes, timeout: options.bodyTimeout)
    guard !body.isEmpty else {
      throw ServeError(.badRequest, "post a scene (JSON) or a Lottie document in the body")
    }
    let options = self.options, pool = self.pool
    let output = try await pool.render(deadline: options.renderDeadline) { renderers, ticket throws(ServeError) in
      let ctx = WorkContext(renderers: renderers, ticket: ticket, pool: pool, options: options)
      return try DocumentRender.posted(body, query, ctx)
    }
    return (Self.bytes(output.bytes, type: output.contentType, headers: [Self.backendHeader: output.backend]), output.backend)
  }

  /// GET /templates/NAME.png.
  func template(_ request: Request, name: String) async throws -> (Response, String) {
    guard let templates else {
      throw ServeError(.notFound, "this server has no templates (start it with --templates DIR)")
    }
    let pairs = RenderQuery.pairs(request.uri.query)
    var values: [(key: String, value: String)] = []
    let query = try RenderQuery(pairs, options: options, allowed: Self.templateParameters) { key, value in
      values.append((key, value))
    }
    let (stem, bytes) = try templates.read(name)
    // The tag, the cache and admission first: a 304, a cached card or a
    // 429 costs no parsing (an invalid value still gets its 400 when the
    // request is rendered; a cached answer was valid when it was made).
    let tag = ETag.of(template: stem, bytes: bytes, pairs: pairs)
    if ETag.matches(request.headers[.ifNoneMatch], tag) {
      return (Response(status: .notModified, headers: [.eTag: tag]), "none")
    }
    if let cached = cache.get(tag) {
      metrics.cache(hit: true)
      // Labelled `cache`: no renderer drew it, and its latency is not a render's.
      return (Self.templateResponse(cached, tag: tag), "cache")
    }
    metrics.cache(hit: false)
    try pool.admitOrRefuse()
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw ServeError(.internalServerError, "the template '\(stem)' is not valid JSON: \(error)")
    }
    let patched = try TemplatePatch.apply(values, to: document)
    let options = self.options, pool = self.pool, folder = templates.folder
    let output = try await pool.render(deadline: options.renderDeadline) { renderers, ticket throws(ServeError) in
      let ctx = WorkContext(renderers: renderers, ticket: ticket, pool: pool, options: options)
      return try DocumentRender.template(patched, folder: folder, query, ctx)
    }
    cache.put(tag, output)
    return (Self.templateResponse(output, tag: tag), output.backend)
  }

  static func templateResponse(_ output: RenderedOutput, tag: String) -> Response {
    bytes(output.bytes, type: output.contentType, headers: [.eTag: tag, backendHeader: output.backend])
  }

  /// The body, at most `limit` bytes within `timeout`: refused from its
  /// Content-Length before reading, and while it streams when it has none
  /// or lied; a body still arriving at the timeout is refused (408). A
  /// client that stops sending altogether is closed by the idle timeout.
  static func readBody(_ request: Request, limit: Int, timeout: Duration) async throws -> [UInt8] {
    let tooLarge = ServeError(.contentTooLarge, "the body exceeds the limit of \(limit) bytes")
    if let length = request.headers[.contentLength], let n = Int(length), n > limit { throw tooLarge }
    let deadline = ContinuousClock.now + timeout
    var out: [UInt8] = []
    for try await buffer in request.body {
      guard buffer.readableBytes <= limit - out.count else { throw tooLarge }
      guard ContinuousClock.now < deadline else {
        throw ServeError(.requestTimeout, "the body did not arrive within \(timeout); send it at once")
      }
      out += buffer.readableBytesView
    }
    return out
  }
}
