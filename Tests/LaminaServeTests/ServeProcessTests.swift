// `lamina serve` as a process, for what needs its own environment or
// signals or sockets: GL faults injected with LAMINA_GL_FAULT (read once
// per process, so the in-process tests cannot set it without injecting into
// every GL test of the run) fall back to the CPU and are counted; SIGTERM
// drains a render in flight before the process exits 0, and a client
// knocking meanwhile is refused or answered, never left hanging; slow
// clients (half-sent headers, a trickled body) and a thousand idle
// connections cost their own connections and nothing else.
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
  /// X-Lamina-Backend, and counts the fallback in /metrics (`LAMINA_AUTO=gl`:
  /// on a software rasterizer `auto` would not try GL at all).
  @Test func glFaultFallsBackToCPU() async throws {
    let server = try ServeProcess(
      ["--backend", "auto", "--workers", "1"], environment: ["LAMINA_GL_FAULT": "shader", "LAMINA_AUTO": "gl"])
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
    try await Task.sleep(for: .milliseconds(100))
    // While it drains: a new client is refused at connect, or answered.
    do {
      let late = try RawConnection(port: RawConnection.port(of: base))
      late.send("GET /healthz HTTP/1.1\r\nHost: lamina\r\nConnection: close\r\n\r\n")
      let answer = late.readAll(timeout: .seconds(20))
      #expect(answer.closed, "a request during shutdown hung: \(answer.text)")
    } catch let failure as RawConnection.Failure {
      #expect(failure.errno == ECONNREFUSED, "connect failed with errno \(failure.errno)")
    }
    let r = try await inFlight.value
    #expect(r.status == 200)
    #expect(try StraightImage(pngData: [UInt8](r.body)).width == 1000)
    server.process.waitUntilExit()
    #expect(server.process.terminationStatus == 0)
  }

  /// Half-sent headers hold only their own connection, which the idle
  /// timeout closes; a request on another connection is answered meanwhile.
  @Test func slowHeadersAreClosed() async throws {
    let server = try ServeProcess(["--backend", "cpu", "--workers", "1", "--idle-timeout", "1"])
    defer { _ = server.stop() }
    let port = RawConnection.port(of: server.base)
    let slow = try (0..<20).map { _ in try RawConnection(port: port) }
    for c in slow { c.send("GET /healthz HTTP/1.1\r\nHost: lamina\r\n") }
    let r = try await server.request("/render", body: red)
    #expect(r.status == 200)
    for c in slow {
      let answer = c.readAll(timeout: .seconds(20))
      #expect(answer.closed && answer.text.isEmpty, "a half-sent request was answered or kept: \(answer)")
    }
  }

  /// A body trickled a byte at a time is refused (408) once it has taken
  /// longer than --body-timeout, with the JSON error.
  @Test func trickledBodyIs408() async throws {
    let server = try ServeProcess(["--backend", "cpu", "--workers", "1", "--body-timeout", "1", "--idle-timeout", "5"])
    defer { _ = server.stop() }
    let c = try RawConnection(port: RawConnection.port(of: server.base))
    c.send("POST /render HTTP/1.1\r\nHost: lamina\r\nContent-Length: 100\r\n\r\n")
    var answer = ""
    for _ in 0..<40 where !answer.contains("\r\n\r\n") {
      guard c.send(" ") else { break }
      answer += c.readAll(timeout: .milliseconds(100)) { $0.contains("}") }.text
    }
    if !answer.contains("}") { answer += c.readAll(timeout: .seconds(5)) { $0.contains("}") }.text }
    #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
    #expect(answer.contains("did not arrive within"), "\(answer)")
  }

  /// A thousand connections that say nothing: a render is still answered,
  /// and they are all still accepted (none refused, none reset).
  @Test func thousandIdleConnections() async throws {
    raiseOpenFileLimit(to: 4096)
    let server = try ServeProcess(["--backend", "cpu", "--workers", "1"])
    defer { _ = server.stop() }
    let port = RawConnection.port(of: server.base)
    let idle = try (0..<1000).map { _ in try RawConnection(port: port) }
    let r = try await server.request("/render", body: red)
    #expect(r.status == 200)
    // Each is still open and served: a request on the last of them is answered.
    idle.last?.send("GET /healthz HTTP/1.1\r\nHost: lamina\r\nConnection: close\r\n\r\n")
    let answer = idle.last?.readAll(timeout: .seconds(20)).text ?? ""
    #expect(answer.hasPrefix("HTTP/1.1 200"), "\(answer)")
  }
}

/// Lifts this process's soft limit on open files to `count` where the hard limit allows.
private func raiseOpenFileLimit(to count: Int) {
  var limit = rlimit()
  guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(count) else { return }
  limit.rlim_cur = min(limit.rlim_max, rlim_t(count))
  _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
