// `lamina hit SCENE X Y`: the layer under a point, as CALayer.hitTest does.
import ArgumentParser
import Lamina

struct HitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hit", abstract: "Hit test a point (canvas points) and print the name path of the layer hit.")

  @Argument(help: "The scene file.") var scene: String
  @Argument(help: "x in canvas points.") var x: Double
  @Argument(help: "y in canvas points.") var y: Double

  func run() throws {
    let loaded = try loadScene(scene)
    // The implicit root's own bounds space is the canvas.
    guard let path = loaded.root.hitTestPath(CGPoint(x: x, y: y)), path != "root" else {
      print("nothing")
      throw ExitCode(1)
    }
    print(path.hasPrefix("root/") ? String(path.dropFirst(5)) : path)
  }
}
