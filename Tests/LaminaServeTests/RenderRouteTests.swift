// POST /render: scenes and Lottie documents drawn and encoded as asked,
// and every way a request is refused (bad parameters, documents that
// name files, bodies too large, nesting too deep, canvases and sequences
// too large), each answered as a JSON error with its path where there is one.
import Foundation
import Hummingbird
import HummingbirdTesting
import Lamina
import LaminaTestSupport
import Testing

@testable import LaminaServe

@Suite struct RenderRouteTests {
  /// A red square on a blue canvas: the PNG has the canvas's size at the
  /// requested scale, and exact colours (no antialiasing on whole pixels).
  @Test func rendersSceneAsPNG() async throws {
    let scene = sceneJSON(extra: ", \"background\": \"#0000FF\"", layers: [solid("#FF0000", frame: [0, 0, 10, 10])])
    try await withServer { _, client in
      let r = try await client.post("/render?scale=2", scene)
      #expect(r.head.status == .ok, "\(r.text)")
      #expect(r.headers[.contentType] == "image/png")
      #expect(r.headers[LaminaServer.backendHeader] == "cpu")
      let image = try r.png()
      #expect(image.width == 80 && image.height == 60)
      #expect(image.rgba(5, 5) == [255, 0, 0, 255])
      #expect(image.rgba(70, 50) == [0, 0, 255, 255])
    }
  }

  /// `time` reaches the animation: at t = 1 the layer has moved right.
  @Test func timeMovesAnimation() async throws {
    let layer = solid(
      "#FF0000", frame: [0, 0, 10, 10],
      more: ", \"animations\": [{\"type\": \"basic\", \"keyPath\": \"position.x\", \"fromValue\": 5, \"toValue\": 35, \"duration\": 1, \"fillMode\": \"forwards\"}]")
    let scene = sceneJSON(layers: [layer])
    try await withServer { _, client in
      let start = try await client.post("/render?time=0", scene).png()
      let end = try await client.post("/render?time=1", scene).png()
      #expect(start.rgba(2, 2) == [255, 0, 0, 255])
      #expect(end.rgba(2, 2)[3] == 0)
      #expect(end.rgba(35, 2) == [255, 0, 0, 255])
    }
  }

