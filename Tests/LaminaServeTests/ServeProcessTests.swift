// `lamina serve` as a process, for what needs its own environment or
// signals: GL faults injected with LAMINA_GL_FAULT (read once per process,
// so the in-process tests cannot set it without injecting into every GL
// test of the run) fall back to the CPU and are counted; SIGTERM drains a
// render in flight before the process exits 0.
//
// Rejected: an injectable fault in LaminaServe (the point is that the
// real GL failure path, the one LAMINA_GL_FAULT drives, reaches the CPU).
import Foundation
import Lamina
import LaminaTestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A running `lamina serve --port 0` and the address it printed.
final class ServeProcess {
  let process = Process()
  let base: String

  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    process.executableURL = URL(fileURLWithPath: LaminaTool.path)
    process.arguments = ["serve", "--port", "0"] + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    // The first line: "lamina serve: listening on http://127.0.0.1:PORT (…)".
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = out.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      line.append(chunk)
    }
    let text = String(decoding: line, as: UTF8.self)
    guard let start = text.range(of: "http://"), let end = text[start.lowerBound...].firstIndex(of: " ") else {
      process.terminate()
      throw ServeProcessError(message: "no address in \(text)")
    }
    base = String(text[start.lowerBound..<end])
  }

  struct ServeProcessError: Error { var message: String }

  /// Sends a request; returns the status, headers and body.
  func request(_ path: String, body: String? = nil) async throws -> (status: Int, headers: [String: String], body: Data) {
    try await Self.request(base, path, body: body)
  }

  /// Sends a request to the server at `base`.
  static func request(_ base: String, _ path: String, body: String? = nil) async throws
    -> (status: Int, headers: [String: String], body: Data)
  {
    guard let url = URL(string: base + path) else { throw ServeProcessError(message: "bad URL \(path)") }
    var request = URLRequest(url: url)
    if let body {
      request.httpMethod = "POST"
      request.httpBody = Data(body.utf8)
    }
    request.timeoutInterval = 60
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = response as? HTTPURLResponse
    var headers: [String: String] = [:]
    for (key, value) in http?.allHeaderFields ?? [:] {
      if let k = key as? String, let v = value as? String { headers[k] = v }
    }
    return (http?.statusCode ?? 0, headers, data)
  }

  /// SIGTERM, then the exit status.
  func stop() -> Int32 {
    process.terminate()
    process.waitUntilExit()
    return process.terminationStatus
  }
}

@Suite(.enabled(if: LaminaTool.isBuilt, "needs the lamina tool (swift build)"), .serialized)
struct ServeProcessTests {
  let red = sceneJSON(layers: [solid("#FF0000", frame: [0, 0, 10, 10])])

  /// With every GL shader failing, `auto` draws on the CPU, says so in
  /// X-Lamina-Backend, and counts the fallback in /metrics.
  @Test func glFaultFallsBackToCPU() async throws {
    let server = try ServeProcess(["--backend", "auto", "--workers", "1"], environment: ["LAMINA_GL_FAULT": "shader"])
    defer { _ = server.stop() }
    let r = try await server.request("/render", body: red)
    #expect(r.status == 200, "\(String(decoding: r.body, as: UTF8.self))")
    #expect(r.headers["X-Lamina-Backend"] == "cpu")
    let image = try StraightImage(pngData: [UInt8](r.body))
    #expect(image.rgba(5, 5) == [255, 0, 0, 255])
    let metrics = String(decoding: try await server.request("/metrics").body, as: UTF8.self)
    let line = metrics.split(separator: "\n").first { $0.hasPrefix("lamina_gl_fallbacks_total ") }
    let count = line.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
    #expect(count >= 1, "\(metrics)")
  }

  /// SIGTERM while a render is in flight: the render is answered, then the process exits 0.
  @Test func sigtermDrainsInFlight() async throws {
    // About a second on the CPU in a debug build (see PoolLimitTests).
    let slow = sceneJSON(
      width: 500, height: 500, extra: ", \"scale\": 2",
      layers: (0..<3).map { i in
        solid("#3366FF", frame: [20 + i * 20, 20 + i * 20, 400, 400], more: ", \"shadowOpacity\": 1, \"shadowRadius\": 60")
      })
    let server = try ServeProcess(["--backend", "cpu", "--workers", "1"])
    let base = server.base
    let inFlight = Task { try await ServeProcess.request(base, "/render", body: slow) }
    try await Task.sleep(for: .milliseconds(300))
    server.process.terminate()
    let r = try await inFlight.value
    #expect(r.status == 200)
    #expect(try StraightImage(pngData: [UInt8](r.body)).width == 1000)
    server.process.waitUntilExit()
    #expect(server.process.terminationStatus == 0)
  }
}
