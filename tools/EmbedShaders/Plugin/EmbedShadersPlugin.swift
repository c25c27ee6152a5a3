// Build-tool plugin: embeds every file of the package's top-level Shaders/
// folder into the target as string literals (EmbeddedShaders.swift), so a
// copied binary needs no source tree. Every shader is an input of the
// command, so editing one reruns the generator.
//
// Rejected: SwiftPM resources (they must live inside a target folder, and
// the generated Bundle.module accessor hard-codes the build folder, so a
// copied binary crashes), and a checked-in generated file (it goes stale).

import Foundation
import PackagePlugin

@main
struct EmbedShadersPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.package.directoryURL.appending(path: "Shaders")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }.sorted()
    let inputs = names.map { folder.appending(path: $0) }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(names.count) shaders",
        executable: try context.tool(named: "EmbedShadersGenerator").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
