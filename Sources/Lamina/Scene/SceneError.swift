// Scene errors: each names the JSON path of the offending value, where it
// is in the text, and what is wrong, in words a user can act on. Loading
// reports every error of a document at once (`SceneErrors`), so one run
// fixes them all.

/// One problem in a scene document.
public struct SceneError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The JSON path of the offending value, e.g. `layers[2].sublayers[0].cornerRadius`;
  /// empty for the document as a whole.
  public var path: String
  /// 1-based line of the offending value or key (0 when there is no text,
  /// e.g. a file that could not be read).
  public var line: Int
  /// 1-based column, counted in Unicode scalars.
  public var column: Int
  /// What is wrong, e.g. `must be ≥ 0, got -4`.
  public var message: String

  /// Creates an error.
  public init(path: String, line: Int, column: Int, message: String) {
    self.path = path
    self.line = line
    self.column = column
    self.message = message
  }

  /// `path: message`; for errors of the document as a whole (syntax errors),
  /// `line L, column C: message`.
  public var description: String {
    if !path.isEmpty { return "\(path): \(message)" }
    if line > 0 { return "line \(line), column \(column): \(message)" }
    return message
  }

  /// `file:line:column: path: message`, the form compilers and editors
  /// understand (`file: message` when there is no position).
  public func located(in file: String) -> String {
    let place = line > 0 ? "\(file):\(line):\(column)" : file
    return "\(place): \(path.isEmpty ? message : "\(path): \(message)")"
  }
}

/// Every problem found in a scene document, in document order.
public struct SceneErrors: Error, Hashable, Sendable, CustomStringConvertible {
  /// At least one error.
  public var errors: [SceneError]

  /// Wraps a list of errors.
  public init(errors: [SceneError]) { self.errors = errors }

  /// One line per error, `path: message`.
  public var description: String {
    errors.map(\.description).joined(separator: "\n")
  }
}