  /// An animated PNG and a GIF of a 3-frame sequence; their content types and signatures.
  @Test(arguments: [("apng", "image/apng", [0x89, 0x50, 0x4E, 0x47] as [UInt8]), ("gif", "image/gif", Array("GIF8".utf8))])
  func rendersSequences(format: String, type: String, signature: [UInt8]) async throws {
    let scene = sceneJSON(extra: ", \"duration\": 0.3, \"frameRate\": 10", layers: [solid("#00FF00", frame: [0, 0, 20, 20])])
    try await withServer { _, client in
      let r = try await client.post("/render?format=\(format)", scene)
      #expect(r.head.status == .ok, "\(r.text)")
      #expect(r.headers[.contentType] == type)
      #expect(r.bytes.starts(with: signature))
      if format == "apng" { #expect(r.text.contains("acTL")) }
    }
  }

  /// A Lottie document (a solid layer) is recognised and drawn at `progress`.
  @Test func rendersLottie() async throws {
    let lottie = """
      {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 20, "h": 10, "layers": [
       {"ty": 1, "ind": 1, "ip": 0, "op": 30, "st": 0, "sw": 20, "sh": 10, "sc": "#00ff00",
        "ks": {"o": {"a": 0, "k": 100}, "p": {"a": 0, "k": [10, 5]}, "a": {"a": 0, "k": [10, 5]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}}}]}
      """
    try await withServer { _, client in
      let r = try await client.post("/render?progress=0.5&scale=2", lottie)
      #expect(r.head.status == .ok, "\(r.text)")
      let image = try r.png()
      #expect(image.width == 40 && image.height == 20)
      #expect(image.rgba(20, 10) == [0, 255, 0, 255])
      // The whole animation (30 frames at 30 fps) as an animated PNG.
      let apng = try await client.post("/render?format=apng", lottie)
      #expect(apng.head.status == .ok, "\(apng.text)")
      #expect(apng.headers[.contentType] == "image/apng")
      #expect(apng.text.contains("acTL"))
    }
  }

  /// An image inline as a data URI is drawn; a posted document may not name files.
  @Test func dataURIContents() async throws {
    let uri = try dataURI(width: 4, height: 4, rgba: [0, 0, 255, 255])
    let scene = sceneJSON(layers: [solid("#00000000", frame: [0, 0, 40, 30], more: ", \"contents\": \"\(uri)\"")])
    try await withServer { _, client in
      let image = try await client.post("/render", scene).png()
      #expect(image.rgba(20, 15) == [0, 0, 255, 255])
    }
  }

  /// `/etc/passwd` and `../../secret.png` in a posted scene's contents, and
  /// a font by path, are refused with the value's JSON path.
  @Test(arguments: [
    ("{\"frame\": [0, 0, 4, 4], \"contents\": \"/etc/passwd\"}", "$.layers[0].contents"),
    ("{\"frame\": [0, 0, 4, 4], \"contents\": \"../../secret.png\"}", "$.layers[0].contents"),
    ("{\"frame\": [0, 0, 4, 4], \"sublayers\": [{\"animations\": [{\"type\": \"basic\", \"keyPath\": \"contents\", \"toValue\": \"/etc/passwd\", \"duration\": 1}]}]}",
     "$.layers[0].sublayers[0].animations[0].toValue"),
    ("{\"type\": \"textLayer\", \"frame\": [0, 0, 4, 4], \"string\": \"x\", \"font\": \"/etc/passwd\"}", "$.layers[0].font"),
  ])
  func postedDocumentsReadNoFiles(layer: String, path: String) async throws {
    try await withServer { _, client in
      let r = try await client.post("/render", sceneJSON(layers: [layer]))
      #expect(r.head.status == .badRequest)
      #expect(r.headers[.contentType] == "application/json")
      #expect(r.path == path, "\(r.text)")
      #expect(r.error?.contains("not allowed") == true, "\(r.text)")
    }
  }

  /// A posted `.lottie` that would inflate past the server's archive bound
  /// (the library's is higher) is refused before it inflates.
  @Test func archiveBoundIsTheServers() async throws {
    try await withServer({ $0.maxArchiveBytes = 1 << 20 }) { _, client in
      let r = try await client.execute(
        uri: "/render", method: .post, body: ByteBuffer(bytes: zipDeclaring(size: 2 << 20)))
      #expect(r.head.status == .badRequest)
      #expect(r.error?.contains("at most 1048576") == true, "\(r.text)")
    }
  }

  /// A Lottie image asset naming a file is refused with its path; an embedded one is drawn.
  @Test func lottieFileAssetsRefused() async throws {
    @Sendable func doc(_ p: String) -> String {
      """
      {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 4, "h": 4,
       "assets": [{"id": "img", "w": 4, "h": 4, "u": "", "p": "\(p)", "e": \(p.hasPrefix("data:") ? 1 : 0)}],
       "layers": [{"ty": 2, "ind": 1, "refId": "img", "ip": 0, "op": 30, "st": 0,
        "ks": {"o": {"a": 0, "k": 100}, "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}}}]}
      """
    }
    let uri = try dataURI(width: 4, height: 4, rgba: [255, 0, 0, 255])
    try await withServer { _, client in
      let refused = try await client.post("/render", doc("/etc/passwd"))
      #expect(refused.head.status == .badRequest)
      #expect(refused.path == "$.assets[0]", "\(refused.text)")
      let embedded = try await client.post("/render", doc(uri))
      #expect(embedded.head.status == .ok, "\(embedded.text)")
      #expect(try embedded.png().rgba(2, 2) == [255, 0, 0, 255])
    }
  }

  /// Errors of the document come back with the path of the offending value.
  @Test func sceneErrorsCarryPaths() async throws {
    try await withServer { _, client in
      let r = try await client.post("/render", sceneJSON(layers: ["{\"frame\": [0, 0, 4, 4], \"opacity\": 2}"]))
      #expect(r.head.status == .badRequest)
      #expect(r.path == "$.layers[0].opacity")
      let syntax = try await client.post("/render", "{\"canvas\": ")
      #expect(syntax.head.status == .badRequest)
      #expect(syntax.error != nil)
    }
  }

  /// JSON nested deeper than the parser's 256 levels is refused, not recursed into.
  @Test func deepJSONRefused() async throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    try await withServer({ $0.maxBodyBytes = 1 << 20 }) { _, client in
      let r = try await client.post("/render", "{\"canvas\": {\"width\": 4, \"height\": 4}, \"layers\": \(deep)}")
      #expect(r.head.status == .badRequest)
      #expect(r.error?.contains("nested deeper") == true, "\(r.text)")
    }
  }

