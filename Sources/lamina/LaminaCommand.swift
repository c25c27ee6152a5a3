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

