// `lamina validate SCENE…`: every error with its JSON path; exit 1 if any.
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
}
