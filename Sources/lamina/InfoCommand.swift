// `lamina info`: the GL set-up Lamina found.
import ArgumentParser
import Lamina
import LaminaBackends
import LaminaGL

struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Show the EGL display path chosen, the GL vendor, renderer, version and extensions, and what --backend auto draws with.")

  @Flag(help: "List every extension.") var extensions = false

  func run() throws {
    let info = try GLInfo.probe()
    print("EGL platform:   \(info.platform)")
    print("GL vendor:      \(info.vendor)")
    print("GL renderer:    \(info.renderer)")
    print("GL version:     \(info.version)")
    print("GLSL version:   \(info.shadingLanguageVersion)")
    print("extensions:     \(info.extensions.count)")
    print("--backend auto: \(try Backend.autoChoice(probe: { info }).reason)")
    if extensions { for e in info.extensions.sorted() { print("  \(e)") } }
  }
}
