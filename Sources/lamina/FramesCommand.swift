// `lamina frames SCENE -o OUT`: draws a scene's frame sequence. OUT is a
// folder of PNGs (`frame-00000.png`, …), an animated PNG (`.png`/`.apng`),
// or, through the `ffmpeg` command-line tool when it is installed, a video
// (`.mp4`, `.webm`, `.gif`): raw straight-alpha RGBA frames piped to its
// standard input. Frame n is drawn at n / fps from the model alone
// (`Scene.presentation(at:)`), so any range of frames is the same as those
// frames of the whole sequence. Consecutive frames are drawn
// incrementally (IncrementalRenderer: only what changed is redrawn, the
// bytes are those of a full render); `--full` draws every frame whole.
// PNGs are written with libpng's fast compression unless `--png-compression
// small` (S6's 1080p frame: 23 ms and 399 KB against 95 ms and 283 KB;
// the encoder was most of a frame's time end to end). Text warnings (a
// font not found and the one used) go to standard error, once per font.
//
// Rejected: linking libav* (the `ffmpeg` tool is what the field uses from
// scripts, and keeps Lamina's build free of codec libraries).
import ArgumentParser
import Lamina

#if canImport(Glibc)
  import Glibc
#endif

extension PNGCompression: ExpressibleByArgument {}

struct FramesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "frames",
    abstract: "Render a scene's animation: a folder of PNGs, an animated PNG, or (with ffmpeg) MP4, WebM or GIF.")

  @Argument(help: "The scene file (JSON), or a Lottie document.") var scene: String
  @Option(
    name: .shortAndLong,
    help: "A folder (PNGs), OUT.png or OUT.apng (animated PNG), or OUT.mp4, OUT.webm, OUT.gif (needs ffmpeg).")
  var output: String
  @Option(parsing: .unconditional, help: "Frames per second (default: the scene's canvas.frameRate).") var fps: Double?
  @Option(parsing: .unconditional, help: "Seconds (default: the scene's canvas.duration).") var duration: Double?
  @Option(parsing: .unconditional, help: "Only frames FIRST..LAST (inclusive, numbered from 0).") var range: String?
  @Option(help: "cpu, gl or auto.") var backend: Backend = .auto
  @Option(parsing: .unconditional, help: "Pixels per point, overriding the scene's canvas.scale.") var scale: Double?
  @Option(help: "Lottie: the output size WxH in pixels (the animation scaled uniformly from the top-left).")
  var size: String?
  @Option(name: .customLong("set"), help: "Lottie: a value provider KEYPATH=VALUE; repeatable (see lamina render).")
  var overrides: [String] = []
  @Flag(help: "Draw every frame whole (by default only what changed since the frame before is redrawn; the bytes are the same).")
  var full = false
  @Option(
    help:
      "PNG compression of a folder's frames or an animated PNG: fast (about 4× faster to write, ~40 % larger) or small. The pixels are the same."
  )
  var pngCompression: PNGCompression = Self.defaultPNGCompression

  /// What `--png-compression` is unless given (the bench's end-to-end
  /// sequences write the same): frame sequences are big and written often,
  /// so speed first.
  static let defaultPNGCompression = PNGCompression.fast

  enum Output {
    case folder(String)
    case apng(String)
    case video(String)
  }

  func run() throws {
    let loaded: Scene
    var scale = self.scale
    if isLottieDocument(scene) {
      let animation = try loadLottie(scene)
      for u in animation.unsupported { warn("\(scene): \(u.path): unsupported: \(u.feature)") }
      loaded = try lottieScene(animation, size: size, scale: scale, overrides: overrides)
      scale = nil
    } else {
      guard size == nil, overrides.isEmpty else { throw ValidationError("--size and --set are for Lottie documents") }
      loaded = try loadScene(scene)
    }
    warnAboutText(loaded, path: scene)
    let rate = fps ?? loaded.canvas.frameRate
    let seconds = duration ?? loaded.canvas.duration
    // A sequence too long names where its duration came from.
    func failure(_ e: FrameSequenceError) -> ValidationError {
      ValidationError(e.kind == .tooLong ? "\(duration == nil ? "canvas.duration" : "--duration"): \(e.message)" : e.message)
    }
    let sequence: FrameSequence
    switch FrameSequence.make(duration: seconds, frameRate: rate) {
    case .success(let s): sequence = s
    case .failure(let e): throw failure(e)
    }
    // The limit on frames is on those drawn: a range of a long sequence draws.
    let frames: ClosedRange<Int>
    switch sequence.frames(range) {
    case .success(let r): frames = r
    case .failure(let e): throw failure(e)
    }
    let ext = (output as NSString).pathExtension.lowercased()
    let target: Output
    switch ext {
    case "png", "apng": target = .apng(output)
    case "mp4", "webm", "gif", "mov", "mkv": target = .video(output)
    case "": target = .folder(output)
    default: throw ValidationError("unknown output kind '.\(ext)': use a folder, .png, .apng, .mp4, .webm or .gif")
    }

    let renderer = try backend.makeRenderer()
    var sink = try FrameSink(target, canvas: loaded.canvas, scale: scale, fps: rate, compression: pngCompression)
    var progress = Progress(total: frames.count)
    for n in frames {
      let t = sequence.time(ofFrame: n)
      let image: Image
      do {
        let started = DispatchTime.now()
        let presented = try loaded.presentation(at: t)
        progress.presenting += Progress.seconds(since: started)
        let plan = try presented.renderPlan(scale: scale)
        image = try full ? renderer.render(plan) : renderer.renderFrame(plan)
      } catch {
        sink.abandon()
        warn("\(scene): frame \(n) (t = \(t) s): \(error)")
        throw ExitCode(1)
      }
      try sink.add(image, frame: n)
      progress.step()
    }
    try sink.finish()
    progress.done(output: output, backend: renderer.used)
  }
}

