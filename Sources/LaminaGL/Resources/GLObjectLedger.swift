// GLObjectLedger: counts the GL objects one renderer creates and deletes,
// per kind, so a test can check that a renderer releases everything it
// made (the renderer's own ledger, so parallel tests don't mix counts).

import Synchronization

/// The GL objects a renderer holds, by kind (for leak tests and debugging).
public final class GLObjectLedger: Sendable {
  public enum Kind: String, Sendable, CaseIterable {
    case program, texture, framebuffer, vertexArray, buffer, sampler
  }

  private let counts = Mutex<[Kind: Int]>([:])

  init() {}

  func created(_ kind: Kind, _ n: Int = 1) { counts.withLock { $0[kind, default: 0] += n } }
  func deleted(_ kind: Kind, _ n: Int = 1) { counts.withLock { $0[kind, default: 0] -= n } }

  /// How many objects of `kind` exist now (created minus deleted).
  public func live(_ kind: Kind) -> Int { counts.withLock { $0[kind, default: 0] } }

  /// All live objects, of every kind.
  public var totalLive: Int { counts.withLock { $0.values.reduce(0, +) } }
}
