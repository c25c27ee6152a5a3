// Helpers for the LaminaServe tests: a server with small, test-sized
// options (CPU backend unless a test asks for GL: fast and the same on
// every machine), Hummingbird's in-process test client, scenes built as
// JSON text, a temporary templates folder, and PNG decoding.
//
// Rejected: a live server on a socket for every test (slower, and ports
// can collide); only the GL-fault and shutdown tests, which need their own
// process environment, start `lamina serve` (ServeProcessTests.swift).
import Foundation
import Hummingbird
import HummingbirdTesting
import Lamina
import Testing

@testable import LaminaServe

/// A server made with `configure`'s changes to small test options, run
/// in-process for `body`, its workers stopped afterwards.
func withServer<T>(
  _ configure: (inout ServeOptions) -> Void = { _ in },
  _ body: @Sendable (LaminaServer, any TestClientProtocol) async throws -> T
) async throws -> T {
  var options = ServeOptions()
  options.backend = .cpu
  options.workers = 2
  options.queueCapacity = 4
  options.renderDeadline = .seconds(30)
  configure(&options)
  let server = try LaminaServer(options: options)
  defer { server.stop() }
  return try await server.makeApplication().test(.router) { client in try await body(server, client) }
}

/// A scene document: a canvas of `width`×`height` and the layers' JSON.
func sceneJSON(width: Int = 40, height: Int = 30, extra: String = "", layers: [String]) -> String {
  """
  {"format": "lamina-scene", "version": 2,
   "canvas": {"width": \(width), "height": \(height)\(extra)},
   "layers": [\(layers.joined(separator: ", "))]}
  """
}

/// A solid layer.
func solid(_ color: String, frame: [Int], more: String = "") -> String {
  "{\"frame\": [\(frame.map(String.init).joined(separator: ", "))], \"backgroundColor\": \"\(color)\"\(more)}"
}

extension TestClientProtocol {
  /// POSTs `body` to `uri`.
  func post(_ uri: String, _ body: String, headers: HTTPFields = [:]) async throws -> TestResponse {
    try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
  }

  /// GETs `uri`.
  func get(_ uri: String, headers: HTTPFields = [:]) async throws -> TestResponse {
    try await execute(uri: uri, method: .get, headers: headers)
  }
}

extension TestResponse {
  /// The body's bytes.
  var bytes: [UInt8] { Array(body.readableBytesView) }
  /// The body as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }
  /// The body decoded as a JSON object (nil when it is not one).
  var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] }
  /// The JSON error's message.
  var error: String? { json?["error"] as? String }
  /// The JSON error's path.
  var path: String? { json?["path"] as? String }
  /// The body decoded as a PNG (throws when it is not one).
  func png() throws -> StraightImage { try StraightImage(pngData: bytes) }
}

extension StraightImage {
  /// The RGBA of pixel (x, y).
  func rgba(_ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * width + x) * 4
    return Array(pixels[i..<i + 4])
  }
}

/// A fresh temporary folder, removed by the caller.
func temporaryFolder(_ name: String) throws -> String {
  let path = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-serve-tests-\(name)-\(UUID().uuidString)").path
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// A templates folder holding `card.json` (a red badge on a white card and
/// a title text layer), and beside it, outside it, `secret.png`.
func templatesFolder() throws -> (root: String, templates: String) {
  let root = try temporaryFolder("templates")
  let templates = root + "/templates"
  try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
  let card = sceneJSON(
    width: 60, height: 40, extra: ", \"background\": \"#FFFFFF\"",
    layers: [
      solid("#FF0000", frame: [0, 0, 20, 20], more: ", \"name\": \"badge\""),
      "{\"name\": \"title\", \"type\": \"textLayer\", \"frame\": [20, 20, 40, 20], \"string\": \"Hi\", \"fontSize\": 12}",
    ])
  try card.write(toFile: templates + "/card.json", atomically: true, encoding: .utf8)
  let red = try StraightImage(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)).pngData()
  try Data(red).write(to: URL(fileURLWithPath: root + "/secret.png"))
  try Data(red).write(to: URL(fileURLWithPath: templates + "/logo.png"))
  return (root, templates)
}

/// A PNG data URI of a `width`×`height` image of one colour.
func dataURI(width: Int, height: Int, rgba: [UInt8]) throws -> String {
  let pixels = (0..<(width * height)).flatMap { _ in rgba }
  let png = try StraightImage(width: width, height: height, pixels: pixels).pngData()
  return "data:image/png;base64," + Data(png).base64EncodedString()
}
