// A one-line progress bar on standard error, drawn only when standard
// error is a terminal (so logs and pipes stay clean), redrawn at most ten
// times a second (a frame can take under a millisecond).
import Lamina

#if canImport(Glibc)
  import Glibc
#endif

/// `[#####·····]  12/40  S1 gl`, rewritten in place with `\r`.
final class ProgressBar {
  private let total: Int
  private let enabled: Bool
  private var done = 0
  private var lastDraw: UInt64 = 0

  /// A bar of `total` steps; silent unless standard error is a terminal.
  init(total: Int) {
    self.total = max(1, total)
    enabled = isatty(STDERR_FILENO) == 1
  }

  /// Counts one step done, labelled `label`.
  func step(_ label: String) {
    done = min(total, done + 1)
    draw(label, force: done == total)
  }

  /// Shows `label` without counting a step.
  func show(_ label: String) { draw(label, force: true) }

  /// Erases the bar, so the table starts on a clean line.
  func finish() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
  }

  private func draw(_ label: String, force: Bool) {
    guard enabled else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    guard force || now - lastDraw > 100_000_000 else { return }
    lastDraw = now
    let width = 30
    let filled = done * width / total
    let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
    let line = "\r\u{1B}[2K[\(bar)] \(done)/\(total)  \(label)"
    FileHandle.standardError.write(Data(line.utf8))
  }
}
