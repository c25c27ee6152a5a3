// VideoEncoder: frames piped to the `ffmpeg` command-line tool as raw
// straight-alpha RGBA (`-f rawvideo -pix_fmt rgba`), which encodes them.
// Its arguments are fixed strings, numbers this process formats, and the
// output path as one argument, written `file:PATH` with the container
// named by `-f` (a bare path beginning with `-` would read as an option,
// one with a `:` as a protocol): no shell, nothing a name can inject.
// What ffmpeg says on standard error is kept and quoted in the error when
// it fails.
//
// Rejected: linking libav* (the `ffmpeg` tool is what the field uses from
// scripts, and keeps Lamina's build free of codec libraries).

import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// An `ffmpeg` process encoding frames into a video file.
final class VideoEncoder {
  private let process = Process()
  private let pipe = Pipe()
  private let errors = Pipe()
  /// ffmpeg's standard error so far (filled on another thread), its first 4 KB.
  private final class Said: Sendable {
    let bytes = Mutex<[UInt8]>([])
    func add(_ data: Data) { bytes.withLock { $0 += data.prefix(max(0, 4096 - $0.count)) } }
  }
  private let said = Said()
  let path: String

  /// Starts `ffmpeg` (the tool at `tool`) writing `path` in `format`.
  init(tool: String, path: String, format: SequenceOutput.VideoFormat, width: Int, height: Int, fps: Double) throws(SequenceError) {
    self.path = path
    var args = [
      "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)",
      "-r", "\(fps)", "-i", "-",
    ]
    let container: String
    switch format {
    case .gif:
      args += ["-vf", "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse"]
      container = "gif"
    case .webm:
      args += ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p"]
      container = "webm"
    case .h264:
      // H.264 needs even sizes: an odd one gains a row or column (the
      // frames are opaque by then, composited over their background).
      args += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2"]
      switch (path as NSString).pathExtension.lowercased() {
      case "mov": container = "mov"
      case "mkv": container = "matroska"
      default: container = "mp4"
      }
    }
    args += ["-f", container, "file:" + path]
    // A write to an ffmpeg that has exited must fail, not kill this process.
    signal(SIGPIPE, SIG_IGN)
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = args
    process.standardInput = pipe
    process.standardError = errors
    let said = self.said
    errors.fileHandleForReading.readabilityHandler = { handle in
      let data = handle.availableData
      said.add(data)
    }
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
        "ffmpeg stopped reading at frame \(n) (exit status \(process.terminationStatus))\(quoted)", kind: .encoder)
    }
  }

  /// Closes the input and waits for the file.
  func finish() throws(SequenceError) {
    pipe.fileHandleForWriting.closeFile()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      throw SequenceError(
        "ffmpeg failed (exit status \(process.terminationStatus)) writing \(path)\(quoted)", kind: .encoder)
    }
  }

  /// What ffmpeg said, as `: "…"`, or nothing.
  private var quoted: String {
    errors.fileHandleForReading.readabilityHandler = nil
    let rest = errors.fileHandleForReading.readDataToEndOfFile()
    said.add(rest)
    let text = said.bytes.withLock { String(decoding: $0, as: UTF8.self) }
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? "" : ": \"\(text)\""
  }

  /// Stops ffmpeg after a failed frame.
  func abandon() {
    pipe.fileHandleForWriting.closeFile()
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
