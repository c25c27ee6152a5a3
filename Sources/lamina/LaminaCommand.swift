// The `lamina` command-line tool: render scenes, validate them, diff
// images, hit test, show the GL set-up, benchmark and run the demo. It uses
// the library as any user would.
//
// Every option that takes a number reads the word after it as its value
// whatever it starts with (`parsing: .unconditional`), so `--time -1e300`
// is -1e300, not an option named `-1e300`; `hit` takes its two coordinates
// the same way. Rejected: only `--time=-1e300` (ArgumentParser's default
// reads a word starting with '-' as the next option, which said "Missing
// value for '--time <time>'").
import ArgumentParser
import Lamina

@main
struct LaminaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lamina",
    abstract: "Render Core Animation-style layer scenes offscreen, on the CPU or through OpenGL ES.",
    subcommands: [
      RenderCommand.self, ValidateCommand.self, DiffCommand.self, HitCommand.self, InfoCommand.self,
      FramesCommand.self, BenchCommand.self, DemoCommand.self, SoakCommand.self, ServeCommand.self,
    ])
}

/// Prints to standard error.
func warn(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Loads a scene, printing every error with its JSON path on failure.
func loadScene(_ path: String) throws -> Scene {
  do {
    return try Scene(contentsOfFile: path)
  } catch {
    for e in error.errors { warn(e.located(in: path)) }
    throw ExitCode(1)
  }
}

/// Prints the scene's text warnings (a font that matched nothing and the
/// one used instead, characters no font has) on standard error, each once
/// however many layers share it, as `path: warning: layer: warning`: what
/// `validate` prints, for `render` and `frames`, which draw the scene
/// anyway. A layout that fails is left to the lowering, which names it.
/// The library's own report of the same warnings while drawing
/// (`TextWarnings`) is silenced, so none is printed twice.
func warnAboutText(_ scene: Scene, path: String) {
  TextWarnings.handler = TextWarnings.ignore
  // Laid out on every core; the lowering finds the layouts kept.
  scene.root.layOutText()
  var seen = Set<String>()
  var stack: [Layer] = [scene.root]
  var warnings: [(String, String)] = []
  while let layer = stack.popLast() {
    if let text = layer as? TextLayer, let layout = try? text.layout() {
      let name = text.name.map { "text layer \(Excerpt.named($0))" } ?? "a text layer"
      warnings += layout.warnings.map { (name, $0) }
    }
    stack += ((layer.sublayers ?? []) + (layer.mask.map { [$0] } ?? [])).reversed()
  }
  for (layer, warning) in warnings where seen.insert(warning).inserted {
    warn("\(path): warning: \(layer): \(warning)")
  }
}
