// `lamina hit SCENE X Y`: the layer under a point, as CALayer.hitTest does.
import ArgumentParser
import Lamina

struct HitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "hit", abstract: "Hit test a point (canvas points) and print the name path of the layer hit.")

  @Argument(help: "The scene file.") var scene: String
  // Both coordinates as one list that takes words starting with '-' too,
  // so a negative x or y is a number, not an unknown option.
  @Argument(parsing: .allUnrecognized, help: ArgumentHelp("x and y in canvas points (may be negative).", valueName: "x y"))
  var point: [Double] = []

  var x: Double { point[0] }
  var y: Double { point[1] }

  func validate() throws {
    guard point.count == 2 else { throw ValidationError("expected two numbers, x and y, got \(point.count)") }
  }

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