  /// Bodies over the limit: refused from Content-Length before reading, and while streaming without one.
  @Test func bodyTooLarge() async throws {
    let scene = sceneJSON(layers: [solid("#FF0000", frame: [0, 0, 10, 10])])
    try await withServer({ $0.maxBodyBytes = 64 }) { _, client in
      let declared = try await client.post("/render", scene, headers: [.contentLength: String(scene.utf8.count)])
      #expect(declared.head.status == .contentTooLarge)
      #expect(declared.error?.contains("64 bytes") == true)
      let streamed = try await client.post("/render", scene)
      #expect(streamed.head.status == .contentTooLarge)
      let empty = try await client.post("/render", "")
      #expect(empty.head.status == .badRequest)
    }
  }

  /// Query parameters: unknown, repeated, not finite, out of range, not one of the names.
  @Test(arguments: [
    "format=exe", "time=nan", "time=inf", "scale=0", "scale=1e999", "backend=metal", "colour=red", "time=1&time=2",
    "time=1&progress=0.5", "progress=0.5",
  ])
  func badParameters(query: String) async throws {
    let scene = sceneJSON(layers: [solid("#FF0000", frame: [0, 0, 10, 10])])
    try await withServer { _, client in
      let r = try await client.post("/render?\(query)", scene)
      #expect(r.head.status == .badRequest, "\(query): \(r.text)")
      #expect(r.error != nil)
    }
  }

  /// A canvas of more pixels than allowed, and a sequence of more frames, are refused with paths.
  @Test func canvasAndFrameLimits() async throws {
    try await withServer({
      $0.maxCanvasPixels = 100 * 100
      $0.maxFrames = 5
    }) { _, client in
      let big = try await client.post("/render", sceneJSON(width: 200, height: 200, layers: []))
      #expect(big.head.status == .badRequest)
      #expect(big.path?.hasPrefix("$.canvas") == true, "\(big.text)")
      let scaled = try await client.post("/render?scale=4", sceneJSON(width: 50, height: 50, layers: []))
      #expect(scaled.head.status == .badRequest)
      #expect(scaled.path == "$.canvas")
      // A side beyond 16384 pixels whose other side rounds to nothing: still refused.
      let thin = try await client.post(
        "/render?format=apng&scale=8", "{\"canvas\": {\"width\": 1e22, \"height\": 0.05, \"scale\": 1e-18, \"duration\": 0.1}, \"layers\": []}")
      #expect(thin.head.status == .badRequest)
      #expect(thin.path == "$.canvas", "\(thin.text)")
      let long = try await client.post(
        "/render?format=apng", sceneJSON(extra: ", \"duration\": 1, \"frameRate\": 30", layers: []))
      #expect(long.head.status == .badRequest)
      #expect(long.path == "$.canvas.duration")
      #expect(long.error?.contains("30 frames") == true, "\(long.text)")
    }
  }
}
