// SceneFile: what the corpus scenes (Corpus.swift) and the Chromium
// references (References.swift) share: an id, a scene file, its plan, and
// the listing of a folder's scene files. Rejected: one struct for both (a
// corpus scene has a byte-exact golden and a GL tolerance, a reference a
// Chromium image and a tolerance chosen by what the scene holds).
import Lamina

/// A scene file an image test walks, named by `id`.
public protocol SceneFile: Sendable, CustomStringConvertible {
  /// What the test reports it by (`scenes/border`, `shadow-faded`).
  var id: String { get }
  /// The scene file.
  var path: String { get }
}

extension SceneFile {
  public var description: String { id }

  /// Loads and lowers the scene.
  public func plan() throws -> RenderPlan {
    try Scene(contentsOfFile: path).renderPlan()
  }

  /// The names without `.json` of the scene files in `folder` whose names
  /// start with `prefix`, sorted (none when the folder cannot be read).
  static func names(in folder: String, prefix: String = "") -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return all.filter { $0.hasSuffix(".json") && $0.hasPrefix(prefix) }.sorted().map { String($0.dropLast(5)) }
  }
}
