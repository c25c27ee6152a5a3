// `lamina diff A.png B.png`: how far two images are apart.
import ArgumentParser
import Lamina

struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Compare two PNGs: largest channel difference, mean error, shares beyond 2/8/32 levels, PSNR.")

  @Argument(help: "The expected image.") var expected: String
  @Argument(help: "The actual image.") var actual: String
  @Option(help: "Write a heat map of the differences to this PNG.") var heatmap: String?
  @Option(parsing: .unconditional, help: "The largest channel difference (0–255) that still counts as equal.")
  var tolerance: Int = 0

  func validate() throws {
    guard (0...255).contains(tolerance) else { throw ValidationError("--tolerance must be 0…255, not \(tolerance)") }
  }

  func run() throws {
    let a = try StraightImage(pngData: try readBytes(expected))
    let b = try StraightImage(pngData: try readBytes(actual))
    let d = try ImageDiff(a, b)
    print("max channel difference: \(d.maxChannelDifference)")
    print("mean absolute error:    \(String(format: "%.4f", d.meanAbsoluteError))")
    for level in [2, 8, 32] {
      print("pixels beyond \(level):\(level < 10 ? " " : "")      \(String(format: "%.4f", d.fractionBeyond(level) * 100)) %")
    }
    print("PSNR:                   \(d.psnr.isInfinite ? "inf" : String(format: "%.2f dB", d.psnr))")
    if let path = heatmap { try d.heatmap().pngData().write(toFile: path) }
    if d.maxChannelDifference > tolerance {
      print("differ: \(d.maxChannelDifference) > tolerance \(tolerance)")
      throw ExitCode(1)
    }
  }
}

func readBytes(_ path: String) throws -> [UInt8] {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw ValidationError("cannot read \(path)")
  }
  return [UInt8](data)
}

extension Array where Element == UInt8 {
  func write(toFile path: String) throws {
    guard FileManager.default.createFile(atPath: path, contents: Data(self)) else {
      throw ValidationError("cannot write \(path)")
    }
  }
}
