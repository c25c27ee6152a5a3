// `lamina validate SCENE…`: every error with its JSON path; exit 1 if any.
// Text layers are laid out too: a font name that matched nothing (and the
// font used instead) and characters no font has are printed as warnings,
// which do not fail the file.
import ArgumentParser
import Lamina
import LaminaLottie

struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate", abstract: "Check scene files; print every error with its JSON path.")

  @Argument(help: "Scene files or Lottie documents.") var scenes: [String]
  @Flag(help: "Lottie: fail when the document uses anything lottie-ios's Core Animation engine does not draw.")
  var strict = false

  func run() throws {
    var failed = false
    for path in scenes {
      if isLottieDocument(path) {
        failed = !Self.validateLottie(path, strict: strict) || failed
        continue
      }
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

  /// A Lottie document: its errors, or every unsupported construct with its JSON path.
  static func validateLottie(_ path: String, strict: Bool) -> Bool {
    do {
      let animation = try LottieAnimation(contentsOf: path)
      _ = try animation.scene().renderPlan()
      for u in animation.unsupported { print("\(path): \(strict ? "error" : "warning"): \(u.path): unsupported: \(u.feature)") }
      if strict, !animation.unsupported.isEmpty { return false }
      print("\(path): ok (Lottie, \(Int(animation.size.width))×\(Int(animation.size.height)) pt, \(animation.endFrame - animation.startFrame) frames at \(animation.frameRate) fps)")
      return true
    } catch let e as LottieError {
      print(e.line > 0 ? "\(path):\(e.line):\(e.column): \(e)" : "\(path): \(e)")
    } catch {
      print("\(path): \(error)")
    }
    return false
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
