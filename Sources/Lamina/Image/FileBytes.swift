// Whole-file reads and writes through POSIX calls, for the PNG boundary.
//
// Design: errors carry the system's own reason (`strerror`: "No such file or
// directory", "Is a directory", "Permission denied"), which is what a user
// can act on. Writes go to a temporary file in the same folder that is then
// renamed over the target, so an interrupted write (a golden image being
// updated) never leaves half a file.
//
// Rejected: `Data(contentsOf:)` and `Data.write(to:)`. On Linux their errors
// read "The operation could not be completed. (NSCocoaErrorDomain error
// 256.)", which says neither what nor why.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file operation: the system's reason, without the path (callers
/// add it with their own context).
struct FileError: Error, Equatable {
  var reason: String

  /// The reason for the current `errno`.
  static func fromErrno() -> FileError {
    FileError(reason: String(cString: strerror(errno)))
  }
}

enum FileBytes {
  /// The whole contents of the file at `path`. Reads until end of file, so
  /// files whose size is not known up front (pipes, `/proc`) work too.
  static func contents(ofFile path: String) throws(FileError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw .fromErrno() }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw .fromErrno() }
    guard info.st_mode & S_IFMT != S_IFDIR else { throw FileError(reason: "Is a directory") }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: max(1 << 16, Int(info.st_size) + 1))
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        throw .fromErrno()
      }
      if n == 0 { return bytes }
      bytes += chunk[0..<n]
    }
  }

  /// Replaces the file at `path` with `bytes`, through a temporary file in
  /// the same folder and a rename.
  static func replaceFile(_ path: String, with bytes: [UInt8]) throws(FileError) {
    let temporary = "\(path).tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .fromErrno() }
    var done = 0
    while done < bytes.count {
      let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, $0.count - done) }
      if n < 0 {
        if errno == EINTR { continue }
        let error = FileError.fromErrno()
        close(fd)
        unlink(temporary)
        throw error
      }
      done += n
    }
    guard close(fd) == 0 else {
      let error = FileError.fromErrno()
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = FileError.fromErrno()
      unlink(temporary)
      throw error
    }
  }
}
