// `lamina serve`: renders scenes, Lottie documents and templates over HTTP
// (LaminaServe, on Hummingbird). This command only reads its options and
// runs the server until SIGTERM or SIGINT; it prints the address it
// listens on (with `--port 0`, the port chosen) as its first line.
//
// The root command is synchronous (ParsableCommand), so this one blocks
// its thread on a semaphore while the server runs on Swift's concurrency
// threads. Rejected: making the whole tool an AsyncParsableCommand (every
// other command is synchronous and would change for one).
import ArgumentParser
import Dispatch
import Foundation
import LaminaBackends
import LaminaServe
import Synchronization

struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve renders over HTTP: POST /render, GET /templates/NAME.png, /healthz, /metrics.")

  @Option(help: "The address to bind (loopback by default).") var host = "127.0.0.1"
  @Option(help: "The port (0: any free port, printed at start).") var port = 8080
  @Option(help: "A folder of scene templates (NAME.json), served as /templates/NAME.png.") var templates: String?
  @Option(help: "auto, gl or cpu (auto: GL on a hardware device, else the CPU; cpu never starts GL).") var backend: Backend = .auto
  @Option(help: "Renderer threads (default: one per core).") var workers: Int?
  @Option(help: "Requests that may wait for a renderer; more are answered 429.") var queue = 32
  @Option(help: "The largest request body in bytes.") var maxBody = 8 << 20
  @Option(help: "The most pixels of one canvas.") var maxPixels = 4096 * 4096
  @Option(help: "The most frames of one animated response.") var maxFrames = 600
  @Option(help: "Seconds a render may take before it is abandoned (504).") var deadline = 20.0
  @Option(help: "MiB the renders in flight may hold together (503 beyond).") var memory = 2048
  @Option(help: "MiB of rendered templates kept for identical requests.") var cache = 64
  @Option(help: "MiB a posted .lottie archive may inflate to (held from --memory while it renders).") var maxArchive = 64
  @Option(help: "Seconds a request body may take to arrive (408 beyond).") var bodyTimeout = 30.0
  @Option(help: "Seconds a connection may send nothing before it is closed.") var idleTimeout = 30.0

  func validate() throws {
    guard (0...65535).contains(port) else { throw ValidationError("--port must be in 0…65535") }
    if let workers, !(1...256).contains(workers) { throw ValidationError("--workers must be in 1…256") }
    guard queue >= 0, maxBody > 0, maxPixels > 0, maxFrames > 0, memory > 0, cache >= 0 else {
      throw ValidationError("--queue, --max-body, --max-pixels, --max-frames, --memory and --cache must be positive")
    }
    guard deadline.isFinite, deadline > 0, deadline <= 86_400 else {
      throw ValidationError("--deadline must be a number of seconds in (0, 86400]")
    }
    guard memory <= 1 << 20, cache <= 1 << 20 else { throw ValidationError("--memory and --cache are at most 1048576 MiB") }
    guard (1...512).contains(maxArchive) else { throw ValidationError("--max-archive must be in 1…512 MiB") }
    for (name, value) in [("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout)] {
      guard value.isFinite, value > 0, value <= 86_400 else {
        throw ValidationError("\(name) must be a number of seconds in (0, 86400]")
      }
    }
  }

  func run() throws {
    var options = ServeOptions()
    options.host = host
    options.port = port
    options.templatesDirectory = templates
    options.backend = backend
    if let workers { options.workers = workers }
    options.queueCapacity = queue
    options.maxBodyBytes = maxBody
    options.maxCanvasPixels = maxPixels
    options.maxFrames = maxFrames
    options.renderDeadline = .milliseconds(Int(deadline * 1000))
    options.memoryBudgetBytes = memory << 20
    options.cacheBytes = cache << 20
    options.maxArchiveBytes = maxArchive << 20
    options.bodyTimeout = .milliseconds(Int(bodyTimeout * 1000))
    options.idleTimeout = .milliseconds(Int(idleTimeout * 1000))
    raiseOpenFileLimit()
    let server: LaminaServer
    do {
      server = try LaminaServer(options: options)
    } catch {
      warn("lamina serve: \(error.message)")
      throw ExitCode(1)
    }
    let banner = "(\(options.workers) workers, backend \(options.backend.rawValue))"
    let failure = Mutex<String?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      do {
        try await server.run { address in
          // Written at once (not buffered): a script waits for this line.
          FileHandle.standardOutput.write(Data("lamina serve: listening on http://\(address) \(banner)\n".utf8))
        }
      } catch {
        failure.withLock { $0 = "\(error)" }
      }
      done.signal()
    }
    done.wait()
    if let message = failure.withLock({ $0 }) {
      warn("lamina serve: \(message)")
      throw ExitCode(1)
    }
  }
}

/// Lifts the soft limit on open files to the hard one: every connection
/// is a descriptor, and the usual soft limit (1024) would refuse the
/// 1025th client while the hard limit (often 524288 under systemd) allows
/// it. A limit it cannot raise is left as it is.
private func raiseOpenFileLimit() {
  var limit = rlimit()
  guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
  limit.rlim_cur = limit.rlim_max
  _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
