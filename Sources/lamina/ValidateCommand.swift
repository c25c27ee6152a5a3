// `lamina validate SCENE…`: every error with its JSON path; exit 1 if any.
// Text layers are laid out too: a font name that matched nothing (and the
// font used instead) and characters no font has are printed as warnings,
// which do not fail the file.
import ArgumentParser
import Lamina

struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate", abstract: "Check scene files; print every error with its JSON path.")

  @Argument(help: "Scene files.") var scenes: [String]

  func run() throws {
    var failed = false
    for path in scenes {
      do {
        let scene = try Scene(contentsOfFile: path)
        _ = try scene.renderPlan(scale: nil)
        for (layer, warning) in try Self.textWarnings(scene.root) { print("\(path): warning: \(layer): \(warning)") }
        print("\(path): ok")
      } catch let error as SceneErrors {
        failed = true
        for e in error.errors { print(e.located(in: path)) }
      } catch {
        failed = true
        print("\(path): \(error)")
      }
    }
    if failed { throw ExitCode(1) }
  }

  /// Each text layer's layout warnings, with the layer's name (or its class).
  static func textWarnings(_ layer: Layer) throws -> [(String, String)] {
    var out: [(String, String)] = []
    if let text = layer as? TextLayer {
      let name = text.name.map { "text layer \(Excerpt.named($0))" } ?? "a text layer"
      out += try text.layout().warnings.map { (name, $0) }
    }
    for child in (layer.sublayers ?? []) + (layer.mask.map { [$0] } ?? []) { out += try textWarnings(child) }
    return out
  }
}
