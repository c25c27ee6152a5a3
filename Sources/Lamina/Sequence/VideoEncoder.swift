// VideoEncoder: frames piped to the `ffmpeg` command-line tool as raw
// straight-alpha RGBA (`-f rawvideo -pix_fmt rgba`), which encodes them.
// Its arguments are fixed strings, numbers this process formats, and the
// output path as one argument: no shell, nothing a scene can inject.
//
// Rejected: linking libav* (the `ffmpeg` tool is what the field uses from
// scripts, and keeps Lamina's build free of codec libraries).

#if canImport(Glibc)
  import Glibc
#endif

/// An `ffmpeg` process encoding frames into a video file.
final class VideoEncoder {
  private let process = Process()
  private let pipe = Pipe()
  let path: String

  /// Starts `ffmpeg` (the tool at `tool`) writing `path` in `format`.
  init(tool: String, path: String, format: SequenceOutput.VideoFormat, width: Int, height: Int, fps: Double) throws(SequenceError) {
    self.path = path
    var args = [
      "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
      "-r", "\(fps)", "-i", "-",
    ]
    switch format {
    case .gif: args += ["-vf", "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse"]
    case .webm: args += ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p"]
    case .h264: args += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
    }
    args.append(path)
    // A write to an ffmpeg that has exited must fail, not kill this process.
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = args
    process.standardInput = pipe
    do {
      try process.run()
    } catch {
      throw SequenceError("cannot start \(tool): \(error)", kind: .encoder)
    }
  }

  /// The first executable `name` on `PATH`, or `nil`.
  static func find(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
    for dir in (path ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(dir)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Sends one frame (straight RGBA, as `rgba` means to ffmpeg).
  func add(_ image: Image, frame n: Int) throws(SequenceError) {
    do {
      try pipe.fileHandleForWriting.write(contentsOf: Data(image.straight.pixels))
    } catch {
      process.waitUntilExit()
      throw SequenceError(
        "ffmpeg stopped reading at frame \(n) (exit status \(process.terminationStatus))", kind: .encoder)
    }
  }

  /// Closes the input and waits for the file.
  func finish() throws(SequenceError) {
    pipe.fileHandleForWriting.closeFile()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw SequenceError("ffmpeg failed (exit status \(process.terminationStatus)) writing \(path)", kind: .encoder)
    }
  }

  /// Stops ffmpeg after a failed frame.
  func abandon() {
    pipe.fileHandleForWriting.closeFile()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
