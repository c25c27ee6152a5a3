// PeakMemory: the process's peak resident memory (VmHWM) while one scene
// runs on one backend. Linux keeps the peak since the process started or
// since it was last reset by writing "5" to /proc/self/clear_refs; the
// bench resets it before a scene and reads it after, so the figure is the
// most the process held during that scene: its frames, its cold frames,
// and whatever earlier scenes left in the kept renderers' caches (a scene
// alone on the command line measures itself).
//
// Rejected: sampling RSS on a timer (it misses short peaks, and a thread
// costs what it measures); malloc statistics (GL drivers and libpng
// allocate outside them).
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

enum PeakMemory {
  /// Starts a new peak; false where the kernel refuses (then `mebibytes`
  /// is the peak since the process started).
  @discardableResult
  static func reset() -> Bool {
    let fd = open("/proc/self/clear_refs", O_WRONLY)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    return write(fd, "5", 1) == 1
  }

  /// The peak resident memory in MiB, or nil where /proc has none.
  static var mebibytes: Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let kib = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first.flatMap { Double($0) }
      return kib.map { $0 / 1024 }
    }
    return nil
  }
}
