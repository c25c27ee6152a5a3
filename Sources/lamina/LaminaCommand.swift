// The `lamina` command-line tool: render scenes, validate them, diff
// images, hit test, show the GL set-up, benchmark and run the demo. It uses
// the library as any user would.
import ArgumentParser
import Lamina

@main
struct LaminaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lamina",
    abstract: "Render Core Animation-style layer scenes offscreen, on the CPU or through OpenGL ES.",
    subcommands: [
      RenderCommand.self, ValidateCommand.self, DiffCommand.self, HitCommand.self, InfoCommand.self,
      FramesCommand.self, BenchCommand.self, DemoCommand.self, SoakCommand.self,
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
