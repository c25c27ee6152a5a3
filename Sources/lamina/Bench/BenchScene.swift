// A benchmark scene: a scene file of Tests/Scenes/bench, written once by
// tools/bench-scenes/generate.py (which documents the LCG of the peer
// layouts), read here, by the tests and by tools/peers, so every renderer
// draws the same layout from the same bytes. The file is parsed once,
// before any timing. Static scenes are lowered once and the same plan is
// drawn every frame (what a renderer of an idle UI sees); the animated one
// changes one property per frame (card0 turns 3° a frame) and is lowered
// inside every timed frame, as an app that changes one property must, so
// only the renderer's retained resources (textures, mip chains, rasters,
// shadow caches) can carry work over.
//
// The first frame of a scene on a renderer is timed on its own: a copy of
// the scene freshly read from its file (no text laid out, nothing cached
// on its layers) has its text layers laid out, is lowered and drawn. It
// pays what a new screen pays: shaping, opening fonts (once per process,
// so the first backend of a run pays that part), the renderer's first
// use of the scene's glyphs and programs. Parsing the file is not in it.
//
// Rejected: building the scenes in code (the CLI, two test targets and the
// peer scripts each had a copy of the S1 layout and its LCG, free to drift).
import Foundation
import Lamina

/// One scene of `lamina bench`.
struct BenchScene {
  /// The name on the command line and in the table (`S1`, `mask`, …): the
  /// file's name without `.json`.
  let name: String
  /// The parsed file; the animated scene's tree is changed in place.
  let scene: Scene
  /// The folder of its file.
  let folder: String
  /// True when frame n differs from frame n−1: lowered inside each timed frame.
  var animated: Bool { name == BenchScene.animatedName }

  static let animatedName = "animation"

  /// Output size in pixels.
  var pixelWidth: Int { scene.canvas.pixelWidth }
  var pixelHeight: Int { scene.canvas.pixelHeight }

  /// Reads `<folder>/<name>.json`.
  init(name: String, folder: String) throws {
    self.name = name
    self.folder = folder
    let path = "\(folder)/\(name).json"
    do {
      scene = try Scene(contentsOfFile: path)
    } catch {
      throw BenchError("bench scene \(path): \(error)")
    }
  }

  /// The same scene read again from its file: nothing laid out or cached.
  func reloaded() throws -> BenchScene {
    try BenchScene(name: name, folder: folder)
  }

  /// Lays out every text layer (`Layer.layOutText`, on the machine's
  /// cores, as the lowering does; kept on the layers, where the lowering
  /// finds them): the shaping a first frame pays. A layout that fails is
  /// reported by the lowering, with the layer's place.
  func layOutText() {
    scene.root.layOutText()
  }

  /// Lowers frame n (for the animated scene, after turning card0 to 3n°).
  func plan(frame: Int) throws -> RenderPlan {
    if animated {
      guard let card = scene.layers.first(where: { $0.name == "card0" }) else {
        throw BenchError("bench scene \(name) has no layer card0 to turn")
      }
      card.transform = Transform3D(rotationAngle: Double(frame) * 3 * .pi / 180, x: 0, y: 0, z: 1)
    }
    return try scene.renderPlan()
  }

  /// Where the bench scenes are: `LAMINA_BENCH_SCENES`, else
  /// Tests/Scenes/bench under the working directory, else under the
  /// checkout the executable was built in (`.build/<config>/lamina`).
  static func folder() throws -> String {
    let fm = FileManager.default
    if let set = ProcessInfo.processInfo.environment["LAMINA_BENCH_SCENES"] {
      guard fm.fileExists(atPath: "\(set)/S1.json") else {
        throw BenchError("LAMINA_BENCH_SCENES=\(set) holds no S1.json")
      }
      return set
    }
    let relative = "Tests/Scenes/bench"
    var candidates = [fm.currentDirectoryPath + "/" + relative]
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = executable.deletingLastPathComponent()
    for _ in 0..<4 {
      dir = dir.deletingLastPathComponent()
      candidates.append(dir.path + "/" + relative)
    }
    guard let found = candidates.first(where: { fm.fileExists(atPath: "\($0)/S1.json") }) else {
      throw BenchError(
        "cannot find the bench scenes (\(relative)/S1.json) under the working directory or the "
          + "executable's checkout; run from the repository or set LAMINA_BENCH_SCENES")
    }
    return found
  }
}

/// The suites of `--suite`.
enum BenchSuite: String, CaseIterable {
  /// S1, S1-frac, S2 to S5, S7, S7-flat, S8 and S8-none of docs/bench-scenes.md, as the peer scripts draw them.
  case peers
  /// The peers, S2 at σ 4 (σ 32 is compared with it), and one scene per feature.
  case standard
  /// The animations S6, S6-one and S10, timed as frame sequences (SequenceBench),
  /// and S9, lottie-ios's development samples played end to end (LottieBench).
  case sequences

  /// The scene names, in table order.
  var names: [String] {
    let peers = [
      "S1", "S1-frac", "S2-sigma2", "S2-sigma8", "S2-sigma32", "S3-nearest", "S3-linear", "S3-trilinear", "S4",
      "S5", "S7", "S7-flat", "S8", "S8-none",
    ]
    switch self {
    case .sequences: return ["S6", "S6-one", "S10", LottieBench.name]
    case .peers: return peers
    case .standard:
      return peers + [
        "S2-sigma4", "mask", "group-opacity", "rasterize", "shadow-content", "nine-slice", "planes-3d",
        "gradients", BenchScene.animatedName,
      ]
    }
  }

  /// The named scenes (every scene of the suite when `only` is empty),
  /// read, in the suite's order.
  func scenes(only: [String] = []) throws -> [BenchScene] {
    try Self.read(names.filter { (only.isEmpty || only.contains($0)) && $0 != LottieBench.name })
  }

  /// The scenes of these names, read, in this order.
  static func read(_ names: [String]) throws -> [BenchScene] {
    let folder = try BenchScene.folder()
    var out: [BenchScene] = []
    for name in names {
      out.append(try BenchScene(name: name, folder: folder))
    }
    return out
  }
}
