// The `lamina` tool of this build, run as a subprocess by tests that check
// what a user sees (fallback messages, exit codes, written files). Tests
// that need it are enabled only when `swift build` has made it.

import Foundation

public enum LaminaTool {
  /// The debug build's executable.
  public static let path = Corpus.root + "/.build/debug/lamina"

  /// True when the tool has been built.
  public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: path) }

  /// Runs the tool with `arguments` and extra `environment` variables;
  /// returns its exit status, standard output and standard error.
  public static func run(_ arguments: [String], environment extra: [String: String]) throws
    -> (status: Int32, out: String, err: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
  }
}