/// Where frames go.
struct FrameSink {
  private var kind: FramesCommand.Output
  private var apng: APNGEncoder?
  private var ffmpeg: Process?
  private var pipe: Pipe?
  private let compression: PNGCompression

  init(_ kind: FramesCommand.Output, canvas: Canvas, scale: Double?, fps: Double, compression: PNGCompression) throws {
    self.kind = kind
    self.compression = compression
    let s = scale ?? canvas.scale
    let width = Int((canvas.width * s).rounded()), height = Int((canvas.height * s).rounded())
    switch kind {
    case .folder(let path):
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    case .apng:
      apng = APNGEncoder(
        width: width, height: height, delay: APNGEncoder.delay(framesPerSecond: fps), compression: compression)
    case .video(let path):
      guard let tool = Self.findTool("ffmpeg") else {
        throw ValidationError("writing \(path) needs the ffmpeg command-line tool (tools/setup installs it); write a folder or an animated PNG instead")
      }
      let ext = (path as NSString).pathExtension.lowercased()
      var args = [
        "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
        "-r", "\(fps)", "-i", "-",
      ]
      switch ext {
      case "gif": args += ["-vf", "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse"]
      case "webm": args += ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p"]
      default: args += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
      }
      args.append(path)
      // A write to an ffmpeg that has exited must fail, not kill this process.
      signal(SIGPIPE, SIG_IGN)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: tool)
      process.arguments = args
      let pipe = Pipe()
      process.standardInput = pipe
      try process.run()
      self.ffmpeg = process
      self.pipe = pipe
    }
  }

  static func findTool(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let path = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }

  mutating func add(_ image: Image, frame n: Int) throws {
    switch kind {
    case .folder(let path):
      try image.writePNG(to: "\(path)/\(Self.fileName(ofFrame: n))", compression: compression)
    case .apng:
      try apng?.append(image)
    case .video:
      do {
        try pipe?.fileHandleForWriting.write(contentsOf: Data(image.straight.pixels))
      } catch {
        ffmpeg?.waitUntilExit()
        warn("lamina: ffmpeg stopped reading at frame \(n) (exit status \(ffmpeg?.terminationStatus ?? -1))")
        throw ExitCode(1)
      }
    }
  }

  /// `frame-00012.png`: at least five digits, every digit of a frame
  /// number past 2³¹ too (`%05d` printed its low 32 bits).
  static func fileName(ofFrame n: Int) -> String {
    let digits = String(n)
    return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
  }

  mutating func finish() throws {
    switch kind {
    case .folder: break
    case .apng(let path): try apng?.write(to: path)
    case .video(let path):
      pipe?.fileHandleForWriting.closeFile()
      ffmpeg?.waitUntilExit()
      if let status = ffmpeg?.terminationStatus, status != 0 {
        warn("lamina: ffmpeg failed (exit status \(status)) writing \(path)")
        throw ExitCode(1)
      }
    }
  }

  /// Stops ffmpeg after a failed frame.
  func abandon() {
    pipe?.fileHandleForWriting.closeFile()
    ffmpeg?.terminate()
  }
}

/// `frame 12/100, 35.2 frames/s, ETA 2.5 s`: rewritten in place on a
/// terminal, a plain line about once a second otherwise.
struct Progress {
  let total: Int
  var done = 0
  let start = DispatchTime.now()
  var lastLine = DispatchTime.now()
  let isTerminal = isatty(2) != 0

  init(total: Int) { self.total = total }

  /// Seconds spent making presentations (the rest is lowering, drawing and writing).
  var presenting = 0.0

  var elapsed: Double { Self.seconds(since: start) }

  static func seconds(since t: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - t.uptimeNanoseconds) / 1e9
  }

  mutating func step() {
    done += 1
    let now = DispatchTime.now()
    let sinceLine = Double(now.uptimeNanoseconds - lastLine.uptimeNanoseconds) / 1e9
    guard isTerminal || sinceLine >= 1 || done == total else { return }
    lastLine = now
    let rate = Double(done) / max(elapsed, 1e-9)
    let eta = Double(total - done) / max(rate, 1e-9)
    let line = "frame \(done)/\(total), \(String(format: "%.1f", rate)) frames/s, ETA \(String(format: "%.1f", eta)) s"
    if isTerminal {
      FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    } else {
      warn(line)
    }
  }

  func done(output: String, backend: String) {
    if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    let seconds = elapsed
    print(
      "\(output): \(total) frame\(total == 1 ? "" : "s"), \(backend) backend, \(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", Double(total) / max(seconds, 1e-9))) frames/s; presentation \(String(format: "%.2f", presenting * 1000 / Double(max(total, 1)))) ms a frame)")
  }
}
