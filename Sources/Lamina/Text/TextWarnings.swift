// TextWarnings: where rendering says what text could not do as asked (a
// font name that matched nothing and the font drawn instead, characters no
// installed font has): the warnings of `TextLayout.warnings`, which a
// program rendering from Swift would otherwise never see. The lowering
// reports a text layer's warnings each time it draws the layer; each
// distinct warning reaches `handler` once per process (a scene drawn for
// 300 frames warns once, not 300 times), and the default handler writes it
// as one line on standard error. A program replaces the handler with its
// logger, or with `TextWarnings.ignore` (the `lamina` tool does, since it
// prints them itself with the scene's path).
//
// Rejected: printing from `TextLayer.layout()` (it is also how a program
// asks for the warnings, and `lamina validate` lists them: each would be
// printed twice); a handler per renderer (a warning is about the fonts
// installed on the machine, the same for every renderer, and a global
// library default is what os_log or print-based libraries give too);
// silence by default (the complaint of issue 32: "Helvetica Bold" drew in
// DejaVu Sans and nobody said so).

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What text rendering could not do as asked, reported while drawing: a
/// font name that matched no installed font (and the font drawn instead),
/// characters that no installed font has. Each distinct warning reaches
/// `handler` once per process; the default handler writes it to standard
/// error as `lamina: warning: MESSAGE`.
///
/// ```swift
/// TextWarnings.handler = { message in logger.warning("\(message)") }
/// TextWarnings.handler = TextWarnings.ignore  // say nothing
/// ```
///
/// The same warnings, per layer and without the once-per-process rule, are
/// in `TextLayer.layout().warnings`.
public enum TextWarnings {
  /// Receives a warning: the layer's place in the tree and the warning,
  /// `layers[0].sublayers[2] ('title'): font "Helvetica Bold" was not
  /// found; using DejaVu Sans (…) instead`.
  public typealias Handler = @Sendable (String) -> Void

  private struct State {
    var handler: Handler = TextWarnings.standardError
    var reported: Set<String> = []
  }
  private static let state = Mutex(State())

  /// Called with each distinct warning once per process, on the thread
  /// that renders. Settable at any time; `standardError` until set.
  public static var handler: Handler {
    get { state.withLock { $0.handler } }
    set { state.withLock { $0.handler = newValue } }
  }

  /// Writes `lamina: warning: MESSAGE` and a newline to standard error
  /// (the default handler).
  public static let standardError: Handler = { message in
    let line = Array("lamina: warning: \(message)\n".utf8)
    line.withUnsafeBytes { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
  }

  /// Does nothing: set `handler` to it to silence the warnings.
  public static let ignore: Handler = { _ in }

  /// Passes each of `warnings` not reported before in this process to the
  /// handler, after `place` (computed only when one is new). The handler
  /// is called outside the lock, so it may itself set `handler`.
  static func report(_ warnings: [String], place: () -> String) {
    let (fresh, handler) = state.withLock { s in
      (warnings.filter { s.reported.insert($0).inserted }, s.handler)
    }
    guard !fresh.isEmpty else { return }
    let at = place()
    for warning in fresh { handler("\(at): \(warning)") }
  }
}
