// What the JSON report says about the machine: `uname`, the core count and
// the CPU model, so numbers from different machines are not mixed up.
import Lamina

#if canImport(Glibc)
  import Glibc
#endif

enum Machine {
  /// `uname -srm`, e.g. "Linux 6.8.0 x86_64".
  static var uname: String {
    var u = utsname()
    guard Glibc.uname(&u) == 0 else { return "unknown" }
    func field<T>(_ value: T) -> String {
      withUnsafeBytes(of: value) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
    return "\(field(u.sysname)) \(field(u.release)) \(field(u.machine))"
  }

  /// Processors available to this process.
  static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

  /// The first "model name" of /proc/cpuinfo, if any.
  static var cpuModel: String? {
    guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
      return nil
    }
    for line in text.split(separator: "\n") where line.hasPrefix("model name") {
      if let colon = line.firstIndex(of: ":") {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }
}
