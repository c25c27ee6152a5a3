// `lamina frames SCENE -o OUT`: draws a scene's frame sequence. OUT is a
// folder of PNGs (`frame-00000.png`, …), an animated PNG (`.png`/`.apng`),
// or, through the `ffmpeg` command-line tool when it is installed, a video
// (`.mp4`, `.mov`, `.mkv`, `.webm`, `.gif`). The writing is the library's
// `SequenceWriter` (Sources/Lamina/Sequence): frame n at n / fps from the
// model alone, drawn incrementally unless `--full`, H.264 frames composited
// over `--background` (black by default: it has no alpha). This command
// parses options, prints progress and maps errors. PNGs are written with
// libpng's fast compression unless `--png-compression small` (S6's 1080p
// frame: 23 ms and 399 KB against 95 ms and 283 KB). Text warnings (a font
// not found and the one used) go to standard error, once per font.
//
// Rejected: the frame loop here (a Swift caller had to copy it and its
// ffmpeg arguments).
import ArgumentParser
import LaminaBackends
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
    help: "A folder (PNGs), OUT.png or OUT.apng (animated PNG), or OUT.mp4, OUT.mov, OUT.mkv, OUT.webm, OUT.gif (needs ffmpeg).")
  var output: String
  @Option(parsing: .unconditional, help: "Frames per second (default: the scene's canvas.frameRate).") var fps: Double?
  @Option(parsing: .unconditional, help: "Seconds (default: the scene's canvas.duration).") var duration: Double?
  @Option(parsing: .unconditional, help: "Only frames FIRST..LAST (inclusive, numbered from 0).") var range: String?
  @Option(help: "cpu, gl or auto (GL on a hardware device, else the CPU; see lamina info).") var backend: Backend = .auto
  @Option(parsing: .unconditional, help: "Pixels per point, overriding the scene's canvas.scale.") var scale: Double?
  @Option(
    help:
      "A colour (#RRGGBB) composited under every frame. Default: black for H.264 (.mp4, .mov, .mkv), which has no alpha; none for PNGs, WebM (alpha kept) and GIF (one transparent colour: choose a background for fades)."
  )
  var background: String?
  @Option(help: "Lottie: the output size WxH in pixels (the animation scaled uniformly from the top-left).")
  var size: String?
  @Option(help: "Lottie: the part X,Y,W,H of the composition (points) that fills the output (lottie-ios's viewportFrame).")
  var viewport: String?
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

  func run() throws {
    let loaded: Scene
    var scale = self.scale
    if isLottieDocument(scene) {
      let animation = try loadLottie(scene)
      for u in animation.unsupported { warn("\(scene): \(u.path): unsupported: \(u.feature)") }
      loaded = try lottieScene(animation, size: size, scale: scale, viewport: viewport, overrides: overrides)
      scale = nil
    } else {
      guard size == nil, viewport == nil, overrides.isEmpty else {
        throw ValidationError("--size, --viewport and --set are for Lottie documents")
      }
      loaded = try loadScene(scene)
    }
    let backgroundColor = try background.map { text in
      guard let c = Color(hex: text) else {
        throw ValidationError("--background: expected a colour #RGB, #RRGGBB or #RRGGBBAA, got \(text)")
      }
      return c
    }
    guard SequenceOutput(path: output) != nil else {
      throw ValidationError(
        "unknown output kind '.\((output as NSString).pathExtension)': use a folder, .png, .apng, .mp4, .mov, .mkv, .webm or .gif")
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

    let renderer = try backend.makeRenderer()
    let writer = SequenceWriter(renderer: renderer)
    writer.drawsWholeFrames = full
    writer.pngCompression = pngCompression
    writer.background = backgroundColor
    writer.scale = scale
    var progress = Progress(total: frames.count)
    let last: SequenceProgress
    do {
      last = try writer.write(loaded, to: output, frames: frames, sequence: sequence) { progress.step($0) }
    } catch {
      if progress.isTerminal && progress.done > 0 { FileHandle.standardError.write(Data("\n".utf8)) }
      warn(error.kind == .frame ? "\(scene): \(error)" : "lamina: \(error)")
      throw ExitCode(1)
    }
    progress.done(output: output, backend: renderer.used, last)
  }
}

/// `frame 12/100, 35.2 frames/s, ETA 2.5 s`: rewritten in place on a
/// terminal, a plain line about once a second otherwise.
struct Progress {
  let total: Int
  var done = 0
  var lastLine = DispatchTime.now()
  let isTerminal = isatty(2) != 0

  init(total: Int) { self.total = total }

  mutating func step(_ p: SequenceProgress) {
    done = p.done
    let now = DispatchTime.now()
    let sinceLine = Double(now.uptimeNanoseconds - lastLine.uptimeNanoseconds) / 1e9
    guard isTerminal || sinceLine >= 1 || done == total else { return }
    lastLine = now
    let rate = Double(done) / max(p.elapsed, 1e-9)
    let eta = Double(total - done) / max(rate, 1e-9)
    let line = "frame \(done)/\(total), \(String(format: "%.1f", rate)) frames/s, ETA \(String(format: "%.1f", eta)) s"
    if isTerminal {
      FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    } else {
      warn(line)
    }
  }

  func done(output: String, backend: String, _ p: SequenceProgress) {
    if isTerminal { FileHandle.standardError.write(Data("\n".utf8)) }
    let seconds = p.elapsed
    print(
      "\(output): \(total) frame\(total == 1 ? "" : "s"), \(backend) backend, \(String(format: "%.2f", seconds)) s (\(String(format: "%.1f", Double(total) / max(seconds, 1e-9))) frames/s; presentation \(String(format: "%.2f", p.presenting * 1000 / Double(max(total, 1)))) ms a frame)")
  }
}
