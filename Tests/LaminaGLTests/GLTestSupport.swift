// Shared by the GL tests: whether EGL can start here. In CI (`CI=true`)
// a display that cannot start is a test failure with its reason; on a
// developer machine the GL tests skip visibly with that reason.

import Foundation
import Synchronization
@testable import LaminaGL
import Testing

enum GLAvailability {
  static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

  /// The probe's result, computed once per process.
  static let probe: Result<GLInfo, GLError> = Result { () throws(GLError) in try GLInfo.probe() }

  /// Nil when GL is usable; else why not.
  static var unavailableReason: String? {
    if case .failure(let error) = probe { return error.description }
    return nil
  }

  /// GL tests run if EGL starts, and always in CI (where they then fail with the reason).
  static var enabled: Bool { isCI || unavailableReason == nil }
}

/// The trait every GL suite carries.
let requiresGL = Testing.ConditionTrait.enabled(
  if: GLAvailability.enabled,
  "EGL cannot start on this machine: \(GLAvailability.unavailableReason ?? "")")

/// Runs `body` with a fresh context's resources, the frame begun; deletes
/// them after. Returns the body's result and the ledger (which should then
/// hold nothing).
func withFreshResources<T>(
  _ body: (GLResources) throws(GLError) -> T
) throws -> (result: T, ledger: GLObjectLedger) {
  let context = try GLContext()
  let ledger = GLObjectLedger()
  let result = try context.withCurrent { () throws(GLError) -> T in
    let r = GLResources(ledger: ledger, extensions: glExtensions())
    defer { r.deleteAll() }
    r.device.beginFrame()
    return try body(r)
  }
  return (result, ledger)
}

/// Runs `work` on `count` threads at once, each with a fresh renderer,
/// and returns what each returned (or threw), in the order they finished.
func onThreads<T: Sendable>(
  _ count: Int, _ work: @escaping @Sendable (GLRenderer) throws(GLError) -> T
) -> [Result<T, GLError>] {
  let results = Mutex<[Result<T, GLError>]>([])
  let threads = (0..<count).map { _ in
    Thread {
      let result = Result { () throws(GLError) -> T in try work(try GLRenderer()) }
      results.withLock { $0.append(result) }
    }
  }
  for thread in threads { thread.start() }
  while results.withLock({ $0.count }) < count { Thread.sleep(forTimeInterval: 0.005) }
  return results.withLock { $0 }
}
