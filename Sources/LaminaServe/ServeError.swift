// ServeError: every refusal of `lamina serve`, answered as JSON
// `{"error": "...", "path": "$.layers[0].contents"}`, the path present
// where the problem has a place in a document (SceneErrors and Lottie
// errors carry one) and `parameter` where it is a query parameter.
//
// Rejected: Hummingbird's HTTPError (its body is a bare message; clients
// here need the JSON path to point at the offending value).
import Foundation
import Hummingbird
import Lamina

/// A request refused, with its status and where the problem is.
public struct ServeError: Error, Sendable, Equatable {
  /// The HTTP status answered.
  public var status: HTTPResponse.Status
  /// What is wrong, in words.
  public var message: String
  /// The JSON path of the offending value (`$.layers[0].opacity`), if any.
  public var path: String?
  /// The query parameter at fault, if any.
  public var parameter: String?
  /// Seconds to wait before retrying (429, 503).
  public var retryAfter: Int?

  /// Creates a refusal.
  public init(
    _ status: HTTPResponse.Status, _ message: String, path: String? = nil, parameter: String? = nil,
    retryAfter: Int? = nil
  ) {
    self.status = status
    self.message = message
    self.path = path
    self.parameter = parameter
    self.retryAfter = retryAfter
  }

  /// A scene-format path (`layers[0].opacity`) as a JSON path (`$.layers[0].opacity`).
  static func jsonPath(_ scenePath: String) -> String {
    if scenePath.isEmpty { return "$" }
    return scenePath.hasPrefix("[") ? "$" + scenePath : "$." + scenePath
  }

  /// The JSON body.
  var body: [UInt8] {
    var fields = [("error", message)]
    if let path { fields.append(("path", path)) }
    if let parameter { fields.append(("parameter", parameter)) }
    return Array(("{" + fields.map { "\(JSONWriter.quoted($0)): \(JSONWriter.quoted($1))" }.joined(separator: ", ") + "}\n").utf8)
  }

  /// The response: the JSON body, `Retry-After` when set.
  var response: Response {
    var headers: HTTPFields = [.contentType: "application/json"]
    if let retryAfter { headers[.retryAfter] = String(retryAfter) }
    return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
  }
}
