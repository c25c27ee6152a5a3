// The scene corpus every image test walks: Tests/Scenes/*.json (one
// feature each) and Examples/figure-*.json (the book figures), with the
// golden PNG of each. Paths are found from this file, so tests run from any
// working directory.
import Lamina

/// One scene of the corpus and where its golden lives.
public struct CorpusScene: Sendable, CustomStringConvertible {
  /// `scenes/border` or `figures/figure-4.2`.
  public let id: String
  public let path: String
  public var goldenPath: String { Corpus.root + "/Tests/Goldens/" + id + ".png" }
  public var description: String { id }
  /// `glBlendParity` for scenes with a compositing filter, else `glParity`.
  public var parityTolerance: ImageTolerance {
    let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    return text.contains("\"compositingFilter\"") ? .glBlendParity : .glParity
  }

  /// Loads and lowers the scene.
  public func plan() throws -> RenderPlan {
    try Scene(contentsOfFile: path).renderPlan()
  }
}

public enum Corpus {
  /// The package's top folder.
  public static let root: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
  }()

  /// Every corpus scene, sorted by id.
  public static let scenes: [CorpusScene] = {
    func list(_ folder: String, prefix: String, group: String) -> [CorpusScene] {
      let dir = root + "/" + folder
      let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
      return names.filter { $0.hasSuffix(".json") && $0.hasPrefix(prefix) }.sorted().map {
        CorpusScene(id: group + "/" + String($0.dropLast(5)), path: dir + "/" + $0)
      }
    }
    return list("Tests/Scenes", prefix: "", group: "scenes")
      + list("Examples", prefix: "figure-", group: "figures")
  }()
}
