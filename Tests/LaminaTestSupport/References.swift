// The Chromium references: Tests/References/NAME.json with NAME.png, the
// scene rendered by headless Chromium from an exact CSS translation
// (tools/references, docs/references.md). Found from this file, so tests
// run from any working directory. Rejected: adding the references to
// `Corpus.scenes` (those have byte-exact CPU goldens; these are compared
// within `chromiumReference`, and Chromium is not needed to run tests).
import Lamina

/// One reference scene and its Chromium image.
public struct ReferenceScene: SceneFile {
  /// The file name without `.json`, e.g. `shadow-faded`.
  public let id: String
  /// The scene file.
  public let path: String
  /// Chromium's rendering of the scene, committed next to it.
  public var imagePath: String { References.folder + "/" + id + ".png" }

  /// True when some layer has `shadowOpacity` > 0 (Skia's blur then bounds
  /// how close the reference can be).
  public var hasShadow: Bool {
    anyLayer { d in (d["shadowOpacity"] as? Double).map { $0 > 0 } ?? false }
  }

  /// True when some layer is a `shapeLayer` (Chromium's edges of paths are
  /// then what bounds how close the reference can be).
  public var hasShape: Bool { anyLayer { $0["type"] as? String == "shapeLayer" } }

  /// Whether any object of the scene satisfies `test`.
  private func anyLayer(_ test: ([String: Any]) -> Bool) -> Bool {
    guard let data = FileManager.default.contents(atPath: path),
      let json = try? JSONSerialization.jsonObject(with: data)
    else { return false }
    func walk(_ v: Any) -> Bool {
      if let d = v as? [String: Any] { return test(d) || d.values.contains { walk($0) } }
      if let a = v as? [Any] { return a.contains { walk($0) } }
      return false
    }
    return walk(json)
  }

  /// `chromiumShadowReference` for scenes with a shadow, else
  /// `chromiumPathReference` for scenes with a shape layer, else
  /// `chromiumReference`.
  public var tolerance: ImageTolerance {
    hasShadow ? .chromiumShadowReference : hasShape ? .chromiumPathReference : .chromiumReference
  }

  /// Chromium's image of the scene.
  public func reference() throws -> Image {
    try Image(contentsOfPNGFile: imagePath)
  }
}

public enum References {
  /// Tests/References.
  public static let folder = Corpus.root + "/Tests/References"

  /// Every reference scene, sorted by id.
  public static let scenes: [ReferenceScene] = {
    ReferenceScene.names(in: folder).map { ReferenceScene(id: $0, path: folder + "/" + $0 + ".json") }
  }()

  /// A JSON fixture under Tests/References (`relative`, e.g.
  /// `timing/chromium-cubic-bezier.json`) decoded as `T`: the measured
  /// answers of tools/references' scripts, which the tests read so that CI
  /// needs no Chromium.
  public static func fixture<T: Decodable>(_ type: T.Type, _ relative: String) throws -> T {
    try JSONDecoder().decode(T.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/" + relative)))
  }

  /// The reference named `id`, if there is one.
  public static func scene(_ id: String) -> ReferenceScene? {
    scenes.first { $0.id == id }
  }
}
