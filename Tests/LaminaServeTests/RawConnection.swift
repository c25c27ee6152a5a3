// RawConnection: a TCP connection to a `lamina serve` process driven by
// hand, for the clients no HTTP library will play: one that sends half its
// headers and stops, one that trickles its body a byte at a time, a
// thousand that connect and say nothing, one that knocks during shutdown.
//
// Rejected: URLSession with a slow body stream (it buffers and sends at
// its own pace, so the test would not control what the server sees).
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking TCP socket to 127.0.0.1 with reads bounded by a timeout.
final class RawConnection {
  let fd: Int32

  /// Why a connection could not be made.
  struct Failure: Error { var errno: Int32 }

  /// Connects to `port` on loopback.
  init(port: Int) throws {
    fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(errno: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard status == 0 else {
      let e = errno
      close(fd)
      throw Failure(errno: e)
    }
  }

  deinit { close(fd) }

  /// Sends `text` (false when the server has closed the connection).
  @discardableResult
  func send(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
  }

  /// What the server sends until it closes the connection, `timeout`
  /// passes or what came satisfies `enough`; `closed` says whether it closed.
  func readAll(timeout: Duration, enough: (String) -> Bool = { _ in false }) -> (text: String, closed: Bool) {
    let end = ContinuousClock.now + timeout
    var out: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let left = end - ContinuousClock.now
      guard left > .zero else { return (String(decoding: out, as: UTF8.self), false) }
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let ms = Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
      guard poll(&poller, 1, max(1, ms)) > 0 else { continue }
      let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      if n <= 0 { return (String(decoding: out, as: UTF8.self), true) }
      out += buffer[0..<n]
      if enough(String(decoding: out, as: UTF8.self)) { return (String(decoding: out, as: UTF8.self), false) }
    }
  }

  /// The port of a base address `http://127.0.0.1:PORT`.
  static func port(of base: String) -> Int { Int(base.split(separator: ":").last ?? "") ?? 0 }
}
