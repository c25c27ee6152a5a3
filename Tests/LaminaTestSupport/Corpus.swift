// The scene corpus every image test walks: Tests/Scenes/*.json (one
// feature each) and Examples/figure-*.json (the book figures), with the
// golden PNG of each. Paths are found from this file, so tests run from any
// working directory.
import Lamina

/// One scene of the corpus and where its golden lives.
public struct CorpusScene: SceneFile {
  /// `scenes/border` or `figures/figure-4.2`.
  public let id: String
  public let path: String
  public var goldenPath: String { Corpus.root + "/Tests/Goldens/" + id + ".png" }
  /// `glBlendParity` for scenes with a compositing filter, else `glParity`.
  public var parityTolerance: ImageTolerance {
    let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    return text.contains("\"compositingFilter\"") ? .glBlendParity : .glParity
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
      return CorpusScene.names(in: dir, prefix: prefix).map {
        CorpusScene(id: group + "/" + $0, path: dir + "/" + $0 + ".json")
      }
    }
    return list("Tests/Scenes", prefix: "", group: "scenes")
      + list("Examples", prefix: "figure-", group: "figures")
  }()
}
