// LottieReader: walks a parsed Lottie document (Lamina's JSONValue, which
// keeps every value's place) and turns what it finds into the model's
// types. A value of the wrong kind is an error with its JSON path; a
// construct the Core Animation engine of lottie-ios does not draw
// (expressions, effects, merge paths, …) is noted as unsupported, with its
// path, and skipped, so `lamina validate` can list them all at once.
//
// Rejected: Swift's Codable. Its errors carry coding paths but not the
// text's line and column, it stops at the first problem, and Lottie's
// loosely typed values (a number or an array of one, `"h": true` or
// `"h": 1`) need hand-written decoding either way.

import Lamina

/// One problem with a Lottie document: where (a JSON path) and why.
public struct LottieError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The JSON path of the offending value (`layers[3].ks.p.k[0].s`), empty
  /// for the document as a whole.
  public var path: String
  /// 1-based line and column of the value in the text (0 when unknown).
  public var line: Int
  public var column: Int
  /// What is wrong.
  public var message: String

  /// Creates an error.
  public init(path: String, line: Int = 0, column: Int = 0, message: String) {
    (self.path, self.line, self.column, self.message) = (path, line, column, message)
  }

  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// A construct the renderer reads but does not draw, as lottie-ios's Core
/// Animation engine does not (its compatibility report).
public struct LottieUnsupported: Hashable, Sendable, CustomStringConvertible {
  /// The JSON path of the construct.
  public var path: String
  /// What it is ("expression", "merge paths", "effect 'Gaussian Blur'").
  public var feature: String
  public var description: String { "\(path): \(feature)" }
}

/// A JSON value together with its path, for reading and for errors.
struct LottieNode {
  let value: JSONValue
  let path: [JSONPathComponent]

  var pathString: String { path.rendered }

  func error(_ message: String) -> LottieError {
    LottieError(path: pathString, line: value.location.line, column: value.location.column, message: message)
  }

  /// The member `key`, if present and not null.
  subscript(_ key: String) -> LottieNode? {
    guard case .object(let members) = value.kind else { return nil }
    guard let m = members.last(where: { $0.key == key }) else { return nil }
    if case .null = m.value.kind { return nil }
    return LottieNode(value: m.value, path: path + [.key(key)])
  }

  var isObject: Bool { if case .object = value.kind { return true } else { return false } }
  var isArray: Bool { if case .array = value.kind { return true } else { return false } }

  /// The elements of an array (an error for anything else).
  func elements() throws(LottieError) -> [LottieNode] {
    guard case .array(let items) = value.kind else { throw error("must be an array, got \(value.kindDescription)") }
    return items.enumerated().map { LottieNode(value: $1, path: path + [.index($0)]) }
  }

  /// A finite number; booleans read as 0 and 1 (exporters write `"h": true`).
  func number() throws(LottieError) -> Double {
    switch value.kind {
    case .number(let x):
      guard x.isFinite else { throw error("must be a finite number") }
      return x
    case .bool(let b): return b ? 1 : 0
    case .array(let items) where items.count >= 1:
      // Lottie writes one-dimensional values both as `5` and as `[5]`.
      return try LottieNode(value: items[0], path: path + [.index(0)]).number()
    default: throw error("must be a number, got \(value.kindDescription)")
    }
  }

  /// Numbers: an array of numbers, or one number as an array of one.
  func numbers() throws(LottieError) -> [Double] {
    if case .number = value.kind { return [try number()] }
    var out: [Double] = []
    for e in try elements() { out.append(try e.number()) }
    return out
  }

  func string() throws(LottieError) -> String {
    guard case .string(let s) = value.kind else { throw error("must be a string, got \(value.kindDescription)") }
    return s
  }

  func bool() throws(LottieError) -> Bool { try number() != 0 }

  /// `key` as a number, or `fallback` when absent.
  func number(_ key: String, default fallback: Double) throws(LottieError) -> Double {
    try self[key]?.number() ?? fallback
  }

  func string(_ key: String) throws(LottieError) -> String? { try self[key]?.string() }

  func require(_ key: String) throws(LottieError) -> LottieNode {
    guard let n = self[key] else { throw error("missing \"\(key)\"") }
    return n
  }
}

/// Collects what a document uses that is not drawn.
final class LottieReport {
  var unsupported: [LottieUnsupported] = []

  func note(_ node: LottieNode, _ feature: String) {
    unsupported.append(LottieUnsupported(path: node.pathString, feature: feature))
  }
}
