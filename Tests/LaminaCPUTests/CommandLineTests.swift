// The `lamina` tool under hostile input (issue 31), run as a user runs it:
// a negative number is a value wherever a command takes a number (every
// numeric option of every subcommand, and `hit`'s coordinates), not an
// unknown option; `frames` limits the frames it draws, not the sequence (a
// range of a 10⁹-second scene draws; the whole of it is refused naming
// `canvas.duration`; a reversed range says so); and `render` and `frames`
// print a missing font's warning on standard error, once per font.

import Foundation
import LaminaTestSupport
import Testing

@Suite(.enabled(if: LaminaTool.isBuilt, "the lamina tool is not built"))
struct CommandLineTests {
  /// A temporary folder holding `scene.json` with `json`.
  func folder(_ json: String) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cli-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try json.write(toFile: dir + "/scene.json", atomically: true, encoding: .utf8)
    return dir
  }

  static let small = ##"""
    { "version": 2, "canvas": { "width": 20, "height": 10, "duration": 0.5, "frameRate": 10 },
      "layers": [ { "name": "dot", "bounds": [0, 0, 6, 6], "position": [5, 5], "backgroundColor": "#ff0000",
        "animations": [ { "type": "basic", "keyPath": "position.x", "fromValue": 5, "toValue": 15, "duration": 0.5 } ] } ] }
    """##

  /// The parser's own complaints: none may appear for a negative number.
  static func misread(_ err: String) -> Bool {
    err.contains("Missing value") || err.contains("Unknown option") || err.contains("Missing expected argument")
  }

  @Test func aNegativeNumberIsAValueForEveryCommand() throws {
    let dir = try folder(Self.small)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scene = dir + "/scene.json"
    // (arguments, what the command itself says about the value; "" when it draws)
    let cases: [([String], String)] = [
      (["render", scene, "-o", dir + "/a.png", "--backend", "cpu", "--time", "-1e300"], ""),
      (["render", scene, "-o", dir + "/b.png", "--backend", "cpu", "--time", "-0.25"], ""),
      (["render", scene, "-o", dir + "/c.png", "--backend", "cpu", "--scale", "-2"], "scale -2.0 must be > 0"),
      (["frames", scene, "-o", dir + "/f", "--backend", "cpu", "--fps", "-10"], "the frame rate must be > 0"),
      (["frames", scene, "-o", dir + "/f", "--backend", "cpu", "--duration", "-1"], "the duration must be ≥ 0 seconds"),
      (["frames", scene, "-o", dir + "/f", "--backend", "cpu", "--scale", "-1", "--range", "0..0"], "scale -1.0 must be > 0"),
      (["frames", scene, "-o", dir + "/f", "--backend", "cpu", "--range", "-2..1"], "the range -2..1 is outside the sequence's frames 0..4"),
      (["bench", "--frames", "-1"], "--frames must be at least 1, not -1"),
      (["bench", "--warmup", "-2"], "--warmup must be 0 or more, not -2"),
      (["demo", "--bench-frames", "-1"], "--bench-frames must be 0 or more"),
      (["diff", dir + "/a.png", dir + "/a.png", "--tolerance", "-1"], "--tolerance must be 0…255, not -1"),
      (["soak", "--iterations", "-3"], "--iterations must be at least 2, not -3"),
      (["soak", "--warmup", "-1"], "--warmup must be 0 or more, not -1"),
      (["soak", "--tolerance", "-5"], "--tolerance must be a percentage ≥ 0, not -5.0"),
    ]
    for (arguments, message) in cases {
      let r = try LaminaTool.run(arguments, environment: [:])
      #expect(!Self.misread(r.err), "\(arguments): \(r.err)")
      if message.isEmpty {
        #expect(r.status == 0, "\(arguments): \(r.err)")
      } else {
        #expect(r.status != 0 && r.err.contains(message), "\(arguments): \(r.err)")
      }
    }
    // `hit`'s coordinates: a point left of the canvas hits nothing; one on the dot hits it.
    let left = try LaminaTool.run(["hit", scene, "-5", "5"], environment: [:])
    #expect(left.status == 1 && left.out == "nothing\n" && !Self.misread(left.err), "\(left.err)")
    let dot = try LaminaTool.run(["hit", scene, "5", "5"], environment: [:])
    #expect(dot.status == 0 && dot.out == "dot\n", "\(dot.out) \(dot.err)")
    let three = try LaminaTool.run(["hit", scene, "-1", "2", "3"], environment: [:])
    #expect(three.status != 0 && three.err.contains("expected two numbers, x and y, got 3"), "\(three.err)")
    // `--time -0.25` draws what `--time=-0.25` draws.
    let equals = try LaminaTool.run(
      ["render", scene, "-o", dir + "/d.png", "--backend", "cpu", "--time=-0.25"], environment: [:])
    #expect(equals.status == 0)
    #expect(FileManager.default.contents(atPath: dir + "/b.png") == FileManager.default.contents(atPath: dir + "/d.png"))
  }

  @Test func framesLimitsTheFramesDrawnNotTheSequence() throws {
    let dir = try folder(##"""
      { "version": 2, "canvas": { "width": 20, "height": 10, "duration": 1e9 },
        "layers": [ { "bounds": [0, 0, 6, 6], "position": [5, 5], "backgroundColor": "#ff0000" } ] }
      """##)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scene = dir + "/scene.json"
    let two = try LaminaTool.run(["frames", scene, "-o", dir + "/seq", "--range", "0..1", "--backend", "cpu"], environment: [:])
    #expect(two.status == 0 && two.out.contains("2 frames"), "\(two.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/seq/frame-00001.png"))
    // Late frames of the sequence too.
    let late = try LaminaTool.run(
      ["frames", scene, "-o", dir + "/late", "--range", "59999999998..59999999999", "--backend", "cpu"], environment: [:])
    #expect(late.status == 0, "\(late.err)")
    #expect(FileManager.default.fileExists(atPath: dir + "/late/frame-59999999999.png"))
    let cases: [([String], String)] = [
      ([], "canvas.duration: 1000000000 s at 60 frames/s is 60000000000 frames; at most 100000 are drawn in one run"),
      (["--range", "0.."], "the range 0..59999999999 is 60000000000 frames; at most 100000 are drawn in one run"),
      (["--range", "0..100000"], "the range 0..100000 is 100001 frames; at most 100000 are drawn in one run"),
      (["--range", "5..2"], "the range 5..2 is reversed: FIRST must be ≤ LAST"),
      (["--duration", "1e9", "--fps", "1"], "--duration: 1000000000 s at 1 frames/s is 1000000000 frames"),
    ]
    for (options, message) in cases {
      let r = try LaminaTool.run(["frames", scene, "-o", dir + "/x", "--backend", "cpu"] + options, environment: [:])
      #expect(r.status != 0 && r.err.contains(message), "\(options): \(r.err)")
    }
  }

  @Test func renderAndFramesWarnOfAMissingFontOncePerFont() throws {
    let dir = try folder(##"""
      { "version": 2, "canvas": { "width": 80, "height": 40, "duration": 0.1, "frameRate": 20 },
        "layers": [
          { "type": "textLayer", "name": "a", "frame": [0, 0, 80, 20], "string": "hi", "font": "NoSuchFontLamina31" },
          { "type": "textLayer", "frame": [0, 20, 80, 20], "string": "yo", "font": "NoSuchFontLamina31" },
          { "type": "textLayer", "frame": [40, 20, 40, 20], "string": "yo", "font": "OtherMissingLamina31" } ] }
      """##)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let scene = dir + "/scene.json"
    for arguments in [
      ["render", scene, "-o", dir + "/t.png", "--backend", "cpu"], ["frames", scene, "-o", dir + "/t", "--backend", "cpu"],
    ] {
      let r = try LaminaTool.run(arguments, environment: [:])
      #expect(r.status == 0, "\(r.err)")
      let lines = r.err.split(separator: "\n").filter { $0.contains("warning:") }
      #expect(lines.count == 2, "\(arguments[0]): \(r.err)")
      #expect(lines.first?.hasPrefix("\(scene): warning: text layer 'a': font \"NoSuchFontLamina31\" was not found; using ") == true,
        "\(r.err)")
      #expect(lines.last?.contains("font \"OtherMissingLamina31\" was not found") == true, "\(r.err)")
      #expect(!r.out.contains("warning"), "warnings go to standard error")
    }
  }
}
