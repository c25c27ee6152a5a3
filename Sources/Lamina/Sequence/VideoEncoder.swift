// VideoEncoder: frames piped to the `ffmpeg` command-line tool as raw
// straight-alpha RGBA (`-f rawvideo -pix_fmt rgba`), which encodes them.
// Its arguments are fixed strings, numbers this process formats, and the
// output path as one argument, written `file:PATH` with the container
// named by `-f` (a bare path beginning with `-` would read as an option,
// one with a `:` as a protocol): no shell, nothing a name can inject.
// What ffmpeg says on standard error is kept and quoted in the error when
// it fails.
//
// The process is started with `posix_spawn` on two pipes (its standard
// input, its standard error), written and waited for with plain system
// calls; a thread drains its standard error.
//
// Rejected: linking libav* (the `ffmpeg` tool is what the field uses from
// scripts, and keeps Lamina's build free of codec libraries); Foundation's
// `Process` with a `readabilityHandler` (until session 25: on Linux its
// run loop and dispatch sources crashed `lamina frames … .mp4` now and then
// in libdispatch's event loop while it waited for ffmpeg to exit).

import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// An `ffmpeg` process encoding frames into a video file.
final class VideoEncoder {
  private let pid: pid_t
  /// The write end of ffmpeg's standard input (−1 once closed).
  private var input: Int32
  /// ffmpeg's standard error so far (filled by `reader`), its first 4 KB.
  private final class Said: Sendable {
    let bytes = Mutex<[UInt8]>([])
    let done = DispatchSemaphore(value: 0)
    func add(_ data: UnsafeRawBufferPointer) {
      bytes.withLock { $0 += data.prefix(max(0, 4096 - $0.count)) }
    }
  }
  private let said = Said()
  /// ffmpeg's exit status once waited for: its exit code, or the signal
  /// that ended it (as `Process.terminationStatus` reports them).
  private var status: Int32?
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
    // Both pipes close on exec: the child keeps only the ends moved onto
    // its standard input and error.
    var stdin: [Int32] = [-1, -1], stderr: [Int32] = [-1, -1]
    guard pipe(&stdin) == 0 else {
      throw SequenceError("cannot start \(tool): no pipe (\(String(cString: strerror(errno))))", kind: .encoder)
    }
    guard pipe(&stderr) == 0 else {
      close(stdin[0])
      close(stdin[1])
      throw SequenceError("cannot start \(tool): no pipe (\(String(cString: strerror(errno))))", kind: .encoder)
    }
    for fd in stdin + stderr { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
    posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
    let argv: [UnsafeMutablePointer<CChar>?] = ([tool] + args).map { strdup($0) } + [nil]
    defer { for a in argv { free(a) } }
    var child: pid_t = 0
    let spawned = posix_spawn(&child, tool, &actions, nil, argv, environ)
    close(stdin[0])
    close(stderr[1])
    guard spawned == 0 else {
      close(stdin[1])
      close(stderr[0])
      throw SequenceError("cannot start \(tool): \(String(cString: strerror(spawned)))", kind: .encoder)
    }
    pid = child
    input = stdin[1]
    // Drained to its end whatever its length, so ffmpeg never blocks on it.
    let said = self.said, errors = stderr[0]
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let n = buffer.withUnsafeMutableBytes { read(errors, $0.baseAddress, $0.count) }
        if n > 0 {
          buffer.withUnsafeBytes { said.add(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        } else if n == 0 || errno != EINTR {
          break
        }
      }
      close(errors)
      said.done.signal()
    }
  }

  deinit {
    if status == nil { abandon() }
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
    let pixels = image.straight.pixels
    let written = pixels.withUnsafeBytes { bytes -> Bool in
      var offset = 0
      while offset < bytes.count {
        let w = write(input, bytes.baseAddress! + offset, bytes.count - offset)
        if w > 0 {
          offset += w
        } else if w < 0 && errno == EINTR {
          continue
        } else {
          return false
        }
      }
      return true
    }
    guard written else {
      closeInput()
      let status = wait()
      throw SequenceError("ffmpeg stopped reading at frame \(n) (exit status \(status))\(quoted)", kind: .encoder)
    }
  }

  /// Closes the input and waits for the file.
  func finish() throws(SequenceError) {
    closeInput()
    let status = wait()
    if status != 0 {
      throw SequenceError("ffmpeg failed (exit status \(status)) writing \(path)\(quoted)", kind: .encoder)
    }
  }

  private func closeInput() {
    if input >= 0 { close(input) }
    input = -1
  }

  /// Waits for ffmpeg to end (once) and returns its exit status.
  private func wait() -> Int32 {
    if let status { return status }
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) == -1 && errno == EINTR {}
    // The exit code when it exited, else the signal that ended it.
    let result = raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    status = result
    return result
  }

  /// What ffmpeg said, as `: "…"`, or nothing (once it has ended).
  private var quoted: String {
    said.done.wait()
    said.done.signal()
    let text = said.bytes.withLock { String(decoding: $0, as: UTF8.self) }
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? "" : ": \"\(text)\""
  }

  /// Stops ffmpeg after a failed frame.
  func abandon() {
    closeInput()
    if status == nil { kill(pid, SIGTERM) }
    _ = wait()
  }
}
