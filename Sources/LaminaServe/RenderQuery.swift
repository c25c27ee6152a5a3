// RenderQuery: the query parameters of `/render` and `/templates`, each
// checked here into a finite number or one of a fixed set of names before
// anything uses it, so no request text reaches ffmpeg, a file name or a
// shell. Parameters are percent-decoded (`+` is a space); a parameter this
// route does not take, twice the same one, a number that is not finite and
// a name outside its set are 400s naming the parameter.
//
// Rejected: Hummingbird's `queryParameters` (it leaves keys encoded and `+`
// as is, and keeps only one value of a repeated key silently).
import Foundation
import Hummingbird
import LaminaBackends

/// An output format a request may ask for.
enum OutputFormat: String, CaseIterable, Sendable {
  case png, apng, mp4, webm, gif

  /// The response's content type.
  var contentType: String {
    switch self {
    case .png: return "image/png"
    case .apng: return "image/apng"
    case .mp4: return "video/mp4"
    case .webm: return "video/webm"
    case .gif: return "image/gif"
    }
  }
}

/// What a render request asks for, every value checked.
struct RenderQuery: Sendable, Hashable {
  var format = OutputFormat.png
  var time: Double?
  var progress: Double?
  var frame: Double?
  var scale: Double?
  var backend: Backend?

  /// The query's `key=value` pairs, percent-decoded, in order.
  static func pairs(_ query: String?) -> [(key: String, value: String)] {
    guard let query, !query.isEmpty else { return [] }
    return query.split(separator: "&", omittingEmptySubsequences: true).map { part in
      let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      func decode(_ s: Substring) -> String {
        let spaced = s.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
      }
      return (decode(kv[0]), kv.count > 1 ? decode(kv[1]) : "")
    }
  }

  /// Reads the render parameters among `pairs`; `rest` receives the others
  /// (a template's `LAYER.property` values), or they are refused when `rest` is nil.
  init(
    _ pairs: [(key: String, value: String)], options: ServeOptions, allowed: Set<String>,
    rest: ((String, String) throws(ServeError) -> Void)? = nil
  ) throws(ServeError) {
    var seen = Set<String>()
    for (key, value) in pairs {
      guard seen.insert(key).inserted else {
        throw ServeError(.badRequest, "the parameter '\(key)' is given twice", parameter: key)
      }
      guard allowed.contains(key) else {
        if let rest, key.contains(".") {
          try rest(key, value)
          continue
        }
        let known = allowed.sorted().joined(separator: ", ")
        throw ServeError(.badRequest, "unknown parameter '\(key)' (this route takes \(known))", parameter: key)
      }
      try read(key, value, options: options)
    }
    if [time, progress, frame].compactMap({ $0 }).count > 1 {
      throw ServeError(.badRequest, "give one of time, progress and frame", parameter: "time")
    }
  }

  private mutating func read(_ key: String, _ value: String, options: ServeOptions) throws(ServeError) {
    switch key {
    case "format":
      guard let f = OutputFormat(rawValue: value) else {
        throw ServeError(
          .badRequest, "format must be one of \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))",
          parameter: key)
      }
      format = f
    case "backend":
      guard let b = Backend(rawValue: value) else {
        throw ServeError(.badRequest, "backend must be auto, gl or cpu", parameter: key)
      }
      if b != .cpu, options.backend == .cpu {
        throw ServeError(.badRequest, "this server renders with the CPU only (--backend cpu)", parameter: key)
      }
      backend = b
    case "scale":
      let s = try Self.number(key, value)
      guard s > 0, s <= options.maxScale else {
        throw ServeError(.badRequest, "scale must be > 0 and at most \(options.maxScale)", parameter: key)
      }
      scale = s
    case "time": time = try Self.number(key, value)
    case "progress": progress = try Self.number(key, value)
    default: frame = try Self.number(key, value)
    }
  }

  /// A finite number, or a 400 naming the parameter.
  static func number(_ key: String, _ text: String) throws(ServeError) -> Double {
    guard let v = Double(text.trimmingCharacters(in: .whitespaces)) else {
      throw ServeError(.badRequest, "\(key) must be a number, got '\(text.prefix(64))'", parameter: key)
    }
    guard v.isFinite else {
      throw ServeError(.badRequest, "\(key) must be a finite number, got \(text.prefix(64))", parameter: key)
    }
    return v
  }
}
