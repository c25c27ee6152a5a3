// `lamina render SCENE -o OUT.png [--time T]`. Text warnings (a font not
// found and the one used) go to standard error, once per font.
import ArgumentParser
import Lamina

struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render", abstract: "Render a scene file to a PNG.")

  @Argument(help: "The scene file (JSON).") var scene: String
  @Option(name: .shortAndLong, help: "The PNG to write.") var output: String
  @Option(help: "cpu, gl or auto.") var backend: Backend = .auto
  @Option(parsing: .unconditional, help: "Pixels per point, overriding the scene's canvas.scale.") var scale: Double?
  @Option(parsing: .unconditional, help: "The scene time in seconds at which to draw the animations (default 0).")
  var time: Double = 0

  func validate() throws {
    guard time.isFinite else { throw ValidationError("--time must be a finite number of seconds") }
  }

  func run() throws {
    let loaded = try loadScene(scene)
    warnAboutText(loaded, path: scene)
    let plan: RenderPlan
    do {
      plan = try loaded.presentation(at: time).renderPlan(scale: scale)
    } catch {
      warn("\(scene): \(error)")
      throw ExitCode(1)
    }
    let renderer = try backend.makeRenderer()
    let start = DispatchTime.now()
    let image = try renderer.render(plan)
    let ms = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6
    try image.writePNG(to: output)
    print("\(output): \(image.width)×\(image.height) px, \(renderer.used) backend, \(String(format: "%.1f", ms)) ms")
  }
}
